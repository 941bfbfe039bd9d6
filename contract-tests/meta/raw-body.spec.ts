/**
 * The client sends a raw body byte for byte (GEN-2's malformed-JSON case): a loopback server
 * records what arrives. Without this, a malformed body could reach the target re-encoded as a
 * valid JSON string, and the negative test would pass against a service that accepts anything.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { DataImportClient } from '../support/api-client.ts';
import { PLATFORM_TOKEN_FIELDS } from '../support/obtain-token.ts';

test.describe('api client', () => {
  test('a raw body reaches the target byte for byte, with a JSON content type', async ({
    settings,
  }, testInfo) => {
    const received: { body: string; contentType?: string }[] = [];
    const server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ body, contentType: req.headers['content-type'] });
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: 'Malformed JSON.', code: 'parse_error', errors: [] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const context = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${port}` });
    try {
      const client = new DataImportClient({
        request: context,
        mode: 'mock',
        testInfo,
        runId: settings.runId,
        tokenFields: PLATFORM_TOKEN_FIELDS,
        token: async () => 'not-a-real-token',
      });
      const raw = '{"import_supplier": ';
      const exchange = await client.validateAccount(undefined, { raw, invalid: true });
      expect(exchange.status).toBe(400);
      expect(received).toEqual([{ body: raw, contentType: 'application/json' }]);
    } finally {
      await context.dispose();
      server.close();
    }
  });
});
