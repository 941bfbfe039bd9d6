/**
 * The operator's list of V2 import tasks (listV2Tasks, decision 028): what the console's tasks
 * section shows. Each task with its window, status, events, latest error and kraken_identifier,
 * in the order scheduled, with the failure set for the next task; reading runs nothing; bad
 * filters get the control API's 400 and change nothing.
 */
import { describe, expect, test } from 'vitest';
import { mockControl } from '../../spec/index.ts';
import { createTestClient, TEST_NOW } from '../test-client.ts';

const SCHEDULE = '/v2/data-import/accounts/';
const LIST = '/__mock/v2/tasks';
const HOUR = 3600 * 1000;
const at = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

interface Listed {
  total: number;
  fail_next: unknown;
  tasks: {
    import_supplier_code: string;
    external_identifier: string;
    task: Record<string, unknown> & { status: string; events: { event: string }[] };
  }[];
}

/** A client with two accounts scheduled through V2 (windows opening in one and two hours) and one staged through v1. */
async function scheduledTwo() {
  const client = createTestClient();
  await client.login();
  const externals: string[] = [];
  for (const hours of [1, 2]) {
    const account = client.account();
    externals.push(account.external_account_number!);
    const task_params = { schedule_window_start: at(TEST_NOW + hours * HOUR) };
    const scheduled = await client.call('POST', SCHEDULE, { payload: account, task_params });
    expect(scheduled.status).toBe(201);
    client.advance(1000);
  }
  expect((await client.stage(client.account())).status).toBe(201);
  const list = async (query: Record<string, string> = {}) => {
    const answer = await client.call('GET', LIST, undefined, { query });
    expect(
      mockControl.checkResponse('listV2Tasks', answer.status, 'application/json', answer.body)
        .problems,
    ).toEqual([]);
    return answer as { status: number; body: Listed };
  };
  return { client, externals, list };
}

describe('listV2Tasks (GET /__mock/v2/tasks)', () => {
  test('lists each V2 task in the order scheduled, with its window and first event, and no v1 account', async () => {
    const { externals, list } = await scheduledTwo();
    const { body } = await list();
    expect(body.total).toBe(2);
    expect(body.fail_next).toBeNull();
    expect(body.tasks.map((t) => t.external_identifier)).toEqual(externals);
    expect(body.tasks[0]).toEqual({
      import_supplier_code: 'DEMO_ENERGY',
      external_identifier: externals[0],
      task: {
        is_dry_run: false,
        window_start: at(TEST_NOW + HOUR),
        window_end: at(TEST_NOW + 96 * HOUR),
        status: 'PENDING',
        created_at: at(TEST_NOW),
        modified_at: at(TEST_NOW),
        events: [
          { event: 'EVENT_ACCOUNT_IMPORT_PROCESS_CREATED', occurred_at: at(TEST_NOW), data: null },
        ],
        kraken_identifier: null,
        latest_error: null,
      },
    });
  });

  test('reading the list runs no task, even one that is due', async () => {
    const { client, list } = await scheduledTwo();
    client.advance(3 * HOUR);
    const { body } = await list();
    expect(body.tasks.map((t) => t.task.status)).toEqual(['PENDING', 'PENDING']);
    expect((await client.call('POST', '/__mock/v2/run-due')).body).toEqual({ ran: 2 });
    expect((await list()).body.tasks.map((t) => t.task.status)).toEqual(['PROCESSED', 'PROCESSED']);
  });

  test('shows every step of a run, the kraken_identifier, a held status and the failure set for the next task', async () => {
    const { client, externals, list } = await scheduledTwo();
    const error = { code: 'kraken_unavailable', detail: 'The platform did not answer.' };
    await client.call('PUT', `/__mock/v2/tasks/DEMO_ENERGY/${externals[1]}/hold`, {
      status: 'IN_PROGRESS',
    });
    await client.call('PUT', '/__mock/v2/fail-next', { error });
    expect((await list()).body.fail_next).toEqual(error);
    await client.call('PUT', '/__mock/clock', { advance_seconds: 3 * 3600 });
    const { body } = await list();
    expect(body.fail_next).toBeNull();
    const [first, second] = body.tasks;
    expect(first?.task).toMatchObject({
      status: 'ERRORED',
      latest_error: { ...error, domain: 'import_process' },
    });
    expect(first?.task.events.map((e) => e.event)).toEqual([
      'EVENT_ACCOUNT_IMPORT_PROCESS_CREATED',
      'EVENT_ACCOUNT_IMPORT_PROCESS_IN_PROGRESS',
      'EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED',
    ]);
    expect(second?.task).toMatchObject({ status: 'IN_PROGRESS', held_in: 'IN_PROGRESS' });
    await client.call('PUT', `/__mock/v2/tasks/DEMO_ENERGY/${externals[1]}/hold`, {
      status: null,
    });
    await client.call('POST', '/__mock/v2/run-due');
    const released = (await list()).body.tasks[1]?.task;
    expect(released?.status).toBe('PROCESSED');
    expect(released?.kraken_identifier).toMatch(/^A-[0-9A-F]{8}$/);
    expect(released).not.toHaveProperty('held_in');
  });

  test('filters by supplier and limits the page, counting every match', async () => {
    const { externals, list } = await scheduledTwo();
    const one = (await list({ limit: '1' })).body;
    expect(one.total).toBe(2);
    expect(one.tasks.map((t) => t.external_identifier)).toEqual([externals[0]]);
    expect((await list({ import_supplier: 'DEMO_PAUSED' })).body).toEqual({
      total: 0,
      fail_next: null,
      tasks: [],
    });
  });

  test('a limit out of its bounds or not a number gets 400 and changes nothing', async () => {
    const { client } = await scheduledTwo();
    const revision = client.mock.service.state.revision;
    for (const limit of ['0', '1001', '1e400', 'ten', '-1']) {
      const answer = await client.call('GET', LIST, undefined, { query: { limit } });
      expect(answer.status, limit).toBe(400);
      expect(answer.body).toMatchObject({ code: expect.any(String), errors: [{ attr: 'limit' }] });
    }
    const long = await client.call('GET', LIST, undefined, {
      query: { import_supplier: 'X'.repeat(33) },
    });
    expect(long.status).toBe(400);
    expect(client.mock.service.state.revision).toBe(revision);
  });
});
