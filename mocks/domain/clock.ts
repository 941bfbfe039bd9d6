/**
 * The mock clock (decision 003): "now" is the system time plus an offset, or a frozen instant. The
 * operator moves it through the control API; tokens expire and statement periods, supply dates
 * and registration schedules follow it. Its settings live in the state, so they are exported and
 * persisted with it.
 */

/** The clock's settings inside the state. */
export interface ClockState {
  /** When set, the clock stands still at this instant (ISO 8601). */
  frozenAt: string | null;
  /** Milliseconds added to the system time while the clock runs. */
  offsetMs: number;
}

/** A fresh clock that follows the system time. */
export function runningClock(): ClockState {
  return { frozenAt: null, offsetMs: 0 };
}

/** The mock's current instant, given the injected system time. */
export function clockNow(clock: ClockState, systemNow: number): Date {
  return clock.frozenAt ? new Date(clock.frozenAt) : new Date(systemNow + clock.offsetMs);
}

/** The mock's current date, `YYYY-MM-DD` in UTC (GEN-3). */
export function clockToday(clock: ClockState, systemNow: number): string {
  return clockNow(clock, systemNow).toISOString().slice(0, 10);
}

/** The mock's current datetime, `YYYY-MM-DDTHH:MM:SSZ` (GEN-3). */
export function clockTimestamp(clock: ClockState, systemNow: number): string {
  return `${clockNow(clock, systemNow).toISOString().slice(0, 19)}Z`;
}

/** Sets the clock to an instant; it keeps running from there unless `frozen`. */
export function setClock(instant: Date, frozen: boolean, systemNow: number): ClockState {
  return frozen
    ? { frozenAt: instant.toISOString(), offsetMs: 0 }
    : { frozenAt: null, offsetMs: instant.getTime() - systemNow };
}

/** Moves the clock forward (or back, with a negative amount) by `ms`. */
export function advanceClock(clock: ClockState, ms: number): ClockState {
  return clock.frozenAt
    ? { frozenAt: new Date(new Date(clock.frozenAt).getTime() + ms).toISOString(), offsetMs: 0 }
    : { frozenAt: null, offsetMs: clock.offsetMs + ms };
}

/** The earliest instant the mock clock may show: 0001-01-01T00:00:00Z. */
export const EARLIEST_CLOCK_MS = Date.parse('0001-01-01T00:00:00Z');
/** The latest instant the mock clock may show: 9999-12-31T23:59:59Z. */
export const LATEST_CLOCK_MS = Date.parse('9999-12-31T23:59:59Z');

/**
 * Whether the clock shows an instant of a four-digit year (0001..9999): the dates and datetimes
 * the mock writes (GEN-3) have four-digit years, and every instant it computes from the clock
 * (token expiries, schedules) stays within what a JavaScript Date holds.
 */
export function clockInRange(clock: ClockState, systemNow: number): boolean {
  const ms = clockNow(clock, systemNow).getTime();
  return Number.isFinite(ms) && ms >= EARLIEST_CLOCK_MS && ms <= LATEST_CLOCK_MS;
}
