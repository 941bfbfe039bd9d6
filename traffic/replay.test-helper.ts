/**
 * Real recordings for the replay's tests: a mock (or a mutant wrapped around one, as
 * mutation/serve-mutant.ts serves it) behind the node:http adapter on a loopback port of the
 * system's choosing, a supplier's session sent to it over HTTP, and every exchange kept in the
 * kit's recording format by the recording writer (recording.ts).
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockServer } from '../mocks/adapters/node-server.ts';
import { createDataImportMock } from '../mocks/create-mock.ts';
import { nodeEnv } from '../mocks/node-env.ts';
import type { MockService } from '../mocks/service.ts';
import { specExample } from '../mocks/test-support.ts';
import { mutants } from '../mutation/mutants.ts';
import type { Exchange } from './exchange.ts';
import { recordingLine } from './recording.ts';

/** A server on a loopback port: its base URL and how to stop it. */
export interface LoopbackServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** A fresh mock, or the mutant `mutantId` wrapped around one, listening on 127.0.0.1:0. */
export async function serveMock(mutantId?: string): Promise<LoopbackServer> {
  const mock = createDataImportMock({ env: nodeEnv() });
  const mutant = mutants.find((m) => m.id === mutantId);
  if (mutantId !== undefined && !mutant) throw new Error(`unknown mutant ${mutantId}`);
  const service = mutant
    ? ({ handle: mutant.wrap((r) => mock.service.handle(r)) } as MockService)
    : mock.service;
  const server = createMockServer(service);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const V1 = '/v1/data-import';

/** Sends one request over HTTP and keeps it as an exchange, timed when it was sent. */
export async function exchange(
  baseUrl: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<Exchange> {
  const headers: [string, string][] = [['content-type', 'application/json']];
  if (token) headers.push(['authorization', `Token ${token}`]);
  const text = body === undefined ? '' : JSON.stringify(body);
  const time = Date.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(text ? { body: text } : {}),
  });
  return {
    time,
    request: { method, url: `${baseUrl}${path}`, headers, body: text },
    response: {
      status: response.status,
      headers: [...response.headers],
      body: await response.text(),
    },
  };
}

/** The spec's domestic example as a supplier's own account `external`. */
function account(external: string, n: number): Record<string, unknown> {
  const example = specExample<Record<string, unknown>>('DomesticAccount');
  const references = (
    example.references as { namespace: string; value: string }[] | undefined
  )?.map((r) => ({ ...r, value: `${r.value}-${n}` }));
  return { ...example, external_account_number: external, ...(references ? { references } : {}) };
}

/**
 * A supplier's session: a token, validation (one account valid, one with a bad landline),
 * staging twice, status while staged, the lists, process (and again), status after it, notes
 * (one repeated), transactions and meter point statuses. Answers the exchanges in order.
 */
export async function recordSession(baseUrl: string): Promise<Exchange[]> {
  const log: Exchange[] = [];
  let token: string | undefined;
  const send = async (method: string, path: string, body?: unknown) => {
    const e = await exchange(baseUrl, token, method, path, body);
    log.push(e);
    return e;
  };
  const obtained = await send('POST', '/v1/graphql/', {
    query:
      'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token payload refreshToken refreshExpiresIn } }',
    variables: { input: { APIKey: 'demo-api-key' } },
  });
  token = JSON.parse(obtained.response.body).data.obtainKrakenToken.token;
  const first = account('REPLAY-1', 1);
  const second = account('REPLAY-2', 2);
  await send('POST', `${V1}/validate-account/`, first);
  const customers = first.customers as Record<string, unknown>[];
  await send('POST', `${V1}/validate-account/`, {
    ...first,
    customers: [{ ...customers[0], landline: '12345', mobile: '999' }],
  });
  await send('POST', `${V1}/account-import-process/create-or-update/`, first);
  await send('POST', `${V1}/account-import-process/create-or-update/`, second);
  await send('GET', `${V1}/account-transfer-status/DEMO_ENERGY/REPLAY-1/`);
  await send('GET', `${V1}/pending-account-import-processes/DEMO_ENERGY/`);
  await send('POST', `${V1}/account-import-process/create-or-update/`, first);
  for (const external of ['REPLAY-1', 'REPLAY-2']) {
    await send('POST', `${V1}/account-import-process/process/`, {
      import_supplier_code: 'DEMO_ENERGY',
      external_account_number: external,
      operations_team_name: 'MIGRATIONS',
    });
  }
  await postImport(send);
  return log;
}

type Send = (method: string, path: string, body?: unknown) => Promise<Exchange>;

async function postImport(send: Send): Promise<void> {
  await send('GET', `${V1}/account-transfer-status/DEMO_ENERGY/REPLAY-1/`);
  const notes = {
    import_supplier: 'DEMO_ENERGY',
    external_account_number: 'REPLAY-1',
    notes: [{ body: 'Prefers e-mail after 5pm.' }, { body: 'Meter cupboard is locked.' }],
  };
  await send('POST', `${V1}/notes/create/`, notes);
  await send('POST', `${V1}/notes/create/`, notes);
  const transactions = specExample<Record<string, unknown>>('CreateTransactionsRequest');
  await send('POST', `${V1}/transactions/create/`, {
    ...transactions,
    external_account_number: 'REPLAY-1',
  });
  await send('POST', `${V1}/account-import-process/process/`, {
    import_supplier_code: 'DEMO_ENERGY',
    external_account_number: 'REPLAY-2',
    operations_team_name: 'MIGRATIONS',
  });
  await send('GET', `${V1}/all-account-import-processes/DEMO_ENERGY/`);
  await send('GET', `${V1}/imported-account-import-processes/DEMO_ENERGY/`);
  await send('GET', `${V1}/meterpoint-statuses-for-account/DEMO_ENERGY/REPLAY-2/`);
}

/** Writes exchanges as a recording (recording.ts) in a fresh folder; answers its path. */
export function writeRecording(exchanges: Exchange[], name = 'session.ndjson'): string {
  const dir = mkdtempSync(join(tmpdir(), 'traffic-replay-'));
  const file = join(dir, name);
  writeFileSync(file, exchanges.map((e) => `${recordingLine(e)}\n`).join(''));
  return file;
}

/** A session recorded against a fresh mock (or a mutant of it), the server closed after. */
export async function recordedAgainst(mutantId?: string): Promise<Exchange[]> {
  const server = await serveMock(mutantId);
  try {
    return await recordSession(server.baseUrl);
  } finally {
    await server.close();
  }
}
