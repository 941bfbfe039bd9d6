/**
 * The transaction ids already on an imported account, as an index kept beside the state (TXN-5:
 * check_previously_added). The platform refuses a transaction whose transaction_id the account
 * holds already, in its staged ledgers (or the top-level lists of its form without ledgers) or
 * among those added since. Gathering them again for every batch costs time in proportion to
 * everything the account ever received, so a migration sending batch after batch to one account
 * slowed with each; the index is built once per account and grows with each batch added.
 *
 * The state stays plain data (decision 003): the index is not part of it, is keyed on the record
 * object, and is rebuilt whenever the record's data or its list of added transactions is not the
 * one it was built from (a state imported or read again from a data directory, a list replaced).
 */
import type { AccountRecord, TransactionRecord } from './state.ts';

interface TransactionIndex {
  /** The staged data the ids of the ledgers were read from. */
  data: AccountRecord['data'];
  /** The list of added transactions the index follows, and how many of them it holds. */
  added: TransactionRecord[] | undefined;
  counted: number;
  ids: Set<string>;
}

const indexes = new WeakMap<AccountRecord, TransactionIndex>();

/** The ids of the staged ledgers (and of the top-level lists of the form without ledgers). */
function stagedIds(data: AccountRecord['data']): Set<string> {
  const ids = new Set<string>();
  for (const ledger of [data, ...(data.ledgers ?? [])]) {
    for (const t of ledger.current_statement_transactions ?? []) ids.add(t.transaction_id);
    for (const t of ledger.historical_statement_transactions ?? []) ids.add(t.transaction_id);
  }
  return ids;
}

/**
 * TXN-5: the transaction ids on the account, its staged ones and those added since. Read-only to
 * the caller; {@link addTransactions} is how ids join it.
 */
export function transactionIdsOn(record: AccountRecord): ReadonlySet<string> {
  let index = indexes.get(record);
  const added = record.transactions;
  if (
    index === undefined ||
    index.data !== record.data ||
    index.added !== added ||
    (added?.length ?? 0) < index.counted
  ) {
    index = { data: record.data, added, counted: 0, ids: stagedIds(record.data) };
    indexes.set(record, index);
  }
  if (added !== undefined) {
    for (; index.counted < added.length; index.counted++) {
      index.ids.add(added[index.counted]!.transactionData.transaction_id);
    }
  }
  return index.ids;
}

/**
 * TXN-4: appends the transactions of a batch to the account, oldest first, in place (a batch
 * never copies what the account held before), and keeps the index in step.
 */
export function addTransactions(record: AccountRecord, batch: readonly TransactionRecord[]): void {
  if (batch.length === 0) return;
  const index = indexes.get(record);
  const wasCurrent = index !== undefined && index.added === record.transactions;
  if (record.transactions === undefined) record.transactions = [];
  for (const transaction of batch) record.transactions.push(transaction);
  // A fresh list is followed from now on; its entries are counted in at the next read.
  if (index !== undefined && wasCurrent) index.added = record.transactions;
}
