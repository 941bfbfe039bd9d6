/**
 * The operator's control of V2 import tasks (decision 028): run the due tasks now, hold a task in
 * a status, fail the next task with a given error. The rules are the domain core's.
 */

import { type MockState, touch, type V2Task } from '../domain/state.ts';
import { snakeDocument } from '../domain/state-document.ts';
import { holdV2Task as holdInDomain, runDueV2Tasks as runInDomain } from '../domain/v2-imports.ts';
import { reply as json } from '../operations/types.ts';
import type { ControlOperation } from './types.ts';

/** One account's task as the list shows it: the pair, then the task as the state export has it. */
interface ListedTask {
  import_supplier_code: string;
  external_identifier: string;
  task: V2Task;
}

/** Every account with a V2 task (of one supplier when given), in the order they were scheduled. */
function scheduledTasks(state: MockState, supplier: string | undefined): ListedTask[] {
  const listed: ListedTask[] = [];
  for (const [, record] of state.accounts.entries()) {
    if (!record.v2Task) continue;
    if (supplier !== undefined && record.importSupplier !== supplier) continue;
    listed.push({
      import_supplier_code: record.importSupplier,
      external_identifier: record.externalAccountNumber,
      task: record.v2Task,
    });
  }
  // A store may hand its records back in key order: the order of scheduling is the task's own.
  return listed.sort(
    (a, b) =>
      a.task.createdAt.localeCompare(b.task.createdAt) ||
      a.import_supplier_code.localeCompare(b.import_supplier_code) ||
      a.external_identifier.localeCompare(b.external_identifier),
  );
}

/**
 * `listV2Tasks`: the operator's view of the V2 tasks (decision 028), for the console's tasks
 * section; reading it runs no task, so watching never changes what is watched.
 */
export const listV2Tasks: ControlOperation<'listV2Tasks'> = ({ query }, { service }) => {
  const tasks = scheduledTasks(service.state, query.import_supplier);
  const limit = query.limit ?? 100;
  return json(200, {
    total: tasks.length,
    fail_next: service.state.v2FailNext ?? null,
    tasks: tasks.slice(0, limit).map((item) => ({
      ...item,
      task: snakeDocument(item.task as unknown as Record<string, unknown>),
    })),
  });
};

/** `runDueV2Tasks`: every task whose window has opened on the mock clock runs now. */
export const runDueV2Tasks: ControlOperation<'runDueV2Tasks'> = (_request, { service }) =>
  json(200, { ran: runInDomain(service.state, service.env) });

/** `setV2FailNext`: the next task that runs ends with this error (null clears it). */
export const setV2FailNext: ControlOperation<'setV2FailNext'> = ({ body }, { service }) => {
  service.state.v2FailNext = body.error;
  touch(service.state);
  return json(200, {
    detail: body.error ? 'The next V2 task fails.' : 'The next V2 task runs as usual.',
  });
};

/** `holdV2Task`: the task stays in the status until released with null. */
export const holdV2Task: ControlOperation<'holdV2Task'> = ({ params, body }, { service }) => {
  const held = holdInDomain(
    service.state,
    service.env,
    {
      importSupplierCode: params.import_supplier_code,
      externalIdentifier: params.external_account_number,
    },
    body.status,
  );
  if (!held.ok) return held;
  return json(200, {
    detail: body.status ? `The task is held in ${body.status}.` : 'The task is released.',
  });
};
