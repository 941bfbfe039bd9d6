/**
 * V2 request bodies built from the kit's account fixtures (decision 028): the platform's schemas
 * wrap the account in `payload`, with `task_params` on schedule, so the suite wraps the same
 * seeded accounts and invalid twins the v1 tests send. Window instants are written on the
 * target's clock, to the second, as the platform's validators judge them.
 *
 * @example
 * const body = scheduleBody(account, { schedule_window_start: windowAt(now, 600) });
 */

/** An account payload as the fixtures build it. */
type Json = Record<string, unknown>;

/** `task_params` of a schedule request (the platform's TaskParameters). */
export interface TaskParams {
  is_dry_run?: boolean;
  schedule_window_start?: string | null;
  schedule_window_end?: string | null;
}

/** The platform's limit on a window's end: four days (96 hours) after the request. */
export const WINDOW_LIMIT_SECONDS = 96 * 60 * 60;

/** Statuses a task never leaves on its own (the platform's examples; decision 028). */
export const FINAL_STATUSES: ReadonlySet<string> = new Set([
  'PROCESSED',
  'ERRORED',
  'DRY_RUN_SUCCEEDED',
  'DRY_RUN_ERRORED',
  'CANCELLED',
]);

/** Statuses of a task that has not ended yet. */
export const OPEN_STATUSES: ReadonlySet<string> = new Set(['PENDING', 'IN_PROGRESS']);

/** The body of V2 schedule: the account wrapped with its task's parameters. */
export function scheduleBody(account: Json, taskParams: TaskParams = {}): Json {
  return { payload: account, task_params: taskParams };
}

/** The body of V2 validate: the account wrapped. */
export function validateBody(account: Json): Json {
  return { payload: account };
}

/** The instant `offsetSeconds` after `now`, as `YYYY-MM-DDTHH:MM:SSZ` (whole seconds). */
export function windowAt(now: Date, offsetSeconds: number): string {
  const ms = Math.floor(now.getTime() / 1000) * 1000 + offsetSeconds * 1000;
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** The number of status reads a poll makes at most before it gives up (a count, not a time). */
export const MAX_POLLS = 60;

/** The pause between two status reads of a target other than the kit's mock. */
export const POLL_PAUSE_MS = 1000;

/**
 * Reads a task's status until it is final, at most `maxPolls` times, pausing between reads; the
 * statuses read, in order, and whether the last is final. Bounded by its count of reads: the test
 * asserts what it read, never how long it took.
 */
export async function pollUntilFinal<S extends { status: number; body: { status?: unknown } }>(
  read: () => Promise<S>,
  pause: () => Promise<void>,
  maxPolls: number = MAX_POLLS,
): Promise<{ last: S; seen: string[]; final: boolean }> {
  const seen: string[] = [];
  let last = await read();
  for (let i = 1; ; i++) {
    const status = last.status === 200 ? String(last.body.status) : `HTTP ${last.status}`;
    seen.push(status);
    const final = FINAL_STATUSES.has(status);
    if (final || !OPEN_STATUSES.has(status) || i >= maxPolls) return { last, seen, final };
    await pause();
    last = await read();
  }
}
