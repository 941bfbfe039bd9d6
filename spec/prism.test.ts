/**
 * `prism mock` serves the spec statelessly (decision 001): every operation answers with its
 * documented success status and no `sl-violations` header, so the examples are good enough for
 * Prism's static mode and its own response validation.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dataImport, openapiDocument } from './index.ts';

type Json = Record<string, unknown>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`prism did not start at ${url}`);
}

function firstRequestExample(operation: Json): unknown {
  const media = ((operation.requestBody as Json | undefined)?.content as Json | undefined)?.[
    'application/json'
  ] as Json | undefined;
  const first = Object.values((media?.examples as Json | undefined) ?? {})[0] as Json | undefined;
  if (!first) return undefined;
  const ref = first.$ref as string | undefined;
  if (!ref) return first.value;
  const name = ref.replace('#/components/examples/', '');
  return (((openapiDocument.components as Json).examples as Json)[name] as Json).value;
}

let prism: ChildProcess | undefined;
let base = '';

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  prism = spawn(
    'node_modules/.bin/prism',
    ['mock', 'spec/dist/openapi.json', '-h', '127.0.0.1', '-p', String(port), '--errors'],
    { stdio: 'ignore' },
  );
  // Readiness by polling, with a limit that only stops a prism that never starts.
  await waitFor(base, Date.now() + 300_000);
});

afterAll(() => {
  prism?.kill();
});

describe('prism mock', () => {
  test.each([...dataImport.operations.values()].map((op) => [op.operationId, op]))(
    '%s answers its documented success status without sl-violations',
    async (_id, op) => {
      const path = op.path
        .replace('{import_supplier_code}', 'DEMO_ENERGY')
        .replace('{external_account_number}', 'EXTERNAL-1234')
        .replace('{external_identifier}', 'EXTERNAL-1234');
      const body = firstRequestExample(op.operation);
      const response = await fetch(`${base}${path}`, {
        method: op.method,
        headers: {
          authorization: 'Token example-token',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const success = op.statuses.filter((s) => s.startsWith('2')).map(Number);
      expect(response.headers.get('sl-violations'), text).toBeNull();
      expect(success, text).toContain(response.status);
      const check = dataImport.checkResponse(
        op.operationId,
        response.status,
        response.headers.get('content-type'),
        // A success without content (V2 schedule and validate, decision 028) has no body.
        text === '' ? undefined : JSON.parse(text),
      );
      expect(check.problems).toEqual([]);
    },
  );
});
