import { createHash } from 'node:crypto';
import * as http from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { dataImport, openapiDocument } from '../spec/index.ts';
import { type Loopback, listen, obtainToken, send, serveMock } from './proxy.test-helper.ts';
import { startTrafficProxy, type TrafficProxy } from './proxy.ts';
import { forwardedHeaders } from './proxy-headers.ts';

const domestic = (
  openapiDocument as { components: { examples: { DomesticAccount: { value: unknown } } } }
).components.examples.DomesticAccount.value;

const running: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const server of running.splice(0).reverse()) await server.close();
});

async function proxyTo(target: string, options = {}): Promise<TrafficProxy> {
  const proxy = await startTrafficProxy({ target, ...options });
  running.push(proxy);
  return proxy;
}

async function served(server: http.Server): Promise<Loopback> {
  const loop = await listen(server);
  running.push(loop);
  return loop;
}

/** A target that answers with what it received, and counts the requests it got. */
function echoTarget(answerHeaders: string[] = []) {
  const seen: { method?: string; url?: string; rawHeaders: string[]; body: Buffer }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method, url: req.url, rawHeaders: req.rawHeaders, body });
      res.sendDate = false;
      res.writeHead(200, 'OK', answerHeaders);
      res.end(body);
    });
  });
  return { server, seen };
}

const hopByHop = /^(connection|keep-alive|transfer-encoding)$/i;
const endToEnd = (raw: string[]) =>
  raw.flatMap((v, i) => (i % 2 === 0 && !hopByHop.test(v) ? [[v, raw[i + 1]]] : []));

describe('proxy forwarding', () => {
  test('forwards method, path, query, headers in wire order with repeats, and the body, unchanged', async () => {
    const target = echoTarget(['Set-Cookie', 'a=1', 'X-Order', 'first', 'set-cookie', 'b=2']);
    const loop = await served(target.server);
    const proxy = await proxyTo(loop.base);
    const body = Buffer.from(JSON.stringify({ note: 'é' }));
    const answer = await send(
      proxy.url,
      'PATCH',
      '/v1/some/path/?b=2&a=1&a=%20x',
      [
        'X-Dup',
        'one',
        'Content-Type',
        'application/json',
        'x-dup',
        'two',
        'Connection',
        'keep-alive, X-Hop',
        'X-Hop',
        'gone',
        'Keep-Alive',
        'timeout=5',
        'Content-Length',
        String(body.length),
      ],
      body,
    );
    const got = target.seen[0];
    expect(got?.method).toBe('PATCH');
    expect(got?.url).toBe('/v1/some/path/?b=2&a=1&a=%20x');
    expect(got?.body.equals(body)).toBe(true);
    // The hop-by-hop headers (and X-Hop, which Connection names) stop at the proxy; Host is the
    // target's authority; the rest arrives as sent, in order, repeats kept.
    expect(endToEnd(got?.rawHeaders ?? [])).toEqual([
      ['Host', new URL(loop.base).host],
      ['X-Dup', 'one'],
      ['Content-Type', 'application/json'],
      ['x-dup', 'two'],
      ['Content-Length', String(body.length)],
    ]);
    // The answer's headers come back as the target sent them, and nothing is added (no Date).
    expect(endToEnd(answer.rawHeaders)).toEqual([
      ['Set-Cookie', 'a=1'],
      ['X-Order', 'first'],
      ['set-cookie', 'b=2'],
    ]);
    expect(answer.body).toBe(body.toString('utf8'));
  });

  test('keeps the Host header the client sent when asked to', () => {
    expect(forwardedHeaders([['host', 'proxy:1']], undefined)).toEqual(['host', 'proxy:1']);
    expect(forwardedHeaders([['host', 'proxy:1']], 'target:2')).toEqual(['host', 'target:2']);
    expect(forwardedHeaders([['x', '1']], 'target:2')).toEqual(['Host', 'target:2', 'x', '1']);
  });

  test('streams a body longer than the capture cap whole, and says it was not checked', async () => {
    const target = echoTarget(['content-type', 'application/octet-stream']);
    const loop = await served(target.server);
    const proxy = await proxyTo(loop.base, { maxCaptureBytes: 1024 });
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 'x');
    const answer = await send(proxy.url, 'POST', '/v1/data-import/validate-account/', [], big);
    const digest = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
    expect(digest(target.seen[0]?.body ?? '')).toBe(digest(big));
    expect(digest(answer.body)).toBe(digest(big));
    const groups = (await proxy.findings()).groups;
    expect(groups.map((g) => [g.rule, g.operation])).toEqual([
      ['kit:body-over-capture-cap', 'validateAccount'],
    ]);
    expect((await proxy.findings()).exchanges).toBe(0);
  });

  test('answers 502 bad_gateway in the interface error shape when the target does not answer', async () => {
    const gone = await listen(http.createServer());
    await gone.close();
    const lines: string[] = [];
    const proxy = await proxyTo(gone.base, { log: (l: string) => lines.push(l) });
    const answer = await send(proxy.url, 'GET', '/v1/data-import/all-account-import-processes/X/');
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toEqual({
      detail: expect.stringMatching(/gateway/),
      code: 'bad_gateway',
      errors: [],
    });
    // The operation does not document 502; its 500 carries the interface's error body (ERR-4).
    const check = dataImport.checkResponse(
      'listAllAccountImportProcesses',
      500,
      'application/json',
      JSON.parse(answer.body),
    );
    expect(check.problems).toEqual([]);
    expect((await proxy.findings()).groups[0]).toMatchObject({
      rule: 'kit:target-unreachable',
      source: 'kit',
      severity: 'warning',
      operation: 'listAllAccountImportProcesses',
    });
    expect(lines.join('\n')).toMatch(/ECONNREFUSED/);
  });

  test('sends the target only the requests its clients sent, none of its own', async () => {
    const target = echoTarget();
    const loop = await served(target.server);
    const proxy = await proxyTo(loop.base);
    for (let i = 0; i < 5; i++) await send(proxy.url, 'GET', `/x/${i}`);
    await proxy.close();
    expect(target.seen.map((s) => s.url)).toEqual(['/x/0', '/x/1', '/x/2', '/x/3', '/x/4']);
  });
});

describe('proxy checks', () => {
  test('in front of the mock, a token and a valid account give no finding', async () => {
    const mock = await serveMock();
    running.push(mock);
    const proxy = await proxyTo(mock.base);
    const token = await obtainToken(proxy.url);
    const answer = await send(
      proxy.url,
      'POST',
      '/v1/data-import/validate-account/',
      ['content-type', 'application/json', 'authorization', `Token ${token}`],
      JSON.stringify(domestic),
    );
    expect(answer.status).toBe(200);
    const result = await proxy.close();
    expect(result.exchanges).toBe(2);
    expect(result.groups).toEqual([]);
  });

  test('a service answering a valid account with a body VAL-2 does not promise is an error finding', async () => {
    const broken = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"valid":true}');
      });
    });
    const loop = await served(broken);
    const proxy = await proxyTo(loop.base);
    await send(
      proxy.url,
      'POST',
      '/v1/data-import/validate-account/',
      ['content-type', 'application/json'],
      JSON.stringify(domestic),
    );
    const groups = (await proxy.close()).groups;
    expect(groups.some((g) => g.rule === 'VAL-2' && g.severity === 'error')).toBe(true);
  });

  test('checks an answer in a content coding decoded, and forwards its bytes unchanged', async () => {
    // The mock's own answer, valid by VAL-2, sent gzipped: only a decoded reading passes it.
    const mock = await serveMock();
    running.push(mock);
    const valid = await send(
      mock.base,
      'POST',
      '/v1/data-import/validate-account/',
      [
        'content-type',
        'application/json',
        'authorization',
        `Token ${await obtainToken(mock.base)}`,
      ],
      JSON.stringify(domestic),
    );
    expect(valid.status).toBe(200);
    const gzipped = gzipSync(valid.body);
    const zipping = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipped);
      });
    });
    const loop = await served(zipping);
    const proxy = await proxyTo(loop.base);
    const forwarded = await new Promise<Buffer>((resolve, reject) => {
      const url = new URL('/v1/data-import/validate-account/', proxy.url);
      const req = http.request(url, { method: 'POST' }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      });
      req.on('error', reject);
      req.setHeader('content-type', 'application/json');
      req.end(JSON.stringify(domestic));
    });
    expect(forwarded.equals(gzipped)).toBe(true);
    const result = await proxy.close();
    expect(result.exchanges).toBe(1);
    expect(result.groups).toEqual([]);
  });

  test('checks every one of many exchanges answered at once: none is lost on the way to the checker', async () => {
    const mock = await serveMock();
    running.push(mock);
    const proxy = await proxyTo(mock.base);
    const token = await obtainToken(proxy.url);
    const answers = await Promise.all(
      Array.from({ length: 300 }, () =>
        send(
          proxy.url,
          'POST',
          '/v1/data-import/validate-account/',
          ['content-type', 'application/json', 'authorization', `Token ${token}`],
          JSON.stringify(domestic),
        ),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const result = await proxy.findings();
    expect(result.exchanges).toBe(301);
    expect(result.operations.get('validateAccount')).toBe(300);
    expect(result.groups).toEqual([]);
  });
});
