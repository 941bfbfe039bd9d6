/**
 * The V2 task window and the bounded keyed state of the V2 checks (decision 028; decision 029,
 * "Update: the V2 statements"). The window is judged by the platform's three validators
 * (V2TaskParameters): an end at most the limit after the request, a start before its end.
 * "Start in the past" is not judged here: a frozen or moved clock makes the request's instant
 * uncertain by more than a schedule sent for "now" leaves.
 */
import { field } from './json-fields.ts';

/** What the V2 checks keep of a task the stream saw scheduled. */
export interface V2Task {
  /** The target's time of the accepted schedule. */
  createdBy: number;
  /** The window's start as sent, else the schedule's time (the kit's default, decision 028). */
  start: number;
  /** Whether the start was sent (the platform's window) or defaulted (the kit's reading). */
  startSent: boolean;
  dryRun: boolean;
  /** The furthest place in its lifecycle a status of it showed (v2-facts.ts lifecycleRank). */
  rank: number;
  /** The exchange time of the last schedule, hold or release of the task. */
  changedAt: number;
}

/** A problem of an accepted schedule's window: where and what. */
export interface WindowProblem {
  pointer: string;
  message: string;
}

function instant(value: unknown): number | undefined {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * The window of a schedule answered 2xx, against the platform's validators: an end later than
 * `limitMs` after `now` (schedule_window_end_too_far_in_future), a start not before its end
 * (schedule_window_start__after_end). A value that is no date-time is the schema's to judge.
 */
export function judgeWindow(params: unknown, now: number, limitMs: number): WindowProblem[] {
  const start = instant(field(params, 'schedule_window_start'));
  const end = instant(field(params, 'schedule_window_end'));
  const out: WindowProblem[] = [];
  if (end !== undefined && end > now + limitMs) {
    out.push({
      pointer: '/request/body/task_params/schedule_window_end',
      message: `a window ending ${Math.round((end - now) / 3_600_000)} h after the request was accepted (schedule_window_end_too_far_in_future)`,
    });
  }
  if (start !== undefined && end !== undefined && start >= end) {
    out.push({
      pointer: '/request/body/task_params/schedule_window_start',
      message:
        'a window whose start is not before its end was accepted (schedule_window_start__after_end)',
    });
  }
  return out;
}
