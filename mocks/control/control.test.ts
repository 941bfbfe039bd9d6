import { describe, expect, test } from 'vitest';
import { mockControl } from '../../spec/index.ts';
import { stateDocument } from '../domain/state-document.ts';
import { createTestClient } from '../test-client.ts';

function conforms(operationId: string, response: { status: number; body: unknown }) {
  expect(
    mockControl.checkResponse(operationId, response.status, 'application/json', response.body)
      .problems,
  ).toEqual([]);
}

describe('control API: mock-state', () => {
  test('getHealth answers 200 with the mock clock', async () => {
    const client = createTestClient();
    const response = await client.call('GET', '/__mock/health');
    expect(response).toEqual({ status: 200, body: { status: 'ok', now: '2026-11-01T12:00:00Z' } });
    conforms('getHealth', response);
  });

  test('getConfig shows the configuration with API keys redacted', async () => {
    const client = createTestClient();
    const response = await client.call('GET', '/__mock/config');
    expect(JSON.stringify(response.body)).not.toContain('demo-api-key');
    expect(response.body).toMatchObject({
      operations_teams: ['MIGRATIONS'],
      api_keys: [{ key: '[REDACTED]' }],
    });
    conforms('getConfig', response);
  });

  test('exportState and importState round-trip the whole state; API keys only as hashes', async () => {
    const client = createTestClient();
    await client.login();
    const account = client.account();
    await client.stage(account);
    const exported = await client.call('GET', '/__mock/state');
    conforms('exportState', exported);
    expect(JSON.stringify(exported.body)).not.toContain('demo-api-key');
    await client.call('POST', '/__mock/reset');
    expect(client.mock.state.accounts.size).toBe(0);
    const imported = await client.call('PUT', '/__mock/state', exported.body);
    expect(imported.status).toBe(200);
    expect((await client.call('GET', '/__mock/state')).body).toEqual(exported.body);
    expect(exported.body).toMatchObject({ api_keys: [{ key_hash: expect.any(String) }] });
  });

  test('a fresh state is exactly the MockState schema, every field documented', () => {
    const client = createTestClient();
    const strict = mockControl.validateSchema('MockState', stateDocument(client.mock.state));
    expect(strict).toEqual([]);
    const undocumented = { ...stateDocument(client.mock.state), extra_field: 1 };
    expect(mockControl.validateSchema('MockState', undocumented)).toEqual([
      expect.objectContaining({ attr: 'extra_field', code: 'unknown_field' }),
    ]);
  });

  test('importState refuses a body that is not an export and changes nothing', async () => {
    const client = createTestClient();
    const before = client.snapshot();
    const response = await client.call('PUT', '/__mock/state', { version: 2, accounts: [] });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'request_failed_validation',
      errors: expect.arrayContaining([expect.objectContaining({ attr: 'version' })]),
    });
    conforms('importState', response);
    expect(client.snapshot()).toBe(before);
  });

  test('resetState empties accounts and tokens but keeps counting service account numbers', async () => {
    const client = createTestClient();
    await client.login();
    const account = client.account();
    await client.stage(account);
    await client.process(account.external_account_number);
    const response = await client.call('POST', '/__mock/reset');
    conforms('resetState', response);
    expect(client.mock.state.accounts.size).toBe(0);
    expect(client.mock.state.tokens).toEqual({});
    expect(client.mock.state.accountSequence).toBe(1);
  });

  test('setClock freezes, sets and advances the mock clock', async () => {
    const client = createTestClient();
    const frozen = await client.call('PUT', '/__mock/clock', {
      now: '2027-01-01T00:00:00Z',
      frozen: true,
    });
    expect(frozen.body).toEqual({ now: '2027-01-01T00:00:00Z', frozen: true });
    client.advance(10_000);
    expect((await client.call('GET', '/__mock/clock')).body).toEqual({
      now: '2027-01-01T00:00:00Z',
      frozen: true,
    });
    const advanced = await client.call('PUT', '/__mock/clock', { advance_seconds: 3600 });
    expect(advanced.body).toEqual({ now: '2027-01-01T01:00:00Z', frozen: true });
    conforms('setClock', advanced);
    const running = await client.call('PUT', '/__mock/clock', { frozen: false });
    client.advance(5_000);
    expect((await client.call('GET', '/__mock/clock')).body).toEqual({
      now: '2027-01-01T01:00:05Z',
      frozen: false,
    });
    expect(running.status).toBe(200);
  });

  test('setClock refuses an invalid change', async () => {
    const client = createTestClient();
    const response = await client.call('PUT', '/__mock/clock', { now: 'tomorrow' });
    expect(response.status).toBe(400);
    conforms('setClock', response);
  });

  test('clearJournal empties the journal', async () => {
    const client = createTestClient();
    await client.call('GET', '/__mock/health');
    conforms('clearJournal', await client.call('DELETE', '/__mock/journal'));
    expect(client.mock.service.journal.entries()).toHaveLength(1);
  });
});

describe('control API: mock-configuration', () => {
  test('[SUP-1] putSupplier creates (201) and updates (200) a supplier; omitted fields keep their value', async () => {
    const client = createTestClient();
    const created = await client.call('PUT', '/__mock/suppliers/NEW_CO', {
      status: 'Ongoing',
      document_root: 'new-co/',
    });
    expect(created).toEqual({
      status: 201,
      body: {
        code: 'NEW_CO',
        status: 'Ongoing',
        emails_on_migration: false,
        document_root: 'new-co/',
      },
    });
    const updated = await client.call('PUT', '/__mock/suppliers/NEW_CO', { status: 'Complete' });
    expect(updated).toEqual({
      status: 200,
      body: {
        code: 'NEW_CO',
        status: 'Complete',
        emails_on_migration: false,
        document_root: 'new-co/',
      },
    });
    conforms('putSupplier', updated);
    const list = await client.call('GET', '/__mock/suppliers');
    expect((list.body as { code: string }[]).map((s) => s.code)).toContain('NEW_CO');
    conforms('listSuppliers', list);
  });

  test('[SUP-1] putSupplier refuses a status outside Ongoing, Paused, Complete and changes nothing', async () => {
    const client = createTestClient();
    const before = client.snapshot();
    const response = await client.call('PUT', '/__mock/suppliers/DEMO_ENERGY', {
      status: 'Stopped',
    });
    expect(response).toEqual({
      status: 400,
      body: {
        detail: 'Could not validate the request.',
        code: 'request_failed_validation',
        errors: [
          { attr: 'status', code: 'invalid_choice', detail: '"Stopped" is not a valid choice.' },
        ],
      },
    });
    expect(client.snapshot()).toBe(before);
  });

  test('[PRC-3] putOperationsTeam creates a team that process can then use', async () => {
    const client = createTestClient();
    await client.login();
    expect((await client.call('PUT', '/__mock/operations-teams/BILLING')).status).toBe(201);
    expect((await client.call('PUT', '/__mock/operations-teams/BILLING')).status).toBe(200);
    conforms('listOperationsTeams', await client.call('GET', '/__mock/operations-teams'));
    const account = client.account();
    await client.stage(account);
    expect(
      (await client.process(account.external_account_number, { operations_team_name: 'BILLING' }))
        .status,
    ).toBe(201);
  });

  test('[STG-6] a skip mark can be removed, after which the account can be staged', async () => {
    const client = createTestClient();
    await client.login();
    const account = client.account();
    const path = `/__mock/skip-marks/DEMO_ENERGY/${account.external_account_number}`;
    conforms('markAccountToBeSkipped', await client.call('PUT', path));
    expect((await client.stage(account)).status).toBe(400);
    const removed = await client.call('DELETE', path);
    expect(removed.body).toEqual({
      import_supplier_code: 'DEMO_ENERGY',
      external_account_number: account.external_account_number,
      skipped: false,
    });
    expect((await client.stage(account)).status).toBe(201);
  });

  test('[PRC-9] getProcessing and setProcessing read and set the limit; null disables it', async () => {
    const client = createTestClient();
    expect((await client.call('GET', '/__mock/processing')).body).toEqual({
      concurrency_limit: null,
      processing_time_ms: 0,
    });
    const set = await client.call('PUT', '/__mock/processing', { concurrency_limit: 2 });
    expect(set.body).toEqual({ concurrency_limit: 2, processing_time_ms: 0 });
    const refused = await client.call('PUT', '/__mock/processing', { concurrency_limit: 0 });
    expect(refused.status).toBe(400);
    conforms('setProcessing', refused);
  });

  test('[AUTH-1] addApiKey adds a key that obtains tokens and is stored only as a hash', async () => {
    const client = createTestClient();
    const added = await client.call('POST', '/__mock/api-keys', {
      key: 'second-api-key',
      organisation: 'Second Energy',
    });
    conforms('addApiKey', added);
    const body = await client.obtainToken({ APIKey: 'second-api-key' });
    expect(body.data.obtainKrakenToken?.payload).toMatchObject({ sub: 'Second Energy' });
    expect(client.snapshot()).not.toContain('second-api-key');
  });

  test('[AUTH-4] getAuthSettings reads the default lifetimes', async () => {
    const client = createTestClient();
    const response = await client.call('GET', '/__mock/auth');
    expect(response.body).toEqual({
      token_lifetime_seconds: 3600,
      refresh_lifetime_seconds: 604800,
    });
    conforms('getAuthSettings', response);
  });
});

describe('control API: routing', () => {
  test('an unknown control route gets 404 and a wrong method 405 with Allow', async () => {
    const client = createTestClient();
    expect((await client.call('GET', '/__mock/nothing')).status).toBe(404);
    const response = await client.call('DELETE', '/__mock/health');
    expect(response).toMatchObject({
      status: 405,
      headers: { allow: 'GET' },
      body: { code: 'method_not_allowed' },
    });
  });

  test('a body that is not JSON gets 415 or 400 as on the interface, and changes nothing', async () => {
    const client = createTestClient();
    const before = client.snapshot();
    const wrongType = await client.call('PUT', '/__mock/clock', undefined, {
      raw: 'advance_seconds=60',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongType).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } });
    const malformed = await client.call('PUT', '/__mock/clock', undefined, { raw: '{"advance' });
    expect(malformed).toMatchObject({
      status: 400,
      body: { code: 'parse_error', errors: [{ attr: 'non_field_errors', code: 'parse_error' }] },
    });
    expect(client.snapshot()).toBe(before);
  });

  test('getAccountRecord shows an account and 404s for an unknown one', async () => {
    const client = createTestClient();
    await client.login();
    const account = client.account();
    await client.stage(account);
    const found = await client.call(
      'GET',
      `/__mock/accounts/DEMO_ENERGY/${account.external_account_number}`,
    );
    expect(found.body).toMatchObject({ status: 'staged', data: account });
    conforms('getAccountRecord', found);
    const missing = await client.call('GET', '/__mock/accounts/DEMO_ENERGY/NOPE');
    expect(missing.status).toBe(404);
    conforms('getAccountRecord', missing);
  });
});
