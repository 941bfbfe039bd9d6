import { describe, expect, test } from 'vitest';
import { stateFromConfig } from '../create-mock.ts';
import { defaultConfig } from '../defaults.ts';
import { nodeEnv } from '../node-env.ts';
import { FIXED_NOW, specExample } from '../test-support.ts';
import { setClock } from './clock.ts';
import type { Account } from './platform/context.ts';
import {
  checkTaskParams,
  holdV2Task,
  runDueV2Tasks,
  scheduleV2Import,
  V2_WINDOW_LIMIT_MS,
  v2TaskOf,
} from './v2-imports.ts';

const HOUR = 3600 * 1000;
const at = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** A fresh default state on a frozen clock the test moves. */
function fresh() {
  let now = FIXED_NOW;
  const env = nodeEnv({ now: () => now, documents: { exists: () => false } });
  const state = stateFromConfig(defaultConfig, env);
  state.clock = setClock(new Date(now), true, now);
  const account = specExample<Account>('DomesticAccount');
  const key = { importSupplierCode: account.import_supplier, externalIdentifier: 'EXTERNAL-1234' };
  const move = (ms: number) => {
    now += ms;
    state.clock = setClock(new Date(now), true, now);
  };
  return { state, env, account, key, move };
}

describe('checkTaskParams (the platform TaskParameters validators)', () => {
  test('missing ends default to now and four days ahead', () => {
    expect(checkTaskParams({}, FIXED_NOW)).toEqual({
      ok: true,
      value: { startMs: FIXED_NOW, endMs: FIXED_NOW + V2_WINDOW_LIMIT_MS },
    });
  });

  test('a start one second in the past is refused, the present accepted', () => {
    const past = checkTaskParams({ schedule_window_start: at(FIXED_NOW - 1000) }, FIXED_NOW);
    expect(past.ok || past.error.errors?.map((e) => e.code)).toEqual([
      'schedule_window_start_in_past',
    ]);
    expect(checkTaskParams({ schedule_window_start: at(FIXED_NOW) }, FIXED_NOW).ok).toBe(true);
  });

  test('an end exactly four days ahead is accepted, one second more refused', () => {
    const limit = FIXED_NOW + V2_WINDOW_LIMIT_MS;
    expect(checkTaskParams({ schedule_window_end: at(limit) }, FIXED_NOW).ok).toBe(true);
    const over = checkTaskParams({ schedule_window_end: at(limit + 1000) }, FIXED_NOW);
    expect(over.ok || over.error.errors?.map((e) => e.code)).toEqual([
      'schedule_window_end_too_far_in_future',
    ]);
  });

  test('a start equal to its end is refused as not before it', () => {
    const same = at(FIXED_NOW + HOUR);
    const r = checkTaskParams(
      { schedule_window_start: same, schedule_window_end: same },
      FIXED_NOW,
    );
    expect(r.ok || r.error.errors?.map((e) => e.code)).toEqual([
      'schedule_window_start__after_end',
    ]);
  });
});

describe('the life of a V2 task on the mock clock', () => {
  test('PENDING until the window opens, then IN_PROGRESS and PROCESSED at the window start', () => {
    const { state, env, account, key, move } = fresh();
    const start = FIXED_NOW + 2 * HOUR;
    const scheduled = scheduleV2Import(state, env, {
      payload: account,
      task_params: { schedule_window_start: at(start), schedule_window_end: at(start + HOUR) },
    });
    expect(scheduled.ok).toBe(true);
    move(HOUR);
    expect(runDueV2Tasks(state, env)).toBe(0);
    move(2 * HOUR);
    expect(runDueV2Tasks(state, env)).toBe(1);
    const found = v2TaskOf(state, key.importSupplierCode, key.externalIdentifier);
    if (!found.ok) throw new Error(found.error.code);
    expect(found.value.task.events.map((e) => [e.event, e.occurredAt])).toEqual([
      ['EVENT_ACCOUNT_IMPORT_PROCESS_CREATED', at(FIXED_NOW)],
      ['EVENT_ACCOUNT_IMPORT_PROCESS_IN_PROGRESS', at(start)],
      ['EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED', at(start)],
    ]);
    expect(found.value.record.status).toBe('imported');
    expect(found.value.task.krakenIdentifier).toBe(found.value.record.serviceAccountNumber);
  });

  test('a held task does not run until released', () => {
    const { state, env, account, key, move } = fresh();
    scheduleV2Import(state, env, { payload: account, task_params: {} });
    expect(holdV2Task(state, env, key, 'IN_PROGRESS').ok).toBe(true);
    move(HOUR);
    expect(runDueV2Tasks(state, env)).toBe(0);
    expect(state.accounts.get('DEMO_ENERGY/EXTERNAL-1234')?.v2Task?.status).toBe('IN_PROGRESS');
    holdV2Task(state, env, key, null);
    expect(runDueV2Tasks(state, env)).toBe(1);
    expect(state.accounts.get('DEMO_ENERGY/EXTERNAL-1234')?.v2Task?.status).toBe('PROCESSED');
  });

  test('a task held after its window opened ends no earlier than its hold: events never go back', () => {
    const { state, env, account, key, move } = fresh();
    scheduleV2Import(state, env, { payload: account, task_params: {} });
    move(HOUR);
    holdV2Task(state, env, key, 'IN_PROGRESS');
    move(HOUR);
    holdV2Task(state, env, key, null);
    expect(runDueV2Tasks(state, env)).toBe(1);
    const events = state.accounts.get('DEMO_ENERGY/EXTERNAL-1234')?.v2Task?.events ?? [];
    expect(events.map((e) => [e.event, e.occurredAt])).toEqual([
      ['EVENT_ACCOUNT_IMPORT_PROCESS_CREATED', at(FIXED_NOW)],
      ['EVENT_ACCOUNT_IMPORT_PROCESS_IN_PROGRESS', at(FIXED_NOW + HOUR)],
      ['EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED', at(FIXED_NOW + HOUR)],
    ]);
  });

  test("the operator's failure ends the next task ERRORED with that error, once", () => {
    const { state, env, account } = fresh();
    state.v2FailNext = { code: 'kraken_unavailable', detail: 'The platform is down.' };
    scheduleV2Import(state, env, { payload: account, task_params: {} });
    runDueV2Tasks(state, env);
    const task = state.accounts.get('DEMO_ENERGY/EXTERNAL-1234')?.v2Task;
    expect(task?.status).toBe('ERRORED');
    expect(task?.latestError).toEqual({
      code: 'kraken_unavailable',
      detail: 'The platform is down.',
      domain: 'import_process',
    });
    expect(state.v2FailNext).toBeNull();
    expect(state.accounts.get('DEMO_ENERGY/EXTERNAL-1234')?.status).toBe('staged');
  });

  test('a refused schedule changes no state', () => {
    const { state, env, account } = fresh();
    const before = state.revision;
    const refused = scheduleV2Import(state, env, {
      payload: account,
      task_params: { schedule_window_start: at(FIXED_NOW - HOUR) },
    });
    expect(refused.ok).toBe(false);
    expect(state.revision).toBe(before);
    expect(state.accounts.has('DEMO_ENERGY/EXTERNAL-1234')).toBe(false);
  });
});
