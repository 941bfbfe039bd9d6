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
  counts: new Map<string, { records: number; chars: number; keys: unknown[] }>(),
}));

vi.mock('lmdb', async (importOriginal) => {
  const lmdb = await importOriginal<typeof import('lmdb')>();
  type Db = { put: (...args: unknown[]) => unknown };
  const counted = <T extends Db>(db: T, name: string): T => {
    const put = db.put.bind(db);
    db.put = (...args: unknown[]) => {
      if (counting.on) {
        const count = counting.counts.get(name) ?? { records: 0, chars: 0, keys: [] };
        count.records += 1;
        count.keys.push(args[0]);
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
      // Of the state document, the counters and the staging sequence only: the settings and the
      // platform catalogue (43 KB) did not change.
      for (const written of [firstBatch, lastBatch]) {
        expect(written.meta?.keys).toEqual(['next-seq', 'counters']);
        expect(written.meta!.chars).toBeLessThan(100);
      }
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

describe('--data-dir: the state document', () => {
  test('[GEN-9] a staging writes the counters of the state document, its settings and platform catalogue only when they change, and a restart reads all three back', async () => {
    const path = mkdtempSync(join(tmpdir(), 'kit-data-dir-'));
    const first = await clientOn(path);
    await first.client.login();
    const stage = async () =>
      expect((await first.client.stage(first.client.account())).status).toBe(201);
    await stage();
    counting.on = true;
    try {
      await stage();
      const staged = take();
      expect(staged.meta?.keys).toEqual(['next-seq', 'counters']);
      expect(staged.accounts?.records).toBe(1);
      expect(staged.payloads?.records).toBe(1);
      // GEN-6: the operator's catalogue is written once, when it is replaced.
      const patched = await first.client.call('PATCH', '/__mock/catalogue', {
        dunning_paths: ['standard_domestic', 'final_bill'],
      });
      expect(patched.status).toBe(200);
      const catalogue = take();
      expect(catalogue.meta?.keys).toEqual(['next-seq', 'catalogue', 'counters']);
      expect(catalogue.meta!.chars).toBeGreaterThan(10_000);
      await stage();
      expect(take().meta?.keys).toEqual(['next-seq', 'counters']);
      // STG-6: a skip mark is a setting of the document.
      const marked = await first.client.call(
        'PUT',
        '/__mock/skip-marks/DEMO_ENERGY/SKIPPED-1',
        undefined,
      );
      expect(marked.status).toBe(200);
      expect(take().meta?.keys).toEqual(['next-seq', 'settings', 'counters']);
    } finally {
      counting.on = false;
    }
    const { accounts: _a, outbox: _o, tokens: _t, ...before } = first.client.mock.state;
    await first.dir.close();

    const second = await clientOn(path);
    const { accounts, outbox: _o2, tokens: _t2, ...after } = second.client.mock.state;
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    expect(after.platformCatalogue.dunning_paths).toEqual(['standard_domestic', 'final_bill']);
    expect(after.skipMarks).toEqual(['DEMO_ENERGY/SKIPPED-1']);
    expect(accounts.size).toBe(3);
    await second.dir.close();
  });

  test('[GEN-9] a store whose state document is one record (the earlier layout) opens with its state, and its next write moves it to the counters, settings and catalogue', async () => {
    const path = mkdtempSync(join(tmpdir(), 'kit-data-dir-'));
    const first = await clientOn(path);
    await first.client.login();
    await first.client.call('PATCH', '/__mock/catalogue', {
      dunning_paths: ['standard_domestic', 'final_bill'],
    });
    expect((await first.client.stage(first.client.account())).status).toBe(201);
    const { accounts: _a, outbox: _o, tokens: _t, ...whole } = first.client.mock.state;
    const before = JSON.stringify(whole);
    await first.dir.close();
    // The state document as the store kept it before: one JSON record with the revision in it.
    const { open } = await vi.importActual<typeof import('lmdb')>('lmdb');
    const root = open({ path, maxDbs: 16 });
    const meta = root.openDB<unknown, string>({ name: 'meta' });
    await meta.put('state', before);
    for (const key of ['counters', 'settings', 'catalogue']) await meta.remove(key);
    await root.close();

    const second = await clientOn(path);
    const { accounts, outbox: _o2, tokens: _t2, ...read } = second.client.mock.state;
    expect(JSON.stringify(read)).toBe(before);
    const countBefore = accounts.size;
    await second.client.login();
    const later = second.client.account({ external_account_number: 'LATER-1' });
    expect((await second.client.stage(later)).status).toBe(201);
    const { accounts: _a3, outbox: _o3, tokens: _t3, ...written } = second.client.mock.state;
    await second.dir.close();
    const check = open({ path, maxDbs: 16 });
    const keys = [...check.openDB<unknown, string>({ name: 'meta' }).getKeys()];
    await check.close();
    expect(keys).toContain('counters');
    expect(keys).not.toContain('state');

    const third = await clientOn(path);
    const { accounts: after, outbox: _o4, tokens: _t4, ...reread } = third.client.mock.state;
    expect(JSON.stringify(reread)).toBe(JSON.stringify(written));
    expect(reread.revision).toBe(whole.revision + 2);
    expect(reread.platformCatalogue.dunning_paths).toEqual(['standard_domestic', 'final_bill']);
    expect(after.size).toBe(countBefore + 1);
    await third.dir.close();
  });
});
