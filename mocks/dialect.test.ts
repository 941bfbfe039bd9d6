import { beforeEach, describe, expect, test } from 'vitest';
import { loadContract } from '../spec/contract.ts';
import { openapiDocument } from '../spec/index.ts';
import { platformDialectDocument } from '../spec/platform-difference.ts';
import { fieldKeyedMessages, parseDialect } from './dialect.ts';
import type { PlainResponse } from './service.ts';
import { createTestClient } from './test-client.ts';

const platform = loadContract(platformDialectDocument(openapiDocument), 'kit:openapi-platform');
const json = (response: PlainResponse) => JSON.parse(JSON.stringify(response.body));

/** Problems of an answer against the platform's shapes (decision 026). */
function platformProblems(operationId: string, response: PlainResponse): string[] {
  return platform.checkResponse(operationId, response.status, 'application/json', json(response))
    .problems;
}

describe('the platform dialect (decision 026)', () => {
  let client: ReturnType<typeof createTestClient>;
  beforeEach(async () => {
    client = createTestClient({ dialect: 'platform' });
    await client.login();
  });

  test('[STG-4] staging answers import_supplier_code, as the platform names it', async () => {
    const account = client.account();
    const staged = await client.stage(account);
    expect(staged.status).toBe(201);
    expect(json(staged)).toEqual({
      external_account_number: account.external_account_number,
      import_supplier_code: 'DEMO_ENERGY',
    });
    expect(platformProblems('createOrUpdateAccountImportProcess', staged)).toEqual([]);
  });

  test('[PRC-4] [STS-1] process, transfer status and lists answer kraken_account_number', async () => {
    const account = client.account();
    await client.stage(account);
    const external = account.external_account_number;
    const pending = await client.call(
      'GET',
      '/v1/data-import/pending-account-import-processes/DEMO_ENERGY/',
    );
    expect(json(pending)).toContainEqual({
      external_account_number: external,
      kraken_account_number: null,
      account_created_at: null,
    });
    const processed = await client.process(external);
    expect(processed.status).toBe(201);
    const number = (json(processed) as { kraken_account_number: string }).kraken_account_number;
    expect(json(processed)).toEqual({
      external_account_number: external,
      kraken_account_number: number,
      account_number: number,
    });
    const status = await client.call(
      'GET',
      `/v1/data-import/account-transfer-status/DEMO_ENERGY/${external}/`,
    );
    // PENDING in the reference: the account exists and no registration flow is sent.
    expect(json(status)).toEqual({
      status: 'COMPLETED',
      kraken_account_number: number,
      account_number: number,
    });
    const all = await client.call(
      'GET',
      '/v1/data-import/all-account-import-processes/DEMO_ENERGY/',
    );
    expect(json(all)).toContainEqual(
      expect.objectContaining({ external_account_number: external, kraken_account_number: number }),
    );
    for (const [id, response] of [
      ['processAccountImportProcess', processed],
      ['getAccountTransferStatus', status],
      ['listAllAccountImportProcesses', all],
      ['listPendingAccountImportProcesses', pending],
    ] as const) {
      expect(platformProblems(id, response), id).toEqual([]);
    }
  });

  test('[REG-4] [REG-8] registration answers one object, found or not', async () => {
    const account = client.account();
    await client.stage(account);
    await client.process(account.external_account_number);
    const sent = await client.call(
      'POST',
      `/v1/data-import/send-registration-flows/DEMO_ENERGY/${account.external_account_number}/`,
    );
    expect(sent.status).toBe(200);
    expect(json(sent)).toMatchObject({
      import_supplier_code: 'DEMO_ENERGY',
      external_account_number: account.external_account_number,
      meter_points: expect.any(Array),
    });
    expect(platformProblems('sendRegistrationFlows', sent)).toEqual([]);
    const missing = await client.call(
      'POST',
      '/v1/data-import/send-registration-flows/DEMO_ENERGY/NOT-THERE/',
    );
    expect(missing.status).toBe(404);
    expect(Array.isArray(json(missing))).toBe(false);
    expect(platformProblems('sendRegistrationFlows', missing)).toEqual([]);
  });

  test('[ERR-1] [ERR-5] a failed validation answers field-keyed messages without a code', async () => {
    const account = client.account();
    (account.customers![0] as Record<string, unknown>).landline = 'abcde';
    const refused = await client.call('POST', '/v1/data-import/validate-account/', account);
    expect(refused.status).toBe(400);
    const body = json(refused);
    expect(body).not.toHaveProperty('code');
    expect(body.customers['0'].landline).toEqual([expect.any(String)]);
    expect(platformProblems('validateAccount', refused)).toEqual([]);
  });

  test('[PRC-5] [PRC-8] a dry run and an already imported account answer the platform bodies', async () => {
    const account = client.account();
    await client.stage(account);
    const dry = await client.process(account.external_account_number, { dry_run: true });
    expect(json(dry)).toEqual({
      detail: 'Account would successfully import. Rolled back due to Dry Run.',
      code: '400',
    });
    const number = json(await client.process(account.external_account_number))
      .kraken_account_number as string;
    const again = await client.process(account.external_account_number);
    expect(json(again)).toEqual({
      external_account_number: account.external_account_number,
      kraken_account_number: number,
      non_field_errors: [expect.any(String)],
    });
    for (const response of [dry, again]) {
      expect(platformProblems('processAccountImportProcess', response)).toEqual([]);
    }
  });
});

describe('the reference dialect (default)', () => {
  test('[STG-4] answers as the reference: import_supplier', async () => {
    const client = createTestClient();
    await client.login();
    const account = client.account();
    const staged = await client.stage(account);
    expect(json(staged)).toEqual({
      import_supplier: 'DEMO_ENERGY',
      external_account_number: account.external_account_number,
    });
    expect(client.mock.service.dialect).toBe('reference');
  });
});

describe('fieldKeyedMessages', () => {
  test('nests each attr and keeps keys from input off any prototype', () => {
    const body = fieldKeyedMessages('Invalid.', [
      { attr: '__proto__.polluted', detail: 'bad' },
      { attr: 'customers.0', detail: 'whole item' },
      { attr: 'customers.0.landline', detail: 'not a number' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(body)).toBe(
      '{"__proto__":{"polluted":["bad"]},"customers":{"0":{"non_field_errors":["whole item"],"landline":["not a number"]}}}',
    );
  });

  test('a failure of the request as a whole is under non_field_errors', () => {
    expect({ ...fieldKeyedMessages('Paused.', []) }).toEqual({ non_field_errors: ['Paused.'] });
  });
});

describe('parseDialect', () => {
  test('reads the two dialects and refuses another name', () => {
    expect(parseDialect('platform')).toBe('platform');
    expect(parseDialect('reference')).toBe('reference');
    expect(() => parseDialect('kraken')).toThrow(/reference, platform/);
  });
});
