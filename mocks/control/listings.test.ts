import { describe, expect, test } from 'vitest';
import { mockControl } from '../../spec/index.ts';
import { createTestClient } from '../test-client.ts';

function conforms(operationId: string, response: { status: number; body: unknown }) {
  expect(
    mockControl.checkResponse(operationId, response.status, 'application/json', response.body)
      .problems,
  ).toEqual([]);
}

const VALIDATE = '/v1/data-import/validate-account/';

async function threeAccounts() {
  const client = createTestClient();
  await client.login();
  const staged = client.account({ external_account_number: 'ACC-STAGED-1' });
  const imported = client.account({ external_account_number: 'ACC-IMPORTED-2' });
  await client.stage(staged);
  await client.stage(imported);
  await client.process('ACC-IMPORTED-2');
  await client.call('PUT', '/__mock/skip-marks/DEMO_ENERGY/ACC-SKIPPED-3');
  return client;
}

describe('listAccounts', () => {
  test('[GEN-9] lists staged, imported and skipped accounts with their counts', async () => {
    const client = await threeAccounts();
    const response = await client.call('GET', '/__mock/accounts');
    conforms('listAccounts', response);
    expect(response.body).toMatchObject({
      total: 3,
      counts: { staged: 1, imported: 1, skipped: 1 },
      items: [
        { external_account_number: 'ACC-IMPORTED-2', status: 'imported', skipped: false },
        { external_account_number: 'ACC-SKIPPED-3', status: null, skipped: true },
        { external_account_number: 'ACC-STAGED-1', status: 'staged', skipped: false },
      ],
    });
    const imported = (response.body as { items: { service_account_number: string | null }[] })
      .items[0]!;
    expect(imported.service_account_number).toMatch(/^A-/);
  });

  test('[STG-6] filters by kind, supplier and a part of the external account number', async () => {
    const client = await threeAccounts();
    const list = async (query: Record<string, string>) =>
      (
        (await client.call('GET', '/__mock/accounts', undefined, { query })).body as {
          items: { external_account_number: string }[];
        }
      ).items.map((a) => a.external_account_number);
    expect(await list({ status: 'skipped' })).toEqual(['ACC-SKIPPED-3']);
    expect(await list({ status: 'staged' })).toEqual(['ACC-STAGED-1']);
    expect(await list({ search: 'imported' })).toEqual(['ACC-IMPORTED-2']);
    expect(await list({ import_supplier: 'DEMO_PAUSED' })).toEqual([]);
    expect(await list({ limit: '1', offset: '1' })).toEqual(['ACC-SKIPPED-3']);
  });

  test('refuses a query parameter outside its schema and names it', async () => {
    const client = await threeAccounts();
    const response = await client.call('GET', '/__mock/accounts', undefined, {
      query: { status: 'lost', limit: 'many' },
    });
    expect(response.status).toBe(400);
    expect(
      (response.body as { errors: { attr: string }[] }).errors.map((e) => e.attr).sort(),
    ).toEqual(['limit', 'status']);
    conforms('listAccounts', response);
  });
});

describe('listSkipMarks', () => {
  test('[STG-6] lists every skip mark, and forgets one removed', async () => {
    const client = await threeAccounts();
    await client.call('PUT', '/__mock/skip-marks/DEMO_PAUSED/ACC-4');
    const response = await client.call('GET', '/__mock/skip-marks');
    conforms('listSkipMarks', response);
    expect(response.body).toEqual([
      {
        import_supplier_code: 'DEMO_ENERGY',
        external_account_number: 'ACC-SKIPPED-3',
        skipped: true,
      },
      { import_supplier_code: 'DEMO_PAUSED', external_account_number: 'ACC-4', skipped: true },
    ]);
    await client.call('DELETE', '/__mock/skip-marks/DEMO_PAUSED/ACC-4');
    expect((await client.call('GET', '/__mock/skip-marks')).body).toHaveLength(1);
  });
});

describe('listPaymentVendorFaults', () => {
  test('[PAY-4] [PAY-5] lists the faults of suppliers and of accounts', async () => {
    const client = createTestClient();
    await client.login();
    await client.stage(client.account({ external_account_number: 'EXT-1' }));
    await client.call('PUT', '/__mock/payment-vendor/suppliers/DEMO_ENERGY/fault', {
      kind: 'intermittent',
      remaining: 2,
    });
    await client.call('PUT', '/__mock/payment-vendor/accounts/DEMO_ENERGY/EXT-1/fault', {
      kind: 'persistent',
    });
    const response = await client.call('GET', '/__mock/payment-vendor/faults');
    conforms('listPaymentVendorFaults', response);
    expect(response.body).toEqual({
      suppliers: [{ import_supplier_code: 'DEMO_ENERGY', kind: 'intermittent', remaining: 2 }],
      accounts: [
        {
          import_supplier_code: 'DEMO_ENERGY',
          external_account_number: 'EXT-1',
          kind: 'persistent',
          remaining: null,
        },
      ],
    });
  });
});

describe('getJournal', () => {
  test('keeps no control API reads, so a polling console cannot push requests out', async () => {
    const client = createTestClient();
    await client.login();
    for (let i = 0; i < 3; i++) await client.call('GET', '/__mock/accounts');
    await client.call('PUT', '/__mock/skip-marks/DEMO_ENERGY/ACC-1');
    const journal = (await client.call('GET', '/__mock/journal')).body as { path: string }[];
    expect(journal.map((e) => e.path)).toEqual([
      '/v1/graphql/',
      '/__mock/skip-marks/DEMO_ENERGY/ACC-1',
    ]);
  });

  test('filters by operation and status class, newest first, limited, without bodies', async () => {
    const client = createTestClient();
    await client.login();
    await client.call('POST', VALIDATE, client.account());
    await client.call('POST', VALIDATE, { external_account_number: 'X' });
    await client.call('POST', VALIDATE, client.account({ external_account_number: 'LAST' }));
    const response = await client.call('GET', '/__mock/journal', undefined, {
      query: { operation_id: 'validateAccount', order: 'newest_first', bodies: 'false' },
    });
    conforms('getJournal', response);
    const entries = response.body as { seq: number; status: number; body?: unknown }[];
    expect(entries.map((e) => e.status)).toEqual([200, 400, 200]);
    expect(entries[0]!.seq).toBeGreaterThan(entries[1]!.seq);
    expect(entries.every((e) => !('body' in e) && !('response_body' in e))).toBe(true);
    const failed = await client.call('GET', '/__mock/journal', undefined, {
      query: { status: '4xx', limit: '5' },
    });
    expect((failed.body as { status: number }[]).map((e) => e.status)).toEqual([400]);
  });

  test('keeps the newest entries under a limit, in either order', async () => {
    const client = createTestClient();
    await client.login();
    for (const external of ['FIRST', 'SECOND', 'THIRD']) {
      await client.call('POST', VALIDATE, client.account({ external_account_number: external }));
    }
    const read = async (order?: string) => {
      const response = await client.call('GET', '/__mock/journal', undefined, {
        query: { operation_id: 'validateAccount', limit: '2', ...(order ? { order } : {}) },
      });
      conforms('getJournal', response);
      return (response.body as { body: { external_account_number: string } }[]).map(
        (e) => e.body.external_account_number,
      );
    };
    expect(await read()).toEqual(['SECOND', 'THIRD']);
    expect(await read('newest_first')).toEqual(['THIRD', 'SECOND']);
  });

  test('refuses a status filter that is no status', async () => {
    const client = createTestClient();
    const response = await client.call('GET', '/__mock/journal', undefined, {
      query: { status: 'bad' },
    });
    expect(response.status).toBe(400);
    conforms('getJournal', response);
  });
});

describe('getJournalEntry', () => {
  test('[AUTH-1] gives the request and response bodies with the token redacted', async () => {
    const client = createTestClient();
    const token = await client.login();
    const [entry] = (await client.call('GET', '/__mock/journal')).body as { seq: number }[];
    const response = await client.call('GET', `/__mock/journal/${entry!.seq}`);
    conforms('getJournalEntry', response);
    expect(response.body).toMatchObject({
      path: '/v1/graphql/',
      status: 200,
      body: { variables: { input: { APIKey: '[REDACTED]' } } },
      response_body: { data: { obtainKrakenToken: { token: '[REDACTED]' } } },
    });
    expect(JSON.stringify(response.body)).not.toContain(token);
  });

  test('answers 404 for a number the journal no longer holds', async () => {
    const client = createTestClient();
    await client.login();
    await client.call('DELETE', '/__mock/journal');
    const response = await client.call('GET', '/__mock/journal/1');
    expect(response).toMatchObject({ status: 404, body: { code: 'not_found' } });
    conforms('getJournalEntry', response);
  });
});
