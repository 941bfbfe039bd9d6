import { describe, expect, it } from 'vitest';
import { dataImport } from '../spec/index.ts';
import { TrafficChecker } from './checker.ts';
import type { Exchange } from './exchange.ts';
import { importedAccount, recordingClient, withAnswer } from './traffic.test-helper.ts';

const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const PROCESS = '/v1/data-import/account-import-process/process/';
const api = (path: string) => `/v1/data-import/${path}`;

/** Every finding of the exchanges, checked in order by one checker. */
function checkAll(exchanges: Exchange[], maxAccounts?: number) {
  const checker = new TrafficChecker(dataImport, maxAccounts ? { maxAccounts } : {});
  return exchanges.map((e) => checker.check(e));
}

/** A staging answer turned into an acceptance, as a service ignoring the operator's state gives. */
function acceptedStaging(refused: Exchange, account: { external_account_number: string }) {
  expect(refused.response.status).toBe(400);
  const request = JSON.parse(refused.request.body) as Record<string, unknown>;
  return withAnswer(refused, 201, {
    import_supplier: request.import_supplier,
    external_account_number: account.external_account_number,
  });
}

describe('the operator’s statements through the control API (decision 029)', () => {
  it('names STG-7 and STG-8 for a staging accepted under a supplier the operator set Paused or Complete', async () => {
    const rec = recordingClient();
    const exchanges: Exchange[] = [];
    for (const [code, status] of [
      ['PAUSED_CO', 'Paused'],
      ['DONE_CO', 'Complete'],
    ] as const) {
      const put = await rec.send('PUT', `/__mock/suppliers/${code}`, { status });
      expect(put.response.status).toBe(201);
      const account = { ...rec.client.account(), import_supplier: code };
      exchanges.push(put, acceptedStaging(await rec.send('POST', STAGE, account), account));
    }
    const findings = checkAll(exchanges);
    expect(findings[0]).toEqual([]);
    expect(findings[1]?.map((f) => [f.rule, f.severity, f.pointer])).toEqual([
      ['STG-7', 'error', '/response/status'],
    ]);
    expect(findings[3]?.map((f) => f.rule)).toEqual(['STG-8']);
  });

  it('judges nothing by state when the stream has no control exchange (a deployed service)', async () => {
    const rec = recordingClient();
    await rec.send('PUT', '/__mock/suppliers/PAUSED_CO', { status: 'Paused' });
    const account = { ...rec.client.account(), import_supplier: 'PAUSED_CO' };
    const accepted = acceptedStaging(await rec.send('POST', STAGE, account), account);
    expect(checkAll([accepted]).flat()).toEqual([]);
  });

  it('names STG-6 for a staging accepted for an account the operator marked to be skipped, until unmarked', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    const path = `/__mock/skip-marks/DEMO_ENERGY/${account.external_account_number}`;
    const mark = await rec.send('PUT', path);
    expect(mark.response.status).toBe(200);
    const accepted = acceptedStaging(await rec.send('POST', STAGE, account), account);
    const unmark = await rec.send('DELETE', path);
    // Staged again once unmarked: answered 200, as a restaging is (STG-3).
    const restaged = withAnswer(accepted, 200, JSON.parse(accepted.response.body));
    const findings = checkAll([mark, accepted, unmark, restaged]);
    expect(findings[1]?.map((f) => f.rule)).toEqual(['STG-6']);
    expect(findings[3]).toEqual([]);
  });

  it('forgets every statement when the operator resets the mock', async () => {
    const rec = recordingClient();
    const put = await rec.send('PUT', '/__mock/suppliers/PAUSED_CO', { status: 'Paused' });
    const account = { ...rec.client.account(), import_supplier: 'PAUSED_CO' };
    const accepted = acceptedStaging(await rec.send('POST', STAGE, account), account);
    const reset = await rec.send('POST', '/__mock/reset');
    expect(reset.response.status).toBe(200);
    expect(
      checkAll([put, accepted])
        .flat()
        .map((f) => f.rule),
    ).toEqual(['STG-7']);
    expect(checkAll([put, reset, accepted]).flat()).toEqual([]);
  });

  it('voids the history of the accounts when the operator resets the mock, so a restaging is a first one again', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    const first = await rec.send('POST', STAGE, account);
    expect(first.response.status).toBe(201);
    const reset = await rec.send('POST', '/__mock/reset');
    expect(reset.response.status).toBe(200);
    // The same 201 again: without the reset between them, a restaging answered as a first (STG-3).
    expect(
      checkAll([first, first])
        .flat()
        .map((f) => f.rule),
    ).toContain('STG-3');
    expect(checkAll([first, reset, first]).flat()).toEqual([]);
  });

  it('keeps at most the bound of suppliers, forgetting the oldest', async () => {
    const rec = recordingClient();
    const puts = [
      await rec.send('PUT', '/__mock/suppliers/FIRST_CO', { status: 'Paused' }),
      await rec.send('PUT', '/__mock/suppliers/SECOND_CO', { status: 'Paused' }),
    ];
    const stagings = [];
    for (const code of ['FIRST_CO', 'SECOND_CO']) {
      const account = { ...rec.client.account(), import_supplier: code };
      stagings.push(acceptedStaging(await rec.send('POST', STAGE, account), account));
    }
    const findings = checkAll([...puts, ...stagings], 1);
    expect(findings[2]).toEqual([]);
    expect(findings[3]?.map((f) => f.rule)).toEqual(['STG-7']);
  });

  it('names STS-7 when a rejected meter point’s account is not reported REJECTED', async () => {
    const rec = recordingClient();
    const { external } = await importedAccount(rec);
    const flows = await rec.send(
      'POST',
      api(`send-registration-flows/DEMO_ENERGY/${external}/`),
      {},
    );
    expect(flows.response.status).toBe(200);
    const sent = JSON.parse(flows.response.body) as { meter_points: { mpxn: string }[] }[];
    const mpxn = sent[0]?.meter_points[0]?.mpxn;
    const outcome = await rec.send(
      'PUT',
      `/__mock/accounts/DEMO_ENERGY/${external}/meter-points/${mpxn}/outcome`,
      { outcome: 'rejected' },
    );
    expect(outcome.response.status).toBe(200);
    const status = await rec.send('GET', api(`account-transfer-status/DEMO_ENERGY/${external}/`));
    expect(JSON.parse(status.response.body)).toMatchObject({ status: 'REJECTED' });
    const wrong = withAnswer(status, 200, {
      ...JSON.parse(status.response.body),
      status: 'IN_PROGRESS',
    });
    const findings = checkAll([...rec.exchanges, wrong]);
    expect(
      findings
        .slice(0, -1)
        .flat()
        .filter((f) => f.severity === 'error'),
    ).toEqual([]);
    expect(findings.at(-1)?.map((f) => [f.rule, f.pointer])).toEqual([
      ['STS-7', '/response/body/status'],
    ]);
    // Flows sent again for the rejected meter point are a new attempt: no longer REJECTED.
    const again = await rec.send(
      'POST',
      api(`send-registration-flows/DEMO_ENERGY/${external}/`),
      {},
    );
    expect(again.response.status).toBe(200);
    const after = checkAll([...rec.exchanges, wrong]);
    expect(after.at(-1)).toEqual([]);
  });

  it('names PRC-3 for a team outside the operator’s listed teams, and counts control calls apart', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    const list = await rec.send('GET', '/__mock/operations-teams');
    expect(list.response.status).toBe(200);
    const added = await rec.send('PUT', '/__mock/operations-teams/BILLING');
    await rec.send('POST', STAGE, account);
    const body = (team: string) => ({
      import_supplier_code: 'DEMO_ENERGY',
      external_account_number: account.external_account_number,
      operations_team_name: team,
    });
    const refused = await rec.send('POST', PROCESS, body('NO-SUCH-TEAM'));
    expect(refused.response.status).toBe(400);
    const accepted = withAnswer(refused, 201, { service_account_number: 'A-1234ABCD' });
    const billing = {
      ...accepted,
      request: { ...accepted.request, body: JSON.stringify(body('BILLING')) },
    };
    const checker = new TrafficChecker(dataImport);
    const findings = [list, added, accepted, billing].map((e) => checker.check(e));
    expect(findings[2]?.map((f) => f.rule)).toContain('PRC-3');
    expect(findings[3]?.map((f) => f.rule)).not.toContain('PRC-3');
    expect(checker.result().operations.get('(operator control API)')).toBe(2);
    expect(checker.result().groups.map((g) => g.rule)).not.toContain('kit:unknown-operation');
  });

  it('names STS-3 for a status answered 200 for a pair the operator was told the mock does not hold, until a staging', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    const external = account.external_account_number as string;
    const held = await rec.send('GET', `/__mock/accounts/DEMO_ENERGY/${external}`);
    expect(held.response.status).toBe(404);
    const status = await rec.send('GET', api(`account-transfer-status/DEMO_ENERGY/${external}/`));
    expect(status.response.status).toBe(404);
    const as200 = withAnswer(status, 200, { status: 'UNKNOWN', service_account_number: '' });
    // The mock's own answers: nothing.
    expect(checkAll([held, status]).flat()).toEqual([]);
    expect(checkAll([held, as200])[1]?.map((f) => [f.rule, f.severity, f.pointer])).toEqual([
      ['STS-3', 'error', '/response/status'],
    ]);
    // A staging since may have created the process: the absence stated is void.
    const staged = await rec.send('POST', STAGE, account);
    expect(staged.response.status).toBe(201);
    expect(checkAll([held, staged, as200]).flat()).toEqual([]);
    // Without the operator's statement one stream cannot know the pair was never staged.
    expect(checkAll([as200]).flat()).toEqual([]);
  });
});
