/**
 * The fuzz run at a small size (`npm run fuzz` runs 100,000): hostile requests over every
 * operation of both documents against a real server on loopback give no 5xx, no crash, no
 * unfilled template, an untouched `Object.prototype`, and no change of state from a refused
 * request (ERR-1, ERR-6, GEN-2).
 */
import { describe, expect, test } from 'vitest';
import { fuzzTargets, nextRequest, Random } from './requests.ts';
import { runFuzz } from './run.ts';

describe('fuzz', () => {
  test('the same seed gives the same requests, over every operation of both documents', () => {
    const targets = fuzzTargets();
    const world = { token: 't', suppliers: ['A', '__proto__'], accounts: ['X'], mpxns: ['1'] };
    const requests = (seed: number) => {
      const random = new Random(seed);
      return Array.from({ length: targets.length }, (_, i) =>
        nextRequest(targets, world, random, i),
      );
    };
    const first = requests(42);
    expect(requests(42)).toEqual(first);
    expect(requests(43)).not.toEqual(first);
    expect(new Set(first.map((r) => r.operationId)).size).toBe(targets.length);
    // Both documents: the interface's operations and the control API's.
    expect(first.some((r) => r.path.startsWith('/v1/'))).toBe(true);
    expect(first.some((r) => r.path.startsWith('/__mock/'))).toBe(true);
  });

  test('600 hostile requests break nothing (ERR-1, ERR-6, GEN-2)', async () => {
    const report = await runFuzz({ requests: 600, seed: 20261126 });
    expect(report.failures).toEqual([]);
    expect(report.requests).toBe(600);
    // The run refused most of what it sent, and checked the state around each refusal.
    expect(report.refusedChecked).toBeGreaterThan(200);
    expect(Object.keys(report.byStatus).every((status) => Number(status) < 500)).toBe(true);
  });
});
