/**
 * The two adapters answer alike (decision 003): the same requests, sent through the MSW handlers and
 * through the standalone node:http server of two mocks with the same deterministic environment,
 * get identical statuses, bodies and content types.
 */
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openapiDocument } from '../../spec/index.ts';
import { createDataImportMock } from '../create-mock.ts';
import { nodeEnv } from '../node-env.ts';
import { createMockServer } from './node-server.ts';

function deterministicEnv() {
  let counter = 0;
  return nodeEnv({
    now: () => Date.parse('2026-11-01T12:00:00Z'),
    randomBytes: (length) => {
      counter += 1;
      return Uint8Array.from({ length }, (_, i) => (counter * 31 + i * 7) % 256);
    },
  });
}

const examples = (openapiDocument.components as Record<string, Record<string, { value: unknown }>>)
  .examples!;
const account = examples.DomesticAccount!.value;

type Step = {
  method: string;
  path: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  auth?: boolean;
};

const steps: Step[] = [
  {
    method: 'POST',
    path: '/v1/graphql/',
    body: {
      query:
        'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token refreshToken refreshExpiresIn payload } }',
      variables: { input: { APIKey: 'demo-api-key' } },
      operationName: 'ObtainToken',
    },
  },
  {
    method: 'POST',
    path: '/v1/graphql/',
    body: {
      query: 'mutation ObtainToken { obtainKrakenToken(input: {APIKey: "wrong"}) { token } }',
    },
  },
  { method: 'POST', path: '/v1/data-import/validate-account/', body: account, auth: true },
  {
    method: 'POST',
    path: '/v1/data-import/validate-account/',
    body: { ...(account as object), billing_postcode: 'nope' },
    auth: true,
  },
  { method: 'POST', path: '/v1/data-import/validate-account/', body: account },
  {
    method: 'POST',
    path: '/v1/data-import/account-import-process/create-or-update/',
    body: account,
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/account-import-process/create-or-update/',
    body: account,
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/account-import-process/create-or-update/',
    raw: '{broken',
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/account-import-process/create-or-update/',
    raw: 'x',
    contentType: 'text/plain',
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/account-import-process/process/',
    body: {
      import_supplier_code: 'DEMO_ENERGY',
      external_account_number: 'EXTERNAL-1234',
      operations_team_name: 'MIGRATIONS',
      dry_run: true,
    },
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/account-import-process/process/',
    body: {
      import_supplier_code: 'DEMO_ENERGY',
      external_account_number: 'EXTERNAL-1234',
      operations_team_name: 'MIGRATIONS',
    },
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/account-import-process/process/',
    body: {
      import_supplier_code: 'DEMO_ENERGY',
      external_account_number: 'EXTERNAL-1234',
      operations_team_name: 'MIGRATIONS',
    },
    auth: true,
  },
  {
    method: 'GET',
    path: '/v1/data-import/account-transfer-status/DEMO_ENERGY/EXTERNAL-1234/',
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/notes/create/',
    body: examples.CreateNotesRequest!.value,
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/notes/create/',
    body: examples.CreateNotesRequest!.value,
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/transactions/create/',
    body: examples.CreateTransactionsRequest!.value,
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/transactions/create/?check_previously_added=false&force_add_to_current_statement=false',
    body: examples.CreateTransactionsRequest!.value,
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/historical-statements/create/',
    body: examples.CreateHistoricalStatementsRequest!.value,
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/payment-instruction/create/',
    body: examples.CreateCardPaymentInstructionRequest!.value,
    auth: true,
  },
  {
    method: 'POST',
    path: '/v1/data-import/send-registration-flows/DEMO_ENERGY/EXTERNAL-1234/',
    auth: true,
  },
  {
    method: 'GET',
    path: '/v1/data-import/meterpoint-statuses-for-account/DEMO_ENERGY/EXTERNAL-1234/',
    auth: true,
  },
  {
    method: 'GET',
    path: '/v1/data-import/account-transfer-status/DEMO_ENERGY/EXTERNAL-1234/',
    auth: true,
  },
  { method: 'GET', path: '/v1/data-import/account-transfer-status/DEMO_ENERGY/NOPE/', auth: true },
  { method: 'GET', path: '/v1/data-import/all-account-import-processes/DEMO_ENERGY/', auth: true },
  {
    method: 'GET',
    path: '/v1/data-import/pending-account-import-processes/DEMO_ENERGY/',
    auth: true,
  },
  {
    method: 'GET',
    path: '/v1/data-import/imported-account-import-processes/DEMO_ENERGY/',
    auth: true,
  },
  { method: 'DELETE', path: '/v1/data-import/validate-account/', auth: true },
  { method: 'GET', path: '/v1/data-import/unknown/', auth: true },
  { method: 'GET', path: '/__mock/health' },
  { method: 'PUT', path: '/__mock/suppliers/DEMO_ENERGY', body: { status: 'Paused' } },
  {
    method: 'POST',
    path: '/v1/data-import/account-import-process/create-or-update/',
    body: { ...(account as object), external_account_number: 'OTHER' },
    auth: true,
  },
  { method: 'GET', path: '/__mock/outbox' },
];

interface Answer {
  status: number;
  contentType: string | null;
  allow: string | null;
  body: unknown;
}

async function run(
  send: (step: Step, token: string | undefined) => Promise<Response>,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  let token: string | undefined;
  for (const step of steps) {
    // Paths carry their query strings; both adapters must read them alike.
    const response = await send(step, token);
    const body = await response.json();
    if (step.path === '/v1/graphql/' && !token) token = body.data.obtainKrakenToken.token;
    answers.push({
      status: response.status,
      contentType: response.headers.get('content-type'),
      allow: response.headers.get('allow'),
      body,
    });
  }
  return answers;
}

function requestFor(base: string, step: Step, token: string | undefined): Request {
  const headers: Record<string, string> = {
    'content-type': step.contentType ?? 'application/json',
  };
  if (step.auth && token) headers.authorization = `Token ${token}`;
  const hasBody = step.raw !== undefined || step.body !== undefined;
  return new Request(`${base}${step.path}`, {
    method: step.method,
    headers,
    body: hasBody ? (step.raw ?? JSON.stringify(step.body)) : undefined,
  });
}

let server: ReturnType<typeof createMockServer>;
let base = '';

beforeAll(async () => {
  server = createMockServer(createDataImportMock({ env: deterministicEnv() }).service);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('adapters', () => {
  test('MSW handlers and the standalone server give identical answers to the same requests', async () => {
    const mock = createDataImportMock({ env: deterministicEnv(), baseUrl: 'http://mock.test' });
    const viaMsw = await run(async (step, token) => {
      const response = await getResponse(
        mock.handlers,
        requestFor('http://mock.test', step, token),
      );
      if (!response) throw new Error(`no MSW handler answered ${step.method} ${step.path}`);
      return response;
    });
    const viaServer = await run((step, token) => fetch(requestFor(base, step, token)));
    expect(viaMsw.map((a) => a.status).join(' ')).toBe(
      '200 200 200 400 401 201 200 400 415 400 201 400 200 201 201 201 201 201 201 200 200 200 404 200 200 200 405 404 200 200 400 200',
    );
    expect(viaMsw).toEqual(viaServer);
  });
});
