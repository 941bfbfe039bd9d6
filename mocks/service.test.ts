import { describe, expect, test } from 'vitest';
import { createTestClient } from './test-client.ts';

const VALIDATE = '/v1/data-import/validate-account/';
const STAGE = '/v1/data-import/account-import-process/create-or-update/';

describe('requests the interface does not know', () => {
  test('[GEN-2] malformed JSON gets 400 parse_error in the interface error shape and changes nothing', async () => {
    const client = createTestClient();
    await client.login();
    const before = client.snapshot();
    const response = await client.call('POST', STAGE, undefined, { raw: '{"import_supplier": ' });
    expect(response).toEqual({
      status: 400,
      body: {
        detail: expect.stringContaining('JSON parse error'),
        code: 'parse_error',
        errors: [{ attr: 'non_field_errors', code: 'parse_error', detail: expect.any(String) }],
      },
    });
    expect(client.snapshot()).toBe(before);
  });

  test.each([
    ['an array', '[]'],
    ['a string', '"account"'],
    ['null', 'null'],
  ])(
    '[ERR-1] a body that is %s gets 400 at non_field_errors and changes nothing',
    async (_kind, raw) => {
      const client = createTestClient();
      await client.login();
      const before = client.snapshot();
      const response = await client.call('POST', STAGE, undefined, { raw });
      expect(response).toEqual({
        status: 400,
        body: {
          detail: expect.any(String),
          code: 'account_failed_validation',
          errors: [expect.objectContaining({ attr: 'non_field_errors', code: 'invalid' })],
        },
      });
      expect(client.snapshot()).toBe(before);
    },
  );

  test('[GEN-2] a body that is not JSON by content type gets 415 and changes nothing', async () => {
    const client = createTestClient();
    await client.login();
    const before = client.snapshot();
    const response = await client.call('POST', STAGE, client.account(), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(response).toMatchObject({
      status: 415,
      body: { code: 'unsupported_media_type', errors: [expect.any(Object)] },
    });
    expect(client.snapshot()).toBe(before);
  });

  test('[GEN-1] an unknown route gets 404 in the interface error shape', async () => {
    const client = createTestClient();
    for (const path of ['/v1/data-import/nothing-here/', '/v3/data-import/accounts/', '/']) {
      expect(await client.call('GET', path)).toEqual({
        status: 404,
        body: { detail: expect.any(String), code: 'not_found', errors: [] },
      });
    }
  });

  test('[GEN-1] a wrong method gets 405 with an Allow header', async () => {
    const client = createTestClient();
    await client.login();
    const response = await client.call('GET', VALIDATE);
    expect(response).toEqual({
      status: 405,
      headers: { allow: 'POST' },
      body: { detail: 'Method "GET" not allowed.', code: 'method_not_allowed', errors: [] },
    });
  });

  test('[ERR-6] an unexpected failure gets 500 in the interface error shape, not a crash', async () => {
    const client = createTestClient();
    await client.login();
    // A state without operations teams breaks process in a way no request can cause.
    (client.mock.service.state as { operationsTeams: unknown }).operationsTeams = null;
    const account = client.account();
    await client.stage(account);
    const response = await client.process(account.external_account_number);
    expect(response).toMatchObject({ status: 500, body: { code: 'server_error', errors: [] } });
  });
});

describe('the request journal', () => {
  test('keeps every call, with the Authorization header and API keys redacted', async () => {
    const client = createTestClient();
    const token = await client.login();
    await client.call('POST', '/v1/graphql/', {
      query: 'mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } }',
    });
    await client.call('POST', VALIDATE, client.account());
    const journal = (await client.call('GET', '/__mock/journal')).body as { path: string }[];
    const text = JSON.stringify(journal);
    expect(journal.map((e) => e.path)).toEqual(['/v1/graphql/', '/v1/graphql/', VALIDATE]);
    expect(text).not.toContain('demo-api-key');
    expect(text).not.toContain(token);
    expect(text).toContain('[REDACTED]');
  });
});

describe('persistence of acknowledged changes (decision 008)', () => {
  test('only a request that changed the state is persisted, before it is answered', async () => {
    const writes: number[] = [];
    const client = createTestClient({ onChange: (state) => void writes.push(state.revision) });
    await client.login();
    expect(writes).toHaveLength(1); // the token is part of the state
    const account = client.account();
    expect((await client.call('POST', '/v1/data-import/validate-account/', account)).status).toBe(
      200,
    );
    expect((await client.stage({ ...account, import_supplier: 'DEMO_PAUSED' })).status).toBe(400);
    expect(
      (await client.call('POST', '/v1/data-import/validate-account/', '{', { raw: '{' })).status,
    ).toBe(400);
    expect(writes).toHaveLength(1);
    expect((await client.stage(account)).status).toBe(201);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe(client.mock.state.revision);
    expect((await client.call('PUT', '/__mock/clock', { advance_seconds: 60 })).status).toBe(200);
    expect(writes).toHaveLength(3);
  });
});
