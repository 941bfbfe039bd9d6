import { describe, expect, it } from 'vitest';
import { dataImport } from '../spec/index.ts';
import { matchOperation } from './check-exchange.ts';
import { checkStatusSpelling } from './status-spelling.ts';
import { recordingClient, withAnswer } from './traffic.test-helper.ts';

const STAGE = '/v1/data-import/account-import-process/create-or-update/';

/** A staged account's transfer status and, once processed, its meter point statuses, answered by a fresh mock. */
async function stagedAnswers() {
  const rec = recordingClient();
  const account = rec.client.account();
  const external = account.external_account_number;
  await rec.send('POST', STAGE, account);
  const transfer = await rec.send(
    'GET',
    `/v1/data-import/account-transfer-status/DEMO_ENERGY/${external}/`,
  );
  await rec.send('POST', '/v1/data-import/account-import-process/process/', {
    import_supplier_code: 'DEMO_ENERGY',
    external_account_number: external,
    operations_team_name: 'MIGRATIONS',
  });
  const points = await rec.send(
    'GET',
    `/v1/data-import/meterpoint-statuses-for-account/DEMO_ENERGY/${external}/`,
  );
  return { transfer, points };
}

const check = (e: Parameters<typeof checkStatusSpelling>[0]) =>
  checkStatusSpelling(e, matchOperation(dataImport, e));

describe('statuses the reference names, spelt otherwise', () => {
  it('names STS-14 for a meter point status PRE_REGISTRATION in lower case, and passes other values', async () => {
    const { points } = await stagedAnswers();
    expect(points.response.status).toBe(200);
    const items = JSON.parse(points.response.body) as { mpxn: string; status: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.status === 'PRE_REGISTRATION')).toBe(true);
    expect(check(points)).toEqual([]);
    const lower = items.map((i) => ({ ...i, status: i.status.toLowerCase() }));
    const findings = check(withAnswer(points, 200, lower));
    expect(findings.map((f) => [f.rule, f.severity, f.pointer])).toContainEqual([
      'STS-14',
      'error',
      '/response/body/0/status',
    ]);
    const other = items.map((i) => ({ ...i, status: 'AWAITING_D0217' }));
    expect(check(withAnswer(points, 200, other))).toEqual([]);
  });

  it('names the status’s rule for a transfer status in another case (STS-4)', async () => {
    const { transfer } = await stagedAnswers();
    const body = JSON.parse(transfer.response.body) as { status: string };
    expect(body.status).toBe('UNKNOWN');
    expect(check(transfer)).toEqual([]);
    const findings = check(withAnswer(transfer, 200, { ...body, status: 'Unknown' }));
    expect(findings.map((f) => [f.rule, f.pointer])).toEqual([['STS-4', '/response/body/status']]);
  });
});
