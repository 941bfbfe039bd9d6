import { describe, expect, test } from 'vitest';
import { dataImport } from '../../spec/index.ts';
import { DEMO_API_KEY } from '../defaults.ts';
import { MAX_LIVE_TOKENS } from '../domain/auth.ts';
import { createTestClient, TEST_NOW } from '../test-client.ts';

const LIST = '/v1/data-import/all-account-import-processes/DEMO_ENERGY/';
const HOUR = 3600 * 1000;

/** A client whose mock holds `count` live token records, the fillers expiring in an hour. */
function clientHolding(count: number) {
  let persisted = 0;
  const client = createTestClient({
    onChange: () => {
      persisted += 1;
    },
  });
  const tokens = client.mock.state.tokens;
  const expiresAt = new Date(TEST_NOW + HOUR).toISOString();
  for (let i = Object.keys(tokens).length; i < count; i++) {
    tokens[`filler-${i}`] = { kind: 'access', subject: 'x', issuedAt: '', expiresAt };
  }
  return { client, persisted: () => persisted };
}

/** One GraphQL document with an aliased ObtainToken field per API key. */
function obtainMany(...keys: string[]) {
  const fields = keys.map(
    (key, i) => `t${i}: obtainKrakenToken(input: {APIKey: "${key}"}) { token }`,
  );
  return { query: `mutation { ${fields.join(' ')} }` };
}

describe('obtainToken (POST /v1/graphql/)', () => {
  test('[AUTH-1] the ObtainToken mutation with the organisation API key in APIKey returns a token', async () => {
    const client = createTestClient();
    const body = await client.obtainToken();
    const issued = body.data.obtainKrakenToken!;
    expect(body.errors).toBeUndefined();
    expect(issued.token.split('.')).toHaveLength(3);
    expect(issued.payload).toMatchObject({
      sub: 'Demo Energy',
      iat: TEST_NOW / 1000,
      exp: TEST_NOW / 1000 + 3600,
    });
    // refreshExpiresIn is a Unix timestamp (7 days on), not a duration.
    expect(issued.refreshExpiresIn).toBe(TEST_NOW / 1000 + 7 * 24 * 3600);
    expect(issued.refreshToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  test('[AUTH-1] the API key is accepted in organizationSecretKey as well', async () => {
    const client = createTestClient();
    const body = await client.obtainToken({ organizationSecretKey: 'demo-api-key' });
    expect(body.data.obtainKrakenToken?.token).toBeTruthy();
  });

  test('[AUTH-1] a wrong key gets a GraphQL errors array with KT-CT-1135 and HTTP 200', async () => {
    const client = createTestClient();
    const response = await client.call(
      'POST',
      '/v1/graphql/',
      { query: 'mutation { obtainKrakenToken(input: {APIKey: "wrong-key"}) { token } }' },
      { token: null },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: { obtainKrakenToken: null },
      errors: [
        expect.objectContaining({
          message: 'Invalid data.',
          path: ['obtainKrakenToken'],
          extensions: expect.objectContaining({ errorCode: 'KT-CT-1135' }),
        }),
      ],
    });
    expect(client.problems('obtainToken', response)).toEqual([]);
  });

  test('[AUTH-1] the mutation is parsed as GraphQL: inline arguments work and only selected fields return', async () => {
    const client = createTestClient();
    const response = await client.call(
      'POST',
      '/v1/graphql/',
      {
        query:
          'mutation ObtainToken { obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } }',
      },
      { token: null },
    );
    const data = (response.body as { data: { obtainKrakenToken: Record<string, unknown> } }).data;
    expect(Object.keys(data.obtainKrakenToken)).toEqual(['token']);
  });

  test('[AUTH-1] a document that is not valid GraphQL gets GraphQL errors', async () => {
    const client = createTestClient();
    const response = await client.call(
      'POST',
      '/v1/graphql/',
      { query: 'mutation { nope }' },
      { token: null },
    );
    expect(response.status).toBe(200);
    expect((response.body as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
  });

  test('[AUTH-1] a malformed document or missing variables get GraphQLErrorResponse: data null, every error with its extensions', async () => {
    const client = createTestClient();
    const documents = [
      { query: 'mutation { nope }' },
      { query: 'mutation {' },
      {
        query:
          'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
      },
    ];
    for (const body of documents) {
      const response = await client.call('POST', '/v1/graphql/', body, { token: null });
      expect(response.status).toBe(200);
      const answer = response.body as { data: unknown; errors: Record<string, unknown>[] };
      expect(answer.data).toBeNull();
      expect(answer.errors.length).toBeGreaterThan(0);
      for (const error of answer.errors) {
        expect(error.extensions).toEqual({
          errorType: 'VALIDATION',
          errorCode: 'KT-CT-1135',
          errorDescription: error.message,
        });
      }
      expect(client.problems('obtainToken', response)).toEqual([]);
    }
  });

  test('[AUTH-1] a body that is not a GraphQL request gets 400 with a GraphQL error body', async () => {
    const client = createTestClient();
    for (const raw of ['{"variables": {}}', 'not json']) {
      const response = await client.call('POST', '/v1/graphql/', undefined, { token: null, raw });
      expect(response.status).toBe(400);
      expect(client.problems('obtainToken', response)).toEqual([]);
    }
  });

  test('[AUTH-1] a document whose ObtainTokens would pass the limit of live tokens is refused whole with 429 and Retry-After, and changes nothing', async () => {
    const { client, persisted } = clientHolding(MAX_LIVE_TOKENS - 2);
    const revision = client.mock.state.revision;
    const exported = await client.call('GET', '/__mock/state');
    const before = client.snapshot();

    // Two aliased fields need four records where two are left.
    const refused = await client.call(
      'POST',
      '/v1/graphql/',
      obtainMany(DEMO_API_KEY, DEMO_API_KEY),
      {
        token: null,
      },
    );
    expect(refused.status).toBe(429);
    expect(Object.keys(client.mock.state.tokens)).toHaveLength(MAX_LIVE_TOKENS - 2);
    expect(client.mock.state.revision).toBe(revision);
    expect(client.snapshot()).toBe(before);
    expect((await client.call('GET', '/__mock/state')).body).toEqual(exported.body);
    expect(persisted()).toBe(0);
    expect(refused).toEqual({
      status: 429,
      headers: { 'retry-after': '3600' },
      body: {
        detail: `The mock holds ${MAX_LIVE_TOKENS} live tokens, its limit; use a token you have until it expires, or retry in 3600 seconds, when the first of them expires.`,
        code: 'token_limit_reached',
        errors: [],
      },
    });
    expect(client.problems('obtainToken', refused)).toEqual([]);

    // The room the refusal left is there: one field fits and is served.
    const served = await client.call('POST', '/v1/graphql/', obtainMany(DEMO_API_KEY), {
      token: null,
    });
    expect(served.status).toBe(200);
    expect(served.body).toEqual({ data: { t0: { token: expect.any(String) } } });
    expect(Object.keys(client.mock.state.tokens)).toHaveLength(MAX_LIVE_TOKENS);
    expect(persisted()).toBe(1);
  });

  test('[AUTH-1] at the limit of live tokens a wrong key or refresh token still gets KT-CT-1135, not 429, and changes nothing', async () => {
    const { client, persisted } = clientHolding(MAX_LIVE_TOKENS);
    const before = client.snapshot();
    for (const input of [
      '{APIKey: "wrong-key"}',
      '{refreshToken: "not-a-refresh-token"}',
      '{APIKey: "demo-api-key", refreshToken: "both"}',
    ]) {
      const response = await client.call(
        'POST',
        '/v1/graphql/',
        { query: `mutation { obtainKrakenToken(input: ${input}) { token } }` },
        { token: null },
      );
      expect(response.status, input).toBe(200);
      expect(response.body, input).toEqual({
        data: { obtainKrakenToken: null },
        errors: [
          expect.objectContaining({
            message: 'Invalid data.',
            extensions: expect.objectContaining({ errorCode: 'KT-CT-1135' }),
          }),
        ],
      });
    }
    expect(client.snapshot()).toBe(before);
    expect(persisted()).toBe(0);
  });

  test('[AUTH-1] near the limit of live tokens only the fields with valid credentials need room: a valid key is served beside a wrong one', async () => {
    const { client } = clientHolding(MAX_LIVE_TOKENS - 2);
    const response = await client.call(
      'POST',
      '/v1/graphql/',
      obtainMany(DEMO_API_KEY, 'wrong-key'),
      {
        token: null,
      },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: { t0: { token: expect.any(String) }, t1: null },
      errors: [
        expect.objectContaining({
          path: ['t1'],
          extensions: expect.objectContaining({ errorCode: 'KT-CT-1135' }),
        }),
      ],
    });
    expect(Object.keys(client.mock.state.tokens)).toHaveLength(MAX_LIVE_TOKENS);
  });

  test('[AUTH-4] a refresh token gives a new token once; a spent refresh token is refused', async () => {
    const client = createTestClient();
    const first = (await client.obtainToken()).data.obtainKrakenToken!;
    const refreshed = await client.obtainToken({ refreshToken: first.refreshToken });
    expect(refreshed.data.obtainKrakenToken?.token).toBeTruthy();
    expect(refreshed.data.obtainKrakenToken?.token).not.toBe(first.token);
    const again = await client.obtainToken({ refreshToken: first.refreshToken });
    expect(again.errors?.[0]?.extensions.errorCode).toBe('KT-CT-1135');
  });

  test('[AUTH-4] a token expires after 60 minutes on the mock clock', async () => {
    const client = createTestClient();
    await client.login();
    client.advance(59 * 60 * 1000);
    expect((await client.call('GET', LIST)).status).toBe(200);
    client.advance(60 * 1000);
    const expired = await client.call('GET', LIST);
    expect(expired).toEqual({
      status: 401,
      body: { detail: 'The token has expired.', code: 'authentication_failed', errors: [] },
    });
  });

  test('[AUTH-4] the token lifetime follows the operator setting and the mock clock', async () => {
    const client = createTestClient();
    await client.call('PUT', '/__mock/auth', { token_lifetime_seconds: 60 });
    await client.login();
    await client.call('PUT', '/__mock/clock', { advance_seconds: 61 });
    expect((await client.call('GET', LIST)).status).toBe(401);
  });
});

describe('Authorization on data-import operations', () => {
  test('[AUTH-2] `Token <token>` and the bare token are both accepted', async () => {
    const client = createTestClient();
    const token = await client.login();
    expect(
      (await client.call('GET', LIST, undefined, { headers: { authorization: `Token ${token}` } }))
        .status,
    ).toBe(200);
    expect(
      (await client.call('GET', LIST, undefined, { headers: { authorization: token } })).status,
    ).toBe(200);
  });

  test('[AUTH-2] the organisation API key is accepted as `Token <api key>`, as on the platform, and not bare', async () => {
    const client = createTestClient();
    const asToken = await client.call('GET', LIST, undefined, {
      token: null,
      headers: { authorization: `Token ${DEMO_API_KEY}` },
    });
    expect(asToken.status).toBe(200);
    const bare = await client.call('GET', LIST, undefined, {
      token: null,
      headers: { authorization: DEMO_API_KEY },
    });
    expect(bare.status).toBe(401);
    const wrong = await client.call('GET', LIST, undefined, {
      token: null,
      headers: { authorization: `Token ${DEMO_API_KEY}-not` },
    });
    expect(wrong.status).toBe(401);
  });

  const secured = [...dataImport.operations.values()].filter((op) => op.secured);
  const cases = secured.flatMap((op) => [
    [op.operationId, 'missing', op.method, op.path, undefined, 'not_authenticated'],
    [op.operationId, 'unknown', op.method, op.path, 'Token not-a-token', 'authentication_failed'],
    [op.operationId, 'malformed', op.method, op.path, 'Token two words', 'authentication_failed'],
  ]) as [string, string, string, string, string | undefined, string][];

  test.each(cases)(
    '[AUTH-3] %s refuses a %s Authorization header with 401 in the interface error shape',
    async (operationId, _kind, method, path, header, code) => {
      const client = createTestClient();
      const before = client.snapshot();
      const response = await client.call(
        method,
        path
          .replace('{import_supplier_code}', 'DEMO_ENERGY')
          .replace('{external_account_number}', 'X-1'),
        {},
        { token: null, headers: header ? { authorization: header } : {} },
      );
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: expect.any(String), code, errors: [] });
      expect(client.problems(operationId, response)).toEqual([]);
      expect(client.snapshot()).toBe(before);
    },
  );

  test('[AUTH-3] an expired token is refused on every operation', async () => {
    const client = createTestClient();
    await client.login();
    client.advance(3600 * 1000);
    for (const op of secured) {
      const path = op.path
        .replace('{import_supplier_code}', 'DEMO_ENERGY')
        .replace('{external_account_number}', 'X-1');
      const response = await client.call(op.method, path, {});
      expect(response.status, op.operationId).toBe(401);
    }
  });
});
