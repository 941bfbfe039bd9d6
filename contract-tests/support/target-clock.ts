/**
 * The target's clock, read from its answers: the suite dates every payload by the target's
 * today, not by the machine it runs on, so that a target whose clock differs (the kit mock after
 * `PUT /__mock/clock`, a test environment set to another day, a runner with a wrong clock) gets
 * data that is neither in its future nor in its past (GEN-6 refuses dates after today).
 *
 * One request: `GET {controlURL}/__mock/clock`. The kit mock answers it with its clock to the
 * millisecond; any other service answers something (a 404, a 401), and every HTTP answer carries
 * the service's time in its `Date` header (RFC 9110 section 6.6.1, to the second).
 */
import type { APIRequestContext } from '@playwright/test';
import { REQUEST_TIMEOUT_MS } from './limits.ts';

/** Where the target's time came from, for the test's annotations. */
export type ClockSource = 'mock clock' | 'Date header' | 'runner clock';

/** The target's time and where it came from. */
export interface TargetTime {
  now: Date;
  source: ClockSource;
}

/** The time in a clock answer or a Date header, when it is one. */
function instant(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms) : undefined;
}

/**
 * Reads the target's current time: the kit mock's clock when the control URL answers one, else
 * the `Date` header of that answer, else (no answer at all: the test will say why on its own
 * request) the runner's clock.
 */
export async function targetTime(
  request: APIRequestContext,
  controlURL: string,
): Promise<TargetTime> {
  let response: Awaited<ReturnType<APIRequestContext['get']>>;
  try {
    response = await request.get(`${controlURL}/__mock/clock`, {
      failOnStatusCode: false,
      timeout: REQUEST_TIMEOUT_MS,
    });
  } catch {
    return { now: new Date(), source: 'runner clock' };
  }
  try {
    if (response.ok()) {
      const clock = instant(((await response.json()) as { now?: unknown }).now);
      if (clock) return { now: clock, source: 'mock clock' };
    }
    const header = instant(response.headers().date);
    if (header) return { now: header, source: 'Date header' };
    return { now: new Date(), source: 'runner clock' };
  } finally {
    await response.dispose();
  }
}

/** The UTC date of an instant, `YYYY-MM-DD`. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}
