/**
 * Every fault kind through both adapters (decision 024): the standalone node:http server on
 * loopback and the MSW handlers in-process. Waits are recorded by an injected sleep, never
 * measured. Each status, each latency distribution, each connection fault before and after the
 * change, and the journal's mark of each, on both; also a parallel client hammering one rule's
 * count through node:http.
 */

import { Agent, request } from 'node:http';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { DataImportMock } from '../create-mock.ts';
import { INJECTED_STATUS_ANSWERS } from '../domain/faults.test-helper.ts';
import type { FaultRule } from '../domain/faults.ts';
import { createTestClient } from '../test-client.ts';
import { type Loopback, serveOnLoopback } from './loopback.test-helper.ts';
import { SLOW_BODY_PIECES } from './node-server.ts';

const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const LIST = '/v1/data-import/all-account-import-processes/DEMO_ENERGY/';

/** A mock whose sleeps are recorded and return at once, with a token and an account to stage. */
async function faultyMock() {
  const waits: number[] = [];
  const client = createTestClient();
  client.mock.service.env.sleep = async (ms) => {
    waits.push(ms);
  };
  const token = await client.login();
  return { mock: client.mock, waits, token, account: () => client.account() };
}

function setRules(mock: DataImportMock, rules: FaultRule[]) {
  return mock.service
    .handle({
      method: 'PUT',
      path: '/__mock/faults',
      query: {},
      headers: { 'content-type': 'application/json' },
      bodyText: JSON.stringify({ seed: 1, rules }),
    })
    .then((r) => expect(r.status).toBe(200));
}

function staged(mock: DataImportMock, externalAccountNumber: string): boolean {
  return mock.state.accounts.get(`DEMO_ENERGY/${externalAccountNumber}`) !== undefined;
}

/** The fault marks the journal holds, oldest first. */
function marks(mock: DataImportMock) {
  return mock.service.journal
    .entries({ bodies: false })
    .filter((e) => e.fault)
    .map((e) => e.fault);
}

/**
 * A latency rule of `times: 2` under three requests: two waits within [low, high], each marked in
 * the journal with the drawn time, whichever adapter carried them.
 */
function expectTwoWaitsMarked(
  setup: Awaited<ReturnType<typeof faultyMock>>,
  low: number,
  high: number,
) {
  expect(setup.waits).toHaveLength(2);
  for (const ms of setup.waits) expect(ms).toBeGreaterThanOrEqual(low);
  for (const ms of setup.waits) expect(ms).toBeLessThanOrEqual(high);
  expect(marks(setup.mock)).toEqual(
    setup.waits.map((ms) => ({
      kind: 'latency',
      rule_id: 'f1',
      after_change: false,
      latency_ms: ms,
    })),
  );
}

/** One rule of each latency distribution, and the bounds its wait must fall in. */
const LATENCIES: [string, FaultRule['latency'], number, number][] = [
  ['fixed', { distribution: 'fixed', ms: 2500 }, 2500, 2500],
  ['uniform', { distribution: 'uniform', min_ms: 10, max_ms: 20 }, 10, 20],
  ['lognormal', { distribution: 'lognormal', median_ms: 200, sigma: 0.5 }, 1, 30_000],
];

interface RawAnswer {
  status?: number;
  headers?: Record<string, string | string[] | undefined>;
  body: string;
  /** The error the connection ended with, if it did not end cleanly. */
  error?: string;
}

/** One request over node:http, reporting how the connection ended rather than throwing. */
function send(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  agent?: Agent,
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: agent ?? false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(token ? { authorization: `Token ${token}` } : {}),
        },
      },
      (res) => {
        let received = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          received += chunk;
        });
        const answer = () => ({ status: res.statusCode, headers: res.headers, body: received });
        res.on('end', () => resolve(answer()));
        res.on('aborted', () => resolve({ ...answer(), error: 'aborted' }));
        res.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ ...answer(), error: error.code ?? error.message }),
        );
      },
    );
    // The message tells a reset ("read ECONNRESET") from a close ("socket hang up"), whose
    // code Node also gives as ECONNRESET.
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ body: '', error: error.message }));
    req.end(text);
  });
}

describe('node:http adapter: injected faults', () => {
  let setup: Awaited<ReturnType<typeof faultyMock>>;
  let loopback: Loopback;
  let base = '';
  beforeEach(async () => {
    setup = await faultyMock();
    loopback = await serveOnLoopback(setup.mock.service);
    base = loopback.base;
  });
  afterEach(() => loopback.close());

  test.each(INJECTED_STATUS_ANSWERS)(
    '[ERR-1] a %i fault answers %s with its headers and stages nothing',
    async (status, code, retry) => {
      await setRules(setup.mock, [
        {
          operation_id: 'createOrUpdateAccountImportProcess',
          status: status as FaultRule['status'],
        },
      ]);
      const account = setup.account();
      const answer = await send(base, 'POST', STAGE, account, setup.token);
      expect(answer.error).toBeUndefined();
      expect(answer.status).toBe(status);
      expect(JSON.parse(answer.body)).toEqual({ detail: expect.any(String), code, errors: [] });
      expect(answer.headers?.['retry-after'] ?? null).toBe(retry);
      expect(staged(setup.mock, account.external_account_number)).toBe(false);
    },
  );

  test('reset: the connection is reset with no answer, and nothing is staged', async () => {
    await setRules(setup.mock, [{ connection: 'reset' }]);
    const account = setup.account();
    const answer = await send(base, 'POST', STAGE, account, setup.token);
    expect(answer.status).toBeUndefined();
    expect(answer.error).toBe('read ECONNRESET');
    expect(staged(setup.mock, account.external_account_number)).toBe(false);
  });

  test('[GEN-9] reset after the change: the account is staged, and the client never hears it', async () => {
    await setRules(setup.mock, [{ connection: 'reset', after_change: true, times: 1 }]);
    const account = setup.account();
    const lost = await send(base, 'POST', STAGE, account, setup.token);
    expect(lost.error).toBe('read ECONNRESET');
    expect(staged(setup.mock, account.external_account_number)).toBe(true);
    // The client's retry of the same request is answered as an update of the staged account.
    const retried = await send(base, 'POST', STAGE, account, setup.token);
    expect(retried.status).toBe(200);
  });

  test('empty: the connection closes without a byte of answer', async () => {
    await setRules(setup.mock, [{ connection: 'empty' }]);
    const answer = await send(base, 'GET', LIST, undefined, setup.token);
    expect(answer.status).toBeUndefined();
    expect(answer.error).toBe('socket hang up');
  });

  test('truncated: the headers promise the whole body and half of it comes', async () => {
    await setRules(setup.mock, [
      { operation_id: 'listAllAccountImportProcesses', connection: 'truncated', status: 502 },
    ]);
    const answer = await send(base, 'GET', LIST, undefined, setup.token);
    expect(answer.status).toBe(502);
    expect(answer.error).toBeDefined();
    const length = Number(answer.headers?.['content-length']);
    expect(Buffer.byteLength(answer.body)).toBe(Math.floor(length / 2));
    expect(() => JSON.parse(answer.body)).toThrow();
  });

  test('slow_body after the change: the real answer comes whole, paced by the injected sleep', async () => {
    await setRules(setup.mock, [
      {
        operation_id: 'createOrUpdateAccountImportProcess',
        connection: 'slow_body',
        slow_body_ms: 4000,
        after_change: true,
      },
    ]);
    const account = setup.account();
    const answer = await send(base, 'POST', STAGE, account, setup.token);
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({
      external_account_number: account.external_account_number,
    });
    expect(setup.waits).toEqual(Array(SLOW_BODY_PIECES).fill(4000 / SLOW_BODY_PIECES));
  });

  test('latency: the answer waits through the injected sleep', async () => {
    await setRules(setup.mock, [
      { latency: { distribution: 'uniform', min_ms: 10, max_ms: 20 }, times: 3 },
    ]);
    for (let i = 0; i < 4; i++) {
      expect((await send(base, 'GET', LIST, undefined, setup.token)).status).toBe(200);
    }
    expect(setup.waits).toHaveLength(3);
    for (const ms of setup.waits) expect(ms).toBeGreaterThanOrEqual(10);
    for (const ms of setup.waits) expect(ms).toBeLessThanOrEqual(20);
  });

  test.each(LATENCIES)(
    'latency %s: the answer waits the drawn time, and the journal marks the wait',
    async (_name, latency, low, high) => {
      await setRules(setup.mock, [{ latency, times: 2 }]);
      for (let i = 0; i < 3; i++) {
        expect((await send(base, 'GET', LIST, undefined, setup.token)).status).toBe(200);
      }
      expectTwoWaitsMarked(setup, low, high);
    },
  );

  test('[GEN-9] a 504 after the change: the account is staged and the client hears 504', async () => {
    await setRules(setup.mock, [{ status: 504, after_change: true, times: 1 }]);
    const account = setup.account();
    const answer = await send(base, 'POST', STAGE, account, setup.token);
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'gateway_timeout' });
    expect(staged(setup.mock, account.external_account_number)).toBe(true);
    expect(marks(setup.mock)).toEqual([
      { kind: 'status', rule_id: 'f1', status: 504, after_change: true },
    ]);
  });

  test('[GEN-9] empty after the change: no byte comes, and the account is staged', async () => {
    await setRules(setup.mock, [{ connection: 'empty', after_change: true }]);
    const account = setup.account();
    const answer = await send(base, 'POST', STAGE, account, setup.token);
    expect(answer.error).toBe('socket hang up');
    expect(staged(setup.mock, account.external_account_number)).toBe(true);
  });

  test('[GEN-9] truncated after the change: the 201 comes cut in half, and the account is staged', async () => {
    await setRules(setup.mock, [{ connection: 'truncated', after_change: true }]);
    const account = setup.account();
    const answer = await send(base, 'POST', STAGE, account, setup.token);
    expect(answer.status).toBe(201);
    expect(answer.error).toBeDefined();
    expect(Buffer.byteLength(answer.body)).toBe(
      Math.floor(Number(answer.headers?.['content-length']) / 2),
    );
    expect(staged(setup.mock, account.external_account_number)).toBe(true);
  });

  test('slow_body before the change: a whole 503 comes slowly, and nothing is staged', async () => {
    await setRules(setup.mock, [{ connection: 'slow_body', slow_body_ms: 1600 }]);
    const account = setup.account();
    const answer = await send(base, 'POST', STAGE, account, setup.token);
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(503);
    expect(answer.headers?.['retry-after']).toBe('1');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'service_unavailable' });
    expect(setup.waits).toEqual(Array(SLOW_BODY_PIECES).fill(1600 / SLOW_BODY_PIECES));
    expect(staged(setup.mock, account.external_account_number)).toBe(false);
  });

  test.each(['reset', 'empty', 'truncated', 'slow_body'] as const)(
    'the journal marks a %s with its connection fault and carried status',
    async (connection) => {
      await setRules(setup.mock, [{ connection, times: 1 }]);
      await send(base, 'GET', LIST, undefined, setup.token);
      expect(marks(setup.mock)).toEqual([
        { kind: 'connection', rule_id: 'f1', status: 503, connection, after_change: false },
      ]);
    },
  );

  test('a parallel client takes exactly the rule’s count of faults, never more or fewer', async () => {
    await setRules(setup.mock, [
      { operation_id: 'listAllAccountImportProcesses', status: 503, times: 37 },
    ]);
    const agent = new Agent({ keepAlive: true, maxSockets: 24 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => send(base, 'GET', LIST, undefined, setup.token, agent)),
    );
    agent.destroy();
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 503)).toHaveLength(37);
    expect(statuses.filter((s) => s === 200)).toHaveLength(163);
    expect(setup.mock.service.faults.rules[0]).toMatchObject({ injected: 37, remaining: 0 });
    const journal = setup.mock.service.journal.entries({ bodies: false });
    expect(journal.filter((e) => e.fault?.status === 503)).toHaveLength(37);
  });
});

describe('MSW adapter: injected faults', () => {
  const BASE = 'http://faults.mock.test';
  let setup: Awaited<ReturnType<typeof faultyMock>>;
  // One MSW server for the file; each test swaps in a fresh mock's handlers (any origin).
  const server = setupServer();

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(async () => {
    setup = await faultyMock();
    server.resetHandlers(...setup.mock.handlers);
  });

  const post = (path: string, body: unknown) =>
    fetch(`${BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${setup.token}` },
      body: JSON.stringify(body),
    });
  const get = (path: string) =>
    fetch(`${BASE}${path}`, { headers: { authorization: `Token ${setup.token}` } });

  test.each(INJECTED_STATUS_ANSWERS)(
    '[ERR-1] a %i fault answers %s with its headers and stages nothing',
    async (status, code, retry) => {
      await setRules(setup.mock, [
        {
          operation_id: 'createOrUpdateAccountImportProcess',
          status: status as FaultRule['status'],
        },
      ]);
      const account = setup.account();
      const response = await post(STAGE, account);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ detail: expect.any(String), code, errors: [] });
      expect(response.headers.get('retry-after')).toBe(retry);
      expect(staged(setup.mock, account.external_account_number)).toBe(false);
    },
  );

  test.each(['reset', 'empty'] as const)(
    '%s: a network error, and nothing is staged',
    async (connection) => {
      await setRules(setup.mock, [{ connection }]);
      const account = setup.account();
      await expect(post(STAGE, account)).rejects.toThrow(TypeError);
      expect(staged(setup.mock, account.external_account_number)).toBe(false);
    },
  );

  test('[GEN-9] reset after the change: a network error, and the account is staged', async () => {
    await setRules(setup.mock, [{ connection: 'reset', after_change: true, times: 1 }]);
    const account = setup.account();
    await expect(post(STAGE, account)).rejects.toThrow(TypeError);
    expect(staged(setup.mock, account.external_account_number)).toBe(true);
    expect((await post(STAGE, account)).status).toBe(200);
  });

  test('truncated: the status comes, and the body fails after half of it', async () => {
    await setRules(setup.mock, [
      { operation_id: 'listAllAccountImportProcesses', connection: 'truncated' },
    ]);
    const response = await get(LIST);
    expect(response.status).toBe(503);
    await expect(response.text()).rejects.toThrow();
  });

  test('slow_body after the change: the real answer comes whole, paced by the injected sleep', async () => {
    await setRules(setup.mock, [
      {
        operation_id: 'createOrUpdateAccountImportProcess',
        connection: 'slow_body',
        slow_body_ms: 800,
        after_change: true,
      },
    ]);
    const account = setup.account();
    const response = await post(STAGE, account);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      external_account_number: account.external_account_number,
    });
    expect(setup.waits).toEqual(Array(SLOW_BODY_PIECES).fill(800 / SLOW_BODY_PIECES));
  });

  test.each(LATENCIES)(
    'latency %s: the answer waits the drawn time, and the journal marks the wait',
    async (_name, latency, low, high) => {
      await setRules(setup.mock, [{ latency, times: 2 }]);
      for (let i = 0; i < 3; i++) expect((await get(LIST)).status).toBe(200);
      expectTwoWaitsMarked(setup, low, high);
    },
  );

  test('[GEN-9] a 504 after the change: the account is staged and the client hears 504', async () => {
    await setRules(setup.mock, [{ status: 504, after_change: true, times: 1 }]);
    const account = setup.account();
    const response = await post(STAGE, account);
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'gateway_timeout' });
    expect(staged(setup.mock, account.external_account_number)).toBe(true);
    expect(marks(setup.mock)).toEqual([
      { kind: 'status', rule_id: 'f1', status: 504, after_change: true },
    ]);
  });

  test('[GEN-9] empty after the change: a network error, and the account is staged', async () => {
    await setRules(setup.mock, [{ connection: 'empty', after_change: true }]);
    const account = setup.account();
    await expect(post(STAGE, account)).rejects.toThrow(TypeError);
    expect(staged(setup.mock, account.external_account_number)).toBe(true);
  });

  test('[GEN-9] truncated after the change: the 201 comes, its body fails, and the account is staged', async () => {
    await setRules(setup.mock, [{ connection: 'truncated', after_change: true }]);
    const account = setup.account();
    const response = await post(STAGE, account);
    expect(response.status).toBe(201);
    await expect(response.text()).rejects.toThrow();
    expect(staged(setup.mock, account.external_account_number)).toBe(true);
  });

  test('slow_body before the change: a whole 503 comes slowly, and nothing is staged', async () => {
    await setRules(setup.mock, [{ connection: 'slow_body', slow_body_ms: 1600 }]);
    const account = setup.account();
    const response = await post(STAGE, account);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toMatchObject({ code: 'service_unavailable' });
    expect(setup.waits).toEqual(Array(SLOW_BODY_PIECES).fill(1600 / SLOW_BODY_PIECES));
    expect(staged(setup.mock, account.external_account_number)).toBe(false);
  });

  test.each(['reset', 'empty', 'truncated', 'slow_body'] as const)(
    'the journal marks a %s with its connection fault and carried status',
    async (connection) => {
      await setRules(setup.mock, [{ connection, times: 1 }]);
      await get(LIST)
        .then((r) => r.text())
        .catch(() => undefined);
      expect(marks(setup.mock)).toEqual([
        { kind: 'connection', rule_id: 'f1', status: 503, connection, after_change: false },
      ]);
    },
  );

  test('latency: the answer waits through the injected sleep', async () => {
    await setRules(setup.mock, [{ latency: { distribution: 'fixed', ms: 2500 }, times: 1 }]);
    expect((await get(LIST)).status).toBe(200);
    expect((await get(LIST)).status).toBe(200);
    expect(setup.waits).toEqual([2500]);
  });
});
