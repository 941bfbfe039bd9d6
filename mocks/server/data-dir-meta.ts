/**
 * The state document of a `--data-dir` store (decisions 012 and 027): the state without its
 * accounts, outbox and tokens, kept as three records so that a request writes only what it
 * changed. The counters (the revision and the account sequence, which requests move) are a small
 * record written by every write; the settings (suppliers, clock, skip marks, faults ...) are
 * written when their text differs from what the store holds; the platform catalogue (most of the
 * document, 43 KB of JSON) when the state holds another catalogue than the one the store holds.
 * All three go into the write's own transaction, so that after a crash the revision and the
 * account records it counts are always those of the same commit.
 */

import type { Database } from 'lmdb';
import type { MockState } from '../domain/state.ts';

type PlatformCatalogue = MockState['platformCatalogue'];

/** The state without what has records of its own. */
export type Meta = Omit<MockState, 'accounts' | 'outbox' | 'tokens'>;

/** The whole document of the earlier layout (the revision in it), read and then removed. */
const LEGACY_STATE = 'state';
const COUNTERS = 'counters';
const SETTINGS = 'settings';
const CATALOGUE = 'catalogue';

/** What every request that changes the state moves. */
interface Counters {
  revision: number;
  accountSequence: number;
}

/** A value the store holds committed, and the write that committed it (0: read from the store). */
interface Committed<T> {
  value: T;
  write: number;
}

/** See {@link batched} in data-dir.ts: a failed commit is answered through the write's promise. */
function handled(result: unknown): void {
  if (typeof (result as Promise<unknown> | undefined)?.then === 'function') {
    (result as Promise<unknown>).then(undefined, () => undefined);
  }
}

/**
 * The settings as text: JSON, not the store's own encoding (whose reader renames a `__proto__`
 * key, so a supplier code or fault counter of that name would come back under another after a
 * restart). The counters and the catalogue keep their places as nulls, so that the document read
 * back has its keys in the order it had.
 */
function settingsText(meta: Meta): string {
  return JSON.stringify({
    ...meta,
    revision: null,
    accountSequence: null,
    platformCatalogue: null,
  });
}

/** The saved document of the earlier layout: JSON text, or (older still) the store's encoding. */
function legacyFrom(stored: unknown): Meta | undefined {
  return typeof stored === 'string' ? (JSON.parse(stored) as Meta) : (stored as Meta | undefined);
}

/**
 * The state document's records in the store's `meta` database. What is known as committed is set
 * by a commit, never by a write in flight, so that a write issued before an earlier one commits
 * puts that one's changes again and a failed commit leaves no gap; forgetting it (a failed write,
 * a reset, an import) costs one whole write, never data.
 */
export class StoredMeta {
  #db: Database<unknown, string>;
  #settings: Committed<string> | undefined;
  /** By identity: nothing changes a catalogue in place, the operator replaces it (decision 015). */
  #catalogue: Committed<PlatformCatalogue | undefined> | undefined;
  /** The last catalogue written and its text (stringifying it costs more than a request). */
  #catalogueText: { value: PlatformCatalogue; text: string } | undefined;
  /** Whether the store may still hold the earlier layout's document, removed by the next write. */
  #legacy = true;

  constructor(db: Database<unknown, string>) {
    this.#db = db;
  }

  /** Takes the handle of the store opened again (decision 017); what is committed stays known. */
  reopen(db: Database<unknown, string>): void {
    this.#db = db;
  }

  /** Whether the store holds a state document, in either layout. */
  saved(): boolean {
    return this.#db.get(COUNTERS) !== undefined || this.#db.get(LEGACY_STATE) !== undefined;
  }

  /** The saved document (its catalogue undefined in a store made before catalogues), or undefined. */
  read(): Meta | undefined {
    this.forget();
    const counters = this.#db.get(COUNTERS) as Counters | undefined;
    this.#legacy = this.#db.get(LEGACY_STATE) !== undefined;
    if (counters === undefined) return legacyFrom(this.#db.get(LEGACY_STATE));
    const text = this.#db.get(SETTINGS) as string;
    const catalogue = this.#db.get(CATALOGUE) as string | undefined;
    const meta = JSON.parse(text) as Meta;
    meta.revision = counters.revision;
    meta.accountSequence = counters.accountSequence;
    meta.platformCatalogue = (catalogue === undefined ? undefined : JSON.parse(catalogue)) as never;
    this.#settings = { value: text, write: 0 };
    this.#catalogue = { value: meta.platformCatalogue, write: 0 };
    if (catalogue !== undefined) {
      this.#catalogueText = { value: meta.platformCatalogue, text: catalogue };
    }
    return meta;
  }

  /** Forgets what is known as committed: the next write puts every record again. */
  forget(): void {
    this.#settings = undefined;
    this.#catalogue = undefined;
  }

  #textOf(catalogue: PlatformCatalogue): string {
    if (this.#catalogueText?.value !== catalogue) {
      this.#catalogueText = { value: catalogue, text: JSON.stringify(catalogue) };
    }
    return this.#catalogueText.text;
  }

  /**
   * Puts the document into the current write (lmdb-js's transaction of this event turn): the
   * counters always, the settings and the catalogue only when they differ from what the store
   * holds committed. Returns the counters' promise, which settles with the transaction.
   */
  put(meta: Meta, write: number): Promise<unknown> {
    const text = settingsText(meta);
    const catalogue = meta.platformCatalogue;
    const putSettings = this.#settings?.value !== text;
    const putCatalogue = this.#catalogue === undefined || this.#catalogue.value !== catalogue;
    if (putSettings) handled(this.#db.put(SETTINGS, text));
    if (putCatalogue) handled(this.#db.put(CATALOGUE, this.#textOf(catalogue)));
    const legacy = this.#legacy;
    if (legacy) handled(this.#db.remove(LEGACY_STATE));
    const counters: Counters = { revision: meta.revision, accountSequence: meta.accountSequence };
    const committed = this.#db.put(COUNTERS, counters);
    committed.then(
      () => {
        if (putSettings && (this.#settings?.write ?? -1) < write) {
          this.#settings = { value: text, write };
        }
        if (putCatalogue && (this.#catalogue?.write ?? -1) < write) {
          this.#catalogue = { value: catalogue, write };
        }
        if (legacy) this.#legacy = false;
      },
      () => undefined,
    );
    return committed;
  }

  /**
   * Puts the whole document inside the caller's synchronous transaction (a reset, an import).
   * What is known as committed is forgotten, so the next write puts it all again once.
   */
  putSync(meta: Meta): void {
    this.forget();
    this.#db.putSync(SETTINGS, settingsText(meta));
    this.#db.putSync(CATALOGUE, this.#textOf(meta.platformCatalogue));
    this.#db.removeSync(LEGACY_STATE);
    this.#db.putSync(COUNTERS, {
      revision: meta.revision,
      accountSequence: meta.accountSequence,
    } satisfies Counters);
  }
}
