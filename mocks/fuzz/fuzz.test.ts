/**
 * The fuzz run at a small size (`npm run fuzz` runs 100,000): hostile requests over every
 * operation of both documents against a real server on loopback give no 5xx, no crash, no
 * unfilled template, an untouched `Object.prototype`, and no change of state from a refused
 * request (ERR-1, ERR-6, GEN-2).
 */
import { describe, expect, test } from 'vitest';
import { Redactor } from '../redaction.ts';
import { fuzzTargets, nextRequest, Random } from './requests.ts';
import { redactedExchange, runFuzz } from './run.ts';

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
  test('a failure is kept without the run’s credentials (AUTH-1)', () => {
    const redactor = new Redactor();
    redactor.addSecret('demo-api-key-0001');
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJmdXp6In0.c2lnbmF0dXJl';
    const kept = redactedExchange(
      redactor,
      {
        method: 'POST',
        path: '/v1/graphql/',
        headers: { authorization: `Token ${token}`, 'x-api-key': 'demo-api-key-0001' },
        body: JSON.stringify({
          query: 'mutation { obtainKrakenToken(input: { APIKey: "demo-api-key-0001" }) { token } }',
          variables: { key: 'demo-api-key-0001' },
        }),
        operationId: 'obtainToken',
        hostility: 'test',
      },
      {
        status: 500,
        text: JSON.stringify({ data: { obtainKrakenToken: { token, refreshToken: 'r-1234567' } } }),
        contentType: 'application/json',
      },
    );
    const text = JSON.stringify(kept);
    expect(text).not.toContain('demo-api-key-0001');
    expect(text).not.toContain(token);
    expect(text).not.toContain('r-1234567');
    // What the reader needs is still there.
    expect(kept).toMatchObject({ status: 500, request: { path: '/v1/graphql/' } });
  });
});
