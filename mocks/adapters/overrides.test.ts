/**
 * Overrides and verify through both adapters (decision 025): the standalone node:http server on
 * loopback, with the control API over HTTP, and the MSW handlers in-process, with the factory's
 * `mock.overrides`, `mock.countRequests`, `mock.findRequests` and `mock.verify`. Also a parallel
 * client through node:http: an override with `times: N` answers exactly N requests.
 */
import { Agent, request } from 'node:http';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { OverrideError, VerificationError } from '../control/overrides-handle.ts';
import { createDataImportMock } from '../create-mock.ts';
import { MockService } from '../service.ts';
import { createTestClient } from '../test-client.ts';
import { type Loopback, serveOnLoopback } from './loopback.test-helper.ts';

const VALIDATE = '/v1/data-import/validate-account/';
const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const LIST = '/v1/data-import/all-account-import-processes/DEMO_ENERGY/';

async function loggedIn() {
  const client = createTestClient();
  const token = await client.login();
  return { client, mock: client.mock, token };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** One request over node:http on loopback. */
function send(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  agent?: Agent,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
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
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: received === '' ? undefined : JSON.parse(received),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('node:http adapter: overrides and verify', () => {
  let setup: Awaited<ReturnType<typeof loggedIn>>;
  let loopback: Loopback;
  let base = '';
  beforeEach(async () => {
    setup = await loggedIn();
    loopback = await serveOnLoopback(setup.mock.service);
    base = loopback.base;
  });
  afterEach(() => loopback.close());

  test('an override added over HTTP answers with its status, headers and templated body, and stages nothing', async () => {
    const added = await send(base, 'POST', '/__mock/overrides', {
      request: { operation_id: 'createOrUpdateAccountImportProcess' },
      response: {
        status: 409,
        headers: { 'x-stub': 'on' },
        body: { detail: 'Held: {{request.body.external_account_number}}' },
        template: true,
      },
    });
    expect(added.status).toBe(201);
    const account = setup.client.account();
    const answer = await send(base, 'POST', STAGE, account, setup.token);
    expect(answer.status).toBe(409);
    expect(answer.headers['x-stub']).toBe('on');
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.body).toEqual({ detail: `Held: ${account.external_account_number}` });
    expect(setup.mock.state.accounts.get(`DEMO_ENERGY/${account.external_account_number}`)).toBe(
      undefined,
    );
    const journal = (await send(base, 'GET', '/__mock/journal?bodies=false')).body as {
      override?: string;
    }[];
    expect(journal.at(-1)?.override).toBe('o1');
  });

  test('a 204 override answers with no body', async () => {
    await send(base, 'POST', '/__mock/overrides', {
      request: { method: 'GET', path: LIST },
      response: { status: 204, body: { ignored: true } },
    });
    const answer = await send(base, 'GET', LIST, undefined, setup.token);
    expect(answer).toMatchObject({ status: 204, body: undefined });
  });

  test('verify over HTTP counts the retries of one account and finds them redacted', async () => {
    const account = setup.client.account({ external_account_number: 'RETRIED-1' });
    for (let i = 0; i < 3; i++) await send(base, 'POST', VALIDATE, account, setup.token);
    await send(base, 'POST', VALIDATE, setup.client.account(), setup.token);
    const shape = {
      operation_id: 'validateAccount',
      external_account_number: 'RETRIED-1',
      import_supplier: 'DEMO_ENERGY',
    };
    const count = await send(base, 'POST', '/__mock/requests/count', shape);
    expect(count).toMatchObject({ status: 200, body: { count: 3, complete: true } });
    const found = await send(base, 'POST', '/__mock/requests/find', { ...shape, limit: 2 });
    const body = found.body as {
      count: number;
      requests: { seq: number; headers: Record<string, string> }[];
    };
    expect(body.count).toBe(3);
    expect(body.requests).toHaveLength(2);
    expect(body.requests.every((r) => r.headers.authorization === '[REDACTED]')).toBe(true);
  });

  test('a parallel client meets an override with times: N exactly N times', async () => {
    const added = await send(base, 'POST', '/__mock/overrides', {
      request: { operation_id: 'listAllAccountImportProcesses' },
      response: { status: 503, headers: { 'retry-after': '1' }, body: { detail: 'busy' } },
      times: 37,
    });
    expect(added.status).toBe(201);
    const agent = new Agent({ keepAlive: true, maxSockets: 24 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => send(base, 'GET', LIST, undefined, setup.token, agent)),
    );
    agent.destroy();
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 503)).toHaveLength(37);
    expect(statuses.filter((s) => s === 200)).toHaveLength(163);
    expect(
      setup.mock.service.journal.entries({ bodies: false }).filter((e) => e.override === 'o1'),
    ).toHaveLength(37);
    expect(setup.mock.countRequests({ operation_id: 'listAllAccountImportProcesses' })).toEqual({
      count: 200,
      complete: true,
    });
    expect((await send(base, 'GET', '/__mock/overrides')).body).toEqual({ overrides: [] });
  });
});

describe('MSW adapter: overrides and verify through the factory', () => {
  const BASE = 'http://overrides.mock.test';
  let setup: Awaited<ReturnType<typeof loggedIn>>;
  const server = setupServer();

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(async () => {
    setup = await loggedIn();
    server.resetHandlers(...setup.mock.handlers);
  });

  const post = (path: string, body: unknown) =>
    fetch(`${BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${setup.token}` },
      body: JSON.stringify(body),
    });

  test('mock.overrides.add answers a request of its shape, then is spent', async () => {
    const view = setup.mock.overrides.add({
      request: {
        operation_id: 'validateAccount',
        body_subset: { external_account_number: 'STUB-1' },
      },
      response: { status: 503, headers: { 'Retry-After': '3' }, body: { detail: 'Down.' } },
      times: 1,
    });
    expect(view).toMatchObject({ id: 'o1', used: 0, remaining: 1 });
    const stubbed = await post(
      VALIDATE,
      setup.client.account({ external_account_number: 'STUB-1' }),
    );
    expect(stubbed.status).toBe(503);
    expect(stubbed.headers.get('retry-after')).toBe('3');
    expect(await stubbed.json()).toEqual({ detail: 'Down.' });
    expect(
      (await post(VALIDATE, setup.client.account({ external_account_number: 'STUB-1' }))).status,
    ).toBe(200);
    expect(setup.mock.overrides.list()).toEqual([]);
  });

  test('the control API over MSW adds a templated override and counts the requests it answered', async () => {
    const added = await post('/__mock/overrides', {
      request: { method: 'POST', path: VALIDATE },
      response: {
        status: 422,
        body: {
          echoed: '{{request.body.external_account_number}}',
          by: '{{request.headers.authorization}}',
        },
        template: true,
      },
      times: 2,
    });
    expect(added.status).toBe(201);
    const account = setup.client.account();
    const stubbed = await post(VALIDATE, account);
    expect(stubbed.status).toBe(422);
    // A credential is never filled in.
    expect(await stubbed.json()).toEqual({ echoed: account.external_account_number, by: null });
    await post(VALIDATE, account);
    expect((await post(VALIDATE, account)).status).toBe(200);
    const counted = await post('/__mock/requests/count', { path: VALIDATE });
    expect(await counted.json()).toEqual({ count: 3, complete: true });
    const journal = setup.mock.service.journal.entries({ bodies: false });
    expect(journal.filter((e) => e.path === VALIDATE).map((e) => e.override ?? null)).toEqual([
      'o1',
      'o1',
      null,
    ]);
  });

  test('mock.overrides lists, reads, removes and clears', () => {
    const a = setup.mock.overrides.add({ request: {}, response: { status: 500 } });
    setup.mock.overrides.add({ request: {}, response: { status: 502 }, priority: 1 });
    expect(setup.mock.overrides.list().map((o) => o.id)).toEqual(['o2', a.id]);
    expect(setup.mock.overrides.get(a.id)?.override.response.status).toBe(500);
    expect(setup.mock.overrides.remove(a.id)).toBe(true);
    expect(setup.mock.overrides.remove(a.id)).toBe(false);
    expect(setup.mock.overrides.get(a.id)).toBeUndefined();
    setup.mock.overrides.clear();
    expect(setup.mock.overrides.list()).toEqual([]);
  });

  test('mock.overrides.add refuses an override that is not valid and changes nothing', () => {
    const bad = [
      { request: {}, response: { status: 200 }, priority: Number.MAX_SAFE_INTEGER },
      { request: { headers: { 'a b': 'x' } }, response: { status: 200 } },
      { request: {}, response: { status: 200, headers: { 'content-length': '1' } } },
      JSON.parse('{"request": {}, "response": {"status": 200}, "__proto__": {"x": 1}}'),
    ];
    for (const override of bad) {
      expect(() => setup.mock.overrides.add(override)).toThrow(OverrideError);
    }
    expect(setup.mock.overrides.list()).toEqual([]);
  });

  test('a factory given an override that is not valid throws naming its field', () => {
    expect(() =>
      createDataImportMock({ overrides: [{ request: {}, response: { status: 7 } }] }),
    ).toThrow(/Override 0 is not valid.*response\.status/);
    expect(() =>
      createDataImportMock({
        overrides: [{ request: {}, response: { status: 200, headers: { te: 'x' } } }],
      }),
    ).toThrow(OverrideError);
    // A service built directly, without the factory's check, refuses it the same way.
    const { service } = createDataImportMock();
    const bad = [{ request: {}, response: { status: 7 } }] as never;
    expect(
      () => new MockService({ state: service.state, env: service.env, overrides: bad }),
    ).toThrow(/Override 0 is not valid.*response\.status/);
    expect(
      () => new MockService({ state: service.state, env: service.env, overrides: bad }),
    ).toThrow(OverrideError);
  });

  test('mock.verify asserts how many requests a client sent, and says what it found', async () => {
    const since = new Date(setup.mock.service.clockMs()).toISOString();
    for (let i = 0; i < 3; i++)
      await post(VALIDATE, setup.client.account({ external_account_number: 'RETRY-9' }));
    const shape = {
      operation_id: 'validateAccount',
      external_account_number: 'RETRY-9',
      import_supplier: 'DEMO_ENERGY',
      since,
    };
    expect(setup.mock.countRequests(shape)).toEqual({ count: 3, complete: true });
    expect(() => setup.mock.verify(shape, 3)).not.toThrow();
    expect(() => setup.mock.verify(shape, 2)).toThrow(VerificationError);
    expect(() => setup.mock.verify(shape, 2)).toThrow(/Expected 2 .* holds 3/);
    const found = setup.mock.findRequests({ ...shape, limit: 1 });
    expect(found.count).toBe(3);
    expect(found.requests).toHaveLength(1);
    expect(found.requests[0]?.headers.authorization).toBe('[REDACTED]');
    expect(() => setup.mock.countRequests({ since: 'soon' } as never)).toThrow(OverrideError);
  });
});
