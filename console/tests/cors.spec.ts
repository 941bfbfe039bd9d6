/**
 * CORS in a real browser: a supplier's web front end on another origin (app.example.test, mapped
 * to loopback by Chromium's resolver) calls the interface, preflight and all; the same page cannot
 * touch the control API unless the operator opens it to that origin (decision 011).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { expect, test } from './fixtures.ts';

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP app.example.test 127.0.0.1'],
  },
});

/** A supplier's front end: an empty page on its own origin. */
async function frontEnd(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<!doctype html><html lang="en"><title>Supplier app</title><h1>Supplier app</h1></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://app.example.test:${(server.address() as AddressInfo).port}`, server };
}

/** Runs fetches in the page; a request the browser blocks comes back as `blocked`. */
function inPage(page: Page, mock: string) {
  return page.evaluate(async (base) => {
    const attempt = async (path: string, init: RequestInit) => {
      try {
        const response = await fetch(`${base}${path}`, init);
        return { status: response.status, body: await response.json() };
      } catch {
        return 'blocked' as const;
      }
    };
    const token = await attempt('/v1/graphql/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
        variables: { input: { APIKey: 'demo-api-key' } },
      }),
    });
    const value = token === 'blocked' ? undefined : token.body?.data?.obtainKrakenToken?.token;
    const list = await attempt('/v1/data-import/all-account-import-processes/DEMO_ENERGY/', {
      headers: { authorization: `Token ${value}` },
    });
    const reset = await attempt('/__mock/reset', { method: 'POST' });
    const pause = await attempt('/__mock/suppliers/DEMO_PAUSED', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'Ongoing' }),
    });
    return { token: token === 'blocked' ? token : token.status, list, reset, pause };
  }, mock);
}

test.describe('CORS', () => {
  let app: { origin: string; server: Server };
  test.beforeEach(async () => {
    app = await frontEnd();
  });
  test.afterEach(async () => {
    app.server.close();
  });

  test('a front end on another origin calls the interface, not the control API', async ({
    page,
    server,
  }) => {
    await page.goto(app.origin);
    const seen = await inPage(page, server.url);
    expect(seen.token).toBe(200);
    expect(seen.list).not.toBe('blocked');
    expect(seen.reset).toBe('blocked');
    expect(seen.pause).toBe('blocked');
    // Neither the simple POST nor the preflighted PUT reached the state.
    expect(server.mock.state.suppliers.DEMO_PAUSED!.status).toBe('Paused');
    expect(server.mock.service.journal.entries().map((e) => e.path)).not.toContain('/__mock/reset');
  });

  test.describe('with the control API opened to the front end', () => {
    test.use({ cors: { interfaceOrigins: '*', controlOrigins: '*' } });
    test('the same page may change the mock', async ({ page, server }) => {
      await page.goto(app.origin);
      const seen = await inPage(page, server.url);
      expect(seen.reset).toMatchObject({ status: 200 });
      expect(seen.pause).toMatchObject({ status: 200 });
      expect(server.mock.state.suppliers.DEMO_PAUSED!.status).toBe('Ongoing');
    });
  });

  test.describe('with CORS turned off for the interface', () => {
    test.use({ cors: { interfaceOrigins: [], controlOrigins: [] } });
    test('the browser blocks the interface too', async ({ page, server }) => {
      await page.goto(app.origin);
      const seen = await inPage(page, server.url);
      expect(seen.token).toBe('blocked');
    });
  });
});
