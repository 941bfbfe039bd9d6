/**
 * The journal never shows a credential (AUTH-1, AUTH-2), whatever shape the request gives it:
 * every argument and variable of the token mutation and every field of its answer, aliased or
 * not, whatever the variables are called or however the body is broken; every header that can
 * carry a credential; and any text holding a configured API key or an issued token.
 */
import { describe, expect, test } from 'vitest';
import { createTestClient } from './test-client.ts';

const KEY = 'demo-api-key';
const GRAPHQL = '/v1/graphql/';

type Client = ReturnType<typeof createTestClient>;

/** Everything the operator can read of the journal, as one text. */
async function journalText(client: Client): Promise<string> {
  const listed = await client.call('GET', '/__mock/journal');
  expect(listed.status).toBe(200);
  const entries = listed.body as { seq: number }[];
  const one = await Promise.all(entries.map((e) => client.call('GET', `/__mock/journal/${e.seq}`)));
  return JSON.stringify([listed.body, ...one.map((r) => r.body)]);
}

/** Sends a token request as raw text and gives the secrets its answer holds. */
async function tokenRequest(client: Client, raw: string, headers: Record<string, string> = {}) {
  const response = await client.call('POST', GRAPHQL, undefined, { raw, token: null, headers });
  return JSON.stringify(response.body).match(/eyJ[\w-]+\.[\w-]+\.[\w-]+|"[\w-]{43}"/g) ?? [];
}

async function expectNoSecret(client: Client, secrets: string[]) {
  const text = await journalText(client);
  for (const secret of [KEY, ...secrets.map((s) => s.replaceAll('"', ''))]) {
    expect(text).not.toContain(secret);
  }
  expect(text).toContain('[REDACTED]');
}

describe('getJournal: the token mutation (AUTH-1)', () => {
  test('an API key passed through variables under another name is redacted', async () => {
    const client = createTestClient();
    const issued = await tokenRequest(
      client,
      JSON.stringify({
        query:
          'mutation Get($credential: String, $other: String) { obtainKrakenToken(input: {APIKey: $credential, email: $other}) { token refreshToken } }',
        variables: { credential: KEY, other: 'x' },
      }),
    );
    expect(issued.length).toBeGreaterThan(0);
    await expectNoSecret(client, issued);
  });

  test('aliased token fields of the answer are redacted', async () => {
    const client = createTestClient();
    const issued = await tokenRequest(
      client,
      JSON.stringify({
        query: `mutation { a: obtainKrakenToken(input: {APIKey: "${KEY}"}) { t: token r: refreshToken p: payload } }`,
      }),
    );
    expect(issued.length).toBe(2);
    await expectNoSecret(client, issued);
  });

  test('variables sent as a string are redacted', async () => {
    const client = createTestClient();
    await tokenRequest(
      client,
      JSON.stringify({
        query:
          'mutation O($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
        variables: JSON.stringify({ input: { APIKey: KEY } }),
      }),
    );
    await expectNoSecret(client, []);
  });

  test('a triple-quoted block string argument is redacted', async () => {
    const client = createTestClient();
    const issued = await tokenRequest(
      client,
      JSON.stringify({
        query: `mutation { obtainKrakenToken(input: {APIKey: """${KEY}"""}) { token } }`,
      }),
    );
    expect(issued.length).toBe(1);
    await expectNoSecret(client, issued);
  });

  test('a malformed GraphQL document is redacted', async () => {
    const client = createTestClient();
    await tokenRequest(
      client,
      JSON.stringify({ query: `mutation { obtainKrakenToken(input: {APIKey: ${KEY}} { token ` }),
    );
    await tokenRequest(
      client,
      JSON.stringify({ query: `mutation { obtainKrakenToken(input: {APIKey: "${KEY}` }),
    );
    await expectNoSecret(client, []);
  });

  test('a body that is not JSON is redacted', async () => {
    const client = createTestClient();
    await tokenRequest(
      client,
      `{"query": "mutation { obtainKrakenToken(input: {APIKey: \\"${KEY}\\"}) { token } }"`,
    );
    await tokenRequest(client, `query=mutation{obtainKrakenToken(input:{APIKey:${KEY}}){token}}`);
    await expectNoSecret(client, []);
  });

  test('a refresh token passed back under another variable name is redacted', async () => {
    const client = createTestClient();
    const first = await client.obtainToken();
    const refresh = first.data.obtainKrakenToken!.refreshToken;
    const issued = await tokenRequest(
      client,
      JSON.stringify({
        query:
          'mutation R($again: String) { obtainKrakenToken(input: {refreshToken: $again}) { token refreshToken } }',
        variables: { again: refresh },
      }),
    );
    await expectNoSecret(client, [refresh, first.data.obtainKrakenToken!.token, ...issued]);
  });
});

describe('getJournal: headers (AUTH-2)', () => {
  test.each([
    'authorization',
    'proxy-authorization',
    'x-api-key',
    'cookie',
    'set-cookie',
    'x-auth-token',
  ])('the %s header is redacted', async (header) => {
    const client = createTestClient();
    const token = await client.login();
    await client.call(
      'GET',
      '/v1/data-import/all-account-import-processes/DEMO_ENERGY/',
      undefined,
      {
        headers: { [header]: `Bearer ${token}; session=${KEY}` },
      },
    );
    const text = await journalText(client);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(token);
    expect(text).toContain(`"${header}":"[REDACTED]"`);
  });
});

describe('getJournal: texts holding a credential (AUTH-1)', () => {
  test('a configured API key or an issued token anywhere in a body is redacted', async () => {
    const client = createTestClient();
    const token = await client.login();
    await client.call('POST', '/v1/data-import/notes/create/', {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: 'NONE',
      notes: [{ body: `my key is ${KEY} and my token ${token}` }],
    });
    await client.call('POST', '/v1/data-import/notes/create/', undefined, {
      raw: `not json ${KEY} ${token}`,
    });
    const text = await journalText(client);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(token);
  });

  test('an API key the operator adds is redacted from later bodies too', async () => {
    const client = createTestClient();
    const added = 'added-key-0123456789';
    expect(
      (await client.call('POST', '/__mock/api-keys', { key: added, organisation: 'Other' })).status,
    ).toBe(201);
    await client.call('POST', '/v1/data-import/validate-account/', undefined, {
      raw: `{"comment": "${added}"`,
      token: null,
    });
    const text = await journalText(client);
    expect(text).not.toContain(added);
  });
});

describe('getJournal: bodies with prototype keys (GEN-2)', () => {
  test('a __proto__ field of a body or of the token mutation shows as a field', async () => {
    const client = createTestClient();
    await client.call('POST', GRAPHQL, undefined, {
      raw: `{"__proto__": {"APIKey": "${KEY}"}, "query": "mutation { obtainKrakenToken(input: {APIKey: \\"${KEY}\\"}) { token } }"}`,
      token: null,
    });
    await client.call('POST', '/v1/data-import/notes/create/', undefined, {
      raw: '{"__proto__": {"polluted": 1}, "notes": []}',
    });
    const entries = (await client.call('GET', '/__mock/journal')).body as { body: object }[];
    for (const entry of entries) expect(Object.keys(entry.body)).toContain('__proto__');
    expect(JSON.stringify(entries)).not.toContain(KEY);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
