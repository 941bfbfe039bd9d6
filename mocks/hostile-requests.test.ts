/**
 * What a fuzzer or a hostile page sends the edge: bodies nested thousands deep, path parameters
 * that are not valid percent-encodings. Each gets a 4xx in the interface's error shape (ERR-1),
 * changes nothing, and leaves every later request (the journal's read included) answering.
 */
import { describe, expect, test } from 'vitest';
import { MAX_JSON_DEPTH } from './json-depth.ts';
import { createTestClient } from './test-client.ts';

/** `{"a":{"a":...}}` nested `depth` deep, as text (no recursion to build it). */
function nested(depth: number, open = '{"a":', close = '}'): string {
  return `${open.repeat(depth)}1${close.repeat(depth)}`;
}

const POSTS = [
  '/v1/data-import/notes/create/',
  '/v1/data-import/transactions/create/',
  '/v1/data-import/payment-instruction/create/',
  '/v1/data-import/historical-statements/create/',
  '/v1/data-import/validate-account/',
  '/v1/data-import/account-import-process/create-or-update/',
  '/v1/data-import/account-import-process/process/',
];

describe('the edge: body nesting (ERR-1)', () => {
  test.each(POSTS)(
    'POST %s nested 5,000 deep gets 400 parse_error and changes nothing',
    async (path) => {
      const client = createTestClient();
      await client.login();
      const before = client.snapshot();
      for (const raw of [nested(5000), nested(5000, '[', ']'), `{"notes":${nested(5000)}}`]) {
        const response = await client.call('POST', path, undefined, { raw });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          code: 'parse_error',
          detail: expect.stringContaining(`${MAX_JSON_DEPTH}`),
        });
      }
      expect(client.snapshot()).toBe(before);
    },
  );

  test('a body nested within the limit is read as usual', async () => {
    const client = createTestClient();
    await client.login();
    const response = await client.call('POST', '/v1/data-import/notes/create/', undefined, {
      raw: nested(MAX_JSON_DEPTH - 1),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'request_failed_validation' });
  });

  test('brackets inside strings do not count as nesting', async () => {
    const client = createTestClient();
    const response = await client.call('PUT', '/__mock/suppliers/DEEP', {
      document_root: '{'.repeat(5000),
    });
    expect(response.status).toBe(201);
  });

  test('control API bodies are bounded alike (PUT /__mock/state, PATCH /__mock/catalogue)', async () => {
    const client = createTestClient();
    const before = client.snapshot();
    for (const [method, path] of [
      ['PUT', '/__mock/state'],
      ['PATCH', '/__mock/catalogue'],
      ['PUT', '/__mock/clock'],
    ] as const) {
      const response = await client.call(method, path, undefined, {
        raw: `{"x":${nested(3000)}}`,
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'parse_error' });
    }
    expect(client.snapshot()).toBe(before);
  });

  test('a refused deep body (401) leaves the journal readable', async () => {
    const client = createTestClient();
    const refused = await client.call('POST', '/v1/data-import/notes/create/', undefined, {
      raw: nested(3000),
      token: null,
    });
    expect(refused.status).toBe(401);
    const journal = await client.call('GET', '/__mock/journal');
    expect(journal.status).toBe(200);
    const entries = journal.body as { path: string; body: unknown }[];
    expect(entries.at(-1)).toMatchObject({ path: '/v1/data-import/notes/create/' });
    const one = await client.call('GET', `/__mock/journal/${entries.length}`);
    expect(one.status).toBe(200);
  });
});

describe('the edge: path parameters (ERR-1)', () => {
  test.each([
    ['GET', '/v1/data-import/account-transfer-status/%FF/X/'],
    ['GET', '/v1/data-import/account-transfer-status/DEMO_ENERGY/%E0%A4%A/'],
    ['GET', '/v1/data-import/all-account-import-processes/%/'],
    ['POST', '/v1/data-import/send-registration-flows/%C0%80/X/'],
    ['PUT', '/__mock/suppliers/%FF'],
    ['GET', '/__mock/journal/%FF'],
    ['DELETE', '/__mock/skip-marks/%FF/%FE'],
  ])('%s %s with a bad percent-encoding is 404, never 500', async (method, path) => {
    const client = createTestClient();
    await client.login();
    const before = client.snapshot();
    const response = await client.call(method, path, method === 'GET' ? undefined : {});
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'not_found', errors: [] });
    expect(client.snapshot()).toBe(before);
  });
});

describe('obtainToken: the GraphQL document (AUTH-1)', () => {
  const mutation = (inner: string) =>
    `mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) ${inner} }`;

  test.each([
    ['selections', mutation(`${'{ token '.repeat(3000)}${'}'.repeat(3000)}`)],
    [
      'input values',
      `mutation { obtainKrakenToken(input: ${'{a: '.repeat(3000)}1${'}'.repeat(3000)}) { token } }`,
    ],
    [
      'lists',
      `mutation { obtainKrakenToken(input: ${'['.repeat(3000)}1${']'.repeat(3000)}) { token } }`,
    ],
  ])('a document nesting %s 3,000 deep gets GraphQL errors, not 500', async (_what, query) => {
    const client = createTestClient();
    const before = client.snapshot();
    const response = await client.call('POST', '/v1/graphql/', { query }, { token: null });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: null,
      errors: [expect.objectContaining({ message: expect.stringContaining('deeper than 64') })],
    });
    expect(client.snapshot()).toBe(before);
  });

  test('a document of 2,000 aliased mutations is refused by the parser and issues no token', async () => {
    const client = createTestClient();
    const query = `mutation { ${'a: obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } '.repeat(2000)}}`;
    const response = await client.call('POST', '/v1/graphql/', { query }, { token: null });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: null,
      errors: [expect.objectContaining({ message: expect.stringContaining('tokens') })],
    });
    expect(Object.keys(client.mock.state.tokens)).toHaveLength(0);
  });
});
