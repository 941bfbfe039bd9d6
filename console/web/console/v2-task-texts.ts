/**
 * The V2 tasks section's texts (decision 028), made from listV2Tasks' answer: pure functions (no
 * DOM), unit-tested beside this file, so that the page shows what the tests check.
 */
import type { controlComponents } from '../../../spec/index.ts';

type Schemas = controlComponents['schemas'];

/** The V2 tasks as listV2Tasks answers them (type-only: nothing of the spec is bundled). */
export type V2TaskListView = Schemas['V2TaskList'];
/** One account's task of the list. */
export type V2TaskItem = V2TaskListView['tasks'][number];
/** The statuses a task can be held in (the hold's choices). */
export type V2TaskStatusView = Schemas['V2TaskStatus'];

/** Every status an operator may hold a task in, in the order of a task's life. */
export const V2_STATUSES: readonly V2TaskStatusView[] = [
  'PENDING',
  'IN_PROGRESS',
  'PROCESSED',
  'ERRORED',
  'DRY_RUN_SUCCEEDED',
  'DRY_RUN_ERRORED',
  'CANCELLED',
];

/** A task's status, with the hold that keeps it there and whether it is a dry run. */
export function taskStatusText(task: V2TaskItem['task']): string {
  const notes = [task.is_dry_run && 'dry run', task.held_in && 'held'].filter(Boolean);
  return notes.length > 0 ? `${task.status} (${notes.join(', ')})` : task.status;
}

/** A task's window, start to end, as the mock clock reads them. */
export function windowText(task: V2TaskItem['task']): string {
  return `${task.window_start} to ${task.window_end}`;
}

/** One event of a task: its time, its name and the code of the error it carried. */
export function eventText(event: V2TaskItem['task']['events'][number]): string {
  return `${event.occurred_at} ${event.event}${event.data ? ` (${event.data.code})` : ''}`;
}

/** A task's latest error as `code: detail`, or a dash when none. */
export function latestErrorText(task: V2TaskItem['task']): string {
  return task.latest_error ? `${task.latest_error.code}: ${task.latest_error.detail}` : '—';
}

/** What the next task that runs will meet: the operator's failure, or nothing. */
export function failNextText(failNext: V2TaskListView['fail_next']): string {
  return failNext
    ? `The next task that runs fails with ${failNext.code}: ${failNext.detail}`
    : 'No failure is set for the next task: it runs through the account rules.';
}

/** How many tasks the table shows, of how many there are. */
export function taskCountText(shown: number, total: number): string {
  if (total === 0) return 'No account is scheduled through V2.';
  const noun = total === 1 ? 'task' : 'tasks';
  return shown < total ? `${total} ${noun}, the first ${shown} shown.` : `${total} ${noun}.`;
}

/** setV2FailNext's body from the form: a code is required, the detail may be empty. */
export function failNextChange(
  code: string,
  detail: string,
): { error: { code: string; detail: string } } {
  return { error: { code: code.trim(), detail: detail.trim() } };
}

/** The control path of one task's hold, each segment encoded. */
export function holdPath(item: Pick<V2TaskItem, 'import_supplier_code' | 'external_identifier'>) {
  return `v2/tasks/${encodeURIComponent(item.import_supplier_code)}/${encodeURIComponent(item.external_identifier)}/hold`;
}
