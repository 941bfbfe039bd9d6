/**
 * The V2 import through both adapters (decision 028): a supplier's own fetch schedules the
 * platform-shaped request through MSW and through the standalone node:http server, and polls the
 * status until the task has run; the 201 carries no body on either.
 */
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openapiDocument } from '../../spec/index.ts';
import { createDataImportMock } from '../create-mock.ts';
import { nodeEnv } from '../node-env.ts';
import { createMockServer } from './node-server.ts';

const MSW_BASE = 'https://api.v2-supplier.example';
const mswMock = createDataImportMock({ env: nodeEnv(), baseUrl: MSW_BASE });
const msw = setupServer(...mswMock.handlers);
const server = createMockServer(createDataImportMock({ env: nodeEnv() }).service);
let nodeBase = '';

beforeAll(async () => {
  msw.listen({ onUnhandledRequest: 'bypass' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  nodeBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  msw.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const account = (openapiDocument.components as Record<string, Record<string, { value: unknown }>>)
  .examples!.DomesticAccount!.value as Record<string, unknown>;

async function scheduleAndPoll(base: string, ext: string) {
  const tokenResponse = await fetch(`${base}/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
      variables: { input: { APIKey: 'demo-api-key' } },
    }),
  });
  const { token } = (await tokenResponse.json()).data.obtainKrakenToken;
  const headers = { 'content-type': 'application/json', authorization: `Token ${token}` };
  const scheduled = await fetch(`${base}/v2/data-import/accounts/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      payload: { ...account, external_account_number: ext },
      task_params: { is_dry_run: false },
    }),
  });
  const status = await fetch(`${base}/v2/data-import/accounts/DEMO_ENERGY/${ext}/`, { headers });
  return { scheduled: scheduled.status, text: await scheduled.text(), status: await status.json() };
}

describe('scheduleV2AccountCreation and getV2AccountImportStatus through the adapters', () => {
  test('through MSW: 201 without a body, then PROCESSED', async () => {
    const result = await scheduleAndPoll(MSW_BASE, 'V2-MSW-1');
    expect(result.scheduled).toBe(201);
    expect(result.text).toBe('');
    expect(result.status).toMatchObject({ status: 'PROCESSED', latest_error: null });
  });

  test('through node:http: 201 without a body, then PROCESSED', async () => {
    const result = await scheduleAndPoll(nodeBase, 'V2-NODE-1');
    expect(result.scheduled).toBe(201);
    expect(result.text).toBe('');
    expect(result.status).toMatchObject({ status: 'PROCESSED', latest_error: null });
  });
});
