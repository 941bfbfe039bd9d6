/**
 * The named, seeded fault profiles (decision 024): plans a supplier loads by name (`--faults
 * NAME`, `createDataImportMock({ faults: NAME })`, PUT /__mock/faults/profile, the console's
 * switches) to rehearse a slow, flaky or rate-limited service. Plain data in the domain, so that
 * the same profiles reach the standalone server, the MSW handlers in Node and in a browser, and
 * the control API alike. Each has a seed: two runs of the same requests in the same order meet
 * the same faults in the same order.
 */
import type { FaultPlan } from './faults.ts';

/** A shipped profile: a plan with its name and what it rehearses. */
export type FaultProfile = FaultPlan & { name: string; description: string };

/** The shipped profiles, in the order the control API and the console list them. */
export const FAULT_PROFILES: readonly FaultProfile[] = Object.freeze([
  {
    // Resets, answers lost after the write (send it again: it must not be done twice), bodies
    // cut short and gateway 502s, between requests that wait a lognormal latency.
    name: 'flaky-network',
    description:
      'Resets (5%), answers lost after the change (3%), truncated bodies (2%) and 502s (3%) of the requests, drawn from the seed; the rest wait a lognormal latency (median 80 ms).',
    seed: 20261126,
    rules: [
      { connection: 'reset', share: 0.05 },
      { connection: 'reset', after_change: true, share: 0.03 },
      { connection: 'truncated', status: 502, share: 0.02 },
      { status: 502, share: 0.03 },
      { latency: { distribution: 'lognormal', median_ms: 80, sigma: 0.6 } },
    ],
  },
  {
    // A gateway in front of the service answering a client that sends too fast; on process it
    // is the reference's concurrency_limit_exceeded (PRC-9).
    name: 'rate-limited',
    description:
      'Process gets its concurrency_limit_exceeded 429 (Retry-After 2) for its first three requests; then a third of all requests get 429 with Retry-After 1, drawn from the seed.',
    seed: 20261127,
    rules: [
      {
        operation_id: 'processAccountImportProcess',
        status: 429,
        retry_after_seconds: 2,
        times: 3,
      },
      { status: 429, retry_after_seconds: 1, share: 0.33 },
    ],
  },
  {
    // Process takes seconds and now and then outlives the gateway (504 after the account was
    // imported: ask its transfer status before sending it again); lists come slowly.
    name: 'slow-platform',
    description:
      'Process waits about 1.5 s (lognormal), and one in ten answers 504 after 5 s with the account imported all the same; the lists’ bodies take 2 s to arrive; other requests wait 100-400 ms.',
    seed: 20261128,
    rules: [
      {
        operation_id: 'processAccountImportProcess',
        status: 504,
        after_change: true,
        share: 0.1,
        latency: { distribution: 'fixed', ms: 5000 },
      },
      {
        operation_id: 'processAccountImportProcess',
        latency: { distribution: 'lognormal', median_ms: 1500, sigma: 0.4 },
      },
      {
        operation_id: 'listAllAccountImportProcesses',
        connection: 'slow_body',
        slow_body_ms: 2000,
        after_change: true,
      },
      { latency: { distribution: 'uniform', min_ms: 100, max_ms: 400 } },
    ],
  },
  {
    // Move the mock clock into the window (PUT /__mock/clock) to rehearse a client that waits
    // a maintenance out instead of hammering it.
    name: 'maintenance-window',
    description:
      '503 with Retry-After 600 on every request from 2026-12-06T02:00:00Z until 04:00:00Z on the mock clock; normal answers before and after.',
    seed: 20261129,
    rules: [
      {
        status: 503,
        retry_after_seconds: 600,
        from: '2026-12-06T02:00:00Z',
        until: '2026-12-06T04:00:00Z',
      },
    ],
  },
] satisfies FaultProfile[]);

/** The shipped profiles' names, in the list's order. */
export function faultProfileNames(): string[] {
  return FAULT_PROFILES.map((p) => p.name);
}

/** A copy of the shipped profile of this name, or undefined (the name is compared, never used as a key). */
export function findFaultProfile(name: string): FaultProfile | undefined {
  const found = FAULT_PROFILES.find((p) => p.name === name);
  return found && structuredClone(found);
}
