/**
 * The checks that need history, kept per supplier and account from what passed through: a
 * process answered 201 for an account the service had said had no import process (PRC-2, STS-3),
 * an account listed as pending after it was imported (STS-10), a transfer status going back
 * (STS-4..STS-8) or a service account number changing (GEN-9), a note answered as created when
 * the same body was already created on the account (NOTE-3). Only an exchange that shows
 * something of an account gives it history. Accounts are bounded by `maxAccounts`: past it the
 * oldest is forgotten, so a long stream keeps flat memory and only loses history on the accounts
 * it forgot; notes are kept as digests, never as bodies (decision 029).
 */

import { createHash } from 'node:crypto';
import type { Matched } from './check-exchange.ts';
import type { Exchange } from './exchange.ts';
import { jsonBody } from './exchange.ts';
import { type Finding, finding } from './findings.ts';

/** The default number of accounts whose history is kept. */
export const DEFAULT_MAX_ACCOUNTS = 100_000;

/** Notes kept per account for NOTE-3; past it the oldest are forgotten. */
const MAX_NOTES = 256;

/** Transfer statuses by code (the index, kept in a byte per account) and rank. */
const STATUSES = ['UNKNOWN', 'PENDING', 'IN_PROGRESS', 'REJECTED', 'COMPLETED'] as const;

/** The rank of each transfer status: once an account exists it never goes back to UNKNOWN. */
const STATUS_RANK = [0, 1, 2, 2, 2] as const;

/** The byte of an account's flags: the service said no import process exists (STS-3)... */
const KNOWN_ABSENT = 1;
/** ...the account was imported (process answered 201, or a status past UNKNOWN). */
const IMPORTED = 2;
/** Bits 2-4: the code of the highest-ranked status seen, plus one (0: none seen yet). */
const STATUS_SHIFT = 2;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * A note's identity for NOTE-3 as a fixed-size digest (SHA-256 of the exact body and
 * created_at), so an account's history holds 32 bytes a note whatever the bodies' size. The body
 * is length-prefixed, so no body and created_at can be read as another pair, and hashed as its
 * UTF-16 code units: as UTF-8, every lone surrogate a JSON escape can carry would become U+FFFD
 * and two different bodies one note.
 */
function noteDigest(body: string, createdAt: string): string {
  const identity = `${body.length}:${body}\u0000${createdAt}`;
  return createHash('sha256').update(Buffer.from(identity, 'utf16le')).digest('binary');
}

/**
 * A copy of a key that holds nothing but its characters: a key joined from a path parameter
 * (a slice of the URL) and a body field would otherwise keep its parts, and the URL, alive for
 * as long as the account is remembered.
 */
function compactKey(supplier: string, account: string): string {
  return JSON.parse(JSON.stringify(`${supplier}\u0000${account}`)) as string;
}

/** The supplier and account an exchange is about: path parameters first, then the body. */
function accountOf(
  matched: Extract<Matched, { kind: 'operation' }>,
  request: unknown,
): [string, string] | undefined {
  const params = new Map(Object.entries(matched.params));
  const body = isRecord(request) ? request : undefined;
  const supplier =
    params.get('import_supplier_code') ??
    text(body?.import_supplier) ??
    text(body?.import_supplier_code);
  const account = params.get('external_account_number') ?? text(body?.external_account_number);
  return supplier !== undefined && account !== undefined ? [supplier, account] : undefined;
}

/**
 * Per-supplier, per-account history of the exchanges seen, with the rules that need it. An
 * account is a slot: its key in one Map, its flags and status in one byte, its service account
 * number, and its notes' digests only once a note was created. Slots are handed out in turn and
 * reused in the same turn once `maxAccounts` are kept, so the slot to reuse is the oldest
 * account's (decision 029: about 130 bytes an account instead of an object and a Set each).
 */
export class TrafficHistory {
  readonly #slots = new Map<string, number>();
  /** The key of each slot, to forget it when the slot is reused. */
  readonly #keys: string[] = [];
  #flags = new Uint8Array(1024);
  readonly #numbers: (string | undefined)[] = [];
  /** Digests of the notes created on an account, only for accounts with notes. */
  readonly #notes = new Map<number, Set<string>>();
  readonly #max: number;
  #turn = 0;
  /** Accounts the service said have no import process, with no staging since. */
  #absent = 0;

  constructor(maxAccounts = DEFAULT_MAX_ACCOUNTS) {
    this.#max = Math.max(1, Math.min(maxAccounts, 10_000_000));
  }

  /** Accounts whose history is kept now. */
  get size(): number {
    return this.#slots.size;
  }

  /** The account's slot, or undefined when nothing is known of it. */
  #find(pair: [string, string]): number | undefined {
    return this.#slots.get(`${pair[0]}\u0000${pair[1]}`);
  }

  /** The account's slot, taking the oldest account's when `maxAccounts` are kept. */
  #slot(pair: [string, string]): number {
    const known = this.#find(pair);
    if (known !== undefined) return known;
    const slot = this.#turn % this.#max;
    this.#turn += 1;
    const forgotten = this.#keys[slot];
    if (forgotten !== undefined) this.#slots.delete(forgotten);
    this.#notes.delete(slot);
    if (slot >= this.#flags.length) {
      const grown = new Uint8Array(Math.min(this.#max, this.#flags.length * 2));
      grown.set(this.#flags);
      this.#flags = grown;
    }
    const key = compactKey(pair[0], pair[1]);
    this.#keys[slot] = key;
    this.#setFlags(slot, 0);
    this.#numbers[slot] = undefined;
    this.#slots.set(key, slot);
    return slot;
  }

  /** Checks one exchange against the history, then records what it shows. */
  observe(exchange: Exchange, matched: Matched): Finding[] {
    if (matched.kind !== 'operation') return [];
    const id = matched.operation.operationId;
    const { status } = exchange.response;
    // Only the operations below show history; the others are not read at all.
    switch (id) {
      case 'listPendingAccountImportProcesses':
        return status === 200 ? this.#pending(matched, answerOf(exchange)) : [];
      case 'createOrUpdateAccountImportProcess':
        if (status === 200 || status === 201) this.#staged(matched, exchange);
        return [];
      case 'processAccountImportProcess':
        return status === 201 ? this.#process(matched, exchange) : [];
      case 'getAccountTransferStatus':
        return this.#transfer(matched, exchange);
      case 'createNotes':
        return status === 201 ? this.#notesOf(matched, exchange) : [];
      default:
        return [];
    }
  }

  /**
   * Staging clears what the service said of the account's absence (an unknown one has none).
   * While no account is known to be absent there is nothing to clear, and the account sent
   * (the largest body of the interface) is not read again.
   */
  #staged(matched: Extract<Matched, { kind: 'operation' }>, exchange: Exchange): void {
    if (this.#absent === 0) return;
    const pair = accountOf(matched, requestOf(exchange));
    const slot = pair && this.#find(pair);
    if (slot !== undefined) this.#setFlags(slot, (this.#flags[slot] ?? 0) & ~KNOWN_ABSENT);
  }

  /** Sets an account's flags, counting the accounts known to be absent. */
  #setFlags(slot: number, flags: number): void {
    const was = (this.#flags[slot] ?? 0) & KNOWN_ABSENT;
    this.#absent += (flags & KNOWN_ABSENT) - was;
    this.#flags[slot] = flags;
  }

  #process(matched: Extract<Matched, { kind: 'operation' }>, exchange: Exchange): Finding[] {
    const pair = accountOf(matched, requestOf(exchange));
    if (!pair) return [];
    const slot = this.#slot(pair);
    const flags = this.#flags[slot] ?? 0;
    const out: Finding[] = [];
    if (flags & KNOWN_ABSENT) {
      out.push(
        finding(
          'PRC-2',
          'reference',
          'processAccountImportProcess',
          '/response/status',
          'process answered 201 for an account the service had said had no import process, with no staging since',
        ),
      );
    }
    this.#setFlags(slot, (flags & ~KNOWN_ABSENT) | IMPORTED);
    const answer = answerOf(exchange);
    const number = isRecord(answer) ? text(answer.service_account_number) : undefined;
    if (number !== undefined) this.#numbers[slot] = number;
    return out;
  }

  #transfer(matched: Extract<Matched, { kind: 'operation' }>, exchange: Exchange): Finding[] {
    const { status } = exchange.response;
    if (status !== 404 && status !== 200) return [];
    const pair = accountOf(matched, undefined);
    if (!pair) return [];
    if (status === 404) {
      const slot = this.#slot(pair);
      const flags = this.#flags[slot] ?? 0;
      if (!(flags & IMPORTED)) this.#setFlags(slot, flags | KNOWN_ABSENT);
      return [];
    }
    const answer = answerOf(exchange);
    if (!isRecord(answer)) return [];
    return this.#status(this.#slot(pair), answer);
  }

  /** A 200 transfer status: never back in rank (STS-4, STS-5), the same number (GEN-9). */
  #status(slot: number, answer: Record<string, unknown>): Finding[] {
    const out: Finding[] = [];
    const flags = this.#flags[slot] ?? 0;
    const next = text(answer.status) ?? '';
    const code = (STATUSES as readonly string[]).indexOf(next);
    const seen = (flags >> STATUS_SHIFT) - 1;
    const rank = code === -1 ? undefined : STATUS_RANK[code as 0];
    const seenRank = seen === -1 ? undefined : STATUS_RANK[seen as 0];
    if (rank !== undefined && seenRank !== undefined && rank < seenRank) {
      out.push(
        finding(
          rank === 0 ? 'STS-4' : 'STS-5',
          'reference',
          'getAccountTransferStatus',
          '/response/body/status',
          `transfer status went back from ${STATUSES[seen as 0]} to ${next}`,
        ),
      );
    }
    const number = text(answer.service_account_number);
    const known = this.#numbers[slot];
    if (number && known && number !== known) {
      out.push(
        finding(
          'GEN-9',
          'reference',
          'getAccountTransferStatus',
          '/response/body/service_account_number',
          'the service account number of an account changed',
        ),
      );
    }
    let updated = flags;
    if (rank !== undefined && (seenRank === undefined || rank >= seenRank)) {
      updated = (updated & ~(7 << STATUS_SHIFT)) | ((code + 1) << STATUS_SHIFT);
    }
    if (rank !== undefined && rank > 0) updated |= IMPORTED;
    this.#flags[slot] = updated;
    if (number && known === undefined) this.#numbers[slot] = number;
    return out;
  }

  #notesOf(matched: Extract<Matched, { kind: 'operation' }>, exchange: Exchange): Finding[] {
    const request = requestOf(exchange);
    const answer = answerOf(exchange);
    if (!isRecord(request) || !Array.isArray(request.notes) || !Array.isArray(answer)) return [];
    const pair = accountOf(matched, request);
    if (!pair) return [];
    const out: Finding[] = [];
    const sentNotes: unknown[] = request.notes;
    for (const [i, item] of answer.entries()) {
      if (!isRecord(item)) continue;
      // NOTE-5 gives no order to the answer's items: pair each with the sent note of its body,
      // by position when the answer echoes no body the request sent.
      const sent: unknown =
        (typeof item.body === 'string'
          ? sentNotes.find((n) => isRecord(n) && n.body === item.body)
          : undefined) ?? sentNotes[i];
      if (!isRecord(sent) || typeof sent.body !== 'string') continue;
      if (item.status !== 'NOTE_CREATION_SUCCESS') continue;
      const slot = this.#slot(pair);
      let notes = this.#notes.get(slot);
      if (!notes) {
        notes = new Set();
        this.#notes.set(slot, notes);
      }
      const digest = noteDigest(sent.body, text(sent.created_at) ?? '');
      if (notes.has(digest)) {
        out.push(
          finding(
            'NOTE-3',
            'reference',
            'createNotes',
            `/response/body/${i}/status`,
            'a note whose body was already created on the account was answered as created',
          ),
        );
      }
      if (notes.size >= MAX_NOTES) notes.delete(notes.values().next().value ?? '');
      notes.add(digest);
    }
    return out;
  }

  #pending(matched: Extract<Matched, { kind: 'operation' }>, answer: unknown): Finding[] {
    const supplier = new Map(Object.entries(matched.params)).get('import_supplier_code');
    if (supplier === undefined || !Array.isArray(answer)) return [];
    const out: Finding[] = [];
    for (const [i, item] of answer.entries()) {
      const account = isRecord(item) ? text(item.external_account_number) : undefined;
      if (account === undefined) continue;
      const slot = this.#find([supplier, account]);
      if (slot !== undefined && (this.#flags[slot] ?? 0) & IMPORTED) {
        out.push(
          finding(
            'STS-10',
            'reference',
            matched.operation.operationId,
            `/response/body/${i}`,
            'an account the service had imported was listed as pending',
          ),
        );
      }
    }
    return out;
  }
}

/** The request body as JSON, or undefined. */
function requestOf(exchange: Exchange): unknown {
  const body = jsonBody(exchange.request.body);
  return body.ok ? body.value : undefined;
}

/** The answer body as JSON, or undefined. */
function answerOf(exchange: Exchange): unknown {
  const body = jsonBody(exchange.response.body);
  return body.ok ? body.value : undefined;
}
