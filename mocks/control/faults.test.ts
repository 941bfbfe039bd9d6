/**
 * The fault plan through the control API and the edge (decision 024), in-process through
 * `service.handle()`: every fault status with its catalogue body, latency through the injected
 * sleep, the journal's mark, nothing changed before the change, bad plans refused.
 */

import { describe, expect, test } from 'vitest';
import { mockControl } from '../../spec/index.ts';
import { defaultConfig } from '../defaults.ts';
import { INJECTED_STATUS_ANSWERS } from '../domain/faults.test-helper.ts';
import { createTestClient } from '../test-client.ts';

const VALIDATE = '/v1/data-import/validate-account/';
const STAGE = '/v1/data-import/account-import-process/create-or-update/';

/** A logged-in client whose sleeps are recorded instead of waited. */
async function client(options: Parameters<typeof createTestClient>[0] = {}) {
  const waits: number[] = [];
  const c = createTestClient(options);
  c.mock.service.env.sleep = async (ms) => {
    waits.push(ms);
  };
  await c.login();
  return { ...c, waits };
}

async function plan(c: Awaited<ReturnType<typeof client>>, rules: unknown[], seed = 1) {
  const response = await c.call('PUT', '/__mock/faults', { seed, rules });
  expect(response.status).toBe(200);
  return response;
}

async function journal(c: Awaited<ReturnType<typeof client>>) {
  return (await c.call('GET', '/__mock/journal')).body as {
    operation_id: string | null;
    status: number;
    fault?: Record<string, unknown>;
  }[];
}

describe('control API: getFaults, setFaults, addFaultRule, removeFaultRule, clearFaults', () => {
  test('a fresh mock injects no fault; a plan set and a rule added are listed with counters', async () => {
    const c = await client();
    expect((await c.call('GET', '/__mock/faults')).body).toMatchObject({ name: null, rules: [] });
    await plan(c, [{ operation_id: 'validateAccount', status: 500, times: 2 }], 42);
    const added = await c.call('POST', '/__mock/faults/rules', { status: 502, share: 0.5 });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: 'f2',
      rule: { status: 502, share: 0.5 },
      injected: 0,
      remaining: null,
    });
    const listed = await c.call('GET', '/__mock/faults');
    expect(listed.body).toEqual({
      name: null,
      seed: 42,
      rules: [
        {
          id: 'f1',
          rule: { operation_id: 'validateAccount', status: 500, times: 2 },
          injected: 0,
          remaining: 2,
        },
        { id: 'f2', rule: { status: 502, share: 0.5 }, injected: 0, remaining: null },
      ],
    });
    expect(
      mockControl.checkResponse('getFaults', 200, 'application/json', listed.body).problems,
    ).toEqual([]);
    expect((await c.call('DELETE', '/__mock/faults/rules/f1')).status).toBe(200);
    const gone = await c.call('DELETE', '/__mock/faults/rules/f1');
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      detail: 'The fault plan holds no rule f1.',
      code: 'fault_rule_not_found',
      errors: [],
    });
    expect((await c.call('DELETE', '/__mock/faults')).body).toMatchObject({ rules: [] });
  });

  test.each([
    ['a share above 1', { status: 500, share: 1.5 }, 'share'],
    ['times 0', { status: 500, times: 0 }, 'times'],
    ['times past a million', { status: 500, times: 1_000_001 }, 'times'],
    ['a latency past 30 s', { latency: { distribution: 'fixed', ms: 30_001 } }, 'latency'],
    ['a slow body past 30 s', { connection: 'slow_body', slow_body_ms: 30_001 }, 'slow_body_ms'],
    [
      'a sigma past 3',
      { latency: { distribution: 'lognormal', median_ms: 5, sigma: 9 } },
      'latency',
    ],
    ['a status no fault answers', { status: 418 }, 'status'],
    [
      'an operation the interface lacks',
      { operation_id: '__proto__', status: 500 },
      'operation_id',
    ],
    ['an account without its supplier', { external_account_number: 'X', status: 500 }, ''],
    ['a rule that does nothing', { times: 3 }, ''],
    ['an unknown field', { status: 500, constructor: 1 }, ''],
    [
      'a Retry-After past a day',
      { status: 503, retry_after_seconds: 86_401 },
      'retry_after_seconds',
    ],
    [
      'a window that ends before it starts',
      { status: 503, from: '2026-11-26T04:00:00Z', until: '2026-11-26T02:00:00Z' },
      'from',
    ],
  ])('%s is refused with the kit’s error shape and changes nothing', async (_name, rule, attr) => {
    const c = await client();
    await plan(c, [{ status: 504, operation_id: 'obtainToken' }]);
    const before = JSON.stringify((await c.call('GET', '/__mock/faults')).body);
    const state = c.snapshot();
    const added = await c.call('POST', '/__mock/faults/rules', rule);
    const replaced = await c.call('PUT', '/__mock/faults', { rules: [rule] });
    for (const response of [added, replaced]) {
      expect(response.status).toBe(400);
      const body = response.body as { code: string; errors: { attr: string }[] };
      expect(body).toMatchObject({ detail: expect.any(String), code: 'request_failed_validation' });
      expect(body.errors.length).toBeGreaterThan(0);
      if (attr) expect(body.errors.map((e) => e.attr).join(' ')).toContain(attr);
    }
    expect(JSON.stringify((await c.call('GET', '/__mock/faults')).body)).toBe(before);
    expect(c.snapshot()).toBe(state);
  });

  test('a plan of more than 100 rules, or a 101st rule, is refused', async () => {
    const c = await client();
    const many = Array.from({ length: 101 }, () => ({ status: 500, operation_id: 'obtainToken' }));
    expect((await c.call('PUT', '/__mock/faults', { rules: many })).status).toBe(400);
    await plan(c, many.slice(1));
    const full = await c.call('POST', '/__mock/faults/rules', { status: 500 });
    expect(full.status).toBe(400);
    expect(full.body).toMatchObject({ code: 'fault_plan_full' });
  });

  test('the control API is never faulted, so the operator can always clear a plan', async () => {
    const c = await client();
    await plan(c, [{ status: 503 }, { connection: 'reset' }]);
    expect((await c.call('GET', '/__mock/faults')).status).toBe(200);
    expect((await c.call('GET', '/__mock/health')).status).toBe(200);
    expect((await c.call('DELETE', '/__mock/faults')).status).toBe(200);
    expect((await c.call('POST', VALIDATE, c.account())).status).toBe(200);
  });

  test('reset goes back to the configured plan with its counters from the start', async () => {
    const c = await client({
      config: {
        ...defaultConfig,
        faults: { seed: 3, rules: [{ operation_id: 'validateAccount', status: 502, times: 1 }] },
      },
    });
    expect((await c.call('POST', VALIDATE, c.account())).status).toBe(502);
    await c.call('POST', '/__mock/faults/rules', { status: 500 });
    await c.call('POST', '/__mock/reset');
    await c.login();
    expect((await c.call('GET', '/__mock/faults')).body).toEqual({
      name: null,
      seed: 3,
      rules: [
        {
          id: 'f1',
          rule: { operation_id: 'validateAccount', status: 502, times: 1 },
          injected: 0,
          remaining: 1,
        },
      ],
    });
  });
});

describe('control API: listFaultProfiles, setFaultProfile', () => {
  test('the named profiles are listed in order, each with its seeded plan', async () => {
    const c = await client();
    const listed = await c.call('GET', '/__mock/faults/profiles');
    expect(listed.status).toBe(200);
    expect(
      mockControl.checkResponse('listFaultProfiles', 200, 'application/json', listed.body).problems,
    ).toEqual([]);
    const { profiles } = listed.body as { profiles: { name: string; seed: number }[] };
    expect(profiles.map((p) => p.name)).toEqual([
      'flaky-network',
      'rate-limited',
      'slow-platform',
      'maintenance-window',
    ]);
    for (const p of profiles) expect(p.seed).toEqual(expect.any(Number));
  });

  test('a profile loaded by name is in force from its seed, and its faults start from the first', async () => {
    const c = await client();
    const loaded = await c.call('PUT', '/__mock/faults/profile', { name: 'rate-limited' });
    expect(loaded.status).toBe(200);
    expect(
      mockControl.checkResponse('setFaultProfile', 200, 'application/json', loaded.body).problems,
    ).toEqual([]);
    expect(loaded.body).toMatchObject({ name: 'rate-limited', seed: 20261127 });
    const processed = await c.process('TEST-1');
    expect(processed.status).toBe(429);
    expect(processed.body).toMatchObject({ code: 'concurrency_limit_exceeded' });
    // Loading it again starts its counters again: process's three 429s come back.
    await c.process('TEST-1');
    await c.call('PUT', '/__mock/faults/profile', { name: 'rate-limited' });
    const listed = (await c.call('GET', '/__mock/faults')).body as {
      rules: { injected: number; remaining: number | null }[];
    };
    expect(listed.rules[0]).toMatchObject({ injected: 0, remaining: 3 });
  });

  test('an unknown name is refused with the names to choose from, and the plan stays', async () => {
    const c = await client();
    await plan(c, [{ operation_id: 'validateAccount', status: 500 }], 9);
    const refused = await c.call('PUT', '/__mock/faults/profile', { name: 'chaos' });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({
      detail:
        'No fault profile is named chaos; choose flaky-network, rate-limited, slow-platform, maintenance-window.',
      code: 'fault_profile_not_found',
      errors: [],
    });
    expect((await c.call('GET', '/__mock/faults')).body).toMatchObject({ name: null, seed: 9 });
  });

  test.each([
    [{}, 'name'],
    [{ name: '__proto__' }, 'name'],
    [{ name: 'x'.repeat(65) }, 'name'],
    [{ name: 'rate-limited', rules: [] }, 'rules'],
  ])('a malformed choice %j is refused naming %s, and the plan stays', async (body, attr) => {
    const c = await client();
    const refused = await c.call('PUT', '/__mock/faults/profile', body);
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: { attr: string }[] }).errors.map((e) => e.attr)).toContain(
      attr,
    );
    expect((await c.call('GET', '/__mock/faults')).body).toMatchObject({ name: null, rules: [] });
  });
});

describe('the edge: injected statuses', () => {
  test.each(INJECTED_STATUS_ANSWERS)(
    '[ERR-1] %i answers %s in the error shape, with Retry-After %s, and nothing changes',
    async (status, code, retry) => {
      const c = await client();
      await plan(c, [{ operation_id: 'createOrUpdateAccountImportProcess', status, times: 1 }]);
      const account = c.account();
      const state = c.snapshot();
      const response = await c.call('POST', STAGE, account);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ detail: expect.any(String), code, errors: [] });
      expect(response.headers?.['retry-after'] ?? null).toBe(retry);
      expect(c.snapshot()).toBe(state);
      // The rule fired once; the same request now stages the account.
      expect((await c.call('POST', STAGE, account)).status).toBe(201);
    },
  );

  test('[PRC-9] an injected 429 on process is the reference’s concurrency_limit_exceeded', async () => {
    const c = await client();
    await plan(c, [
      { operation_id: 'processAccountImportProcess', status: 429, retry_after_seconds: 7 },
    ]);
    const response = await c.process('ANY-1');
    expect(response.status).toBe(429);
    expect(response.body).toMatchObject({ code: 'concurrency_limit_exceeded', errors: [] });
    expect(response.headers).toEqual({ 'retry-after': '7' });
  });

  test('[GEN-9] after the change, the account is staged and the answer is the fault’s', async () => {
    const c = await client();
    await plan(c, [
      { operation_id: 'createOrUpdateAccountImportProcess', status: 504, after_change: true },
    ]);
    const account = c.account();
    const response = await c.call('POST', STAGE, account);
    expect(response.status).toBe(504);
    expect(
      c.mock.state.accounts.get(`DEMO_ENERGY/${account.external_account_number}`)?.status,
    ).toBe('staged');
  });

  test('a rule for one supplier’s account faults only that account, named in the body', async () => {
    const c = await client();
    const target = c.account();
    const other = c.account();
    await plan(c, [
      {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: target.external_account_number,
        status: 503,
      },
    ]);
    expect((await c.call('POST', STAGE, other)).status).toBe(201);
    expect((await c.call('POST', STAGE, target)).status).toBe(503);
  });

  test('latency waits through the environment’s sleep before the answer, and the journal marks it', async () => {
    const c = await client();
    await plan(c, [
      { operation_id: 'validateAccount', latency: { distribution: 'fixed', ms: 1500 } },
    ]);
    expect((await c.call('POST', VALIDATE, c.account())).status).toBe(200);
    expect(c.waits).toEqual([1500]);
    const entries = await journal(c);
    expect(entries.at(-1)).toMatchObject({
      operation_id: 'validateAccount',
      status: 200,
      fault: { kind: 'latency', rule_id: 'f1', latency_ms: 1500, after_change: false },
    });
  });

  test('the journal marks each injected fault and only those', async () => {
    const c = await client();
    await plan(c, [{ operation_id: 'validateAccount', status: 502, times: 1 }]);
    await c.call('POST', VALIDATE, c.account());
    await c.call('POST', VALIDATE, c.account());
    const entries = (await journal(c)).filter((e) => e.operation_id === 'validateAccount');
    expect(entries.map((e) => [e.status, e.fault ?? null])).toEqual([
      [502, { kind: 'status', rule_id: 'f1', status: 502, after_change: false }],
      [200, null],
    ]);
    const view = await c.call('GET', '/__mock/journal');
    expect(
      mockControl.checkResponse('getJournal', 200, 'application/json', view.body).problems,
    ).toEqual([]);
  });

  test('a fault fires before authentication, as a gateway’s would', async () => {
    const c = await client();
    await plan(c, [{ operation_id: 'validateAccount', status: 503 }]);
    expect((await c.call('POST', VALIDATE, c.account(), { token: null })).status).toBe(503);
  });
});

describe('the edge: Prefer (Prism’s per-request override)', () => {
  test('[ERR-1] code=400 answers the documented example and changes nothing', async () => {
    const c = await client();
    const account = c.account();
    expect((await c.call('POST', STAGE, account)).status).toBe(201);
    const state = c.snapshot();
    // Processing would import the staged account; the named 400 example comes instead.
    const named = await c.call(
      'POST',
      '/v1/data-import/account-import-process/process/',
      {
        import_supplier_code: 'DEMO_ENERGY',
        external_account_number: account.external_account_number,
        operations_team_name: 'MIGRATIONS',
      },
      { headers: { prefer: 'code=400, example=OperationsTeamNameDoesNotExist' } },
    );
    expect(named.status).toBe(400);
    expect(named.body).toMatchObject({ errors: [{ code: 'operations_team_name_does_not_exist' }] });
    expect(c.problems('processAccountImportProcess', named)).toEqual([]);
    // Without example=, the first documented 400.
    const first = await c.call('POST', STAGE, c.account(), { headers: { prefer: 'code=400' } });
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ code: 'account_failed_validation' });
    expect(c.problems('createOrUpdateAccountImportProcess', first)).toEqual([]);
    expect(c.snapshot()).toBe(state);
  });

  test('code=503 that the operation does not document gets the catalogue body with Retry-After', async () => {
    const c = await client();
    const response = await c.call('POST', VALIDATE, c.account(), {
      headers: { prefer: 'code=503' },
    });
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'service_unavailable', errors: [] });
    expect(response.headers).toEqual({ 'retry-after': '1' });
    expect((await journal(c)).at(-1)?.fault).toEqual({
      kind: 'prefer',
      rule_id: null,
      status: 503,
      after_change: false,
    });
  });

  test('a code neither documented nor a fault status, or an unknown example, is refused', async () => {
    const c = await client();
    const state = c.snapshot();
    for (const prefer of ['code=418', 'code=400, example=NoSuchExample']) {
      const response = await c.call('POST', STAGE, c.account(), { headers: { prefer } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'prefer_code_not_documented', errors: [] });
    }
    expect(c.snapshot()).toBe(state);
  });

  test('a success code, dynamic= and an unreadable code leave the stateful answer', async () => {
    const c = await client();
    for (const prefer of ['code=200', 'dynamic=true', 'code=abc', 'example=AccountStaged']) {
      const response = await c.call('POST', STAGE, c.account(), { headers: { prefer } });
      expect(response.status).toBe(201);
    }
  });

  test('[AUTH-2] Prefer comes after authentication: no token is still 401', async () => {
    const c = await client();
    const response = await c.call('POST', VALIDATE, c.account(), {
      token: null,
      headers: { prefer: 'code=500' },
    });
    expect(response.status).toBe(401);
  });
});
