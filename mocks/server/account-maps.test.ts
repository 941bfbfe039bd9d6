/**
 * The contract every account map keeps (decision 021): the in-memory map and the `--data-dir`
 * store answer the same concurrent clients alike, and what they answered is what they hold. One
 * test runs over both maps, through HTTP on a real node:http server started as `npm start` starts
 * it (with `--data-dir` for the store): 500 concurrent create-or-update and process calls on ten
 * accounts, identical and distinct notes and transactions at once, competing payment
 * instructions, then the listings and the records, again after a restart. Loopback only, bounded.
 */
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { openapiDocument } from '../../spec/index.ts';
import { createMockServer } from '../adapters/node-server.ts';
import { createDataImportMock } from '../create-mock.ts';
import { nodeEnv } from '../node-env.ts';
import { openDataDir } from './data-dir.ts';

/** A server over one account map; a restart serves what the map kept. */
interface Running {
  base: string;
  restart(): Promise<Running>;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** The in-memory map: a restart keeps the same process and so the same state. */
async function memoryServer(): Promise<Running> {
  const mock = createDataImportMock({ env: nodeEnv() });
  const server = createMockServer(mock.service);
  const running: Running = {
    base: await listen(server),
    restart: async () => running,
    close: () => closeServer(server),
  };
  return running;
}

/** The store, opened and served as `data-import-mock --data-dir DIR` does. */
async function storeServer(path = mkdtempSync(join(tmpdir(), 'kit-account-map-'))) {
  const dir = openDataDir(path);
  const mock = createDataImportMock({ env: nodeEnv(), state: dir.state, onChange: dir.write });
  if (!dir.state) await dir.write(mock.state);
  const server = createMockServer(mock.service, {
    maintenance: { due: dir.recycleDue, run: dir.recycle },
  });
  const base = await listen(server);
  const close = async () => {
    await closeServer(server);
    await dir.close();
  };
  const running: Running = {
    base,
    restart: async () => {
      await close();
      return storeServer(path);
    },
    close,
  };
  return running;
}

const maps: [string, () => Promise<Running>][] = [
  ['the in-memory map', memoryServer],
  ['the --data-dir store', storeServer],
];

const example = (openapiDocument.components as Record<string, Record<string, { value: unknown }>>)
  .examples!.DomesticAccount!.value as Record<string, unknown> & {
  references?: { namespace: string; value: string }[];
};

let copies = 0;
/** A copy of the example with its own external account number and references. */
function account(): Record<string, unknown> & { external_account_number: string } {
  copies += 1;
  const copy = structuredClone(example);
  return {
    ...copy,
    external_account_number: `RACE-${process.pid}-${copies}`,
    ...(copy.references && {
      references: copy.references.map((r) => ({ ...r, value: `${r.value}-race-${copies}` })),
    }),
  };
}

interface Answer {
  status: number;
  body: unknown;
}

function client(base: string) {
  let token = '';
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token && { authorization: `Token ${token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  };
  return {
    call,
    async login() {
      const answer = await call('POST', '/v1/graphql/', {
        query: 'mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } }',
      });
      token = (answer.body as { data: { obtainKrakenToken: { token: string } } }).data
        .obtainKrakenToken.token;
    },
    stage: (a: unknown) =>
      call('POST', '/v1/data-import/account-import-process/create-or-update/', a),
    process: (externalAccountNumber: string) =>
      call('POST', '/v1/data-import/account-import-process/process/', {
        import_supplier_code: 'DEMO_ENERGY',
        external_account_number: externalAccountNumber,
        operations_team_name: 'MIGRATIONS',
      }),
    record: (externalAccountNumber: string) =>
      call('GET', `/__mock/accounts/DEMO_ENERGY/${externalAccountNumber}`),
    list: () => call('GET', '/v1/data-import/all-account-import-processes/DEMO_ENERGY/'),
  };
}

/** Every service account number an answer names (a 201's, or the one already imported). */
function serviceNumbers(answer: Answer): string[] {
  return JSON.stringify(answer.body).match(/A-[0-9A-F]{8}/g) ?? [];
}

const ACCOUNTS = 10;
const PER_ACCOUNT = 50;
const AT_ONCE = 20;

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe.each(maps)('every account map: %s', (_name, start) => {
  test('[GEN-9][PRC-8][STG-1][NOTE-3][TXN-5][PAY-4] concurrent same-account requests are serialised: each account imported once, nothing doubled, nothing lost, after a restart too', async () => {
    running = await start();
    const api = client(running.base);
    await api.login();

    // 500 requests at once: per account, stages and processes interleaved.
    const accounts = Array.from({ length: ACCOUNTS }, account);
    const sent = accounts.flatMap((a) =>
      Array.from({ length: PER_ACCOUNT }, (_, i) =>
        i % 2 === 0
          ? api.stage(a).then((answer) => ({ a, kind: 'stage', answer }))
          : api
              .process(a.external_account_number)
              .then((answer) => ({ a, kind: 'process', answer })),
      ),
    );
    const answers = await Promise.all(sent);
    expect(answers.filter((x) => x.answer.status >= 500)).toEqual([]);
    const numbers = new Map<string, Set<string>>();
    for (const a of accounts) {
      const mine = answers.filter((x) => x.a === a);
      const stages = mine.filter((x) => x.kind === 'stage').map((x) => x.answer.status);
      // STG-1: created once; later stagings update it (200) or meet the import (400, PRC-8).
      expect(stages.filter((s) => s === 201)).toHaveLength(1);
      const processes = mine.filter((x) => x.kind === 'process');
      // A process that came before the first staging meets no process yet; make sure it ran.
      const last = await api.process(a.external_account_number);
      const created = [...processes.map((x) => x.answer), last].filter((x) => x.status === 201);
      expect(created).toHaveLength(1);
      // PRC-8: one service account number, the same in every answer that names one.
      numbers.set(
        a.external_account_number,
        new Set([...processes.map((x) => x.answer), last].flatMap(serviceNumbers)),
      );
      expect(numbers.get(a.external_account_number)!.size).toBe(1);
    }
    const expectedRows = accounts.map((a) => ({
      external_account_number: a.external_account_number,
      service_account_number: [...numbers.get(a.external_account_number)!][0],
      account_created_at: expect.any(String),
    }));
    expect((await api.list()).body).toEqual(expectedRows);

    // On one imported account: identical and distinct notes, transactions, payment instructions.
    const target = accounts[0]!.external_account_number;
    const today = new Date().toISOString().slice(0, 10);
    const times = <T>(make: (i: number) => Promise<T>) =>
      Promise.all(Array.from({ length: AT_ONCE }, (_, i) => make(i)));
    const notes = (body: string) =>
      api.call('POST', '/v1/data-import/notes/create/', {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: target,
        notes: [{ body }],
      });
    const transactions = (id: string) =>
      api.call('POST', '/v1/data-import/transactions/create/?check_previously_added=true', {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: target,
        transactions: [
          {
            transaction_id: id,
            transaction_date: today,
            amount: 10,
            type: 'CHARGE',
            reason: 'IMPORTED_CHARGE',
          },
        ],
      });
    const instruction = (reference: string) =>
      api.call('POST', '/v1/data-import/payment-instruction/create/', {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: target,
        vendor: 'STRIPE',
        type: 'CARD',
        reference,
      });
    const [sameNotes, distinctNotes, sameTransactions, distinctTransactions, instructions] =
      await Promise.all([
        times(() => notes('Same note, sent twenty times at once.')),
        times((i) => notes(`Distinct note ${i}.`)),
        times(() => transactions('RACE-SAME-TXN')),
        times((i) => transactions(`RACE-TXN-${i}`)),
        times((i) => instruction(`pm_race_${i}`)),
      ]);
    const noteStatuses = sameNotes.map(
      (x) => (x.body as { status: string }[] | undefined)?.[0]?.status,
    );
    // NOTE-3: one is created, the others already exist.
    expect(noteStatuses.filter((s) => s === 'NOTE_CREATION_SUCCESS')).toHaveLength(1);
    expect(noteStatuses.filter((s) => s === 'NOTE_ALREADY_EXISTS')).toHaveLength(AT_ONCE - 1);
    expect(distinctNotes.map((x) => x.status)).toEqual(Array(AT_ONCE).fill(201));
    expect(sameTransactions.map((x) => x.status)).toEqual(Array(AT_ONCE).fill(201));
    expect(distinctTransactions.map((x) => x.status)).toEqual(Array(AT_ONCE).fill(201));
    // PAY-4: one active instruction; every other one is refused as already there.
    const accepted = instructions.filter((x) => x.status === 201);
    expect(accepted).toHaveLength(1);
    expect(instructions.filter((x) => x.status === 400)).toHaveLength(AT_ONCE - 1);
    const acceptedReference = (accepted[0]!.body as { reference: string }).reference;

    const holds = async (api: ReturnType<typeof client>) => {
      const record = (await api.record(target)).body as {
        notes?: { body: string }[];
        transactions?: { transaction_data: { transaction_id: string } }[];
        payment_instruction?: { reference: string };
      };
      const bodies = (record.notes ?? []).map((n) => n.body);
      expect(bodies.filter((b) => b === 'Same note, sent twenty times at once.')).toHaveLength(1);
      expect(bodies.filter((b) => b.startsWith('Distinct note ')).sort()).toEqual(
        Array.from({ length: AT_ONCE }, (_, i) => `Distinct note ${i}.`).sort(),
      );
      const ids = (record.transactions ?? []).map((t) => t.transaction_data.transaction_id);
      expect(ids.filter((id) => id === 'RACE-SAME-TXN')).toHaveLength(1);
      expect(ids.filter((id) => id.startsWith('RACE-TXN-')).sort()).toEqual(
        Array.from({ length: AT_ONCE }, (_, i) => `RACE-TXN-${i}`).sort(),
      );
      expect(record.payment_instruction?.reference).toBe(acceptedReference);
      expect((await api.list()).body).toEqual(expectedRows);
      for (const a of accounts) {
        expect(serviceNumbers(await api.record(a.external_account_number))).toContain(
          [...numbers.get(a.external_account_number)!][0],
        );
      }
    };
    await holds(api);

    running = await running.restart();
    const again = client(running.base);
    await again.login();
    await holds(again);
  });
});
