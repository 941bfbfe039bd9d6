import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { createMockServer } from '../../mocks/adapters/node-server.ts';
import { createDataImportMock } from '../../mocks/create-mock.ts';
import { nodeEnv } from '../../mocks/node-env.ts';
import type { CorsOptions, HostOptions } from '../../mocks/server/web-hook.ts';
import { checkedHosts } from '../../mocks/start-checks.ts';
import { isLoopbackOrigin } from './cors.ts';
import { hostName } from './hosts.ts';
import { createWebHook } from './web-hook.ts';

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function start(cors?: CorsOptions, hosts?: HostOptions) {
  const mock = createDataImportMock({ env: nodeEnv() });
  const server = createMockServer(mock.service, {
    hook: createWebHook({ service: mock.service, apiKey: 'demo-api-key', cors, hosts }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { mock, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const PREFLIGHT = {
  origin: 'https://app.example.com',
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'authorization,content-type',
};
const VALIDATE = '/v1/data-import/validate-account/';

describe('isLoopbackOrigin', () => {
  test('only pages of this machine count as loopback', () => {
    for (const o of [
      'http://127.0.0.1:4010',
      'http://localhost:3000',
      'https://[::1]',
      'http://127.8.0.1',
    ])
      expect(isLoopbackOrigin(o), o).toBe(true);
    for (const o of ['http://192.168.1.5:4010', 'https://localhost.example.com', 'null', 'file://'])
      expect(isLoopbackOrigin(o), o).toBe(false);
  });
});

describe('CORS on the interface', () => {
  test('answers a preflight from any origin by default, with the asked headers', async () => {
    const { base } = await start();
    const response = await fetch(`${base}${VALIDATE}`, { method: 'OPTIONS', headers: PREFLIGHT });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  test('adds the allow-origin header to answers, errors included', async () => {
    const { base } = await start();
    const response = await fetch(`${base}${VALIDATE}`, {
      method: 'POST',
      headers: { origin: 'https://app.example.com', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(response.headers.get('vary')).toBe('Origin');
  });

  test('refuses a preflight from an origin not in the list; turned off, OPTIONS is 405 again', async () => {
    const listed = await start({ interfaceOrigins: ['https://other.example'], controlOrigins: [] });
    const refused = await fetch(`${listed.base}${VALIDATE}`, {
      method: 'OPTIONS',
      headers: PREFLIGHT,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'origin_not_allowed', errors: [] });
    const off = await start({ interfaceOrigins: [], controlOrigins: [] });
    const plain = await fetch(`${off.base}${VALIDATE}`, { method: 'OPTIONS', headers: PREFLIGHT });
    expect(plain.status).toBe(405);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the control API and pages answer loopback origins only', () => {
  test('a request from another origin is refused and changes nothing', async () => {
    const { base, mock } = await start();
    const response = await fetch(`${base}/__mock/suppliers/DEMO_PAUSED`, {
      method: 'PUT',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'Ongoing' }),
    });
    expect(response.status).toBe(403);
    expect(mock.state.suppliers.DEMO_PAUSED!.status).toBe('Paused');
    const page = await fetch(`${base}/console`, { headers: { origin: 'https://evil.example' } });
    expect(page.status).toBe(403);
  });

  test('a loopback origin, or one the operator opened, may change the state', async () => {
    const { base, mock } = await start({
      interfaceOrigins: '*',
      controlOrigins: ['https://ops.example'],
    });
    for (const origin of ['http://localhost:5173', 'https://ops.example']) {
      const response = await fetch(`${base}/__mock/clock`, {
        method: 'PUT',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ advance_seconds: 60 }),
      });
      expect(response.status, origin).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    }
    expect(mock.state.clock.offsetMs).toBe(120_000);
  });
});

describe('the pages', () => {
  test('serve the landing page with the defaults, the specs with this mock as server', async () => {
    const { base } = await start();
    const landing = await (await fetch(`${base}/`)).text();
    expect(landing).toContain('demo-api-key');
    expect(landing).toContain('DEMO_ENERGY');
    const spec = await (await fetch(`${base}/docs/openapi.json`)).json();
    expect(spec.servers).toEqual([{ url: base, description: 'This mock.' }]);
    // The platform's answer is described under the response that differs (decision 026).
    const staged =
      spec.paths['/v1/data-import/account-import-process/create-or-update/'].post.responses['201'];
    expect(staged.description).toMatch(/platform answers differently.*import_supplier_code/s);
    const control = await (await fetch(`${base}/docs/control.json`)).json();
    expect(control.paths['/__mock/accounts']).toBeDefined();
  });

  test('serve every asset a page names, with its content type', async () => {
    const { base } = await start();
    const cases: [string, string][] = [
      ['/docs', 'text/html'],
      ['/docs/assets/swagger-ui-bundle.js', 'text/javascript'],
      ['/docs/assets/swagger-ui.css', 'text/css'],
      ['/console', 'text/html'],
      ['/console/app.js', 'text/javascript'],
      ['/msw/mockServiceWorker.js', 'text/javascript'],
      ['/favicon.svg', 'image/svg+xml'],
    ];
    for (const [path, type] of cases) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain(type);
    }
    const redirect = await fetch(`${base}/msw`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/msw/');
  });

  test('leave the interface and the control API to the service (JSON 404 and 405)', async () => {
    const { base } = await start();
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);
    const post = await fetch(`${base}/console`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(await post.json()).toMatchObject({ code: 'not_found' });
  });
});

/** A GET with the Host header a browser would send for `host` (fetch cannot set it). */
function getWithHost(base: string, path: string, host: string) {
  const { port } = new URL(base);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'GET', headers: { host } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the Host allow-list (DNS rebinding)', () => {
  test.each(['/__mock/state', '/__mock/journal', '/console', '/', '/docs/control.json'])(
    'a page under another name does not read %s',
    async (path) => {
      const { base } = await start();
      const answer = await getWithHost(base, path, 'rebind.attacker.example:4010');
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'host_not_allowed', errors: [] });
      expect(answer.text).not.toContain('key_hash');
    },
  );

  test.each(['127.0.0.1:4010', 'localhost:4010', 'LOCALHOST', '[::1]:4010', 'app.localhost'])(
    'loopback name %s is served',
    async (host) => {
      const { base } = await start();
      expect((await getWithHost(base, '/__mock/state', host)).status).toBe(200);
    },
  );

  test('the interface answers any Host (its data needs a token)', async () => {
    const { base } = await start();
    const answer = await getWithHost(
      base,
      '/v1/data-import/all-account-import-processes/DEMO_ENERGY/',
      'rebind.attacker.example',
    );
    expect(answer.status).toBe(401);
  });

  test('the bound address and the names the operator adds are served; * opens it', async () => {
    const bound = await start(undefined, { allowedHosts: [], boundHost: '192.0.2.7' });
    expect((await getWithHost(bound.base, '/__mock/state', '192.0.2.7:4010')).status).toBe(200);
    expect((await getWithHost(bound.base, '/__mock/state', '192.0.2.8')).status).toBe(403);
    const added = await start(undefined, {
      allowedHosts: checkedHosts('mock.internal, Other.Name.', '--allowed-hosts'),
    });
    expect((await getWithHost(added.base, '/console', 'mock.internal:80')).status).toBe(200);
    expect((await getWithHost(added.base, '/console', 'other.name')).status).toBe(200);
    const open = await start(undefined, { allowedHosts: checkedHosts('*', '--allowed-hosts') });
    expect((await getWithHost(open.base, '/console', 'anything.example')).status).toBe(200);
  });

  test('reads Host names without port, brackets or trailing dot', () => {
    expect(hostName('Example.COM.:8080')).toBe('example.com');
    expect(hostName('[::1]:4010')).toBe('::1');
  });
});
