import { describe, expect, test } from 'vitest';
import { createHarness, importedState } from '../test-support.ts';
import type { TransactionRecord } from './state.ts';
import { addTransactions, transactionIdsOn } from './transaction-index.ts';
import { accountTransactions } from './transactions.ts';

const TRANSACTIONS = '/v1/data-import/transactions/create/';

const added = (id: string): TransactionRecord => ({
  transactionData: { transaction_id: id, transaction_date: '2024-04-01', amount: '1.00' },
  addedAt: '2024-04-15T10:00:00Z',
});

const charge = (id: string) => ({
  transaction_id: id,
  transaction_date: '2024-04-01',
  amount: 10,
  type: 'CHARGE',
  reason: 'IMPORTED_CHARGE',
});

describe('transactionIdsOn (TXN-5 index)', () => {
  test('[TXN-5] holds the staged ledgers’ ids and every batch added since, across batches', () => {
    const { record } = importedState();
    const staged = [...transactionIdsOn(record)];
    expect(staged.length).toBeGreaterThan(0);
    addTransactions(record, [added('A-1'), added('A-2')]);
    expect(transactionIdsOn(record).has('A-1')).toBe(true);
    for (let batch = 0; batch < 50; batch++) addTransactions(record, [added(`B-${batch}`)]);
    const ids = transactionIdsOn(record);
    expect(['A-1', 'A-2', 'B-0', 'B-49', ...staged].every((id) => ids.has(id))).toBe(true);
    expect(ids.size).toBe(staged.length + 52);
    expect(record.transactions?.map((t) => t.transactionData.transaction_id).slice(0, 3)).toEqual([
      'A-1',
      'A-2',
      'B-0',
    ]);
  });

  test('[TXN-5] follows a list of added transactions replaced or grown outside it (a state imported)', () => {
    const { record } = importedState();
    addTransactions(record, [added('OLD-1')]);
    expect(transactionIdsOn(record).has('OLD-1')).toBe(true);
    record.transactions = [added('NEW-1')];
    expect(transactionIdsOn(record).has('OLD-1')).toBe(false);
    expect(transactionIdsOn(record).has('NEW-1')).toBe(true);
    record.transactions.push(added('NEW-2'));
    expect(transactionIdsOn(record).has('NEW-2')).toBe(true);
    record.transactions = undefined;
    expect(transactionIdsOn(record).has('NEW-1')).toBe(false);
  });
});

describe('createTransactions through the edge (TXN-5 with the index)', () => {
  async function importedAccount() {
    const h = await createHarness();
    const account = await h.imported();
    const post = (ids: string[]) =>
      h.call('POST', TRANSACTIONS, {
        body: {
          import_supplier: 'DEMO_ENERGY',
          external_account_number: account.external_account_number,
          transactions: ids.map(charge),
        },
      });
    const storedIds = () => {
      const found = accountTransactions(h.mock.service.state, h.key(account));
      if (!found.ok) throw new Error(found.error.detail);
      return found.value.map((t) => t.transactionData.transaction_id);
    };
    return { post, storedIds };
  }

  const statuses = (response: { body?: unknown }) =>
    (response.body as { results: { status: string }[] }).results.map((r) => r.status);

  test('[TXN-5] a transaction added by an earlier batch is TRANSACTION_ALREADY_EXISTS in every later one', async () => {
    const { post, storedIds } = await importedAccount();
    expect(statuses(await post(['T-0', 'T-1']))).toEqual([
      'TRANSACTION_ADDED_TO_ACCOUNT',
      'TRANSACTION_ADDED_TO_ACCOUNT',
    ]);
    for (let batch = 2; batch < 12; batch++) {
      expect(statuses(await post([`T-${batch}`, `T-${batch - 1}`, 'T-0']))).toEqual([
        'TRANSACTION_ADDED_TO_ACCOUNT',
        'TRANSACTION_ALREADY_EXISTS',
        'TRANSACTION_ALREADY_EXISTS',
      ]);
    }
    expect(storedIds()).toEqual(Array.from({ length: 12 }, (_, i) => `T-${i}`));
  });

  test('[TXN-5] concurrent batches sharing ids add each id once: the rest are TRANSACTION_ALREADY_EXISTS', async () => {
    const { post, storedIds } = await importedAccount();
    // Twenty batches at once, each sharing ids with its neighbours and one id with every batch.
    const batches = Array.from({ length: 20 }, (_, i) => ['SHARED', `R-${i}`, `R-${i + 1}`]);
    const answers = await Promise.all(batches.map((ids) => post(ids)));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const addedCount = answers
      .flatMap(statuses)
      .filter((s) => s === 'TRANSACTION_ADDED_TO_ACCOUNT').length;
    const distinct = new Set(batches.flat());
    expect(addedCount).toBe(distinct.size);
    const stored = storedIds();
    expect(stored).toHaveLength(distinct.size);
    expect(new Set(stored)).toEqual(distinct);
  });
});
