import { describe, expect, test } from 'vitest';
import { mockControl } from '../../spec/index.ts';
import { createTestClient, TEST_NOW } from '../test-client.ts';

const SCHEDULE = '/v2/data-import/accounts/';
const HOUR = 3600 * 1000;
const at = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** A client with one account scheduled for a window opening in an hour. */
async function scheduled() {
  const client = createTestClient();
  await client.login();
  const account = client.account();
  const ext = account.external_account_number!;
  const task_params = { schedule_window_start: at(TEST_NOW + HOUR) };
  expect((await client.call('POST', SCHEDULE, { payload: account, task_params })).status).toBe(201);
  const read = async () =>
    (await client.call('GET', `/v2/data-import/accounts/DEMO_ENERGY/${ext}/`)).body as {
      status: string;
      latest_error: unknown;
    };
  return { client, ext, read };
}

const conforms = (id: string, response: { status: number; body: unknown }) =>
  expect(
    mockControl.checkResponse(id, response.status, 'application/json', response.body).problems,
  ).toEqual([]);

describe('setClock and V2 tasks', () => {
  test('moving the clock past a window runs the task', async () => {
    const { client, ext } = await scheduled();
    await client.call('PUT', '/__mock/clock', { advance_seconds: 3600 });
    const record = client.mock.service.state.accounts.get(`DEMO_ENERGY/${ext}`);
    expect(record?.v2Task?.status).toBe('PROCESSED');
    expect(record?.status).toBe('imported');
  });
});

describe('runDueV2Tasks (POST /__mock/v2/run-due)', () => {
  test('runs only the tasks whose window has opened', async () => {
    const { client, read } = await scheduled();
    const none = await client.call('POST', '/__mock/v2/run-due');
    expect(none.body).toEqual({ ran: 0 });
    conforms('runDueV2Tasks', none);
    client.advance(HOUR);
    expect((await client.call('POST', '/__mock/v2/run-due')).body).toEqual({ ran: 1 });
    await client.login();
    expect((await read()).status).toBe('PROCESSED');
  });
});

describe('holdV2Task (PUT /__mock/v2/tasks/{code}/{number}/hold)', () => {
  test('a task held CANCELLED never runs', async () => {
    const { client, ext, read } = await scheduled();
    const path = `/__mock/v2/tasks/DEMO_ENERGY/${ext}/hold`;
    const held = await client.call('PUT', path, { status: 'CANCELLED' });
    conforms('holdV2Task', held);
    await client.call('PUT', '/__mock/clock', { advance_seconds: 7200 });
    await client.login();
    expect((await read()).status).toBe('CANCELLED');
  });

  test('an unknown task gets 404 and a bad status 400', async () => {
    const { client, ext } = await scheduled();
    expect(
      (await client.call('PUT', '/__mock/v2/tasks/DEMO_ENERGY/NOBODY/hold', { status: null }))
        .status,
    ).toBe(404);
    const bad = await client.call('PUT', `/__mock/v2/tasks/DEMO_ENERGY/${ext}/hold`, {
      status: 'DONE',
    });
    expect(bad.status).toBe(400);
  });
});

describe('setV2FailNext (PUT /__mock/v2/fail-next)', () => {
  test('the next task ends ERRORED with the given error', async () => {
    const { client, read } = await scheduled();
    const set = await client.call('PUT', '/__mock/v2/fail-next', {
      error: { code: 'kraken_unavailable', detail: 'The platform did not answer.' },
    });
    conforms('setV2FailNext', set);
    await client.call('PUT', '/__mock/clock', { advance_seconds: 3600 });
    await client.login();
    expect(await read()).toMatchObject({
      status: 'ERRORED',
      latest_error: {
        code: 'kraken_unavailable',
        detail: 'The platform did not answer.',
        domain: 'import_process',
      },
    });
  });
});

describe('the state document carries V2 tasks', () => {
  test('an exported task and the pending failure come back on import', async () => {
    const { client, ext } = await scheduled();
    await client.call('PUT', '/__mock/v2/fail-next', { error: { code: 'x_failed', detail: 'X.' } });
    const exported = await client.call('GET', '/__mock/state');
    expect(exported.status).toBe(200);
    const task = client.mock.service.state.accounts.get(`DEMO_ENERGY/${ext}`)?.v2Task;
    const other = createTestClient();
    const imported = await other.call('PUT', '/__mock/state', exported.body);
    expect(imported.status).toBe(200);
    expect(other.mock.service.state.accounts.get(`DEMO_ENERGY/${ext}`)?.v2Task).toEqual(task);
    expect(other.mock.service.state.v2FailNext).toEqual({ code: 'x_failed', detail: 'X.' });
  });
});
