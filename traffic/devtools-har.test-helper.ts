/**
 * Makes `traffic/devtools-save-all.har`, the fixture of a HAR as Chromium DevTools' Network panel
 * writes it with "Save all as HAR" (sanitised, the default since Chrome 130: no Authorization,
 * Cookie or Set-Cookie), for the reader's test:
 *
 *   npx tsx traffic/devtools-har.test-helper.ts traffic/devtools-save-all.har
 *
 * Every status, answer body and answer header is a real answer of a fresh mock on loopback to the
 * request the entry shows. The entries are shaped as DevTools' HAR writer shapes them
 * (front_end/models/har/Log.ts and Writer.ts of devtools-frontend): HAR 1.2 with `pages`,
 * creator WebInspector, per entry `_initiator`, `_priority`, `_resourceType`, `cache`,
 * `connection`, `pageref`, `serverIPAddress`, `timings` with `_blocked_queueing`, a request with
 * HTTP/2 pseudo-headers, `queryString`, `cookies`, `headersSize` -1, `postData` (with `params`
 * for a form), an answer with `_transferSize`, `_error`, `bodySize` -1 and `content.text`, base64
 * with `encoding` for a body DevTools keeps encoded, and `_fromCache` for an answer from the
 * browser's disk cache. The page is a supplier's front end on its own origin calling the service
 * at https://data-import.example.test, so the browser sends a CORS preflight first.
 */
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createWebHook } from '../console/server/web-hook.ts';
import { createMockServer } from '../mocks/adapters/node-server.ts';
import { createDataImportMock } from '../mocks/create-mock.ts';
import { DEMO_API_KEY } from '../mocks/defaults.ts';
import { nodeEnv } from '../mocks/node-env.ts';
import { createTestClient } from '../mocks/test-client.ts';

const SERVICE = 'https://data-import.example.test';
const APP = 'https://app.example.test';
const API = '/v1/data-import/';
const START = Date.parse('2026-11-26T09:14:03.120Z');

type Pairs = { name: string; value: string }[];

/** The headers Chromium sends with a page's cross-origin fetch over HTTP/2 (sanitised). */
function chromiumHeaders(method: string, path: string, contentType?: string): Pairs {
  return [
    { name: ':authority', value: 'data-import.example.test' },
    { name: ':method', value: method },
    { name: ':path', value: path },
    { name: ':scheme', value: 'https' },
    { name: 'accept', value: '*/*' },
    { name: 'accept-encoding', value: 'gzip, deflate, br, zstd' },
    { name: 'accept-language', value: 'en-GB,en;q=0.9' },
    ...(contentType ? [{ name: 'content-type', value: contentType }] : []),
    { name: 'origin', value: APP },
    { name: 'priority', value: 'u=1, i' },
    { name: 'referer', value: `${APP}/` },
    { name: 'sec-fetch-dest', value: 'empty' },
    { name: 'sec-fetch-mode', value: 'cors' },
    { name: 'sec-fetch-site', value: 'cross-site' },
    {
      name: 'user-agent',
      value:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
    },
  ];
}

/** One call as the page made it, and how DevTools shows it. */
interface Call {
  method: string;
  path: string;
  contentType?: string;
  body?: string;
  type?: string;
  extraHeaders?: Pairs;
  base64?: boolean;
  fromCache?: 'disk' | 'memory';
}

/** The real answer of the mock to a call, sent with the service's token as the page sent it. */
async function answer(base: string, token: string, call: Call) {
  const response = await fetch(`${base}${call.path}`, {
    method: call.method,
    headers: {
      origin: APP,
      ...(call.type === 'preflight' ? {} : { authorization: `Token ${token}` }),
      ...(call.contentType ? { 'content-type': call.contentType } : {}),
      ...Object.fromEntries((call.extraHeaders ?? []).map((h) => [h.name, h.value])),
    },
    ...(call.body === undefined ? {} : { body: call.body }),
  });
  const text = await response.text();
  const headers: Pairs = [];
  response.headers.forEach((value, name) => {
    headers.push({ name, value });
  });
  return { status: response.status, statusText: response.statusText, headers, text };
}

/** One entry as DevTools' HAR writer writes it. */
function entry(call: Call, index: number, got: Awaited<ReturnType<typeof answer>>) {
  const started = new Date(START + index * 850).toISOString();
  const contentType = got.headers.find((h) => h.name === 'content-type')?.value ?? 'x-unknown';
  const size = Buffer.byteLength(got.text);
  const params =
    call.contentType === 'application/x-www-form-urlencoded' && call.body
      ? [...new URLSearchParams(call.body)].map(([name, value]) => ({ name, value }))
      : undefined;
  return {
    ...(call.fromCache ? { _fromCache: call.fromCache } : {}),
    _initiator:
      call.type === 'preflight'
        ? { type: 'preflight', url: `${SERVICE}${call.path}`, requestId: `2120.${index}` }
        : {
            type: 'script',
            stack: {
              callFrames: [
                {
                  functionName: 'send',
                  scriptId: '14',
                  url: `${APP}/assets/migrate.js`,
                  lineNumber: 41,
                  columnNumber: 22,
                },
              ],
            },
          },
    _priority: call.type === 'preflight' ? 'Low' : 'High',
    _resourceType: call.type ?? 'fetch',
    cache: {},
    connection: '184729',
    pageref: 'page_1',
    request: {
      method: call.method,
      url: `${SERVICE}${call.path}`,
      httpVersion: 'http/2.0',
      headers: [
        ...chromiumHeaders(call.method, call.path, call.contentType),
        ...(call.extraHeaders ?? []),
      ],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: call.body === undefined ? 0 : Buffer.byteLength(call.body),
      ...(call.body === undefined
        ? {}
        : {
            postData: {
              mimeType: call.contentType ?? '',
              text: call.body,
              ...(params ? { params } : {}),
            },
          }),
    },
    response: {
      status: got.status,
      statusText: got.statusText,
      httpVersion: 'http/2.0',
      headers: got.headers,
      cookies: [],
      content: {
        size,
        mimeType: contentType.split(';')[0],
        ...(got.text === ''
          ? {}
          : call.base64
            ? { text: Buffer.from(got.text).toString('base64'), encoding: 'base64' }
            : { text: got.text }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: call.fromCache ? 0 : -1,
      _transferSize: call.fromCache ? 0 : size + 212,
      _error: null,
    },
    serverIPAddress: '203.0.113.24',
    startedDateTime: started,
    time: 61.42 + index,
    timings: {
      blocked: 1.18,
      dns: -1,
      ssl: -1,
      connect: -1,
      send: 0.31,
      wait: 58.2 + index,
      receive: 1.73,
      _blocked_queueing: 0.92,
    },
  };
}

/** The page load itself: the supplier's own page, which DevTools lists first. */
function pageLoad() {
  const html = '<!doctype html><title>Migration</title><script src="/assets/migrate.js"></script>';
  return {
    _initiator: { type: 'other' },
    _priority: 'VeryHigh',
    _resourceType: 'document',
    cache: {},
    connection: '184725',
    pageref: 'page_1',
    request: {
      method: 'GET',
      url: `${APP}/`,
      httpVersion: 'http/2.0',
      headers: [{ name: ':authority', value: 'app.example.test' }],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: '',
      httpVersion: 'http/2.0',
      headers: [{ name: 'content-type', value: 'text/html; charset=utf-8' }],
      cookies: [],
      content: { size: html.length, mimeType: 'text/html', text: html },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      _transferSize: html.length + 180,
      _error: null,
    },
    serverIPAddress: '198.51.100.7',
    startedDateTime: new Date(START - 900).toISOString(),
    time: 88.1,
    timings: {
      blocked: 2.2,
      dns: 11.3,
      ssl: 19.8,
      connect: 31.6,
      send: 0.2,
      wait: 40.1,
      receive: 2.7,
      _blocked_queueing: 1.4,
    },
  };
}

/** The calls of a supplier's page staging, processing and annotating one account. */
function calls(account: Record<string, unknown>): Call[] {
  const external = String(account.external_account_number);
  const json = 'application/json';
  const processBody = JSON.stringify({
    import_supplier_code: 'DEMO_ENERGY',
    external_account_number: external,
    operations_team_name: 'MIGRATIONS',
  });
  const pending = `${API}pending-account-import-processes/DEMO_ENERGY/`;
  return [
    {
      method: 'OPTIONS',
      path: `${API}validate-account/`,
      type: 'preflight',
      extraHeaders: [
        { name: 'access-control-request-headers', value: 'authorization,content-type' },
        { name: 'access-control-request-method', value: 'POST' },
      ],
    },
    {
      method: 'POST',
      path: `${API}validate-account/`,
      contentType: json,
      body: JSON.stringify(account),
    },
    {
      method: 'POST',
      path: `${API}account-import-process/create-or-update/`,
      contentType: json,
      body: JSON.stringify(account),
    },
    { method: 'GET', path: pending },
    {
      method: 'POST',
      path: `${API}account-import-process/process/`,
      contentType: json,
      body: processBody,
    },
    // Served by the browser from its disk cache: the list as it was before processing.
    { method: 'GET', path: pending, fromCache: 'disk' },
    { method: 'GET', path: `${API}account-transfer-status/DEMO_ENERGY/${external}/`, base64: true },
    {
      method: 'POST',
      path: `${API}validate-account/`,
      contentType: 'application/x-www-form-urlencoded',
      body: `import_supplier=DEMO_ENERGY&external_account_number=${external}&note=caf%C3%A9`,
    },
    {
      method: 'POST',
      path: `${API}notes/create/`,
      contentType: json,
      body: JSON.stringify({
        import_supplier: 'DEMO_ENERGY',
        external_account_number: external,
        notes: [{ body: 'Moved in – keys with neighbour ☕' }],
      }),
    },
  ];
}

/** The HAR document, from real answers of a fresh mock on loopback. */
export async function devtoolsHar(): Promise<unknown> {
  const mock = createDataImportMock({ env: nodeEnv() });
  const server = createMockServer(mock.service, {
    hook: createWebHook({ service: mock.service, apiKey: DEMO_API_KEY }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const client = createTestClient();
    const account = { ...client.account(), external_account_number: 'DEVTOOLS-1' };
    const login = await fetch(`${base}/v1/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
        variables: { input: { APIKey: DEMO_API_KEY } },
      }),
    });
    const token = (await login.json()).data.obtainKrakenToken.token as string;
    const entries: unknown[] = [pageLoad()];
    let listed: Awaited<ReturnType<typeof answer>> | undefined;
    for (const [i, call] of calls(account).entries()) {
      // A cache hit never reaches the service: DevTools shows the answer the cache kept.
      const got = call.fromCache && listed ? listed : await answer(base, token, call);
      if (call.method === 'GET' && call.path.includes('pending')) listed ??= got;
      entries.push(entry(call, i, got));
    }
    return {
      log: {
        version: '1.2',
        creator: { name: 'WebInspector', version: '537.36' },
        comment:
          'Made by `npx tsx traffic/devtools-har.test-helper.ts traffic/devtools-save-all.har`: real answers of the mock, shaped as DevTools writes them (see that file).',
        pages: [
          {
            startedDateTime: new Date(START - 900).toISOString(),
            id: 'page_1',
            title: `${APP}/`,
            pageTimings: { onContentLoad: 212.4, onLoad: 230.9 },
          },
        ],
        entries,
      },
    };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: tsx traffic/devtools-har.test-helper.ts OUT.har');
  // DevTools indents its HAR with two spaces (Writer.ts).
  writeFileSync(out, `${JSON.stringify(await devtoolsHar(), null, 2)}\n`);
}
