/**
 * The suite's time limits. They only stop a hang: a test is never failed by a wall-clock limit
 * that a busy machine or a slow network can reach (a service that answers late is not wrong).
 * CONTRACT_REQUEST_TIMEOUT_MS and CONTRACT_TEST_TIMEOUT_MS change them (milliseconds, 0 for none).
 */
import { SettingsError } from './settings.ts';

function limit(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  // The command refuses a bad value before the run (settings.ts); the config refuses it alike.
  if (!/^\d+$/.test(raw) || Number(raw) > max) {
    throw new SettingsError(`${name} must be a whole number from 0 to ${max} (received "${raw}").`);
  }
  return Number(raw);
}

/** One request of the suite (an interface or control API call). */
export const REQUEST_TIMEOUT_MS = limit('CONTRACT_REQUEST_TIMEOUT_MS', 120_000, 3_600_000);

/** One test, its requests and its checks. */
export const TEST_TIMEOUT_MS = limit('CONTRACT_TEST_TIMEOUT_MS', 600_000, 86_400_000);
