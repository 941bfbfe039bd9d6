/**
 * Overrides and verify through the control API and the edge (decision 025), in-process through
 * `service.handle()`: the stubs' life (create, list, get, delete one, delete all), their answers
 * instead of the mock's with nothing changed, their order with faults, the journal's mark, bad and
 * hostile input refused with nothing changed, and verify's count and find over the bounded journal.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { mockControl } from '../../spec/index.ts';
import { defaultConfig } from '../defaults.ts';
import type { Override } from '../domain/overrides.ts';
import { MAX_JSON_DEPTH } from '../json-depth.ts';
import { ConfigFileError, loadConfigFile } from '../server/config-file.ts';
import type { PlainResponse } from '../service.ts';
import { createTestClient } from '../test-client.ts';

const VALIDATE = '/v1/data-import/validate-account/';
const LIST = '/v1/data-import/all-account-import-processes/DEMO_ENERGY/';

async function client(options: Parameters<typeof createTestClient>[0] = {}) {
  const c = createTestClient(options);
  c.mock.service.env.sleep = async () => {};
  await c.login();
  return c;
}
type Client = Awaited<ReturnType<typeof client>>;

function conforms(operationId: string, response: PlainResponse) {
  expect(
    mockControl.checkResponse(operationId, response.status, 'application/json', response.body)
      .problems,
  ).toEqual([]);
}

async function add(c: Client, override: unknown) {
  const response = await c.call('POST', '/__mock/overrides', override);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  conforms('addOverride', response);
  return response.body as { id: string };
}

const unavailable: Override = {
  request: { operation_id: 'validateAccount', import_supplier: 'DEMO_ENERGY' },
  response: { status: 503, headers: { 'Retry-After': '2' }, body: { detail: 'Down.' } },
  times: 2,
};

describe('control API: addOverride, listOverrides, getOverride, removeOverride, clearOverrides', () => {
  test('an override added is listed, read, removed; clearing removes the rest', async () => {
    const c = await client();
    const listed0 = await c.call('GET', '/__mock/overrides');
    expect(listed0.body).toEqual({ overrides: [] });
    expect((await add(c, unavailable)).id).toBe('o1');
    await add(c, { request: {}, response: { status: 500 }, priority: 3 });
    const listed = await c.call('GET', '/__mock/overrides');
    conforms('listOverrides', listed);
    expect((listed.body as { overrides: { id: string }[] }).overrides.map((o) => o.id)).toEqual([
      'o2',
      'o1',
    ]);
    const one = await c.call('GET', '/__mock/overrides/o1');
    conforms('getOverride', one);
    expect(one.body).toEqual({
      id: 'o1',
      override: unavailable,
      used: 0,
      remaining: 2,
      created_at: '2026-11-01T12:00:00.000Z',
    });
    const removed = await c.call('DELETE', '/__mock/overrides/o1');
    expect(removed.body).toEqual({ detail: 'The override o1 is removed.' });
    const gone = await c.call('GET', '/__mock/overrides/o1');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 'override_not_found' });
    conforms('getOverride', gone);
    expect((await c.call('DELETE', '/__mock/overrides/o1')).status).toBe(404);
    expect((await c.call('DELETE', '/__mock/overrides')).status).toBe(200);
    expect((await c.call('GET', '/__mock/overrides')).body).toEqual({ overrides: [] });
  });

  test('[ERR-1] an override that is not valid is refused in the error shape and changes nothing', async () => {
    const c = await client();
    const bad: unknown[] = [
      { request: {} },
      { request: {}, response: { status: 200 }, priority: 1e12 },
      { request: {}, response: { status: 200 }, times: 0 },
      { request: {}, response: { status: 99 } },
      { request: { nope: 1 }, response: { status: 200 } },
      { request: { headers: { 'bad name': 'x' } }, response: { status: 200 } },
      {
        request: {
          headers: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`h${i}`, 'x'])),
        },
        response: { status: 200 },
      },
      { request: { path: 'no-slash' }, response: { status: 200 } },
      { request: {}, response: { status: 200, headers: { 'Transfer-Encoding': 'chunked' } } },
      { request: {}, response: { status: 200, body: 'x'.repeat(70_000) } },
    ];
    for (const body of bad) {
      const response = await c.call('POST', '/__mock/overrides', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
      conforms('addOverride', response);
    }
    expect((await c.call('GET', '/__mock/overrides')).body).toEqual({ overrides: [] });
  });

  test('a body nested deeper than the bound is refused before it is read', async () => {
    const c = await client();
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 5)}1${']'.repeat(MAX_JSON_DEPTH + 5)}`;
    const response = await c.call('POST', '/__mock/overrides', undefined, {
      raw: `{"request":{},"response":{"status":200,"body":${deep}}}`,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'parse_error' });
    expect((await c.call('GET', '/__mock/overrides')).body).toEqual({ overrides: [] });
  });

  test('prototype keys as header names and paths are plain strings', async () => {
    const c = await client();
    // Sent as text: a JavaScript literal would make `__proto__` a prototype, not a key.
    const added = await c.call('POST', '/__mock/overrides', undefined, {
      raw: '{"request":{"headers":{"constructor":"x","__proto__":"y"}},"response":{"status":500,"headers":{"__proto__":"z"}}}',
    });
    expect(added.status).toBe(201);
    expect(JSON.stringify(added.body)).toContain('"headers":{"constructor":"x","__proto__":"y"}');
    await add(c, { request: { path: '/__proto__/constructor' }, response: { status: 502 } });
    // A request that does not send those headers is the mock's to answer.
    expect((await c.call('GET', LIST)).status).toBe(200);
    expect((await c.call('GET', '/__proto__/constructor')).status).toBe(404);
    const sent = await c.call('GET', LIST, undefined, {
      headers: JSON.parse('{"constructor":"x","__proto__":"y"}'),
    });
    expect(sent.status).toBe(500);
    expect(Object.hasOwn(sent.headers ?? {}, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(({} as Record<string, unknown>).z).toBeUndefined();
  });
});

describe('the edge: an override answers instead of the mock', () => {
  test('[GEN-9] a staging request answered by an override stages nothing, and the journal marks it', async () => {
    const c = await client();
    await add(c, {
      request: { operation_id: 'createOrUpdateAccountImportProcess' },
      response: {
        status: 201,
        body: { echoed: '{{request.body.external_account_number}}' },
        template: true,
      },
      times: 1,
    });
    const account = c.account();
    const answered = await c.stage(account);
    expect(answered).toMatchObject({
      status: 201,
      body: { echoed: account.external_account_number },
    });
    expect(
      c.mock.state.accounts.get(`DEMO_ENERGY/${account.external_account_number}`),
    ).toBeUndefined();
    // Spent after one use: the same request reaches the mock, which stages it.
    expect((await c.stage(account)).status).toBe(201);
    expect(
      c.mock.state.accounts.get(`DEMO_ENERGY/${account.external_account_number}`),
    ).toBeDefined();
    const journal = (await c.call('GET', '/__mock/journal')).body as {
      override?: string;
      operation_id: string;
    }[];
    const stages = journal.filter((e) => e.operation_id === 'createOrUpdateAccountImportProcess');
    expect(stages.map((e) => e.override)).toEqual(['o1', undefined]);
    conforms('getJournal', { status: 200, body: journal });
  });

  test('fills a path parameter and a header into the body, with the given headers', async () => {
    const c = await client();
    await add(c, {
      request: { method: 'GET', path: LIST },
      response: {
        status: 200,
        headers: { 'X-Stub': 'yes' },
        body: {
          supplier: '{{request.path.import_supplier_code}}',
          trace: 'id {{request.headers.x-trace}}',
          missing: '{{request.body.none}}',
        },
        template: true,
      },
    });
    const answer = await c.call('GET', LIST, undefined, { headers: { 'x-trace': 'T1' } });
    expect(answer).toEqual({
      status: 200,
      headers: { 'x-stub': 'yes' },
      body: { supplier: 'DEMO_ENERGY', trace: 'id T1', missing: null },
    });
  });

  test('an override answers before authentication: it stands for the service', async () => {
    const c = await client();
    await add(c, unavailable);
    const answer = await c.call('POST', VALIDATE, c.account(), { token: null });
    expect(answer).toMatchObject({ status: 503, headers: { 'retry-after': '2' } });
  });

  test('a fault that fires comes first, and the override is used only by the request that reaches it', async () => {
    const c = await client();
    const fault = await c.call('POST', '/__mock/faults/rules', {
      operation_id: 'validateAccount',
      status: 502,
      times: 1,
    });
    expect(fault.status).toBe(201);
    await add(c, unavailable);
    const first = await c.call('POST', VALIDATE, c.account());
    expect(first.body).toMatchObject({ code: 'bad_gateway' });
    const second = await c.call('POST', VALIDATE, c.account());
    expect(second).toMatchObject({ status: 503, body: { detail: 'Down.' } });
    expect((await c.call('GET', '/__mock/overrides/o1')).body).toMatchObject({
      used: 1,
      remaining: 1,
    });
  });

  test("a body over the adapter's limit is refused with 413, not stubbed", async () => {
    const c = await client();
    await add(c, { request: { path: VALIDATE }, response: { status: 200 } });
    const answer = await c.mock.service.handle({
      method: 'POST',
      path: VALIDATE,
      query: {},
      headers: { 'content-type': 'application/json' },
      bodyText: '{"external_a',
      bodyTooLarge: 1024,
    });
    expect(answer.status).toBe(413);
    expect((await c.call('GET', '/__mock/overrides/o1')).body).toMatchObject({ used: 0 });
  });

  test('the control API is never overridden', async () => {
    const c = await client();
    await add(c, { request: { path: '/__mock/overrides' }, response: { status: 500 } });
    await add(c, { request: { operation_id: 'listOverrides' }, response: { status: 500 } });
    expect((await c.call('GET', '/__mock/overrides')).status).toBe(200);
  });

  test('expires at `until` on the mock clock', async () => {
    const c = await client();
    await add(c, { ...unavailable, times: undefined, until: '2026-11-01T12:30:00Z' });
    expect((await c.call('POST', VALIDATE, c.account())).status).toBe(503);
    await c.call('PUT', '/__mock/clock', { now: '2026-11-01T12:30:00Z' });
    expect((await c.call('POST', VALIDATE, c.account())).status).toBe(200);
    expect((await c.call('GET', '/__mock/overrides')).body).toEqual({ overrides: [] });
  });

  test('the configured overrides are in force from the start and again after a reset', async () => {
    const c = await client({ config: { ...defaultConfig, overrides: [unavailable] } });
    await c.call('DELETE', '/__mock/overrides');
    await c.call('POST', '/__mock/reset');
    await c.login();
    expect((await c.call('POST', VALIDATE, c.account())).status).toBe(503);
  });
});

describe('config file: overrides', () => {
  test('a config file with overrides loads, and one with a bad override names the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'overrides-config-'));
    try {
      const good = join(dir, 'good.yaml');
      writeFileSync(good, JSON.stringify({ ...defaultConfig, overrides: [unavailable] }));
      expect(loadConfigFile(good).overrides).toEqual([unavailable]);
      const bad = join(dir, 'bad.yaml');
      writeFileSync(
        bad,
        JSON.stringify({
          ...defaultConfig,
          overrides: [{ request: {}, response: { status: 700 } }],
        }),
      );
      expect(() => loadConfigFile(bad)).toThrow(ConfigFileError);
      expect(() => loadConfigFile(bad)).toThrow(/overrides\.0\.response\.status/);
      const framing = join(dir, 'framing.yaml');
      writeFileSync(
        framing,
        JSON.stringify({
          ...defaultConfig,
          overrides: [{ request: {}, response: { status: 200, headers: { Connection: 'close' } } }],
        }),
      );
      expect(() => loadConfigFile(framing)).toThrow(/overrides\.0\.response\.headers\.Connection/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('control API: countRequests, findRequests', () => {
  test('counts the requests of a shape since an instant of the mock clock', async () => {
    const c = await client();
    const early = c.account();
    await c.call('POST', VALIDATE, early);
    await c.call('PUT', '/__mock/clock', { now: '2026-11-02T00:00:00Z' });
    for (let i = 0; i < 3; i++)
      await c.call('POST', VALIDATE, c.account({ external_account_number: 'RETRY-1' }));
    await c.call('POST', VALIDATE, c.account({ external_account_number: 'OTHER-1' }));
    const count = (body: unknown) => c.call('POST', '/__mock/requests/count', body);
    const retried = await count({
      operation_id: 'validateAccount',
      external_account_number: 'RETRY-1',
      import_supplier: 'DEMO_ENERGY',
    });
    conforms('countRequests', retried);
    expect(retried.body).toEqual({ count: 3, complete: true });
    expect((await count({ operation_id: 'validateAccount' })).body).toEqual({
      count: 5,
      complete: true,
    });
    expect(
      (await count({ operation_id: 'validateAccount', since: '2026-11-02T00:00:00Z' })).body,
    ).toEqual({ count: 4, complete: true });
    expect(
      (
        await count({
          body_equals: [
            { pointer: '/external_account_number', equals: early.external_account_number },
          ],
        })
      ).body,
    ).toEqual({ count: 1, complete: true });
    // Counting is not journalled: asking again gives the same answer.
    expect((await count({})).body).toEqual((await count({})).body);
  });

  test('[AUTH-2] finds the matching requests, redacted as the journal is', async () => {
    const c = await client();
    await c.call('POST', VALIDATE, c.account({ external_account_number: 'FIND-1' }));
    const found = await c.call('POST', '/__mock/requests/find', {
      body_subset: { external_account_number: 'FIND-1' },
    });
    conforms('findRequests', found);
    const body = found.body as { count: number; requests: { headers: Record<string, string> }[] };
    expect(body.count).toBe(1);
    expect(body.requests[0]?.headers.authorization).toBe('[REDACTED]');
    expect(JSON.stringify(body)).not.toMatch(/Token [A-Za-z0-9]/);
  });

  test('[ERR-1] a shape that is not valid is refused in the error shape', async () => {
    const c = await client();
    for (const body of [
      { since: 'yesterday' },
      { limit: 5000 },
      { headers: { 'a b': 'x' } },
      { wat: 1 },
    ]) {
      const response = await c.call('POST', '/__mock/requests/count', body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'request_failed_validation' });
    }
  });

  test('says the count is incomplete when a body the shape looks into is lost', async () => {
    const c = await client();
    // Larger than the journal's whole ring of bodies: kept without its body.
    const huge = JSON.stringify({
      external_account_number: 'LOST-1',
      pad: 'x'.repeat(17 * 2 ** 20),
    });
    expect((await c.call('POST', LIST, undefined, { raw: huge })).status).toBe(405);
    const count = (body: unknown) => c.call('POST', '/__mock/requests/count', body);
    expect((await count({ body_subset: { external_account_number: 'LOST-1' } })).body).toEqual({
      count: 0,
      complete: false,
    });
    // A shape that needs no body still judges that request.
    expect((await count({ method: 'POST', path: LIST })).body).toEqual({
      count: 1,
      complete: true,
    });
  });

  test('says the count is incomplete once the journal dropped requests of the period', async () => {
    const c = await client();
    for (let i = 0; i < 1005; i++) await c.call('GET', LIST, undefined, { token: null });
    const all = await c.call('POST', '/__mock/requests/count', {
      operation_id: 'listAllAccountImportProcesses',
    });
    expect(all.body).toEqual({ count: 1000, complete: false });
    await c.call('PUT', '/__mock/clock', { now: '2026-11-03T00:00:00Z' });
    await c.call('GET', LIST, undefined, { token: null });
    const since = await c.call('POST', '/__mock/requests/count', {
      operation_id: 'listAllAccountImportProcesses',
      since: '2026-11-03T00:00:00Z',
    });
    expect(since.body).toEqual({ count: 1, complete: true });
  });
});
