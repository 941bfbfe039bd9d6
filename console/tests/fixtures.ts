/**
 * Fixtures of the browser tests: a fresh standalone mock with the web hook on a free loopback
 * port for each test, a supplier's client of the interface to check an action's effect the way a
 * supplier would see it, and a record of console errors and failed requests of the page.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { createMockServer } from '../../mocks/adapters/node-server.ts';
import { createDataImportMock, type DataImportMock } from '../../mocks/create-mock.ts';
import { DEMO_API_KEY } from '../../mocks/defaults.ts';
import { nodeEnv } from '../../mocks/node-env.ts';
import type { CorsOptions } from '../../mocks/server/web-hook.ts';
import { dataImport } from '../../spec/index.ts';
import { createWebHook } from '../server/web-hook.ts';

/** A running mock. */
export interface RunningMock {
  url: string;
  mock: DataImportMock;
}

/** The interface as a supplier calls it, with a token of the demo API key. */
export interface InterfaceClient {
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the bodies the spec describes loosely
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** Forgets the token, so that the next call obtains a new one (after the clock moved). */
  renew(): void;
}

/** What went wrong in the page: console errors, uncaught errors, failed and 4xx/5xx requests. */
export interface PageProblems {
  list: string[];
}

interface Fixtures {
  cors: CorsOptions | undefined;
  server: RunningMock;
  iface: InterfaceClient;
  problems: PageProblems;
}

export async function startMock(
  cors?: CorsOptions,
): Promise<RunningMock & { close(): Promise<void> }> {
  const mock = createDataImportMock({ env: nodeEnv() });
  const server = createMockServer(mock.service, {
    hook: createWebHook({ service: mock.service, apiKey: DEMO_API_KEY, cors }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    mock,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function interfaceClient(request: APIRequestContext, url: string): InterfaceClient {
  let token: string | undefined;
  const obtain = async () => {
    const response = await request.post(`${url}/v1/graphql/`, {
      data: {
        query:
          'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
        variables: { input: { APIKey: DEMO_API_KEY } },
      },
    });
    token = (await response.json()).data.obtainKrakenToken.token;
  };
  return {
    async call(method, path, body) {
      if (!token) await obtain();
      const response = await request.fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Token ${token}` },
        ...(body === undefined ? {} : { data: body }),
      });
      const text = await response.text();
      return { status: response.status(), body: text ? JSON.parse(text) : undefined };
    },
    renew() {
      token = undefined;
    },
  };
}

export const test = base.extend<Fixtures>({
  cors: [undefined, { option: true }],
  server: async ({ cors }, use) => {
    const running = await startMock(cors);
    await use(running);
    await running.close();
  },
  iface: async ({ request, server }, use) => {
    await use(interfaceClient(request, server.url));
  },
  problems: async ({ page }, use) => {
    const problems: PageProblems = { list: [] };
    page.on('console', (m) => {
      if (m.type() === 'error') problems.list.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.list.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) =>
      problems.list.push(`failed: ${r.url()} ${r.failure()?.errorText}`),
    );
    page.on('response', (r) => {
      if (r.status() >= 400) problems.list.push(`${r.status()}: ${r.url()}`);
    });
    await use(problems);
  },
});

export { expect };

/** Opens the console and waits until its first reading of the state is shown. */
export async function openConsole(page: Page, server: RunningMock) {
  await page.goto(`${server.url}/console`);
  await expect(page.locator('main[data-ready="true"]')).toBeVisible();
}

/** The spec's domestic account example, as the console pre-fills it. */
export const EXAMPLE_EXTERNAL = 'EXTERNAL-1234';

/** Stages the example account through the console's "Act as a supplier" form. */
export async function stageInConsole(page: Page, external = EXAMPLE_EXTERNAL) {
  const form = page.locator('#supplier-side');
  await form.getByLabel('External account number').fill(external);
  await form.getByRole('button', { name: 'Stage the account' }).click();
  await expect(page.locator('#message')).toContainText(`Stage ${external}: 201`);
}

/** Opens an account of the list in the console. */
export async function openAccount(
  page: Page,
  external = EXAMPLE_EXTERNAL,
  supplier = 'DEMO_ENERGY',
) {
  await page.getByRole('button', { name: `Open account ${external} of ${supplier}` }).click();
  await expect(page.locator('#account-title')).toHaveText(`Account ${external} of ${supplier}`);
}

/** Processes the open account in the console (not a dry run). */
export async function processInConsole(page: Page) {
  await page.getByRole('button', { name: 'Process the account' }).click();
  await expect(page.locator('#message')).toContainText('Process the account: 201');
}

/** A copy of the spec's domestic account example (external account number EXTERNAL-1234). */
export function domesticExample(): Record<string, unknown> {
  const examples = (dataImport.document.components as Record<string, unknown>).examples as Record<
    string,
    { value: Record<string, unknown> }
  >;
  return structuredClone(examples.DomesticAccount!.value);
}

/** One of axe-core's findings, as the tests report it. */
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's violations of every impact, best practices included, on the whole page or inside
 * one element (`context`, a selector), each as "impact id: help (targets)".
 */
export async function axeViolations(page: Page, context?: string): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async (within) => {
    const axe = (
      window as unknown as { axe: { run(context?: string): Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await (within === undefined ? axe.run() : axe.run(within))).violations;
  }, context);
  return (violations as AxeViolation[]).map(
    (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
