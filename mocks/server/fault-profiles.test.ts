/**
 * The shipped fault profiles and their loading (decision 024): each is a valid, seeded plan named
 * as its file; the same profile over the same requests meets the same faults in the same order,
 * through the MSW factory's `faults` option and through `--faults` on the standalone server; a
 * bad profile is refused with a message naming the field.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createDataImportMock } from '../create-mock.ts';
import { defaultConfig } from '../defaults.ts';
import type { FaultPlan } from '../domain/faults.ts';
import { nodeEnv } from '../node-env.ts';
import { loadConfigFile } from './config-file.ts';
import { startMock } from './crash-trial.ts';
import { faultProfileNames, loadFaultProfile } from './fault-profiles.ts';

const dir = mkdtempSync(join(tmpdir(), 'fault-profiles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LIST = '/v1/data-import/all-account-import-processes/DEMO_ENERGY/';
const NOW = Date.parse('2026-12-06T01:00:00Z');

/** A mock on the MSW factory with a profile, its sleeps recorded, and a token. */
async function mockWith(faults: FaultPlan) {
  const waits: number[] = [];
  const env = nodeEnv({
    now: () => NOW,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  const mock = createDataImportMock({ env, faults });
  const call = (method: string, path: string, body?: unknown, token?: string) =>
    mock.service.handle({
      method,
      path,
      query: {},
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Token ${token}` } : {}),
      },
      bodyText: body === undefined ? '' : JSON.stringify(body),
    });
  return { mock, waits, call };
}

/** Statuses and waits of `n` list requests, authenticated with a token made in the state. */
async function trace(profile: FaultPlan, n: number) {
  const { mock, waits, call } = await mockWith(profile);
  // A token written straight into the state: the trace is about the list requests only.
  mock.service.state.tokens[mock.service.env.hash('trace-token')] = {
    kind: 'access',
    subject: 'Demo Energy',
    issuedAt: '2026-12-06T00:00:00Z',
    expiresAt: '2026-12-07T00:00:00Z',
  };
  const statuses: string[] = [];
  for (let i = 0; i < n; i++) {
    const response = await call('GET', LIST, undefined, 'trace-token');
    statuses.push(`${response.status}${response.connection ? `/${response.connection.kind}` : ''}`);
  }
  return { statuses, waits };
}

describe('fault profiles', () => {
  test('the kit ships flaky-network, maintenance-window, rate-limited and slow-platform', () => {
    expect(faultProfileNames()).toEqual([
      'flaky-network',
      'maintenance-window',
      'rate-limited',
      'slow-platform',
    ]);
  });

  test.each(faultProfileNames())('%s is a valid, seeded plan named as its file', (name) => {
    const plan = loadFaultProfile(name);
    expect(plan.name).toBe(name);
    expect(plan.seed).toEqual(expect.any(Number));
    expect(plan.rules.length).toBeGreaterThan(0);
  });

  test.each(['flaky-network', 'rate-limited', 'slow-platform'])(
    '%s: two runs over the same requests meet the same faults in the same order',
    async (name) => {
      const first = await trace(loadFaultProfile(name), 120);
      const second = await trace(loadFaultProfile(name), 120);
      expect(second).toEqual(first);
      // The profile does something: some requests are faulted or wait.
      expect(first.statuses.some((s) => s !== '200') || first.waits.length > 0).toBe(true);
    },
  );

  test('rate-limited: about a third of the requests get 429 with Retry-After 1', async () => {
    const { statuses } = await trace(loadFaultProfile('rate-limited'), 300);
    const limited = statuses.filter((s) => s === '429').length;
    expect(limited).toBeGreaterThan(60);
    expect(limited).toBeLessThan(140);
  });

  test('maintenance-window: 503 with Retry-After 600 only while the mock clock is in the window', async () => {
    const { call } = await mockWith(loadFaultProfile('maintenance-window'));
    const health = () => call('POST', '/v1/data-import/validate-account/', {});
    // Before the window, the request is answered (401: no token), not faulted.
    expect((await health()).status).toBe(401);
    await call('PUT', '/__mock/clock', { now: '2026-12-06T02:30:00Z', frozen: true });
    const during = await health();
    expect(during.status).toBe(503);
    expect(during.headers).toEqual({ 'retry-after': '600' });
    expect(during.body).toMatchObject({ code: 'service_unavailable' });
    await call('PUT', '/__mock/clock', { now: '2026-12-06T04:00:00Z', frozen: true });
    expect((await health()).status).toBe(401);
  });

  test('a file of one’s own loads; a bad one is refused naming every field', () => {
    const good = join(dir, 'good.yaml');
    writeFileSync(
      good,
      'seed: 1\nrules:\n  - {operation_id: validateAccount, status: 502, times: 2}\n',
    );
    expect(loadFaultProfile(good)).toEqual({
      seed: 1,
      rules: [{ operation_id: 'validateAccount', status: 502, times: 2 }],
    });
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'rules:\n  - {status: 500, share: 2}\n  - {status: 503, __proto__: 1}\n');
    expect(() => loadFaultProfile(bad)).toThrow(/bad\.yaml is not valid:\n.*rules\.0\.share/s);
    const inverted = join(dir, 'inverted.yaml');
    writeFileSync(
      inverted,
      "rules:\n  - {status: 503, from: '2026-12-06T04:00:00Z', until: '2026-12-06T02:00:00Z'}\n",
    );
    expect(() => loadFaultProfile(inverted)).toThrow(/rules\.0\.from: from must not be later/);
    expect(() => loadFaultProfile('no-such-profile')).toThrow(
      /no such file, and no fault profile of that name \(flaky-network, maintenance-window, rate-limited, slow-platform\)/,
    );
  });

  test('a config file’s faults are the plan the mock starts and resets with; a bad range is refused', async () => {
    const file = join(dir, 'config.yaml');
    writeFileSync(
      file,
      `${JSON.stringify({ ...defaultConfig, faults: { seed: 5, rules: [{ status: 504, operation_id: 'validateAccount' }] } })}\n`,
    );
    const config = loadConfigFile(file);
    const mock = createDataImportMock({ config, env: nodeEnv() });
    expect(mock.service.faults.rules.map((r) => r.rule)).toEqual([
      { status: 504, operation_id: 'validateAccount' },
    ]);
    const inverted = join(dir, 'inverted-config.yaml');
    writeFileSync(
      inverted,
      `${JSON.stringify({ ...defaultConfig, faults: { rules: [{ latency: { distribution: 'uniform', min_ms: 9, max_ms: 1 } }] } })}\n`,
    );
    expect(() => loadConfigFile(inverted)).toThrow(/faults\.rules\.0\.latency\.min_ms/);
  });
});

describe('data-import-mock --faults', () => {
  test('--faults NAME serves the profile: the plan is listed and the journal marks the faults', async () => {
    const server = await startMock(['--faults', 'rate-limited', '--quiet']);
    try {
      const plan = await (await fetch(`${server.base}/__mock/faults`)).json();
      expect(plan).toMatchObject({ name: 'rate-limited', seed: 20261127 });
      // process's first three requests get PRC-9's 429, whatever their body.
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const response = await fetch(
          `${server.base}/v1/data-import/account-import-process/process/`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
        );
        answers.push([
          response.status,
          response.headers.get('retry-after'),
          (await response.json()).code,
        ]);
      }
      expect(answers).toEqual(Array(3).fill([429, '2', 'concurrency_limit_exceeded']));
      const journal = await (await fetch(`${server.base}/__mock/journal`)).json();
      expect(journal.filter((e: { fault?: unknown }) => e.fault)).toHaveLength(3);
    } finally {
      server.child.kill('SIGTERM');
    }
  });
});
