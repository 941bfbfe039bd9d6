/**
 * The platform's V2 account import (decision 028): an account scheduled as a task that runs
 * inside a window on the mock's clock. A V2 import is an account import process of its supplier:
 * scheduling stages the account through the v1 rules, and running the task processes it through
 * the v1 rules, so the v1 lists, post-import operations and "imported once" apply unchanged.
 * Checks come first and state changes last; the clock is the state's, its system time injected.
 */

import { type components, errorCatalogue, type FieldError } from '../../spec/index.ts';
import { normaliseAccount } from './account-rules.ts';
import { clockNow } from './clock.ts';
import type { MockEnv } from './env.ts';
import { processAccount, stageAccount, validateAccountRules } from './import-processes.ts';
import { type DomainError, fail, fieldError, ok, type Result } from './result.ts';
import {
  type AccountRecord,
  accountKey,
  type MockState,
  touch,
  type V2Task,
  type V2TaskError,
  type V2TaskStatus,
} from './state.ts';

type Schemas = components['schemas'];

/** The platform's limit on a window's end: four days after the request (its TaskParameters validator). */
export const V2_WINDOW_LIMIT_MS = 4 * 24 * 60 * 60 * 1000;

/** The domain the platform names in a V2 import's errors. */
const DOMAIN = 'import_process';

/** Statuses a task never leaves on its own. */
const FINAL: ReadonlySet<V2TaskStatus> = new Set([
  'PROCESSED',
  'ERRORED',
  'DRY_RUN_SUCCEEDED',
  'DRY_RUN_ERRORED',
  'CANCELLED',
]);

/** The event of each status (the platform's EVENT_ACCOUNT_IMPORT_PROCESS_* names). */
const EVENT_OF: Record<V2TaskStatus, string> = {
  PENDING: 'EVENT_ACCOUNT_IMPORT_PROCESS_CREATED',
  IN_PROGRESS: 'EVENT_ACCOUNT_IMPORT_PROCESS_IN_PROGRESS',
  PROCESSED: 'EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED',
  ERRORED: 'EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED',
  DRY_RUN_SUCCEEDED: 'EVENT_ACCOUNT_IMPORT_PROCESS_DRY_RUN_SUCCEEDED',
  DRY_RUN_ERRORED: 'EVENT_ACCOUNT_IMPORT_PROCESS_DRY_RUN_ERRORED',
  CANCELLED: 'EVENT_ACCOUNT_IMPORT_PROCESS_CANCELLED',
};

/** `task_params` of a schedule request, as the spec types it. */
export type V2TaskParams = Schemas['V2TaskParameters'];

/** The `YYYY-MM-DDTHH:MM:SSZ` form of an instant (GEN-3), the form every time of the mock takes. */
function stamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** Whole seconds: a window is judged to the second, as the mock's times are written. */
function seconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/**
 * The platform's TaskParameters validators: start not in the past, end at most four days ahead,
 * start before end; a missing start is now and a missing end four days from now (decision 028).
 * Returns the window, or the failing fields under `task_params.`.
 */
export function checkTaskParams(
  params: V2TaskParams,
  nowMs: number,
): Result<{ startMs: number; endMs: number }> {
  const now = seconds(nowMs);
  const start = params.schedule_window_start ?? null;
  const end = params.schedule_window_end ?? null;
  const startMs = start === null ? now : Date.parse(start);
  const endMs = end === null ? now + V2_WINDOW_LIMIT_MS : Date.parse(end);
  const errors: FieldError[] = [];
  if (start !== null && startMs < now) {
    errors.push(
      fieldError('schedule_window_start_in_past', 'task_params.schedule_window_start', {
        schedule_window_start: start,
      }),
    );
  }
  if (end !== null && endMs > now + V2_WINDOW_LIMIT_MS) {
    errors.push(
      fieldError('schedule_window_end_too_far_in_future', 'task_params.schedule_window_end', {
        schedule_window_end: end,
      }),
    );
  }
  if (startMs >= endMs) {
    errors.push(
      fieldError('schedule_window_start__after_end', 'task_params.schedule_window_start', {
        schedule_window_start: stamp(startMs),
        schedule_window_end: stamp(endMs),
      }),
    );
  }
  return errors.length > 0 ? validationFailure(errors) : ok({ startMs, endMs });
}

/** Schedule's validation failure: the standardized body with the platform's code and domain. */
function validationFailure(errors: FieldError[]): Result<never> {
  return fail('import_process_failed_validation', { domain: DOMAIN }, { errors });
}

/** A failure's items moved under the request's `payload` (the V2 body wraps the account). */
export function underPayload(error: DomainError): DomainError {
  if (!error.errors) return error;
  return {
    ...error,
    errors: error.errors.map((item) => ({ ...item, attr: `payload.${item.attr}` })),
  };
}

/**
 * The account's v1 rules, under `payload.` (every platform validator the v1 account gets). An
 * empty list when the account passes.
 */
export function v2AccountErrors(
  state: MockState,
  env: MockEnv,
  account: Schemas['Account'],
): FieldError[] {
  const errors = validateAccountRules(state, env, account).map((item) => ({
    ...item,
    attr: `payload.${item.attr}`,
  }));
  // The platform's account schema leaves it optional, but an import is keyed by it (GEN-9).
  if (account.external_account_number === undefined) {
    errors.push(fieldError('required', 'payload.external_account_number'));
  }
  return errors;
}

/**
 * Schedules an account creation (decision 028): the account's rules and the task's window are
 * checked, then the account is staged as an import process of its supplier with a PENDING task.
 * An account already imported is refused with the platform's own body.
 */
export function scheduleV2Import(
  state: MockState,
  env: MockEnv,
  request: { payload: Schemas['Account']; task_params: V2TaskParams },
): Result<V2Task> {
  const nowMs = clockNow(state.clock, env.now()).getTime();
  const accountErrors = v2AccountErrors(state, env, request.payload);
  const window = checkTaskParams(request.task_params, nowMs);
  const windowErrors = window.ok ? [] : (window.error.errors ?? []);
  if (accountErrors.length > 0 || windowErrors.length > 0) {
    return validationFailure([...accountErrors, ...windowErrors]);
  }
  if (!window.ok) return window;
  const staged = stageAccount(state, env, normaliseAccount(request.payload));
  if (!staged.ok) return { ok: false, error: v2Failure(staged.error) };
  const now = stamp(nowMs);
  const task: V2Task = {
    isDryRun: request.task_params.is_dry_run === true,
    windowStart: stamp(window.value.startMs),
    windowEnd: stamp(window.value.endMs),
    status: 'PENDING',
    createdAt: now,
    modifiedAt: now,
    events: [{ event: EVENT_OF.PENDING, occurredAt: now, data: null }],
    krakenIdentifier: null,
    latestError: null,
  };
  staged.value.record.v2Task = task;
  touch(state);
  return ok(task);
}

/** A v1 refusal in V2's terms: already imported takes the platform's V2 code and body. */
function v2Failure(error: DomainError): DomainError {
  if (error.code === 'account_already_imported') {
    return { ...error, code: 'account_import_process_already_imported' };
  }
  return underPayload(error);
}

/** The task of a pair, or `not_found` in the platform's words (its V2 status 404). */
export function v2TaskOf(
  state: MockState,
  importSupplierCode: string,
  externalIdentifier: string,
): Result<{ record: AccountRecord; task: V2Task }> {
  const record = state.accounts.get(accountKey(importSupplierCode, externalIdentifier));
  if (!record?.v2Task) {
    return fail(
      'not_found',
      { path: `${importSupplierCode}/${externalIdentifier}` },
      { detail: 'The requested resource was not found.' },
    );
  }
  return ok({ record, task: record.v2Task });
}

/** Adds a step to a task: its status, its event at `at`, and the error it ended with. */
function step(task: V2Task, status: V2TaskStatus, at: string, error: V2TaskError | null): void {
  task.status = status;
  task.modifiedAt = at;
  task.events.push({ event: EVENT_OF[status], occurredAt: at, data: error });
  if (error) task.latestError = error;
}

/**
 * Runs one task if it is due on the mock's clock (decision 028): picked up at its window's start
 * (IN_PROGRESS), then processed through the v1 rules at the same instant: PROCESSED with the
 * account number, ERRORED with the refusal, or DRY_RUN_SUCCEEDED / DRY_RUN_ERRORED for a dry run.
 * A held task stays as it is. Returns whether the task changed.
 */
export function runV2TaskIfDue(state: MockState, env: MockEnv, record: AccountRecord): boolean {
  const task = record.v2Task;
  if (!task || FINAL.has(task.status) || task.heldIn !== undefined) return false;
  const nowMs = clockNow(state.clock, env.now()).getTime();
  const startMs = Date.parse(task.windowStart);
  if (startMs > nowMs) return false;
  // At the window's start, unless the task was scheduled or last moved (an operator's hold)
  // later: its events never go back in time.
  const at = stamp(Math.max(startMs, Date.parse(task.createdAt), Date.parse(task.modifiedAt)));
  if (task.status === 'PENDING') step(task, 'IN_PROGRESS', at, null);
  const forced = state.v2FailNext;
  if (forced) {
    state.v2FailNext = null;
    step(task, task.isDryRun ? 'DRY_RUN_ERRORED' : 'ERRORED', at, { ...forced, domain: DOMAIN });
    touch(state);
    return true;
  }
  const processed = processAccount(state, env, {
    importSupplierCode: record.importSupplier,
    externalAccountNumber: record.externalAccountNumber,
    operationsTeamName: state.operationsTeams[0],
    dryRun: task.isDryRun,
  });
  if (processed.ok) {
    task.krakenIdentifier = processed.value.record.serviceAccountNumber ?? null;
    step(task, 'PROCESSED', at, null);
  } else if (processed.error.code === 'dry_run_succeeded') {
    step(task, 'DRY_RUN_SUCCEEDED', at, null);
  } else {
    step(task, task.isDryRun ? 'DRY_RUN_ERRORED' : 'ERRORED', at, taskError(processed.error));
  }
  touch(state);
  return true;
}

/** A refusal as the task's latest error: its code, its detail and the platform's domain. */
function taskError(error: DomainError): V2TaskError {
  return {
    code: error.code,
    detail: error.detail ?? errorCatalogue.detail(error.code, error.data),
    domain: DOMAIN,
  };
}

/**
 * Runs every due task (the operator's "run due tasks now", and every move of the clock); returns
 * how many changed. Accounts are visited in staging order, so tasks due together run in the order
 * they were scheduled.
 */
export function runDueV2Tasks(state: MockState, env: MockEnv): number {
  const due: AccountRecord[] = [];
  for (const [, record] of state.accounts.entries()) {
    if (record.v2Task && !FINAL.has(record.v2Task.status)) due.push(record);
  }
  let changed = 0;
  for (const record of due) {
    // A store hands out copies: the record is set back so that the change is written.
    if (runV2TaskIfDue(state, env, record)) {
      state.accounts.set(accountKey(record.importSupplier, record.externalAccountNumber), record);
      changed += 1;
    }
  }
  return changed;
}

/**
 * The operator's hold (decision 028): the task is put in a status and stays there until released
 * (`status` null); a final status is recorded as a step, as if the task had ended so.
 */
export function holdV2Task(
  state: MockState,
  env: MockEnv,
  key: { importSupplierCode: string; externalIdentifier: string },
  status: V2TaskStatus | null,
): Result<V2Task> {
  const found = v2TaskOf(state, key.importSupplierCode, key.externalIdentifier);
  if (!found.ok) return found;
  const { record, task } = found.value;
  if (status === null) {
    delete task.heldIn;
  } else {
    task.heldIn = status;
    if (task.status !== status) {
      const at = stamp(clockNow(state.clock, env.now()).getTime());
      step(task, status, at, null);
    }
  }
  state.accounts.set(accountKey(record.importSupplier, record.externalAccountNumber), record);
  touch(state);
  return ok(task);
}

/** The status body of a task (the platform's ImportStatusResponse). */
export function v2StatusBody(task: V2Task): Schemas['V2ImportStatus'] {
  const latest = task.events[task.events.length - 1];
  return {
    status: task.status,
    kraken_identifier: task.krakenIdentifier,
    created_at: task.createdAt,
    modified_at: task.modifiedAt,
    latest_event: {
      event: (latest?.event ?? EVENT_OF.PENDING) as Schemas['V2ImportEvent']['event'],
      occurred_at: latest?.occurredAt ?? task.createdAt,
      data: latest?.data ?? null,
    },
    latest_error: task.latestError,
  };
}
