import { describe, expect, it } from 'vitest';
import { paymentInstructionRequest } from '../fixtures/index.ts';
import { dataImport } from '../spec/index.ts';
import { TrafficChecker } from './checker.ts';
import type { Exchange } from './exchange.ts';
import { recordingClient, withAnswer } from './traffic.test-helper.ts';

const PAY = '/v1/data-import/payment-instruction/create/';

/** An imported account and a payment instruction for it, against a fresh mock. */
async function importedWithInstruction() {
  const rec = recordingClient();
  const account = rec.client.account();
  const external = account.external_account_number;
  await rec.send('POST', '/v1/data-import/account-import-process/create-or-update/', account);
  await rec.send('POST', '/v1/data-import/account-import-process/process/', {
    import_supplier_code: 'DEMO_ENERGY',
    external_account_number: external,
    operations_team_name: 'MIGRATIONS',
  });
  const instruction = paymentInstructionRequest({ seed: 1, today: '2026-11-01', account });
  const fault = `/__mock/payment-vendor/accounts/DEMO_ENERGY/${external}/fault`;
  return { rec, instruction, fault };
}

const pay5 = (exchanges: Exchange[]) => {
  const checker = new TrafficChecker(dataImport);
  return exchanges.map((e) => checker.check(e).filter((f) => f.rule === 'PAY-5'));
};

describe('a payment refused with 400 that succeeds retried as it is (PAY-4, PAY-5)', () => {
  it('names PAY-5 when the same request refused with 400 then succeeds unchanged', async () => {
    const { rec, instruction, fault } = await importedWithInstruction();
    await rec.send('PUT', fault, { kind: 'intermittent', remaining: 1 });
    const failed = await rec.send('POST', PAY, instruction);
    expect(failed.response.status).toBe(500);
    const retried = await rec.send('POST', PAY, instruction);
    expect(retried.response.status).toBe(201);
    const as500 = pay5([...rec.exchanges]);
    expect(as500.flat()).toEqual([]);
    const as400 = withAnswer(failed, 400, JSON.parse(failed.response.body));
    const findings = pay5(rec.exchanges.map((e) => (e === failed ? as400 : e)));
    expect(findings.at(-1)?.map((f) => [f.severity, f.pointer])).toEqual([
      ['error', '/response/status'],
    ]);
  });

  it('names nothing when the account was staged between the refusal and the retry', async () => {
    const { rec, instruction, fault } = await importedWithInstruction();
    await rec.send('PUT', fault, { kind: 'intermittent', remaining: 1 });
    const failed = await rec.send('POST', PAY, instruction);
    const retried = await rec.send('POST', PAY, instruction);
    expect(retried.response.status).toBe(201);
    const [staging, ...rest] = rec.exchanges;
    if (!staging) throw new Error('the account was staged first');
    const as400 = withAnswer(failed, 400, JSON.parse(failed.response.body));
    const between = [staging, ...rest.flatMap((e) => (e === failed ? [as400, staging] : [e]))];
    expect(pay5(between).flat()).toEqual([]);
    expect(pay5([staging, ...rest.map((e) => (e === failed ? as400 : e))]).flat()).toHaveLength(1);
  });

  it('names nothing when the operator cleared a persistent fault between the two', async () => {
    const { rec, instruction, fault } = await importedWithInstruction();
    await rec.send('PUT', fault, { kind: 'persistent' });
    expect((await rec.send('POST', PAY, instruction)).response.status).toBe(400);
    expect((await rec.send('DELETE', fault)).response.status).toBe(200);
    expect((await rec.send('POST', PAY, instruction)).response.status).toBe(201);
    expect(pay5(rec.exchanges).flat()).toEqual([]);
  });
});

describe('PaymentRetries: bounds', () => {
  it('keeps at most maxAccounts refusals, the oldest forgotten first, hostile account names included', async () => {
    const { rec, instruction, fault } = await importedWithInstruction();
    await rec.send('PUT', fault, { kind: 'intermittent', remaining: 1 });
    const failed = await rec.send('POST', PAY, instruction);
    const retried = await rec.send('POST', PAY, instruction);
    expect(retried.response.status).toBe(201);
    const as400 = withAnswer(failed, 400, JSON.parse(failed.response.body));
    /** The refusal, about another account. */
    const about = (account: string): Exchange => {
      const body = { ...JSON.parse(as400.request.body), external_account_number: account };
      return { ...as400, request: { ...as400.request, body: JSON.stringify(body) } };
    };
    const run = (others: string[]) => {
      const checker = new TrafficChecker(dataImport, { maxAccounts: 2 });
      const seen = [...rec.exchanges.slice(0, -2), as400, ...others.map(about), retried];
      return seen.flatMap((e) => checker.check(e)).filter((f) => f.rule === 'PAY-5');
    };
    // One other refusal since: two accounts remembered, the retry is judged.
    expect(run(['__proto__'])).toHaveLength(1);
    // Two others: the first refusal is forgotten, so its retry cannot be judged.
    expect(run(['__proto__', 'constructor'])).toEqual([]);
  });
});
