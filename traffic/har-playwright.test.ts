/**
 * A HAR as Playwright's `recordHar` writes it, made by real Chromium (Debian's, as the console's
 * tests launch it) against a mock on a free loopback port: a page the mock serves calls the
 * interface with fetch, the context is closed (Playwright writes the HAR then), and the checker
 * reads the file. Two answers are made wrong through the mock's control API: a 200 of
 * validate-account with a body the operation does not have, and a transfer status sent as
 * application/octet-stream, which Playwright stores base64-encoded. A second context records
 * with `content: 'attach'`, whose bodies are files beside the HAR: refused, not read as empty.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebHook } from '../console/server/web-hook.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../console/tests/chromium.ts';
import { createMockServer } from '../mocks/adapters/node-server.ts';
import { createDataImportMock } from '../mocks/create-mock.ts';
import { DEMO_API_KEY } from '../mocks/defaults.ts';
import { nodeEnv } from '../mocks/node-env.ts';
import { createTestClient } from '../mocks/test-client.ts';
import { dataImport } from '../spec/index.ts';
import { TrafficChecker } from './checker.ts';
import { readTrafficFile } from './cli.ts';
import type { Exchange } from './exchange.ts';

const EXTERNAL = 'HAR-PW-1';

/** Serves a fresh mock with its pages on 127.0.0.1 at a port the system picks. */
async function serveMock() {
  const mock = createDataImportMock({ env: nodeEnv() });
  const server = createMockServer(mock.service, {
    hook: createWebHook({ service: mock.service, apiKey: DEMO_API_KEY }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Adds an override through the control API, as an operator would. */
async function override(url: string, body: unknown): Promise<void> {
  const response = await fetch(`${url}/__mock/overrides`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

/** A POST of JSON from the page, answered as status and text. */
type Post = (
  path: string,
  body: unknown,
  token?: string,
) => Promise<{ status: number; body: string }>;

/**
 * The first calls a supplier's page makes (token, validate, stage, process), run in the page:
 * Playwright sends this function's source to Chromium, so it names nothing outside itself.
 */
async function stageAndProcess([base, account, apiKey]: readonly [string, unknown, string]) {
  const post: Post = async (path, body, token) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Token ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.text() };
  };
  const login = await post('/v1/graphql/', {
    query:
      'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
    variables: { input: { APIKey: apiKey } },
  });
  const token = JSON.parse(login.body).data.obtainKrakenToken.token as string;
  const external = (account as { external_account_number: string }).external_account_number;
  const api = '/v1/data-import/';
  const validated = await post(`${api}validate-account/`, account, token);
  const staged = await post(`${api}account-import-process/create-or-update/`, account, token);
  const processed = await post(
    `${api}account-import-process/process/`,
    {
      import_supplier_code: 'DEMO_ENERGY',
      external_account_number: external,
      operations_team_name: 'MIGRATIONS',
    },
    token,
  );
  return {
    token,
    number: JSON.parse(processed.body).service_account_number as string,
    statuses: [login.status, validated.status, staged.status, processed.status],
  };
}

/** The page's next calls: the account's transfer status, then a note (run in the page). */
async function statusAndNote([base, token, external]: readonly [string, string, string]) {
  const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
  const api = `${base}/v1/data-import/`;
  const status = await fetch(`${api}account-transfer-status/DEMO_ENERGY/${external}/`, {
    headers,
  });
  await status.arrayBuffer();
  const note = await fetch(`${api}notes/create/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      import_supplier: 'DEMO_ENERGY',
      external_account_number: external,
      notes: [{ body: 'Moved in – keys with neighbour' }],
    }),
  });
  await note.text();
  return [status.status, note.status];
}

describe("HAR written by Playwright's recordHar in Chromium", () => {
  const dir = mkdtempSync(join(tmpdir(), 'traffic-har-pw-'));
  const har = join(dir, 'day.har');
  const attached = join(dir, 'attached.har');
  let statuses: number[] = [];
  let number = '';
  const exchanges: Exchange[] = [];

  beforeAll(async () => {
    const mock = await serveMock();
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      await override(mock.url, {
        request: { operation_id: 'validateAccount' },
        response: { status: 200, body: { detail: 'Looks fine.' } },
        times: 1,
      });
      const context = await browser.newContext({ recordHar: { path: har } });
      const page = await context.newPage();
      await page.goto(`${mock.url}/`);
      const account = { ...createTestClient().account(), external_account_number: EXTERNAL };
      const first = await page.evaluate(stageAndProcess, [
        mock.url,
        account,
        DEMO_API_KEY,
      ] as const);
      // The right status and number, in a type the operation does not document.
      await override(mock.url, {
        request: { operation_id: 'getAccountTransferStatus' },
        response: {
          status: 200,
          headers: { 'content-type': 'application/octet-stream' },
          body: { status: 'PENDING', service_account_number: first.number },
        },
        times: 1,
      });
      number = first.number;
      const next = await page.evaluate(statusAndNote, [mock.url, first.token, EXTERNAL] as const);
      statuses = [...first.statuses, ...next];
      await context.close();
      // The same calls recorded with the bodies in files beside the HAR.
      const attaching = await browser.newContext({
        recordHar: { path: attached, content: 'attach' },
      });
      const other = await attaching.newPage();
      await other.goto(`${mock.url}/`);
      await other.evaluate(stageAndProcess, [
        mock.url,
        { ...account, external_account_number: `${EXTERNAL}-B` },
        DEMO_API_KEY,
      ] as const);
      await attaching.close();
    } finally {
      await browser.close();
      await mock.close();
    }
    for await (const e of readTrafficFile(har)) exchanges.push(e);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads every call the page made, bodies sent and answered', () => {
    expect(statuses).toEqual([200, 200, 201, 201, 200, 201]);
    // The page itself, its style sheet and its icon are the browser's loads, not calls.
    const api = exchanges;
    expect(api.map((e) => `${e.request.method} ${e.response.status}`)).toEqual([
      'POST 200',
      'POST 200',
      'POST 201',
      'POST 201',
      'GET 200',
      'POST 201',
    ]);
    const staged = api[2]!;
    expect(JSON.parse(staged.request.body).external_account_number).toBe(EXTERNAL);
    expect(JSON.parse(staged.response.body)).toEqual({
      import_supplier: 'DEMO_ENERGY',
      external_account_number: EXTERNAL,
    });
    expect(JSON.parse(api[5]!.request.body).notes[0].body).toBe('Moved in – keys with neighbour');
  });

  it('decodes a body Playwright stored base64-encoded', () => {
    const raw = JSON.parse(readFileSync(har, 'utf8')).log.entries.find(
      (e: { request: { url: string } }) => e.request.url.includes('account-transfer-status'),
    );
    expect(raw.response.content.encoding).toBe('base64');
    const status = exchanges.find((e) => e.request.url.includes('account-transfer-status'))!;
    expect(JSON.parse(status.response.body)).toEqual({
      status: 'PENDING',
      service_account_number: number,
    });
  });

  it('finds the wrong answers, and nothing else', () => {
    const checker = new TrafficChecker(dataImport);
    for (const e of exchanges) checker.check(e);
    const result = checker.result();
    expect(result.operations.get('createOrUpdateAccountImportProcess')).toBe(1);
    expect(result.operations.get('createNotes')).toBe(1);
    expect(result.groups.map((g) => [g.rule, g.operation, g.severity])).toEqual([
      ['VAL-2', 'validateAccount', 'error'],
      ['STS-1', 'getAccountTransferStatus', 'error'],
    ]);
    expect(result.groups[1]?.first.message).toMatch(/Undocumented Content-Type/);
  });

  it('refuses a HAR whose bodies Playwright put in files beside it, naming the entry', async () => {
    const read = async () => {
      for await (const _ of readTrafficFile(attached)) {
        // reading is the test
      }
    };
    await expect(read()).rejects.toThrow(
      /attached\.har: entry \d+: the body is in a separate file \([0-9a-f]{40}\.json\); record the HAR with its content embedded/,
    );
  });
});
