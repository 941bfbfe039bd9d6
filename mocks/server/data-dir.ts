/**
 * `--data-dir DIR` (decision 012): the standalone server's state in an embedded, crash-safe store
 * (LMDB through the `lmdb` package, a prebuilt binary from the registry). Each account import
 * process is one record, its staged payload another and each transaction added to it one more
 * (decision 027), each e-mail of the outbox and each token one record, the rest of the state
 * a document of three records (its counters, its settings, the platform catalogue:
 * data-dir-meta.ts), and an index keeps each supplier's processes in staging order so that the
 * lists stream. A request that moved the state's revision writes the records it read or set, the
 * counters and whatever of the document changed in one transaction, and is answered only once
 * that transaction is committed and on
 * disk: a write costs the same at a million accounts as at ten, and a crash (kill -9 included)
 * loses nothing that was acknowledged. Concurrent requests share commits (group commit).
 */

import { createHash } from 'node:crypto';
import { readFileSync, statfsSync } from 'node:fs';
import { type Database, open, type RootDatabase } from 'lmdb';
import { defaultPlatformCatalogue } from '../../spec/index.ts';
import { tokenTableVersion } from '../domain/auth.ts';
import {
  type AccountMap,
  type AccountRecord,
  type HeldIdentifierKind,
  heldIdentifierKey,
  identifiersHeldBy,
  type MockState,
  type Outbox,
  type OutboxEntry,
  type ProcessSummary,
  type TransactionRecord,
} from '../domain/state.ts';
import { StorageUnavailable } from '../service.ts';
import { type Meta, StoredMeta } from './data-dir-meta.ts';

/**
 * Marks the promise of a write lmdb-js batches into the current transaction as handled: a failed
 * commit is answered once, through the promise the write returns, and lmdb-js rejects the
 * promise of every write of the transaction (Node ends the process on one left unhandled).
 */
function batched(result: unknown): void {
  if (typeof (result as Promise<unknown> | undefined)?.then === 'function') {
    (result as Promise<unknown>).then(undefined, () => undefined);
  }
}

/** An account as the service holds it: its whole record and its place in the staging order. */
interface Stored {
  seq: number;
  record: AccountRecord;
}

/**
 * An account as the store keeps it (decision 027): the record without its staged payload and its
 * added transactions, which have records of their own, so that a batch of transactions writes the
 * batch and this small record, not the payload and every transaction the account received
 * before. `data` (and `transactions`, when the record has the list) stay as undefined keys, so
 * that the record read back has its keys in the order it had. `logged` is how many transactions
 * the account's log holds, -1 when the record has no list; a record without `logged` was written
 * before the split, whole.
 */
interface StoredRest {
  seq: number;
  record: AccountRecord;
  logged?: number;
}

/**
 * What the store holds, committed, of an account's split parts (decision 027): its payload and
 * its list of added transactions by identity, with how many of the list are in its log. A write
 * puts the payload only when the record holds another one (a restage replaces it; nothing changes
 * it in place) and appends to the log only the transactions past `logged` when the list is the
 * same one; anything else, or an account of which nothing is known here, is written whole, so
 * that forgetting these costs time, never data.
 */
interface Parts {
  data: AccountRecord['data'];
  transactions: TransactionRecord[] | undefined;
  logged: number;
  /** The write that committed them (0: read from the store). */
  write: number;
}

/** How many accounts' committed parts are kept before they are forgotten (then written whole). */
const PARTS_LIMIT = 4096;

type IndexKey = [string, number];
type LogKey = [string, number];
type TokenRecord = MockState['tokens'][string];

const NEXT_SEQ = 'next-seq';
/** Set once the held-identifier index covers every record (stores made before it get it once). */
const HOLDERS_BUILT = 'holders-built';
/** The map of the store's file: 1 TiB of address space, about 200 million accounts. */
const MAP_SIZE = 2 ** 40;
/** How many process summaries a streamed list reads at a time. */
const LIST_BATCH = 1000;
/** How many records read by read-only requests are kept before they are let go. */
const HELD_LIMIT = 1024;
/**
 * How many accounts written lately stay in memory as committed (decision 027): a migration sends
 * batch after batch to the accounts it is migrating, and reading an account again from the store
 * decodes its whole payload and log, which cost more than the batch itself.
 */
const RECENT_LIMIT = 256;

function summaryOf(record: AccountRecord): ProcessSummary {
  return {
    externalAccountNumber: record.externalAccountNumber,
    status: record.status,
    serviceAccountNumber: record.serviceAccountNumber,
    createdAt: record.createdAt,
    stagedAt: record.stagedAt,
  };
}

/**
 * The record as the store keeps it (decision 027): its payload and its transactions left to
 * records of their own, their keys kept (undefined) so that the record read back keeps its order.
 */
function restOf(record: AccountRecord): AccountRecord {
  const rest = { ...record, data: undefined as never };
  if (record.transactions !== undefined) rest.transactions = undefined;
  return rest;
}

function withoutAccounts(state: MockState): Meta {
  const { accounts: _accounts, outbox: _outbox, tokens: _tokens, ...meta } = state;
  return meta;
}

/**
 * The outbox of a data directory (SUP-4), one record per e-mail under its position: it only
 * grows, so a write appends the entries pushed since the last one. Nothing of it is read at
 * start-up; the operator's reads walk the store (decision 016).
 */
export class StoredOutbox implements Outbox {
  #db: Database<OutboxEntry, number>;
  /** Entries handed to a write whose transaction has not committed yet, by position. */
  readonly #unflushed = new Map<number, OutboxEntry>();
  /** Entries pushed since the last write. */
  #pending: OutboxEntry[] = [];
  /** How many entries were handed to writes (committed or not). */
  #written: number;

  constructor(db: Database<OutboxEntry, number>) {
    this.#db = db;
    // Positions are 0..n-1, so the last key tells the count without reading the entries.
    let count = 0;
    for (const last of db.getKeys({ reverse: true, limit: 1 })) count = last + 1;
    this.#written = count;
  }

  push(...entries: OutboxEntry[]): number {
    this.#pending.push(...entries);
    return this.length;
  }

  get length(): number {
    return this.#written + this.#pending.length;
  }

  *[Symbol.iterator](): Iterator<OutboxEntry> {
    let next = 0;
    for (const { key, value } of this.#db.getRange()) {
      yield value;
      next = key + 1;
    }
    for (; next < this.length; next++) {
      yield this.#unflushed.get(next) ?? this.#pending[next - this.#written]!;
    }
  }

  toJSON(): OutboxEntry[] {
    return [...this];
  }

  /** Takes the handle of the store opened again (the map let go, decision 017); nothing is pending. */
  reopen(db: Database<OutboxEntry, number>): void {
    this.#db = db;
  }

  /** Puts the pending entries into the current write; they stay readable until it commits. */
  writePending(committed: Promise<unknown>): void {
    if (this.#pending.length === 0) return;
    const from = this.#written;
    const entries = this.#pending;
    this.#pending = [];
    this.#written += entries.length;
    entries.forEach((entry, i) => {
      this.#unflushed.set(from + i, entry);
      batched(this.#db.put(from + i, entry));
    });
    const settled = () => {
      for (let i = 0; i < entries.length; i++) this.#unflushed.delete(from + i);
    };
    void committed.then(settled, settled);
  }

  /** Forgets what was not committed (a failed write): the outbox is what the store holds. */
  restore(): void {
    this.#pending = [];
    this.#unflushed.clear();
    let count = 0;
    for (const last of this.#db.getKeys({ reverse: true, limit: 1 })) count = last + 1;
    this.#written = count;
  }

  /** Appends entries read by a streamed import (decision 016), in one transaction. */
  importEntries(entries: OutboxEntry[]): void {
    if (entries.length === 0) return;
    this.#db.transactionSync(() => {
      for (const entry of entries) this.#db.putSync(this.#written++, entry);
    });
  }

  /** Replaces every entry, inside the caller's synchronous transaction. */
  replaceSync(entries: Iterable<OutboxEntry>): void {
    this.#db.clearSync();
    this.#unflushed.clear();
    this.#pending = [];
    let n = 0;
    for (const entry of entries) this.#db.putSync(n++, entry);
    this.#written = n;
  }
}

/** A change of the identifiers one account holds, not yet committed to the index. */
interface HolderChange {
  /** What the account holds now. */
  ids: Set<string>;
  /** What it held on disk before and holds no more. */
  removed: string[];
  /** Handed to a write (whose commit then lets the change go). */
  written: boolean;
}

/** LMDB keys are at most 1,978 bytes: longer identifiers are held under their SHA-256. */
function indexKey(id: string): string {
  return id.length <= 400 ? id : `sha256:${createHash('sha256').update(id).digest('hex')}`;
}

/** The accounts of a data directory, as the domain's {@link AccountMap}. */
export class StoredAccounts implements AccountMap {
  #records!: Database<StoredRest, string>;
  /** The staged payload of each account, by account key (decision 027). */
  #payloads!: Database<AccountRecord['data'], string>;
  /** The transactions added to each account (TXN-4), by account key and position (decision 027). */
  #log!: Database<TransactionRecord, LogKey>;
  /** The parts of accounts as committed, by account key ({@link Parts}). */
  readonly #parts = new Map<string, Parts>();
  /**
   * Accounts whose newest write committed lately, as committed, oldest first ({@link
   * RECENT_LIMIT}): read from here rather than decoded again. Forgotten with everything else
   * uncommitted when a write fails, and whenever the store is replaced.
   */
  readonly #recent = new Map<string, Stored>();
  #index!: Database<ProcessSummary, IndexKey>;
  /**
   * Held identifiers (platform: "Validate account reference does not already exist", "Validate
   * CAIS reference is not in use on another account"): identifier -> the keys of the imported
   * accounts holding it, sorted duplicates, written in the same transaction as the records.
   */
  #holders!: Database<string, string>;
  #meta!: Database<unknown, string>;
  /** The state document's records (decision 027). */
  #document!: StoredMeta;
  /** The outbox (SUP-4), one entry per record. */
  readonly outbox: StoredOutbox;
  /**
   * Tokens by hash, one record each: a load test issues thousands, and the state document must
   * not grow with them. A write compares the token table with what is on disk (no encoding).
   */
  #tokens!: Database<TokenRecord, string>;
  readonly #writtenTokens = new Set<string>();
  /** The token table last brought in line and its version then (`tokenTableVersion`). */
  #tokensWritten: { table: MockState['tokens'] | undefined; version: number } = {
    table: undefined,
    version: 0,
  };
  /**
   * Records handed to the domain since the last write, with their place in the staging order.
   * The domain changes a record in the same synchronous step in which it reads it and bumps the
   * revision, so every changed record is here when the edge writes the request.
   */
  readonly #held = new Map<string, Stored>();
  /**
   * Records handed to a write whose transaction has not committed yet, with that write's number.
   * lmdb-js reads the committed value until the commit, so a request between a write and its
   * commit reads its account here: it changes the newest version of the account, never the one
   * before, and every change to one account lands in order (decision 021).
   */
  readonly #unflushed = new Map<string, { stored: Stored; write: number }>();
  /** How many writes were issued: each entry of {@link #unflushed} names the one that holds it. */
  #writes = 0;
  /** What each held record held on disk when it was read (imported records only). */
  readonly #heldIds = new Map<string, string[]>();
  /** Index changes by account key, from `set` until their transaction commits. */
  readonly #holderChanges = new Map<string, HolderChange>();
  #nextSeq: number;
  #writtenRevision = -1;
  #state: MockState | undefined;

  constructor(root: RootDatabase) {
    this.#open(root);
    this.outbox = new StoredOutbox(root.openDB<OutboxEntry, number>({ name: 'outbox' }));
    this.#nextSeq = (this.#meta.get(NEXT_SEQ) as number | undefined) ?? 0;
    if (this.#document.saved() && this.#meta.get(HOLDERS_BUILT) === undefined) {
      this.#buildHolders();
    }
  }

  #open(root: RootDatabase): void {
    this.#records = root.openDB<StoredRest, string>({ name: 'accounts', compression: true });
    this.#payloads = root.openDB<AccountRecord['data'], string>({
      name: 'payloads',
      compression: true,
    });
    this.#log = root.openDB<TransactionRecord, LogKey>({ name: 'transactions' });
    this.#index = root.openDB<ProcessSummary, IndexKey>({ name: 'processes' });
    this.#holders = root.openDB<string, string>({
      name: 'holders',
      dupSort: true,
      encoding: 'ordered-binary',
    });
    this.#meta = root.openDB<unknown, string>({ name: 'meta' });
    if (this.#document) this.#document.reopen(this.#meta);
    else this.#document = new StoredMeta(this.#meta);
    this.#tokens = root.openDB<TokenRecord, string>({ name: 'tokens' });
  }

  /**
   * Takes the handles of the store opened again after its map was let go (decision 017). Only
   * between requests: nothing is being read or written, and what the map keeps in memory (held
   * records, uncommitted changes) stays as it is.
   */
  reopen(root: RootDatabase): void {
    this.#open(root);
    this.outbox.reopen(root.openDB<OutboxEntry, number>({ name: 'outbox' }));
  }

  /** One scan filling the held-identifier index of a store written before it existed. */
  #buildHolders(): void {
    this.#meta.transactionSync(() => {
      for (const { key, value } of this.#records.getRange())
        this.#indexHoldersSync(key, this.#unpack(key, value).record);
      this.#meta.putSync(HOLDERS_BUILT, true);
    });
  }

  /** The saved state without its accounts, or undefined for a new directory. */
  savedState(): Omit<MockState, 'accounts'> | undefined {
    const meta = this.#document.read();
    if (!meta) return undefined;
    const outbox = this.outbox;
    const tokens: MockState['tokens'] = {};
    for (const { key, value } of this.#tokens.getRange()) {
      tokens[key] = value;
      this.#writtenTokens.add(key);
    }
    // A store written before the platform catalogue existed checks against the kit's defaults.
    const platformCatalogue = meta.platformCatalogue ?? structuredClone(defaultPlatformCatalogue);
    return { ...meta, platformCatalogue, outbox, tokens };
  }

  /**
   * The state as the store holds it, after a write failed to commit (a full or failing disk):
   * what was not committed is forgotten, so that the refused change is not read by later
   * requests. Undefined when the failed write's state is not the current one (an earlier failure
   * went back already).
   */
  restore(failed: MockState): MockState | undefined {
    if (failed !== this.#state) return undefined;
    this.#held.clear();
    this.#heldIds.clear();
    this.#unflushed.clear();
    this.#holderChanges.clear();
    this.#parts.clear();
    this.#recent.clear();
    this.outbox.restore();
    this.#writtenTokens.clear();
    this.#tokensWritten = { table: undefined, version: 0 };
    const saved = this.savedState();
    if (!saved) return undefined;
    // Numbers are never given twice (GEN-9), even those of a refused change.
    saved.accountSequence = Math.max(saved.accountSequence, failed.accountSequence);
    const state: MockState = { ...saved, accounts: this };
    this.attach(state);
    return state;
  }

  /** The state the map is tied to. */
  get attachedState(): MockState | undefined {
    return this.#state;
  }

  /** Ties the map to the state it belongs to (its revision tells when held records may go). */
  attach(state: MockState): void {
    this.#state = state;
    this.#writtenRevision = state.revision;
  }

  #hold(key: string): Stored | undefined {
    const held = this.#held.get(key);
    if (held) return held;
    // Records that read-only requests read are let go once nothing unwritten is pending.
    if (this.#held.size >= HELD_LIMIT && this.#state?.revision === this.#writtenRevision) {
      this.#held.clear();
      this.#heldIds.clear();
    }
    const stored = this.#unflushed.get(key)?.stored ?? this.#recent.get(key) ?? this.#read(key);
    if (stored) {
      this.#held.set(key, stored);
      if (stored.record.status === 'imported') {
        this.#heldIds.set(key, identifiersHeldBy(stored.record));
      }
    }
    return stored;
  }

  get(key: string): AccountRecord | undefined {
    return this.#hold(key)?.record;
  }

  /** An account read from the store, its parts remembered as committed. */
  #read(key: string): Stored | undefined {
    const rest = this.#records.get(key);
    if (rest === undefined) return undefined;
    const stored = this.#unpack(key, rest);
    if (rest.logged !== undefined) {
      if (this.#parts.size >= PARTS_LIMIT) this.#parts.clear();
      const { data, transactions } = stored.record;
      this.#parts.set(key, { data, transactions, logged: rest.logged, write: 0 });
    }
    return stored;
  }

  /** The whole record of a stored account: its payload and its log folded in. */
  #unpack(key: string, rest: StoredRest): Stored {
    // Written before the split: the record is whole.
    if (rest.logged === undefined) return rest;
    const record = { ...rest.record, data: this.#payloads.get(key)! };
    if (rest.logged >= 0) {
      const transactions: TransactionRecord[] = [];
      for (const { value } of this.#log.getRange({ start: [key, 0], end: [key, rest.logged] })) {
        transactions.push(value);
      }
      record.transactions = transactions;
    }
    return { seq: rest.seq, record };
  }

  /**
   * Puts an account into the current write: its small record always, its payload and its
   * transactions only as far as they differ from what the store holds committed (decision 027).
   * Returns the parts as this write leaves them.
   */
  #put(key: string, stored: Stored, write: number): Parts {
    const { record } = stored;
    const known = this.#parts.get(key);
    const list = record.transactions;
    if (known?.data !== record.data) batched(this.#payloads.put(key, record.data));
    const logged = list === undefined ? -1 : list.length;
    // The same list, only grown (TXN-4 appends in place): the transactions past the log's end.
    const from =
      known && list !== undefined && known.transactions === list && known.logged <= logged
        ? Math.max(known.logged, 0)
        : 0;
    for (let i = from; i < logged; i++) batched(this.#log.put([key, i], list![i]!));
    // A shorter log than the store's: what lies past its end is never read, but is let go.
    for (let i = Math.max(logged, 0); i < (known?.logged ?? 0); i++) {
      batched(this.#log.remove([key, i]));
    }
    batched(this.#records.put(key, { seq: stored.seq, record: restOf(record), logged }));
    return { data: record.data, transactions: list, logged, write };
  }

  set(key: string, record: AccountRecord): void {
    const stored = this.#hold(key);
    this.#held.set(key, { seq: stored?.seq ?? this.#nextSeq++, record });
    // What the account held before: an uncommitted change's, else what it held when read.
    const earlier = this.#holderChanges.get(key);
    const before = earlier ? [...earlier.ids, ...earlier.removed] : (this.#heldIds.get(key) ?? []);
    const ids = new Set(identifiersHeldBy(record));
    const removed = before.filter((id) => !ids.has(id));
    if (!earlier && ids.size === 0 && removed.length === 0) return;
    this.#holderChanges.set(key, { ids, removed, written: false });
  }

  holderOf(
    kind: HeldIdentifierKind,
    value: string,
    except: readonly string[] = [],
  ): string | undefined {
    const id = heldIdentifierKey(kind, value);
    // Changes not committed yet first (a process answered a moment ago holds its references).
    for (const [holder, change] of this.#holderChanges) {
      if (change.ids.has(id) && !except.includes(holder)) return holder;
    }
    for (const holder of this.#holders.getValues(indexKey(id))) {
      if (except.includes(holder) || this.#holderChanges.has(holder)) continue;
      return holder;
    }
    return undefined;
  }

  has(key: string): boolean {
    return this.#held.has(key) || this.#unflushed.has(key) || this.#records.doesExist(key);
  }

  /** The newest version of a record not committed yet (held, else handed to a write). */
  #uncommitted(key: string): Stored | undefined {
    return this.#held.get(key) ?? this.#unflushed.get(key)?.stored;
  }

  /** Keys of records not committed yet that are not on disk either (new accounts). */
  *#unwrittenKeys(): Iterable<string> {
    for (const key of new Set([...this.#held.keys(), ...this.#unflushed.keys()])) {
      if (!this.#records.doesExist(key)) yield key;
    }
  }

  get size(): number {
    const unwritten = [...this.#unwrittenKeys()].length;
    return (this.#records.getStats() as { entryCount: number }).entryCount + unwritten;
  }

  *entries(): Iterable<[string, AccountRecord]> {
    for (const { key, value } of this.#records.getRange()) {
      yield [key, (this.#uncommitted(key) ?? this.#unpack(key, value)).record];
    }
    for (const key of [...this.#unwrittenKeys()]) yield [key, this.#uncommitted(key)!.record];
  }

  /**
   * Read a thousand at a time, each batch in one short read, so that nothing of the store is open
   * between two batches: a long list lets the store go of its map while it is written (decision
   * 017), and goes on from the next staging position with the handles open then.
   */
  *processesOf(importSupplier: string): Iterable<ProcessSummary> {
    let from = 0;
    for (;;) {
      const batch = [
        ...this.#index.getRange({
          start: [importSupplier, from],
          end: [importSupplier, Number.MAX_SAFE_INTEGER],
          limit: LIST_BATCH,
        }),
      ];
      for (const { value } of batch) yield value;
      if (batch.length < LIST_BATCH) return;
      from = batch.at(-1)!.key[1] + 1;
    }
  }

  toJSON(): Record<string, AccountRecord> {
    return Object.fromEntries(this.entries());
  }

  /**
   * Writes the state as it is now: the held records, their index entries, the counters and what
   * changed of the state document, in one transaction; resolves once it is committed and on disk.
   */
  write(state: MockState): Promise<void> {
    const records = [...this.#held];
    this.#held.clear();
    this.#heldIds.clear();
    this.#writtenRevision = state.revision;
    const meta = withoutAccounts(state);
    const nextSeq = this.#nextSeq;
    // Writes issued in one synchronous step go into one LMDB transaction (lmdb's event-turn
    // batching); requests in flight together share a commit. Answer once it is on disk.
    const write = ++this.#writes;
    const parts: [string, Parts][] = [];
    for (const [key, stored] of records) {
      // lmdb-js encodes the value here: later changes to the object go into later writes.
      parts.push([key, this.#put(key, stored, write)]);
      batched(
        this.#index.put([stored.record.importSupplier, stored.seq], summaryOf(stored.record)),
      );
      this.#unflushed.set(key, { stored, write });
    }
    this.#writeTokens(state.tokens, false);
    const changes: [string, HolderChange][] = [];
    for (const [key, change] of this.#holderChanges) {
      if (change.written) continue;
      change.written = true;
      changes.push([key, change]);
      for (const id of change.removed) batched(this.#holders.remove(indexKey(id), key));
      for (const id of change.ids) batched(this.#holders.put(indexKey(id), key));
    }
    batched(this.#meta.put(NEXT_SEQ, nextSeq));
    const committed = this.#document.put(meta, write);
    this.outbox.writePending(committed);
    const settled = () => {
      for (const [key] of records) {
        if (this.#unflushed.get(key)?.write === write) this.#unflushed.delete(key);
      }
      for (const [key, change] of changes) {
        if (this.#holderChanges.get(key) === change) this.#holderChanges.delete(key);
      }
    };
    // The records stay readable here until the commit: only then does lmdb-js read them.
    void committed.then(() => {
      // What this write put is now what the store holds, unless a later write's commit came first.
      for (const [key, written] of parts) {
        if ((this.#parts.get(key)?.write ?? -1) < write) this.#parts.set(key, written);
      }
      if (this.#parts.size > PARTS_LIMIT) this.#parts.clear();
      for (const [key, stored] of records) {
        if (this.#unflushed.get(key)?.write !== write) continue;
        this.#recent.delete(key);
        this.#recent.set(key, stored);
        if (this.#recent.size > RECENT_LIMIT)
          this.#recent.delete(this.#recent.keys().next().value!);
      }
      settled();
    }, settled);
    return committed.then(() => this.#meta.flushed.then(() => undefined));
  }

  /**
   * Brings the token records in line with the token table: a put per token not on disk, a
   * remove per token gone, batched with the current write (no encoding of the tokens already
   * written); or, `whole`, every token again inside the caller's synchronous transaction.
   */
  #writeTokens(tokens: MockState['tokens'], whole: boolean): void {
    const version = tokenTableVersion(tokens);
    // Most writes are stagings and batches: the table has not moved, and walking thousands of
    // live tokens to find that out cost every write in proportion to the tokens issued.
    if (!whole && this.#tokensWritten.table === tokens && this.#tokensWritten.version === version) {
      return;
    }
    this.#tokensWritten = { table: tokens, version };
    const db = this.#tokens;
    const sync = whole;
    if (whole) {
      db.clearSync();
      this.#writtenTokens.clear();
    }
    let live = 0;
    for (const [hash, token] of Object.entries(tokens)) {
      live += 1;
      if (this.#writtenTokens.has(hash)) continue;
      if (sync) db.putSync(hash, token);
      else batched(db.put(hash, token));
      this.#writtenTokens.add(hash);
    }
    if (this.#writtenTokens.size === live) return;
    for (const hash of this.#writtenTokens) {
      if (hash in tokens) continue;
      if (sync) db.removeSync(hash);
      else batched(db.remove(hash));
      this.#writtenTokens.delete(hash);
    }
  }

  /** Puts a record's held identifiers into the index, inside the caller's transaction. */
  #indexHoldersSync(key: string, record: AccountRecord): void {
    for (const id of identifiersHeldBy(record)) this.#holders.putSync(indexKey(id), key);
  }

  /**
   * Appends accounts read by a streamed import (decision 016) in the order given, which becomes
   * their staging order, in one transaction.
   */
  importAccounts(accounts: [string, AccountRecord][]): void {
    if (accounts.length === 0) return;
    this.#meta.transactionSync(() => {
      for (const [key, record] of accounts) {
        const seq = this.#nextSeq++;
        this.#putWholeSync(key, seq, record);
        this.#index.putSync([record.importSupplier, seq], summaryOf(record));
        this.#indexHoldersSync(key, record);
      }
      this.#meta.putSync(NEXT_SEQ, this.#nextSeq);
      this.#meta.putSync(HOLDERS_BUILT, true);
    });
  }

  /**
   * Writes an account's record, payload and log whole, inside the caller's synchronous
   * transaction (an import or a replacement, which write every account once).
   */
  #putWholeSync(key: string, seq: number, record: AccountRecord): void {
    this.#parts.delete(key);
    this.#recent.delete(key);
    const list = record.transactions;
    this.#payloads.putSync(key, record.data);
    for (const [i, transaction] of (list ?? []).entries()) this.#log.putSync([key, i], transaction);
    this.#records.putSync(key, { seq, record: restOf(record), logged: list?.length ?? -1 });
  }

  /** Ends a streamed import: the rest of the state (tokens, the state document), durably. */
  finishImport(state: MockState): void {
    this.#writtenRevision = state.revision;
    this.#meta.transactionSync(() => {
      this.#writeTokens(state.tokens, true);
      this.#document.putSync(withoutAccounts(state));
    });
  }

  /** Replaces everything with a whole state (the operator's reset or import), in one transaction. */
  replace(state: MockState): Promise<void> {
    const accounts = [...state.accounts.entries()];
    this.#held.clear();
    this.#heldIds.clear();
    this.#holderChanges.clear();
    this.#unflushed.clear();
    this.#parts.clear();
    this.#recent.clear();
    this.#nextSeq = accounts.length;
    this.#writtenRevision = state.revision;
    const meta = withoutAccounts(state);
    const outbox = [...state.outbox];
    // Rare (an operator's reset or import): one synchronous, durable transaction.
    this.#meta.transactionSync(() => {
      this.#records.clearSync();
      this.#payloads.clearSync();
      this.#log.clearSync();
      this.#index.clearSync();
      this.#holders.clearSync();
      this.outbox.replaceSync(outbox);
      this.#writeTokens(state.tokens, true);
      accounts.forEach(([key, record], seq) => {
        this.#putWholeSync(key, seq, record);
        this.#index.putSync([record.importSupplier, seq], summaryOf(record));
        this.#indexHoldersSync(key, record);
      });
      this.#document.putSync(meta);
      this.#meta.putSync(NEXT_SEQ, accounts.length);
      this.#meta.putSync(HOLDERS_BUILT, true);
    });
    return Promise.resolve();
  }
}

/** An open data directory: the state it holds and the writer the edge calls on every change. */
export interface DataDir {
  /** The saved state, or undefined for a new directory. */
  state: MockState | undefined;
  accounts: StoredAccounts;
  /** Persists a request that changed the state (or replaced it); resolves once durable. */
  write(state: MockState): Promise<void>;
  /** Ends a streamed import (decision 016): the rest of the state, written durably. */
  finishImport(state: MockState): Promise<void>;
  /**
   * Whether the store's mapped pages passed their budget, so that the map should be let go
   * (decision 017) as soon as no request is between its reads and its commit.
   */
  recycleDue(): boolean;
  /**
   * Lets go of the store's map and opens it again: every page it had mapped leaves the
   * process's memory. Call it only while no request is in flight (the server's gate does);
   * it waits for pending writes.
   */
  recycle(): Promise<void>;
  /** How many times the map was let go since the directory was opened. */
  readonly recycles: number;
  /**
   * Why writes are refused now, or undefined: the folder's filesystem has less room than the
   * store's reserve. lmdb-js does not come through a full disk (a commit that meets ENOSPC may
   * never settle, or end the process), so the store never lets it get there.
   */
  refuseWrites(): string | undefined;
  close(): Promise<void>;
}

/** Options of {@link openDataDir}. */
export interface DataDirOptions {
  /**
   * The store's mapped pages (RssFile) the process may keep, in MiB, before the map is let go
   * between requests (decision 017); 0 never. Default 512 (`npm start` reads STORE_MEMORY_MIB;
   * the store reads no environment). Linux only: elsewhere the map is never let go.
   */
  memoryBudgetMiB?: number;
  /**
   * The least time between two looks at the mapped pages, in ms; default 100 (`npm start` reads
   * STORE_MEMORY_CHECK_MS: tests of the server look at every request with 0).
   */
  checkEveryMs?: number;
  /** Reads the mapped pages in MiB (tests give their own); default RssFile of this process. */
  mappedMiB?: () => number;
  /**
   * The free room the folder's filesystem keeps, in MiB: below it, requests that may change the
   * state are refused with 503 before they change anything; 0 none, at most
   * {@link MAX_STORE_RESERVE_MIB}. Default 64 (`npm start` reads STORE_RESERVE_MIB, decision 021).
   */
  reserveMiB?: number;
  /** Reads the free room of the folder's filesystem in MiB (tests give their own). */
  freeMiB?: () => number;
}

/** The default free room a data directory's filesystem keeps (decision 021). */
export const DEFAULT_STORE_RESERVE_MIB = 64;

/**
 * The largest reserve a data directory keeps (1 TiB): a larger one is a value given in the wrong
 * unit (64 MiB written in bytes is 67108864), which would refuse every write of any disk.
 */
export const MAX_STORE_RESERVE_MIB = 2 ** 20;

/** The reserve of the options, checked before anything is opened: a bad one is refused. */
function reserveFrom(options: DataDirOptions): number {
  const reserve = options.reserveMiB ?? DEFAULT_STORE_RESERVE_MIB;
  if (!(reserve >= 0 && reserve <= MAX_STORE_RESERVE_MIB)) {
    throw new RangeError(
      `reserveMiB must be a number of MiB from 0 to ${MAX_STORE_RESERVE_MIB}, not ${reserve}.`,
    );
  }
  return reserve;
}

/** The default budget of mapped store pages (decision 017). */
export const DEFAULT_STORE_MEMORY_MIB = 512;

/** The file-backed part of this process's resident memory (RssFile, Linux), in MiB. */
function rssFileMiB(): number {
  const kb = /RssFile:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

/** Whether a rejection is lmdb-js's failed commit, whose error names the commit's own failure. */
function isCommitFailure(reason: unknown): boolean {
  const commitError = (reason as { commitError?: unknown } | null)?.commitError;
  return typeof (commitError as Promise<unknown> | undefined)?.then === 'function';
}

let commitFailuresHandled = false;

/**
 * lmdb-js rejects a promise of its own, which no caller can reach, when a transaction ending an
 * event turn fails to commit (a full disk), and Node ends the process on an unhandled
 * rejection. Every failed commit is answered through the promise of the write that made it
 * (503, the service going back to what the store holds), so that rejection alone is let go;
 * any other unhandled rejection ends the process as before.
 */
function handleCommitFailures(): void {
  if (commitFailuresHandled) return;
  commitFailuresHandled = true;
  process.on('unhandledRejection', (reason) => {
    if (isCommitFailure(reason)) {
      (reason as { commitError: Promise<unknown> }).commitError.catch(() => undefined);
      return;
    }
    throw reason;
  });
}

/** Opens (or creates) a data directory. */
export function openDataDir(path: string, options: DataDirOptions = {}): DataDir {
  // One map of the largest size the store may reach, given at open: lmdb-js otherwise starts
  // with a small map and maps the file again each time it grows, which left more of the file
  // resident (measured in decision 016). It is address space only: the file grows with its
  // data, not with the map.
  const reserve = reserveFrom(options);
  handleCommitFailures();
  const openRoot = () => open({ path, maxDbs: 16, mapSize: MAP_SIZE });
  let root = openRoot();
  const accounts = new StoredAccounts(root);
  const saved = accounts.savedState();
  const state: MockState | undefined = saved ? { ...saved, accounts } : undefined;
  if (state) accounts.attach(state);
  const budget = options.memoryBudgetMiB ?? DEFAULT_STORE_MEMORY_MIB;
  const checkEveryMs = options.checkEveryMs ?? 100;
  const mappedMiB =
    options.mappedMiB ?? (process.platform === 'linux' ? rssFileMiB : () => Number.NaN);
  let due = false;
  let lastLook = Number.NEGATIVE_INFINITY;
  let recycles = 0;
  // Every page of the file LMDB reads stays mapped and counts in the process's RSS, growing
  // towards the store's size: writes and reads (a streamed list maps the pages around every
  // index page it reads) both grow it. A look, at most every 100 ms as requests come and go,
  // costs one small read of /proc.
  const recycleDue = () => {
    if (due || budget <= 0) return due;
    const now = performance.now();
    if (now - lastLook < checkEveryMs) return false;
    lastLook = now;
    due = mappedMiB() > budget;
    return due;
  };
  // A write that cannot commit (a full or failing disk) is refused and the service goes back to
  // what the store holds; lmdb-js's own error of the commit is handled here as well, so that no
  // rejection is left unhandled (Node ends the process on one).
  const refused = (failed: MockState) => (error: unknown) => {
    const commitError = (error as { commitError?: Promise<unknown> }).commitError;
    let reason = (error as Error).message;
    if (commitError) {
      commitError.catch(() => undefined);
      reason = 'the store could not commit the change';
    }
    throw new StorageUnavailable(reason, accounts.restore(failed));
  };
  const freeMiB =
    options.freeMiB ??
    (() => {
      const stats = statfsSync(path);
      return (stats.bavail * stats.bsize) / 2 ** 20;
    });
  return {
    state,
    accounts,
    refuseWrites() {
      if (reserve <= 0) return undefined;
      const free = freeMiB();
      return free < reserve
        ? `${free.toFixed(1)} MiB free for the store, less than its reserve of ${reserve} MiB`
        : undefined;
    },
    write(next) {
      if (next.accounts === accounts) {
        try {
          return accounts.write(next).catch(refused(next));
        } catch (error) {
          return Promise.reject(error).catch(refused(next));
        }
      }
      // A new state (reset, import, the first start): its in-memory accounts move into the store.
      const before = accounts.attachedState;
      try {
        const replaced = accounts.replace(next);
        next.accounts = accounts;
        next.outbox = accounts.outbox;
        accounts.attach(next);
        return replaced;
      } catch (error) {
        return Promise.reject(error).catch(before ? refused(before) : (e) => Promise.reject(e));
      }
    },
    finishImport: (state) => {
      accounts.finishImport(state);
      return root.flushed.then(() => undefined);
    },
    recycleDue,
    async recycle() {
      due = false;
      // close() waits for pending writes; the store's memory leaves with its map.
      await root.close();
      root = openRoot();
      accounts.reopen(root);
      recycles += 1;
    },
    get recycles() {
      return recycles;
    },
    close: () => root.close(),
  };
}
