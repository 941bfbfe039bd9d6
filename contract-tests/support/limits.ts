/**
 * The suite's time limits. They only stop a hang: a test is never failed by a wall-clock limit
 * that a busy machine or a slow network can reach (a service that answers late is not wrong).
 * CONTRACT_REQUEST_TIMEOUT_MS and CONTRACT_TEST_TIMEOUT_MS change them (milliseconds, 0 for none).
 */

function limit(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number of milliseconds (0 for none), not "${raw}"`);
  }
  return value;
}

/** One request of the suite (an interface or control API call). */
export const REQUEST_TIMEOUT_MS = limit('CONTRACT_REQUEST_TIMEOUT_MS', 120_000);

/** One test, its requests and its checks. */
export const TEST_TIMEOUT_MS = limit('CONTRACT_TEST_TIMEOUT_MS', 600_000);
