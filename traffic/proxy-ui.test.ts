import { afterEach, describe, expect, test } from 'vitest';
import { DEMO_API_KEY } from '../mocks/defaults.ts';
import { openapiDocument } from '../spec/index.ts';
import type { CheckerResult } from './checker.ts';
import { type FindingGroup, FindingGroups, finding, type Sample } from './findings.ts';
import { DEFAULT_MASK_POLICY } from './mask.ts';
import { type Loopback, obtainToken, send, serveMock } from './proxy.test-helper.ts';
import { startTrafficProxy, type TrafficProxy } from './proxy.ts';
import { MaskedGroups } from './proxy-ui.ts';

const domestic = (
  openapiDocument as { components: { examples: { DomesticAccount: { value: object } } } }
).components.examples.DomesticAccount.value;

const running: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const server of running.splice(0).reverse()) await server.close();
});

async function mockAndProxy(): Promise<{ mock: Loopback; proxy: TrafficProxy; ui: string }> {
  const mock = await serveMock();
  running.push(mock);
  const proxy = await startTrafficProxy({ target: mock.base, uiPort: 0 });
  running.push(proxy);
  expect(proxy.uiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  return { mock, proxy, ui: proxy.uiUrl! };
}

/** The mock answers validate-account once with a 200 the operation does not have (VAL-2). */
async function breakValidateAccount(mock: string): Promise<void> {
  const answer = await send(
    mock,
    'POST',
    '/__mock/overrides',
    ['content-type', 'application/json'],
    JSON.stringify({
      request: { operation_id: 'validateAccount' },
      // A whole (short) body with a secret inside one of its strings.
      response: { status: 200, body: { detail: `Looks fine with {APIKey: "${DEMO_API_KEY}"}.` } },
      times: 1,
    }),
  );
  expect(answer.status).toBe(201);
}

const header = (rawHeaders: string[], name: string) =>
  rawHeaders.find((_, i) => i % 2 === 1 && rawHeaders[i - 1]?.toLowerCase() === name);

describe('the proxy live view (decision 029)', () => {
  test('serves the findings so far in the shape of traffic.json, samples masked', async () => {
    const { mock, proxy, ui } = await mockAndProxy();
    const empty = JSON.parse((await send(ui, 'GET', '/findings.json')).body);
    expect(empty.totals).toEqual({ exchanges: 0, errors: 0, warnings: 0, groups: 0, dropped: 0 });
    expect(empty.findings).toEqual([]);
    expect(empty.inputs).toEqual([mock.base]);

    await breakValidateAccount(mock.base);
    const token = await obtainToken(proxy.url);
    // Secrets where a careless sample would keep them: a body field and a JWT inside a string.
    // First in the body: a sample keeps the first 2000 characters of each body.
    const body = {
      apiKey: DEMO_API_KEY,
      comment: `sent with ${token}`,
      query: `mutation { obtainKrakenToken(input: {APIKey: "${DEMO_API_KEY}"}) { token } }`,
      ...domestic,
    };
    const answered = await send(
      proxy.url,
      'POST',
      '/v1/data-import/validate-account/',
      ['content-type', 'application/json', 'authorization', `Token ${token}`],
      JSON.stringify(body),
    );
    expect(answered.status).toBe(200);

    // The checker runs on its own thread: its count catches up with the answers soon after them.
    const exchanges = async () =>
      JSON.parse((await send(ui, 'GET', '/findings.json')).body).totals.exchanges;
    await expect.poll(exchanges, { timeout: 300_000, interval: 50 }).toBe(2);
    const live = await send(ui, 'GET', '/findings.json');
    expect(live.status).toBe(200);
    expect(header(live.rawHeaders, 'content-type')).toBe('application/json');
    const report = JSON.parse(live.body);
    const val2 = report.findings.find((g: { rule: string }) => g.rule === 'VAL-2');
    expect(val2).toMatchObject({
      rule: 'VAL-2',
      source: 'reference',
      severity: 'error',
      operation: 'validateAccount',
      count: 1,
      first: { excerpt: expect.stringContaining('POST /v1/data-import/validate-account/') },
    });
    expect(val2.first.time).toEqual(expect.any(Number));
    expect(val2.first.excerpt).toContain('{"apiKey":"[REDACTED]","comment":"sent with [REDACTED]"');
    expect(val2.first.excerpt).toContain('{APIKey: \\"[REDACTED]\\"}) { token } }');
    expect(val2.first.excerpt).toMatch(
      /-> 200\n\{"detail":"Looks fine with \{APIKey: \\"\[REDACTED\]\\"\}\."\}$/,
    );
    expect(report.totals.errors).toBeGreaterThanOrEqual(1);
    expect(report.totals.groups).toBe(report.findings.length);
    expect(report.operations).toContainEqual({ operation: 'validateAccount', exchanges: 1 });
    for (const secret of [DEMO_API_KEY, token, 'bob@jablonski.com']) {
      expect(live.body).not.toContain(secret);
    }
    // The same groups the proxy ends with, but for what the view masks again.
    const final = (await proxy.findings()).groups;
    expect(final.map((g) => [g.rule, g.operation, g.pointer, g.count])).toEqual(
      report.findings.map((g: FindingGroup) => [g.rule, g.operation, g.pointer, g.count]),
    );
  });

  test('serves a self-contained page under default-src self', async () => {
    const { ui } = await mockAndProxy();
    const page = await send(ui, 'GET', '/');
    expect(page.status).toBe(200);
    expect(header(page.rawHeaders, 'content-type')).toBe('text/html; charset=utf-8');
    expect(header(page.rawHeaders, 'content-security-policy')).toBe("default-src 'self'");
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(page.body).not.toMatch(/<script>|style=/);
    for (const asset of ['/live.js', '/live.css']) {
      const answer = await send(ui, 'GET', asset);
      expect(answer.status).toBe(200);
      expect(header(answer.rawHeaders, 'content-security-policy')).toBe("default-src 'self'");
    }
    const script = (await send(ui, 'GET', '/live.js')).body;
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });

  test('answers nothing else: 404 and 405 in the interface error body', async () => {
    const { ui } = await mockAndProxy();
    // The proxied paths are the proxy's only: the live view never shadows one.
    for (const path of ['/v1/data-import/validate-account/', '/__mock/overrides', '/x?y=1']) {
      const missing = await send(ui, 'GET', path);
      expect(missing.status).toBe(404);
      const pathname = path.replace(/\?.*/, '');
      expect(JSON.parse(missing.body)).toEqual({
        detail: `No route for ${pathname}.`,
        code: 'not_found',
        errors: [],
      });
    }
    for (const method of ['POST', 'DELETE', 'PUT']) {
      const refused = await send(ui, method, '/findings.json', [], '{}');
      expect(refused.status).toBe(405);
      expect(header(refused.rawHeaders, 'allow')).toBe('GET');
      expect(JSON.parse(refused.body)).toEqual({
        detail: `Method "${method}" not allowed.`,
        code: 'method_not_allowed',
        errors: [],
      });
    }
  });

  test('listens only when asked, on a port of its own', async () => {
    const mock = await serveMock();
    running.push(mock);
    const plain = await startTrafficProxy({ target: mock.base });
    running.push(plain);
    expect(plain.uiUrl).toBeUndefined();
    const port = Number(new URL(plain.url).port);
    await expect(startTrafficProxy({ target: mock.base, uiPort: 70_000 })).rejects.toThrow(
      /uiPort must be an integer 0\.\.65535/,
    );
    await expect(startTrafficProxy({ target: mock.base, uiPort: port })).rejects.toThrow(
      /the live view cannot listen on 127\.0\.0\.1:\d+ \(EADDRINUSE\)/,
    );
  });
});

describe('the live view masks what changed only (decision 029)', () => {
  const sample = (time: number, body: object): Sample => ({
    time,
    message: 'a finding',
    excerpt: `POST /v1/data-import/validate-account/\n${JSON.stringify(body)}`,
  });
  /** The checker's result as the proxy receives it from its thread: a copy, never the same objects. */
  const copied = (groups: FindingGroups): CheckerResult =>
    structuredClone({ exchanges: 0, operations: new Map(), groups: groups.list(), dropped: 0 });

  test('a poll after no new finding masks nothing again; a new sample is masked and shown', () => {
    const groups = new FindingGroups();
    const val2 = finding('VAL-2', 'reference', 'validateAccount', '/response/body', 'VAL-2');
    const err1 = finding('ERR-1', 'reference', 'validateAccount', '/request/body', 'ERR-1');
    groups.add(val2, sample(1, { email: 'first@example.com' }));
    groups.add(err1, sample(2, { email: 'other@example.com' }));
    let calls = 0;
    const live = new MaskedGroups(DEFAULT_MASK_POLICY, (s) => {
      calls += 1;
      return { ...s, excerpt: s.excerpt.replace(/"[^"]+@[^"]+"/g, '"[REDACTED]"') };
    });
    live.masked(copied(groups));
    expect(calls).toBe(4);
    const again = live.masked(copied(groups));
    expect(calls).toBe(4);
    expect(again.groups.map((g) => g.first.excerpt).join()).not.toContain('@example.com');

    groups.add(val2, sample(3, { email: 'last@example.com', note: 'the newest' }));
    const changed = live.masked(copied(groups));
    // Only the changed group's last sample: its first and the other group's are as they were.
    expect(calls).toBe(5);
    const shown = changed.groups.find((g) => g.rule === 'VAL-2');
    expect(shown?.count).toBe(2);
    expect(shown?.last.excerpt).toContain('"note":"the newest"');
    expect(shown?.last.excerpt).not.toContain('last@example.com');
    expect(shown?.first.excerpt).toContain('"email":"[REDACTED]"');
  });

  test('remembering changes no answer: the same as masking every sample afresh', () => {
    const groups = new FindingGroups();
    const val2 = finding('VAL-2', 'reference', 'validateAccount', '/response/body', 'VAL-2');
    const live = new MaskedGroups(DEFAULT_MASK_POLICY);
    for (let i = 1; i <= 3; i++) {
      groups.add(val2, sample(i, { email: `n${i}@example.com`, apiKey: DEMO_API_KEY }));
      const fresh = new MaskedGroups(DEFAULT_MASK_POLICY).masked(copied(groups));
      expect(live.masked(copied(groups))).toEqual(fresh);
      expect(JSON.stringify(fresh.groups)).not.toContain(DEMO_API_KEY);
      expect(fresh.groups[0]?.last.excerpt).toContain('"email":"[REDACTED]"');
    }
  });
});
