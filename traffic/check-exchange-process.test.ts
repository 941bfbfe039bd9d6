import { describe, expect, it } from 'vitest';
import { dataImport } from '../spec/index.ts';
import { checkExchange } from './check-exchange.ts';
import { DRY_RUN_MESSAGE } from './check-exchange-process.ts';
import { processOf, recordingClient, withAnswer } from './traffic.test-helper.ts';

const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const PROCESS = '/v1/data-import/account-import-process/process/';

function errorsOf(findings: ReturnType<typeof checkExchange>) {
  return findings.filter((f) => f.severity === 'error').map((f) => [f.rule, f.pointer]);
}

describe('checkProcessAnswer', () => {
  it('names PRC-2 when an account the answer calls not staged is refused with another status than 400', async () => {
    const rec = recordingClient();
    const refused = await rec.send('POST', PROCESS, processOf('NEVER-STAGED'));
    expect(refused.response.status).toBe(400);
    expect(JSON.parse(refused.response.body).code).toBe('import_process_does_not_exist');
    expect(checkExchange(dataImport, refused)).toEqual([]);
    const notFound = { ...refused, response: { ...refused.response, status: 404 } };
    expect(errorsOf(checkExchange(dataImport, notFound))).toEqual([['PRC-2', '/response/status']]);
  });

  it('names PRC-5 when a dry run that would succeed does not carry the exact message', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    await rec.send('POST', STAGE, account);
    const dryRun = await rec.send(
      'POST',
      PROCESS,
      processOf(account.external_account_number as string, true),
    );
    expect(dryRun.response.status).toBe(400);
    expect(dryRun.response.body).toContain(DRY_RUN_MESSAGE);
    expect(checkExchange(dataImport, dryRun)).toEqual([]);
    const body = JSON.parse(dryRun.response.body);
    const reworded = withAnswer(dryRun, 400, { ...body, detail: 'Dry run OK.' });
    expect(errorsOf(checkExchange(dataImport, reworded))).toEqual([
      ['PRC-5', '/response/body/detail'],
    ]);
  });

  it('names PRC-8 when an already imported account’s 400 lacks either number', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    const external = account.external_account_number as string;
    await rec.send('POST', STAGE, account);
    expect((await rec.send('POST', PROCESS, processOf(external))).response.status).toBe(201);
    const again = await rec.send('POST', PROCESS, processOf(external));
    const body = JSON.parse(again.response.body);
    expect(body).toMatchObject({
      code: 'account_already_imported',
      external_account_number: external,
    });
    expect(checkExchange(dataImport, again)).toEqual([]);
    const { service_account_number: _s, external_account_number: _e, ...bare } = body;
    expect(errorsOf(checkExchange(dataImport, withAnswer(again, 400, bare)))).toEqual([
      ['PRC-8', '/response/body/external_account_number'],
      ['PRC-8', '/response/body/service_account_number'],
    ]);
  });

  it('does not judge a code the reference’s catalogue does not use (ERR-3 leaves codes open)', async () => {
    const rec = recordingClient();
    const refused = await rec.send('POST', PROCESS, processOf('NEVER-STAGED'));
    const body = JSON.parse(refused.response.body);
    const renamed = withAnswer(refused, 404, { ...body, code: 'E_NO_PROCESS' });
    expect(checkExchange(dataImport, renamed).every((f) => f.severity === 'warning')).toBe(true);
  });
});

describe('checkEveryFailureListed', () => {
  it('warns (kit, not VAL-3) when a refused validation leaves out a failure the kit’s validators find', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    const customer = { ...account.customers?.[0], landline: 'abcde', mobile: '0712345678' };
    const refused = await rec.send('POST', '/v1/data-import/validate-account/', {
      ...account,
      customers: [customer],
    });
    const body = JSON.parse(refused.response.body);
    expect(body.errors).toHaveLength(2);
    expect(checkExchange(dataImport, refused)).toEqual([]);
    const firstOnly = withAnswer(refused, 400, { ...body, errors: body.errors.slice(0, 1) });
    expect(checkExchange(dataImport, firstOnly).map((f) => [f.rule, f.severity])).toEqual([
      ['kit:every-failure-listed', 'warning'],
    ]);
    // Attrs written another way than the kit's are not compared at all.
    const otherAttrs = withAnswer(refused, 400, {
      ...body,
      errors: [{ ...body.errors[0], attr: 'customers[0].mobile' }],
    });
    expect(checkExchange(dataImport, otherAttrs).map((f) => f.rule)).not.toContain(
      'kit:every-failure-listed',
    );
  });
});
