/**
 * The suite's fault mode (decision 024): a supplier's small retrying client runs against the kit's
 * mock under each named fault profile, loaded through the control API, and the mock's answers are
 * checked against the profile: the statuses, codes and Retry-After it names, the connections it
 * cuts, the waits it draws, and the journal's mark of each fault. The faults are the kit mock's,
 * so this runs in mock mode only (the `control` fixture skips it, with its annotation, against any
 * other target); the fault plan is global, so it runs in the `isolated` project, one test at a
 * time, and clears the plan afterwards.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import type { ControlClient } from '../support/control-client.ts';
import { REQUEST_TIMEOUT_MS } from '../support/limits.ts';
import { processRequest } from '../support/payloads.ts';

const LIST = '/v1/data-import/all-account-import-processes/';
const PROCESS = '/v1/data-import/account-import-process/process/';

/** What the client met on one try: a status with its code and Retry-After, or a cut connection. */
interface Met {
  step: string;
  status?: number;
  code?: string;
  retryAfter?: string;
  /** The connection failed, or the body did not come whole. */
  cut?: true;
}

/** A fault mark of the journal (decision 024). */
interface Mark {
  kind: string;
  rule_id: string | null;
  status?: number;
  connection?: string;
  latency_ms?: number;
  after_change: boolean;
}

/**
 * A supplier's client that retries a step up to `tries` times until it gets a 2xx, as a
 * migration client should on 429, 5xx and cut connections (it does not wait Retry-After out: the
 * check is of what the mock answers, not of the client's patience).
 */
function retryingClient(request: APIRequestContext, baseURL: string, token: string, tries = 6) {
  const met: Met[] = [];
  async function step(name: string, method: string, path: string, body?: unknown) {
    for (let i = 0; i < tries; i++) {
      try {
        const response = await request.fetch(`${baseURL}${path}`, {
          method,
          headers: {
            authorization: `Token ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { data: JSON.stringify(body) }),
          failOnStatusCode: false,
          maxRetries: 0,
          timeout: REQUEST_TIMEOUT_MS,
        });
        const text = await response.text();
        let code: string | undefined;
        try {
          code = (JSON.parse(text) as { code?: string }).code;
        } catch {
          met.push({ step: name, status: response.status(), cut: true });
          continue;
        }
        const retryAfter = response.headers()['retry-after'];
        met.push({
          step: name,
          status: response.status(),
          ...(code ? { code } : {}),
          ...(retryAfter ? { retryAfter } : {}),
        });
        if (response.status() < 300) return true;
      } catch {
        met.push({ step: name, cut: true });
      }
    }
    return false;
  }
  return { met, step };
}

/** The fault marks of the journal since `since` (a journal sequence number), oldest first. */
async function marksSince(control: ControlClient, since: number): Promise<Mark[]> {
  const journal = (
    await control.call<{ seq: number; fault?: Mark }[]>(
      'GET',
      '/__mock/journal?order=newest_first&bodies=false&limit=1000',
    )
  ).body;
  return journal
    .filter((e) => e.seq > since && e.fault)
    .reverse()
    .map((e) => e.fault as Mark);
}

async function lastSeq(control: ControlClient): Promise<number> {
  const newest = (
    await control.call<{ seq: number }[]>(
      'GET',
      '/__mock/journal?order=newest_first&bodies=false&limit=1',
    )
  ).body;
  return newest[0]?.seq ?? 0;
}

test.describe('fault profiles (the suite’s fault mode, decision 024)', () => {
  test.afterEach(async ({ control }) => {
    await control.call('DELETE', '/__mock/faults');
  });

  test('[ERR-6] flaky-network: the same requests meet the same faults twice, and a retrying client gets through', async ({
    control,
    obtainToken,
    request,
    settings,
  }) => {
    const token = await obtainToken();
    const run = async () => {
      await control.call('PUT', '/__mock/faults/profile', { name: 'flaky-network' });
      const since = await lastSeq(control);
      const client = retryingClient(request, settings.baseURL, token);
      const through: boolean[] = [];
      for (let i = 0; i < 12; i++) {
        through.push(await client.step('list', 'GET', `${LIST}${settings.importSupplier}/`));
      }
      return { met: client.met, through, marks: await marksSince(control, since) };
    };
    const first = await run();
    const second = await run();
    expect(second.met).toEqual(first.met);
    expect(second.marks).toEqual(first.marks);
    expect(first.through).toEqual(Array(12).fill(true));
    // Every answer is one the profile names: a 200, a 502 bad_gateway, or a cut connection.
    for (const met of first.met) {
      if (met.cut) continue;
      expect([200, 502]).toContain(met.status);
      if (met.status === 502) expect(met.code).toBe('bad_gateway');
    }
    expect(first.met.some((m) => m.cut || m.status === 502)).toBe(true);
    // Each fault is marked; the waits are drawn, held under the 30 s ceiling.
    expect(first.marks).toHaveLength(first.met.length);
    for (const mark of first.marks) {
      expect(['connection', 'status', 'latency']).toContain(mark.kind);
      expect(mark.latency_ms ?? 0).toBeLessThanOrEqual(30_000);
    }
  });

  test('[PRC-9] rate-limited: process gets concurrency_limit_exceeded with Retry-After 2, other requests rate_limited with Retry-After 1', async ({
    control,
    lifecycle,
    obtainToken,
    request,
    settings,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.stage(account);
    const token = await obtainToken();
    await control.call('PUT', '/__mock/faults/profile', { name: 'rate-limited' });
    const since = await lastSeq(control);
    const client = retryingClient(request, settings.baseURL, token);
    const processed = await client.step(
      'process',
      'POST',
      PROCESS,
      processRequest(lifecycle.supplier, account.external_account_number as string, lifecycle.team),
    );
    expect(processed).toBe(true);
    expect(client.met.slice(0, 3)).toEqual(
      Array(3).fill({
        step: 'process',
        status: 429,
        code: 'concurrency_limit_exceeded',
        retryAfter: '2',
      }),
    );
    for (let i = 0; i < 10; i++) {
      await client.step('list', 'GET', `${LIST}${settings.importSupplier}/`);
    }
    const limited = client.met.filter((m) => m.step === 'list' && m.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const m of limited) expect(m).toMatchObject({ code: 'rate_limited', retryAfter: '1' });
    const marks = await marksSince(control, since);
    expect(marks.filter((m) => m.status === 429)).toHaveLength(
      client.met.filter((m) => m.status === 429).length,
    );
  });

  test('[GEN-2] slow-platform: the list’s JSON body comes slowly but whole', async ({
    control,
    obtainToken,
    request,
    settings,
  }) => {
    const token = await obtainToken();
    await control.call('PUT', '/__mock/faults/profile', { name: 'slow-platform' });
    const since = await lastSeq(control);
    const client = retryingClient(request, settings.baseURL, token, 1);
    expect(await client.step('list', 'GET', `${LIST}${settings.importSupplier}/`)).toBe(true);
    expect(client.met).toEqual([{ step: 'list', status: 200 }]);
    expect(await marksSince(control, since)).toEqual([
      { kind: 'connection', rule_id: 'f3', connection: 'slow_body', after_change: true },
    ]);
  });

  test('[ERR-6] maintenance-window: 503 with Retry-After 600 inside the window on the mock clock, answers outside', async ({
    control,
    obtainToken,
    request,
    settings,
  }) => {
    const token = await obtainToken();
    const before = await control.clock();
    await control.call('PUT', '/__mock/faults/profile', { name: 'maintenance-window' });
    try {
      const client = retryingClient(request, settings.baseURL, token, 2);
      await control.setClock({ now: '2026-12-06T02:30:00Z', frozen: true });
      expect(await client.step('during', 'GET', `${LIST}${settings.importSupplier}/`)).toBe(false);
      await control.setClock({ now: '2026-12-06T04:00:00Z', frozen: true });
      // A token outlives the window only if the clock allows it: obtain one for after it.
      const after = retryingClient(request, settings.baseURL, await obtainToken(), 1);
      expect(await after.step('after', 'GET', `${LIST}${settings.importSupplier}/`)).toBe(true);
      expect(client.met).toEqual(
        Array(2).fill({
          step: 'during',
          status: 503,
          code: 'service_unavailable',
          retryAfter: '600',
        }),
      );
    } finally {
      await control.setClock({ now: before.now, frozen: before.frozen });
    }
  });
});
