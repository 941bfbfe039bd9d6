/**
 * How a supplier uses the mock inside its own tests (decision 003): `setupServer(...mock.handlers)`,
 * its real HTTP client code calling its usual base URL, `onUnhandledRequest: 'error'`, and a
 * reset between tests.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { openapiDocument } from '../spec/index.ts';
import { createDataImportMock } from './create-mock.ts';
import { nodeEnv } from './node-env.ts';

const BASE = 'https://api.supplier-under-test.example';
const mock = createDataImportMock({ env: nodeEnv(), baseUrl: BASE });
// A second service whose deployment follows the platform's document (decision 026).
const PLATFORM_BASE = 'https://platform-dialect.supplier-under-test.example';
const platformMock = createDataImportMock({
  env: nodeEnv(),
  baseUrl: PLATFORM_BASE,
  dialect: 'platform',
});
const server = setupServer(...mock.handlers, ...platformMock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mock.reset();
  platformMock.reset();
});
afterAll(() => server.close());

/** A supplier's own client: what the kit's users write. */
async function migrate(account: Record<string, unknown>, base = BASE) {
  const tokenResponse = await fetch(`${base}/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      operationName: 'ObtainToken',
      query:
        'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
      variables: { input: { APIKey: 'demo-api-key' } },
    }),
  });
  const { token } = (await tokenResponse.json()).data.obtainKrakenToken;
  const headers = { 'content-type': 'application/json', authorization: `Token ${token}` };
  const stage = await fetch(`${base}/v1/data-import/account-import-process/create-or-update/`, {
    method: 'POST',
    headers,
    body: JSON.stringify(account),
  });
  const processed = await fetch(`${base}/v1/data-import/account-import-process/process/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      import_supplier_code: account.import_supplier,
      external_account_number: account.external_account_number,
      operations_team_name: 'MIGRATIONS',
    }),
  });
  return { stage: stage.status, process: processed.status, body: await processed.json() };
}

const example = (
  openapiDocument.components as Record<string, Record<string, { value: Record<string, unknown> }>>
).examples!.DomesticAccount!.value;

describe('createDataImportMock in a supplier test suite', () => {
  test('a migration runs against the MSW handlers through plain fetch', async () => {
    const result = await migrate(example);
    expect(result).toEqual({
      stage: 201,
      process: 201,
      body: { service_account_number: expect.stringMatching(/^A-[0-9A-F]{8}$/) },
    });
    expect(mock.state.accounts.size).toBe(1);
  });

  test("[PRC-4] the factory's dialect: platform answers in the platform document's names", async () => {
    const result = await migrate(example, PLATFORM_BASE);
    expect(result.process).toBe(201);
    expect(result.body).toEqual({
      external_account_number: example.external_account_number,
      kraken_account_number: expect.stringMatching(/^A-[0-9A-F]{8}$/),
      account_number: expect.stringMatching(/^A-[0-9A-F]{8}$/),
    });
    expect(platformMock.state.accounts.size).toBe(1);
    expect(mock.state.accounts.size).toBe(0);
  });

  test('reset between tests gives every test a fresh state', async () => {
    expect(mock.state.accounts.size).toBe(0);
    expect((await migrate(example)).stage).toBe(201);
  });

  test('a token mutation without an operation name is answered, with no MSW warning', async () => {
    // The platform reads any GraphQL operation; MSW warns on anonymous ones unless the handler
    // takes every operation, which would teach suppliers to ignore warnings.
    const warn = vi.spyOn(console, 'warn');
    try {
      const answer = await fetch(`${BASE}/v1/graphql/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } }',
        }),
      });
      expect(answer.status).toBe(200);
      expect((await answer.json()).data.obtainKrakenToken.token).toEqual(expect.any(String));
      expect(warn.mock.calls.flat().join(' ')).not.toContain('anonymous');
    } finally {
      warn.mockRestore();
    }
  });
});
