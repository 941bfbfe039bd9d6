/**
 * The bounded per-account state of the traffic history (decision 029, "Bounded memory, stated"):
 * an account is a slot in a ring, its key in one Map, its flags in one byte, the time of the last
 * exchange that changed them, its service account number, and digests (never bodies) of the notes
 * and transactions created on it, only once one is. Past `maxAccounts` the oldest account's slot
 * is reused and only its history is lost, so a day of traffic keeps flat memory.
 */
import { createHash } from 'node:crypto';

/** The default number of accounts whose history is kept. */
export const DEFAULT_MAX_ACCOUNTS = 100_000;

/** Digests kept per account and kind (notes, transactions); past it the oldest are forgotten. */
export const MAX_DIGESTS = 256;

/** The service said no import process exists for the pair (STS-3), nothing staged since. */
export const KNOWN_ABSENT = 1;
/** The account was imported: a process answered 201, or a transfer status past UNKNOWN. */
export const IMPORTED = 2;
/** Bits 2-4: the code of the highest-ranked transfer status seen, plus one (0: none seen yet). */
export const STATUS_SHIFT = 2;
/** The three status bits. */
export const STATUS_BITS = 7 << STATUS_SHIFT;
/**
 * The account was seen staged and not imported: a staging answered 200 or 201 (STG-5 refuses an
 * imported one), a transfer status UNKNOWN (STS-4: no account exists, STS-3: a process does), or
 * a dry run answered as one that would succeed (PRC-5 needs staged data).
 */
export const STAGED = 32;
/** A dry run was answered as rolled back (PRC-5) since the account was last seen not imported. */
export const DRY_RUN = 64;
/** A validation was answered 200 since the service said the account had no import process. */
export const VALIDATED = 128;

/** The kinds of digests kept per account. */
export type DigestKind = 'notes' | 'transactions';

/**
 * A fixed-size digest (SHA-256) of strings, each length-prefixed so no two lists read as one,
 * hashed as UTF-16 code units: as UTF-8, every lone surrogate a JSON escape can carry would
 * become U+FFFD and two different values one.
 */
export function digestOf(...parts: string[]): string {
  const identity = parts.map((p) => `${p.length}:${p}`).join('\u0000');
  return createHash('sha256').update(Buffer.from(identity, 'utf16le')).digest('binary');
}

/**
 * A copy of a key that holds nothing but its characters: a key joined from a path parameter
 * (a slice of the URL) and a body field would otherwise keep its parts, and the URL, alive for
 * as long as the account is remembered.
 */
export function compactText(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** An account: (import supplier code, external account number), GEN-9. */
export type AccountPair = readonly [supplier: string, account: string];

/** The per-account slots: bounded by `maxAccounts`, the oldest account's slot reused first. */
export class AccountSlots {
  readonly #slots = new Map<string, number>();
  /** The key of each slot, to forget it when the slot is reused. */
  readonly #keys: string[] = [];
  #flags = new Uint8Array(1024);
  #times = new Float64Array(1024);
  readonly #numbers: (string | undefined)[] = [];
  readonly #digests = new Map<DigestKind, Map<number, Set<string>>>([
    ['notes', new Map()],
    ['transactions', new Map()],
  ]);
  readonly #max: number;
  #turn = 0;
  #absent = 0;

  constructor(maxAccounts = DEFAULT_MAX_ACCOUNTS) {
    this.#max = Math.max(1, Math.min(maxAccounts, 10_000_000));
  }

  /** Accounts whose history is kept now. */
  get size(): number {
    return this.#slots.size;
  }

  /** Accounts the service said have no import process, with no staging since. */
  get absent(): number {
    return this.#absent;
  }

  /** Digests kept now, of all accounts and kinds (for the bound's test). */
  get digests(): number {
    let n = 0;
    for (const kind of this.#digests.values()) for (const set of kind.values()) n += set.size;
    return n;
  }

  /** The account's slot, or undefined when nothing is known of it. */
  find(pair: AccountPair): number | undefined {
    return this.#slots.get(`${pair[0]}\u0000${pair[1]}`);
  }

  /** The account's slot, taking the oldest account's when `maxAccounts` are kept. */
  slot(pair: AccountPair): number {
    const known = this.find(pair);
    if (known !== undefined) return known;
    const slot = this.#turn % this.#max;
    this.#turn += 1;
    const forgotten = this.#keys[slot];
    if (forgotten !== undefined) this.#slots.delete(forgotten);
    for (const kind of this.#digests.values()) kind.delete(slot);
    if (slot >= this.#flags.length) this.#grow();
    const key = compactText(`${pair[0]}\u0000${pair[1]}`);
    this.#keys[slot] = key;
    this.setFlags(slot, 0);
    this.#times[slot] = Number.NEGATIVE_INFINITY;
    this.#numbers[slot] = undefined;
    this.#slots.set(key, slot);
    return slot;
  }

  #grow(): void {
    const size = Math.min(this.#max, this.#flags.length * 2);
    const flags = new Uint8Array(size);
    flags.set(this.#flags);
    this.#flags = flags;
    const times = new Float64Array(size);
    times.set(this.#times);
    this.#times = times;
  }

  /** The account's flags. */
  flags(slot: number): number {
    return this.#flags[slot] ?? 0;
  }

  /** Sets an account's flags, counting the accounts known to be absent. */
  setFlags(slot: number, flags: number): void {
    const was = (this.#flags[slot] ?? 0) & KNOWN_ABSENT;
    this.#absent += (flags & KNOWN_ABSENT) - was;
    this.#flags[slot] = flags;
  }

  /** The latest request time (epoch ms) of the exchanges that changed the account's flags. */
  time(slot: number): number {
    return this.#times[slot] ?? Number.NEGATIVE_INFINITY;
  }

  /** Records that an exchange sent at `time` changed the account's flags. */
  touch(slot: number, time: number): void {
    if (time > this.time(slot)) this.#times[slot] = time;
  }

  /** The service account number seen for the account. */
  number(slot: number): string | undefined {
    return this.#numbers[slot];
  }

  setNumber(slot: number, number: string): void {
    this.#numbers[slot] = compactText(number);
  }

  /** The account's digests of a kind; created empty only when `create` is set. */
  digestsOf(slot: number, kind: DigestKind, create: boolean): Set<string> | undefined {
    const sets = this.#digests.get(kind);
    let set = sets?.get(slot);
    if (!set && create && sets) {
      set = new Set();
      sets.set(slot, set);
    }
    return set;
  }

  /** Adds a digest to an account, forgetting its oldest past `MAX_DIGESTS`. */
  addDigest(slot: number, kind: DigestKind, digest: string): void {
    const set = this.digestsOf(slot, kind, true);
    if (!set) return;
    if (set.size >= MAX_DIGESTS && !set.has(digest)) {
      set.delete(set.values().next().value ?? '');
    }
    set.add(digest);
  }
}
