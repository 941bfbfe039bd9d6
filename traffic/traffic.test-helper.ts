/**
 * Real exchanges for the traffic checker's tests: requests answered by a fresh mock through the
 * same `service.handle()` its adapters use, turned into the checker's exchange model, so a test
 * judges what the kit's own service really answers and mutates only what it means to break.
 */
import { createTestClient, TEST_NOW } from '../mocks/test-client.ts';
import type { Exchange } from './exchange.ts';

/** A mock and a recorder of every call made through it, as exchanges. */
export function recordingClient() {
  const client = createTestClient();
  const exchanges: Exchange[] = [];
  let now = TEST_NOW;
  async function send(method: string, path: string, body?: unknown): Promise<Exchange> {
    const bodyText = body === undefined ? '' : JSON.stringify(body);
    const auth = await login();
    const response = await client.call(method, path, body);
    const headers: [string, string][] = [['content-type', 'application/json']];
    const exchange: Exchange = {
      request: {
        method,
        url: `http://127.0.0.1${path}`,
        headers: [
          ['content-type', 'application/json'],
          ['authorization', `Token ${auth}`],
        ],
        body: bodyText,
      },
      response: {
        status: response.status,
        headers: Object.entries(response.headers ?? {}).concat(headers),
        body: response.body === undefined ? '' : JSON.stringify(response.body),
      },
      time: now,
    };
    now += 1000;
    exchanges.push(exchange);
    return exchange;
  }
  let token: string | undefined;
  async function login(): Promise<string> {
    token ??= await client.login();
    return token;
  }
  return { client, exchanges, send, login };
}

/** A copy of an exchange with its answer replaced (status and/or JSON body). */
export function withAnswer(exchange: Exchange, status: number, body: unknown): Exchange {
  return {
    ...exchange,
    response: { ...exchange.response, status, body: JSON.stringify(body) },
  };
}

/** A process request for DEMO_ENERGY's account `external`, a dry run when asked (PRC-1, PRC-5). */
export function processOf(external: string, dryRun = false) {
  return {
    import_supplier_code: 'DEMO_ENERGY',
    external_account_number: external,
    operations_team_name: 'MIGRATIONS',
    ...(dryRun ? { dry_run: true } : {}),
  };
}

/** Stages and processes a new generated account of DEMO_ENERGY (STG-2, PRC-1): an imported account. */
export async function importedAccount(rec: ReturnType<typeof recordingClient>) {
  const account = rec.client.account();
  const external = account.external_account_number as string;
  await rec.send('POST', '/v1/data-import/account-import-process/create-or-update/', account);
  await rec.send('POST', '/v1/data-import/account-import-process/process/', processOf(external));
  return { account, external };
}
