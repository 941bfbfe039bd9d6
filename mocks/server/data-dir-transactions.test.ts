/**
 * The cost of a batch of transactions in the `--data-dir` store (decision 027): what the store's
 * databases are given per batch, counted by wrapping lmdb-js's `put` on every database the store
 * opens (records, and their values as JSON characters), so that the proof counts the work of a
 * write rather than timing it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { createTestClient } from '../test-client.ts';
import { openDataDir } from './data-dir.ts';

/** What each database was given while counting is on, by database name. */
const counting = vi.hoisted(() => ({
  on: false,
  counts: new Map<string, { records: number; chars: number }>(),
}));

vi.mock('lmdb', async (importOriginal) => {
  const lmdb = await importOriginal<typeof import('lmdb')>();
  type Db = { put: (...args: unknown[]) => unknown };
  const counted = <T extends Db>(db: T, name: string): T => {
    const put = db.put.bind(db);
    db.put = (...args: unknown[]) => {
      if (counting.on) {
        const count = counting.counts.get(name) ?? { records: 0, chars: 0 };
        count.records += 1;
        count.chars += JSON.stringify(args[1] ?? null).length;
        counting.counts.set(name, count);
      }
      return put(...args);
    };
    return db;
  };
  const open = ((...args: Parameters<typeof lmdb.open>) => {
    const root = lmdb.open(...args);
    const openDB = root.openDB.bind(root);
    root.openDB = ((options: { name: string }) =>
      counted(openDB(options as never) as never, options.name)) as never;
    return root;
  }) as typeof lmdb.open;
  return { ...lmdb, open };
});

/** What each database was given since the last take; counting starts again. */
function take() {
  const taken = Object.fromEntries(counting.counts);
  counting.counts.clear();
  return taken;
}

/** A client on a data directory as `npm start -- --data-dir` opens it. */
async function clientOn(path: string) {
  const dir = openDataDir(path);
  const client = createTestClient({ state: dir.state, onChange: dir.write });
  if (!dir.state) await dir.write(client.mock.state);
  return { dir, client };
}

describe('--data-dir: transactions', () => {
  test('[TXN-4] a batch writes its transactions and the small account record, not the payload or the transactions added before, and a restart reads them all back in order', async () => {
    const path = mkdtempSync(join(tmpdir(), 'kit-data-dir-'));
    const first = await clientOn(path);
    await first.client.login();
    const a = first.client.account();
    expect((await first.client.stage(a)).status).toBe(201);
    expect((await first.client.process(a.external_account_number)).status).toBe(201);
    const batch = (n: number) =>
      first.client.call('POST', '/v1/data-import/transactions/create/', {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: a.external_account_number,
        transactions: [0, 1, 2].map((j) => ({
          transaction_id: `TXN-${String(n).padStart(2, '0')}-${j}`,
          transaction_date: '2026-11-01',
          amount: 10 + j,
          type: 'CHARGE',
          reason: 'IMPORTED_CHARGE',
        })),
      });
    counting.on = true;
    try {
      const perBatch = [];
      for (let n = 0; n < 30; n++) {
        expect((await batch(n)).status).toBe(201);
        perBatch.push(take());
      }
      const [firstBatch, lastBatch] = [perBatch[0]!, perBatch[29]!];
      // Three records in the log, one account record, no payload: the first batch as the 30th.
      for (const written of [firstBatch, lastBatch]) {
        expect(written.transactions?.records).toBe(3);
        expect(written.accounts?.records).toBe(1);
        expect(written.payloads).toBeUndefined();
      }
      expect(lastBatch.transactions!.chars).toBe(firstBatch.transactions!.chars);
      // The account record does not grow with the account's history (its count of logged
      // transactions, 3 then 90, takes a digit more).
      expect(lastBatch.accounts!.chars).toBeLessThanOrEqual(firstBatch.accounts!.chars + 1);
      expect(lastBatch.accounts!.chars).toBeLessThan(JSON.stringify(a).length);
    } finally {
      counting.on = false;
    }
    const key = `DEMO_ENERGY/${a.external_account_number}`;
    const before = JSON.stringify(first.client.mock.state.accounts.get(key));
    await first.dir.close();

    const second = await clientOn(path);
    const record = second.client.mock.state.accounts.get(key)!;
    expect(record.transactions?.map((t) => t.transactionData.transaction_id)).toEqual(
      Array.from(
        { length: 90 },
        (_, i) => `TXN-${String(Math.floor(i / 3)).padStart(2, '0')}-${i % 3}`,
      ),
    );
    expect(JSON.stringify(record)).toBe(before);
    // TXN-5 after the restart: a replayed batch is already on the account, nothing is added.
    await second.client.login();
    const replay = await second.client.call('POST', '/v1/data-import/transactions/create/', {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: a.external_account_number,
      transactions: [
        {
          transaction_id: 'TXN-07-1',
          transaction_date: '2026-11-01',
          amount: 11,
          type: 'CHARGE',
          reason: 'IMPORTED_CHARGE',
        },
      ],
    });
    expect(replay.body).toMatchObject({ results: [{ status: 'TRANSACTION_ALREADY_EXISTS' }] });
    await second.dir.close();
  });
});

describe('--data-dir: a store written before the split', () => {
  test('[GEN-9] an account kept whole is read whole, and its next batch moves it to the split layout with nothing lost', async () => {
    const path = mkdtempSync(join(tmpdir(), 'kit-data-dir-'));
    const first = await clientOn(path);
    await first.client.login();
    const a = first.client.account();
    await first.client.stage(a);
    await first.client.process(a.external_account_number);
    const key = `DEMO_ENERGY/${a.external_account_number}`;
    const batch = (client: typeof first.client, id: string) =>
      client.call('POST', '/v1/data-import/transactions/create/', {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: a.external_account_number,
        transactions: [
          {
            transaction_id: id,
            transaction_date: '2026-11-01',
            amount: 5,
            type: 'CHARGE',
            reason: 'IMPORTED_CHARGE',
          },
        ],
      });
    expect((await batch(first.client, 'OLD-1')).status).toBe(201);
    const whole = structuredClone(first.client.mock.state.accounts.get(key)!);
    await first.dir.close();
    // The account as the store kept it before the split: one record holding everything.
    const { open } = await vi.importActual<typeof import('lmdb')>('lmdb');
    const root = open({ path, maxDbs: 16 });
    const records = root.openDB<{ seq: number; record: unknown }, string>({
      name: 'accounts',
      compression: true,
    });
    const { seq } = records.get(key)!;
    await records.put(key, { seq, record: whole });
    await root.openDB({ name: 'payloads', compression: true }).drop();
    await root.openDB({ name: 'transactions' }).drop();
    await root.close();

    const second = await clientOn(path);
    expect(second.client.mock.state.accounts.get(key)).toEqual(whole);
    await second.client.login();
    expect((await batch(second.client, 'NEW-1')).status).toBe(201);
    await second.dir.close();
    const third = await clientOn(path);
    const record = third.client.mock.state.accounts.get(key)!;
    expect(record.data).toEqual(whole.data);
    expect(record.transactions?.map((t) => t.transactionData.transaction_id)).toEqual([
      'OLD-1',
      'NEW-1',
    ]);
    await third.dir.close();
  });
});
