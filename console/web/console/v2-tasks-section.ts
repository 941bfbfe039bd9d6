/**
 * "V2 tasks" (decision 028): every account scheduled through the platform's V2 import, with its
 * window, status, events with their times, latest error and kraken_identifier, read on every
 * poll of the page; and the operator's actions on tasks: run the due tasks now, hold a task in a
 * status or release it, fail the next task with a given error. Tasks run on the mock clock, which
 * the "Clock and state" section advances: this section links to it rather than keeping a second
 * clock control. It uses only the control API (listV2Tasks, runDueV2Tasks, holdV2Task,
 * setV2FailNext); everything it shows is set as text, never as markup.
 */
import { control } from './api.ts';
import type { ConsoleContext } from './context.ts';
import { type Child, field, h, section, select, table } from './dom.ts';
import { render } from './render.ts';
import {
  eventText,
  failNextChange,
  failNextText,
  holdPath,
  latestErrorText,
  taskCountText,
  taskStatusText,
  V2_STATUSES,
  type V2TaskItem,
  type V2TaskListView,
  windowText,
} from './v2-task-texts.ts';

/** How many tasks the section asks for: a screenful, as the accounts table. */
const TASKS_SHOWN = 200;

/** The V2 tasks section and its read of the mock. */
export interface V2TasksSection {
  element: HTMLElement;
  /** Reads the tasks and the failure set for the next one, and shows what changed. */
  read(): Promise<void>;
}

/** The hold and release controls of one task. */
function holdCell(ctx: ConsoleContext, item: V2TaskItem): Child {
  const name = `${item.external_identifier} of ${item.import_supplier_code}`;
  const status = select([...V2_STATUSES], {
    'aria-label': `Status to hold task ${name} in`,
    'data-key': `v2-hold-status-${item.import_supplier_code}/${item.external_identifier}`,
  });
  status.value = item.task.held_in ?? 'IN_PROGRESS';
  const hold = h(
    'button',
    {
      type: 'button',
      class: 'secondary',
      'aria-label': `Hold task ${name}`,
      onclick: () =>
        ctx.act(`Hold task ${name} in ${status.value}`, () =>
          control('PUT', holdPath(item), { status: status.value }),
        ),
    },
    'Hold',
  );
  const release =
    item.task.held_in !== undefined &&
    h(
      'button',
      {
        type: 'button',
        'aria-label': `Release task ${name}`,
        onclick: () =>
          ctx.act(`Release task ${name}`, () => control('PUT', holdPath(item), { status: null })),
      },
      'Release',
    );
  return h('div', { class: 'row' }, status, hold, release);
}

function tasksTable(ctx: ConsoleContext, tasks: V2TaskItem[]): Child {
  if (tasks.length === 0) return null;
  return table(
    'V2 import tasks, in the order scheduled',
    [
      'Supplier',
      'External identifier',
      'Status',
      'Window',
      'Events',
      'Latest error',
      'Kraken identifier',
      '',
    ],
    tasks.map((item) => [
      item.import_supplier_code,
      item.external_identifier,
      taskStatusText(item.task),
      windowText(item.task),
      h(
        'ol',
        { class: 'v2-events' },
        item.task.events.map((event) => h('li', {}, eventText(event))),
      ),
      latestErrorText(item.task),
      item.task.kraken_identifier ?? '—',
      holdCell(ctx, item),
    ]),
  );
}

/** Run due tasks now, and the failure for the next task: set it or clear it. */
function actions(ctx: ConsoleContext): HTMLElement[] {
  const code = h('input', { type: 'text', maxlength: '200', placeholder: 'kraken_unavailable' });
  const detail = h('input', {
    type: 'text',
    maxlength: '2000',
    placeholder: 'The platform did not answer.',
  });
  return [
    h(
      'div',
      { class: 'row' },
      h(
        'button',
        {
          type: 'button',
          onclick: () => ctx.act('Run due V2 tasks', () => control('POST', 'v2/run-due')),
        },
        'Run due tasks now',
      ),
    ),
    h(
      'form',
      {
        class: 'row',
        onsubmit: (event: Event) => {
          event.preventDefault();
          return ctx.act('Fail the next V2 task', () =>
            control('PUT', 'v2/fail-next', failNextChange(code.value, detail.value)),
          );
        },
      },
      field('Error code', code, 'v2-fail-code'),
      field('Error detail', detail, 'v2-fail-detail'),
      h('button', { type: 'submit' }, 'Fail the next task'),
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          onclick: () =>
            ctx.act('Clear the failure for the next V2 task', () =>
              control('PUT', 'v2/fail-next', { error: null }),
            ),
        },
        'Clear the failure',
      ),
    ),
  ];
}

/** Builds the V2 tasks section. */
export function v2TasksSection(ctx: ConsoleContext): V2TasksSection {
  const count = h('p', { id: 'v2-task-count' });
  const failNext = h('p', { id: 'v2-fail-next' });
  const list = h('div', { id: 'v2-tasks-table' });
  const element = section(
    'v2-tasks',
    'V2 tasks',
    h(
      'p',
      { class: 'muted' },
      "Accounts scheduled through the platform's V2 import. A task runs when the mock clock reaches its window's start (",
      h('a', { href: '#state' }, 'advance the mock clock'),
      '), when a supplier reads its status, or when you run the due tasks now; a held task stays in its status until released.',
    ),
    count,
    list,
    failNext,
    ...actions(ctx),
  );
  return {
    element,
    async read() {
      const answer = await control<V2TaskListView>('GET', `v2/tasks?limit=${TASKS_SHOWN}`);
      if (answer.status !== 200) throw new Error(`V2 tasks: ${answer.status}`);
      const { total, tasks, fail_next } = answer.body;
      count.textContent = taskCountText(tasks.length, total);
      failNext.textContent = failNextText(fail_next);
      render(ctx.state, 'v2-tasks', list, tasks, () => tasksTable(ctx, tasks));
    },
  };
}
