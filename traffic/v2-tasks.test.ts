import { describe, expect, it } from 'vitest';
import { dataImport } from '../spec/index.ts';
import { TrafficChecker } from './checker.ts';
import type { Exchange } from './exchange.ts';
import type { Finding } from './findings.ts';
import { processOf, recordingClient, withAnswer } from './traffic.test-helper.ts';

const SCHEDULE = '/v2/data-import/accounts/';
const VALIDATE = '/v2/data-import/accounts/validate/';
const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const PROCESS = '/v1/data-import/account-import-process/process/';
const statusOf = (external: string) => `/v2/data-import/accounts/DEMO_ENERGY/${external}/`;
const HOUR = 3_600_000;

/** The V2 findings (rules kit:v2-*) the checker draws from `exchanges`, as rule and severity. */
function v2Findings(exchanges: Exchange[]): { rule: string; severity: string }[] {
  const checker = new TrafficChecker(dataImport);
  return exchanges
    .flatMap((e) => checker.check(e))
    .filter((f: Finding) => f.rule.startsWith('kit:v2-'))
    .map((f) => ({ rule: f.rule, severity: f.severity }));
}

const at = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** A fresh mock whose clock the stream has read, and a new account of DEMO_ENERGY. */
async function started() {
  const rec = recordingClient();
  const clock = await rec.send('GET', '/__mock/clock');
  expect(clock.response.status).toBe(200);
  const now = Date.parse(JSON.parse(clock.response.body).now);
  const account = rec.client.account();
  return { rec, now, account, external: account.external_account_number as string };
}

/** Schedules the account (task_params as given), runs the due tasks and reads its status. */
async function scheduledAndRun(taskParams: Record<string, unknown> = {}) {
  const s = await started();
  const scheduled = await s.rec.send('POST', SCHEDULE, {
    payload: s.account,
    task_params: taskParams,
  });
  expect(scheduled.response.status).toBe(201);
  await s.rec.send('POST', '/__mock/v2/run-due');
  const read = await s.rec.send('GET', statusOf(s.external));
  expect(read.response.status).toBe(200);
  return { ...s, scheduled, read, answer: JSON.parse(read.response.body) };
}

describe('V2Tasks: the platform’s V2 statements, graded as warnings', () => {
  it('finds nothing in a V2 import the kit mock answers, its refusals and 404s included', async () => {
    const { rec, account, external } = await scheduledAndRun();
    await rec.send('POST', SCHEDULE, { payload: account, task_params: {} });
    await rec.send('POST', VALIDATE, { payload: rec.client.account() });
    await rec.send('GET', statusOf('NEVER-SCHEDULED'));
    await rec.send('GET', statusOf(external));
    expect(rec.exchanges.at(-1)?.response.status).toBe(200);
    expect(v2Findings(rec.exchanges)).toEqual([]);
  });

  it('names a window ending past the platform’s limit that was accepted', async () => {
    const { rec, now, account } = await started();
    const far = await rec.send('POST', SCHEDULE, {
      payload: account,
      task_params: { schedule_window_end: at(now + 97 * HOUR) },
    });
    expect(far.response.status).toBe(400);
    expect(v2Findings(rec.exchanges)).toEqual([]);
    expect(v2Findings([rec.exchanges[0] as Exchange, withAnswer(far, 201, '')])).toEqual([
      { rule: 'kit:v2-schedule-window', severity: 'warning' },
    ]);
  });

  it('names a PROCESSED task without its kraken_identifier', async () => {
    const { rec, read, answer } = await scheduledAndRun();
    expect(answer.status).toBe('PROCESSED');
    const stripped = withAnswer(read, 200, { ...answer, kraken_identifier: null });
    expect(v2Findings([...rec.exchanges.slice(0, -1), stripped])).toEqual([
      { rule: 'kit:v2-processed-identifier', severity: 'warning' },
    ]);
  });

  it('names a schedule accepted for an account the stream saw imported', async () => {
    const { rec, account } = await scheduledAndRun();
    const again = await rec.send('POST', SCHEDULE, { payload: account, task_params: {} });
    expect(again.response.status).toBe(400);
    expect(v2Findings([...rec.exchanges.slice(0, -1), withAnswer(again, 201, '')])).toEqual([
      { rule: 'kit:v2-already-imported', severity: 'warning' },
    ]);
  });

  it('names an account imported through v1 and then scheduled with 201', async () => {
    const { rec, account, external } = await started();
    await rec.send('POST', STAGE, account);
    await rec.send('POST', PROCESS, processOf(external));
    const again = await rec.send('POST', SCHEDULE, { payload: account, task_params: {} });
    expect(again.response.status).toBe(400);
    expect(v2Findings([...rec.exchanges.slice(0, -1), withAnswer(again, 201, '')])).toEqual([
      { rule: 'kit:v2-already-imported', severity: 'warning' },
    ]);
  });

  it('names a dry run’s task answered PROCESSED', async () => {
    const { rec, read, answer } = await scheduledAndRun({ is_dry_run: true });
    expect(answer.status).toBe('DRY_RUN_SUCCEEDED');
    const created = withAnswer(read, 200, {
      ...answer,
      status: 'PROCESSED',
      kraken_identifier: 'A-1',
    });
    expect(v2Findings([...rec.exchanges.slice(0, -1), created])).toEqual([
      { rule: 'kit:v2-dry-run-created', severity: 'warning' },
    ]);
  });

  it('names a status going back, and a due task still PENDING after the operator ran the due tasks', async () => {
    const { rec, read, answer } = await scheduledAndRun();
    const pending = { ...answer, status: 'PENDING', kraken_identifier: null };
    const back = { ...withAnswer(read, 200, pending), time: read.time + 1000 };
    expect(v2Findings([...rec.exchanges, back])).toEqual([
      { rule: 'kit:v2-task-lifecycle', severity: 'warning' },
    ]);
    // Without the PROCESSED read first: the operator's run-due made the task due (kit's reading).
    expect(v2Findings([...rec.exchanges.slice(0, -1), withAnswer(read, 200, pending)])).toEqual([
      { rule: 'kit:v2-task-not-run', severity: 'warning' },
    ]);
  });

  it('does not name a task the operator held PENDING', async () => {
    const { rec, account, external } = await started();
    await rec.send('POST', SCHEDULE, { payload: account, task_params: {} });
    const hold = await rec.send('PUT', `/__mock/v2/tasks/DEMO_ENERGY/${external}/hold`, {
      status: 'PENDING',
    });
    expect(hold.response.status).toBe(200);
    await rec.send('POST', '/__mock/v2/run-due');
    const read = await rec.send('GET', statusOf(external));
    expect(JSON.parse(read.response.body).status).toBe('PENDING');
    expect(v2Findings(rec.exchanges)).toEqual([]);
  });

  it('names a task created while the stream ran that no schedule of the stream created', async () => {
    const { rec, now, account, external } = await started();
    const validated = await rec.send('POST', VALIDATE, { payload: account });
    expect(validated.response.status).toBe(200);
    const read = await rec.send('GET', statusOf(external));
    expect(read.response.status).toBe(404);
    const task = {
      status: 'PENDING',
      kraken_identifier: null,
      created_at: at(now + 5_000),
      modified_at: at(now + 5_000),
      latest_event: {
        event: 'EVENT_ACCOUNT_IMPORT_PROCESS_CREATED',
        occurred_at: at(now),
        data: null,
      },
      latest_error: null,
    };
    // Read ten seconds on: the task was created five seconds into the stream.
    const later = { ...withAnswer(read, 200, task), time: read.time + 10_000 };
    expect(v2Findings([...rec.exchanges.slice(0, -1), later])).toEqual([
      { rule: 'kit:v2-task-unscheduled', severity: 'warning' },
    ]);
    // A task created before the stream began may have been scheduled then; one that old is
    // past the latest time its window could end.
    const old = { ...task, created_at: at(now - 30 * 24 * HOUR) };
    expect(v2Findings([...rec.exchanges.slice(0, -1), withAnswer(read, 200, old)])).toEqual([
      { rule: 'kit:v2-task-past-window', severity: 'warning' },
    ]);
  });
});
