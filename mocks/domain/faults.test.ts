import { describe, expect, test } from 'vitest';
import { errorCatalogue, fillDetail } from '../../spec/index.ts';
import {
  addFaultRule,
  createFaultBook,
  decideFault,
  type FaultBook,
  type FaultPlan,
  type FaultRule,
  faultFailure,
  faultPlanView,
  MAX_FAULT_LATENCY_MS,
  MAX_FAULT_RULES,
  removeFaultRule,
} from './faults.ts';
import { nextRandom } from './seeded-random.ts';

const NOW = Date.parse('2026-11-26T10:00:00Z');
const noEntropy = () => new Uint8Array([0, 0, 0, 42]);
const process = { operationId: 'processAccountImportProcess' };
const stage = {
  operationId: 'createOrUpdateAccountImportProcess',
  importSupplier: 'DEMO_ENERGY',
  externalAccountNumber: 'EXTERNAL-1',
};

function book(rules: FaultRule[], seed = 7): FaultBook {
  const made = createFaultBook({ seed, rules }, noEntropy);
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  return made.value;
}

/** The statuses of `n` decisions on a subject, 0 where no fault fired. */
function run(faults: FaultBook, n: number, subject = process, now = NOW): number[] {
  return Array.from({ length: n }, () => decideFault(faults, subject, now)?.mark.status ?? 0);
}

describe('fault plan: matching', () => {
  test('a rule matches its operation, supplier and account, and an absent criterion matches all', () => {
    const faults = book([
      { operation_id: 'validateAccount', status: 500 },
      { import_supplier: 'DEMO_ENERGY', external_account_number: 'EXTERNAL-2', status: 502 },
      { import_supplier: 'DEMO_ENERGY', status: 503 },
    ]);
    expect(decideFault(faults, { operationId: 'validateAccount' }, NOW)?.mark.status).toBe(500);
    expect(
      decideFault(faults, { ...stage, externalAccountNumber: 'EXTERNAL-2' }, NOW)?.mark.status,
    ).toBe(502);
    expect(decideFault(faults, stage, NOW)?.mark.status).toBe(503);
    expect(decideFault(faults, { ...stage, importSupplier: 'DEMO_PAUSED' }, NOW)).toBeUndefined();
  });

  test('the first rule that fires decides, in the plan’s order', () => {
    const faults = book([{ status: 502, times: 1 }, { status: 504 }]);
    expect(run(faults, 3)).toEqual([502, 504, 504]);
  });

  test('a key such as __proto__ is an ordinary supplier code, never a prototype', () => {
    const faults = book([{ import_supplier: '__proto__', status: 500 }]);
    expect(decideFault(faults, { ...stage, importSupplier: '__proto__' }, NOW)?.mark.status).toBe(
      500,
    );
    expect(decideFault(faults, { ...stage, importSupplier: 'constructor' }, NOW)).toBeUndefined();
    expect(({} as Record<string, unknown>).status).toBeUndefined();
  });
});

describe('fault plan: when a rule fires', () => {
  test('times: the next N matching requests, then none', () => {
    const faults = book([{ status: 503, times: 2 }]);
    expect(run(faults, 4)).toEqual([503, 503, 0, 0]);
    expect(faultPlanView(faults).rules[0]).toMatchObject({ injected: 2, remaining: 0 });
  });

  test('share: the same seed meets the same faults in the same order, and about the share', () => {
    const rules: FaultRule[] = [{ status: 429, share: 0.25 }];
    const first = run(book(rules, 99), 400);
    const second = run(book(rules, 99), 400);
    expect(first).toEqual(second);
    const fired = first.filter((s) => s === 429).length;
    expect(fired).toBeGreaterThan(60);
    expect(fired).toBeLessThan(140);
    expect(run(book(rules, 100), 400)).not.toEqual(first);
  });

  test('share 0 never fires and share 1 always does', () => {
    expect(run(book([{ status: 500, share: 0 }]), 50)).toEqual(Array(50).fill(0));
    expect(run(book([{ status: 500, share: 1 }]), 50)).toEqual(Array(50).fill(500));
  });

  test('a window on the mock clock: from inclusive, until exclusive', () => {
    const faults = book([
      { status: 503, from: '2026-11-26T02:00:00Z', until: '2026-11-26T04:00:00Z' },
    ]);
    const at = (iso: string) => decideFault(faults, process, Date.parse(iso))?.mark.status ?? 0;
    expect(at('2026-11-26T01:59:59Z')).toBe(0);
    expect(at('2026-11-26T02:00:00Z')).toBe(503);
    expect(at('2026-11-26T03:59:59Z')).toBe(503);
    expect(at('2026-11-26T04:00:00Z')).toBe(0);
  });
});

describe('fault plan: what a fault answers', () => {
  test('[PRC-9] a 429 on process is concurrency_limit_exceeded, elsewhere rate_limited, with Retry-After', () => {
    expect(faultFailure(429, 'processAccountImportProcess')).toMatchObject({
      failure: { code: 'concurrency_limit_exceeded' },
      headers: { 'retry-after': '1' },
    });
    expect(faultFailure(429, 'validateAccount', 30)).toMatchObject({
      failure: { code: 'rate_limited', data: { retry_after: 30 } },
      headers: { 'retry-after': '30' },
    });
  });

  test('[ERR-6] 500 is server_error, and 502, 503, 504 have the kit’s codes; Retry-After on 503 always', () => {
    expect(faultFailure(500, 'validateAccount').failure.code).toBe('server_error');
    expect(faultFailure(500, 'validateAccount').headers).toBeUndefined();
    expect(faultFailure(502, 'validateAccount').failure.code).toBe('bad_gateway');
    expect(faultFailure(503, 'validateAccount').failure.code).toBe('service_unavailable');
    expect(faultFailure(503, 'validateAccount').headers).toEqual({ 'retry-after': '1' });
    expect(faultFailure(504, 'validateAccount', 4).failure.code).toBe('gateway_timeout');
    expect(faultFailure(504, 'validateAccount', 4).headers).toEqual({ 'retry-after': '4' });
  });

  test('the 429 and 503 details say how long to wait in words: 1 second, 600 seconds', () => {
    const detail = (status: number, seconds?: number) =>
      fillDetail(
        errorCatalogue.entry(faultFailure(status, 'validateAccount').failure.code).detail,
        faultFailure(status, 'validateAccount', seconds).failure.data,
      );
    expect(detail(503)).toBe('The service is unavailable. Retry in 1 second.');
    expect(detail(503, 600)).toBe('The service is unavailable. Retry in 600 seconds.');
    expect(detail(429)).toBe('Too many requests; retry in 1 second.');
    expect(detail(429, 2)).toBe('Too many requests; retry in 2 seconds.');
  });

  test('a connection fault before the change carries a 503; after the change, none', () => {
    const before = decideFault(book([{ connection: 'truncated' }]), process, NOW)!;
    expect(before).toMatchObject({ afterChange: false, connection: { kind: 'truncated' } });
    expect(before.failure?.code).toBe('service_unavailable');
    const after = decideFault(book([{ connection: 'reset', after_change: true }]), process, NOW)!;
    expect(after).toMatchObject({ afterChange: true, connection: { kind: 'reset' } });
    expect(after.failure).toBeUndefined();
    expect(after.mark).toEqual({
      kind: 'connection',
      rule_id: 'f1',
      after_change: true,
      connection: 'reset',
    });
  });

  test('a slow body takes the rule’s time, 1000 ms when it gives none', () => {
    const given = decideFault(
      book([{ connection: 'slow_body', slow_body_ms: 4000 }]),
      process,
      NOW,
    );
    expect(given?.connection).toEqual({ kind: 'slow_body', slowBodyMs: 4000 });
    const absent = decideFault(book([{ connection: 'slow_body' }]), process, NOW);
    expect(absent?.connection).toEqual({ kind: 'slow_body', slowBodyMs: 1000 });
  });
});

describe('fault plan: latency', () => {
  test('fixed waits its ms; uniform stays within its bounds', () => {
    expect(
      decideFault(book([{ latency: { distribution: 'fixed', ms: 250 } }]), process, NOW)?.latencyMs,
    ).toBe(250);
    const uniform = book([{ latency: { distribution: 'uniform', min_ms: 100, max_ms: 200 } }]);
    const waits = Array.from({ length: 300 }, () => decideFault(uniform, process, NOW)!.latencyMs);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...waits)).toBeLessThanOrEqual(200);
    expect(new Set(waits).size).toBeGreaterThan(20);
  });

  test('lognormal is seeded, centred on its median and never above the ceiling', () => {
    const rules: FaultRule[] = [
      { latency: { distribution: 'lognormal', median_ms: 200, sigma: 0.5 } },
    ];
    const waits = (faults: FaultBook) =>
      Array.from({ length: 301 }, () => decideFault(faults, process, NOW)!.latencyMs);
    const first = waits(book(rules, 5));
    expect(waits(book(rules, 5))).toEqual(first);
    const sorted = [...first].sort((a, b) => a - b);
    expect(sorted[150]).toBeGreaterThan(150);
    expect(sorted[150]).toBeLessThan(260);
    const wild = book([{ latency: { distribution: 'lognormal', median_ms: 30000, sigma: 3 } }]);
    const extremes = Array.from({ length: 200 }, () => decideFault(wild, process, NOW)!.latencyMs);
    expect(Math.max(...extremes)).toBe(MAX_FAULT_LATENCY_MS);
  });
});

describe('fault plan: changes', () => {
  test('a range whose start is after its end is refused, and the plan stays', () => {
    const made = createFaultBook(
      {
        rules: [
          { latency: { distribution: 'uniform', min_ms: 300, max_ms: 100 } },
          { status: 503, from: '2026-11-26T04:00:00Z', until: '2026-11-26T02:00:00Z' },
        ],
      },
      noEntropy,
    );
    expect(made.ok).toBe(false);
    expect(!made.ok && made.error.errors?.map((e) => [e.attr, e.code])).toEqual([
      ['rules.0.latency.min_ms', 'range_inverted'],
      ['rules.1.from', 'range_inverted'],
    ]);
    const faults = book([{ status: 500 }]);
    const added = addFaultRule(faults, {
      latency: { distribution: 'uniform', min_ms: 9, max_ms: 1 },
    });
    expect(added.ok).toBe(false);
    expect(faults.rules).toHaveLength(1);
  });

  test(`a plan holds at most ${MAX_FAULT_RULES} rules`, () => {
    const faults = book([]);
    for (let i = 0; i < MAX_FAULT_RULES; i++)
      expect(addFaultRule(faults, { status: 500 }).ok).toBe(true);
    const refused = addFaultRule(faults, { status: 500 });
    expect(!refused.ok && refused.error.code).toBe('fault_plan_full');
    expect(faults.rules).toHaveLength(MAX_FAULT_RULES);
  });

  test('removing a rule keeps the others’ counters; an unknown id is refused', () => {
    const faults = book([
      { status: 500, times: 3 },
      { status: 502, times: 3 },
    ]);
    decideFault(faults, process, NOW);
    expect(removeFaultRule(faults, 'f1').ok).toBe(true);
    expect(faultPlanView(faults).rules).toEqual([
      { id: 'f2', rule: { status: 502, times: 3 }, injected: 0, remaining: 3 },
    ]);
    const missing = removeFaultRule(faults, 'f9');
    expect(!missing.ok && missing.error.code).toBe('fault_rule_not_found');
  });

  test('a plan without a seed takes one from the environment’s random bytes', () => {
    const plan: FaultPlan = { rules: [{ status: 500 }] };
    const made = createFaultBook(plan, () => new Uint8Array([1, 2, 3, 4]));
    expect(made.ok && made.value.seed).toBe(0x01020304);
  });

  test('the seeded sequence is a pure function of its state', () => {
    expect(nextRandom(7)).toEqual(nextRandom(7));
    const { value } = nextRandom(7);
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(1);
  });
});
