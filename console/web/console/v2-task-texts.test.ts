import { describe, expect, it } from 'vitest';
import {
  eventText,
  failNextChange,
  failNextText,
  holdPath,
  latestErrorText,
  taskCountText,
  taskStatusText,
  type V2TaskItem,
  windowText,
} from './v2-task-texts.ts';

const task: V2TaskItem['task'] = {
  is_dry_run: false,
  window_start: '2026-11-27T10:00:00Z',
  window_end: '2026-11-27T12:00:00Z',
  status: 'PENDING',
  created_at: '2026-11-27T09:00:00Z',
  modified_at: '2026-11-27T09:00:00Z',
  events: [],
  kraken_identifier: null,
  latest_error: null,
};

describe('taskStatusText', () => {
  it('says when a task is a dry run or held', () => {
    expect(taskStatusText(task)).toBe('PENDING');
    expect(taskStatusText({ ...task, status: 'IN_PROGRESS', held_in: 'IN_PROGRESS' })).toBe(
      'IN_PROGRESS (held)',
    );
    expect(taskStatusText({ ...task, is_dry_run: true, held_in: 'PENDING' })).toBe(
      'PENDING (dry run, held)',
    );
  });
});

describe('windowText and eventText', () => {
  it('give the window and each event with its time and the error code it carried', () => {
    expect(windowText(task)).toBe('2026-11-27T10:00:00Z to 2026-11-27T12:00:00Z');
    const error = { code: 'x_failed', detail: 'X.', domain: 'import_process' };
    expect(
      eventText({
        event: 'EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED',
        occurred_at: '2026-11-27T10:00:00Z',
        data: error,
      }),
    ).toBe('2026-11-27T10:00:00Z EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED (x_failed)');
    expect(latestErrorText({ ...task, latest_error: error })).toBe('x_failed: X.');
    expect(latestErrorText(task)).toBe('—');
  });
});

describe('failNextText and failNextChange', () => {
  it('say what the next task meets, and send the form trimmed', () => {
    expect(failNextText({ code: 'c', detail: 'D.' })).toBe(
      'The next task that runs fails with c: D.',
    );
    expect(failNextText(null)).toMatch(/^No failure is set/);
    expect(failNextChange(' c ', ' D. ')).toEqual({ error: { code: 'c', detail: 'D.' } });
  });
});

describe('taskCountText', () => {
  it('counts the tasks, and says when only the first are shown', () => {
    expect(taskCountText(0, 0)).toBe('No account is scheduled through V2.');
    expect(taskCountText(1, 1)).toBe('1 task.');
    expect(taskCountText(200, 250)).toBe('250 tasks, the first 200 shown.');
  });
});

describe('holdPath', () => {
  it('encodes each segment, so an identifier never reaches another route', () => {
    expect(holdPath({ import_supplier_code: 'DEMO_ENERGY', external_identifier: 'A/../B?x' })).toBe(
      'v2/tasks/DEMO_ENERGY/A%2F..%2FB%3Fx/hold',
    );
  });
});
