/**
 * The checks that need history, kept per supplier and account from what passed through: a
 * process answered 201 for an account the service had said had no import process (PRC-2, STS-3),
 * an account listed as pending after it was imported (STS-10), a transfer status going back
 * (STS-4..STS-8) or a service account number changing (GEN-9), a note answered as created when
 * the same body was already created on the account (NOTE-3). Accounts are kept in a Map bounded
 * by `maxAccounts`: past it the oldest seen is forgotten, so a long stream keeps flat memory and
 * only loses history on the accounts it forgot (decision 029).
 */

import type { Matched } from './check-exchange.ts';
import type { Exchange } from './exchange.ts';
import { jsonBody } from './exchange.ts';
import { type Finding, finding } from './findings.ts';

/** The default number of accounts whose history is kept. */
export const DEFAULT_MAX_ACCOUNTS = 100_000;

/** Notes kept per account for NOTE-3; past it the oldest are forgotten. */
const MAX_NOTES = 256;

/** The rank of each transfer status: once an account exists it never goes back to UNKNOWN. */
const STATUS_RANK = new Map<string, number>([
  ['UNKNOWN', 0],
  ['PENDING', 1],
  ['IN_PROGRESS', 2],
  ['REJECTED', 2],
  ['COMPLETED', 2],
]);

interface AccountHistory {
  /** The service said no import process exists (STS-3) and nothing was staged since. */
  knownAbsent: boolean;
  imported: boolean;
  serviceAccountNumber?: string;
  statusRank?: number;
  status?: string;
  notes: Set<string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
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

/** Per-supplier, per-account history of the exchanges seen, with the rules that need it. */
export class TrafficHistory {
  readonly #accounts = new Map<string, AccountHistory>();
  readonly #max: number;

  constructor(maxAccounts = DEFAULT_MAX_ACCOUNTS) {
    this.#max = Math.max(1, Math.min(maxAccounts, 10_000_000));
  }

  /** Accounts whose history is kept now. */
  get size(): number {
    return this.#accounts.size;
  }

  #get(supplier: string, account: string): AccountHistory {
    const key = `${supplier}\u0000${account}`;
    let entry = this.#accounts.get(key);
    if (entry) return entry;
    if (this.#accounts.size >= this.#max) {
      const oldest = this.#accounts.keys().next().value;
      if (oldest !== undefined) this.#accounts.delete(oldest);
    }
    entry = { knownAbsent: false, imported: false, notes: new Set() };
    this.#accounts.set(key, entry);
    return entry;
  }

  /** Checks one exchange against the history, then records what it shows. */
  observe(exchange: Exchange, matched: Matched): Finding[] {
    if (matched.kind !== 'operation') return [];
    const request = jsonBody(exchange.request.body);
    const answer = jsonBody(exchange.response.body);
    const id = matched.operation.operationId;
    const value = answer.ok ? answer.value : undefined;
    if (id.startsWith('listPending') && exchange.response.status === 200) {
      return this.#pending(matched, value);
    }
    const pair = accountOf(matched, request.ok ? request.value : undefined);
    if (!pair) return [];
    const entry = this.#get(pair[0], pair[1]);
    const { status } = exchange.response;
    switch (id) {
      case 'createOrUpdateAccountImportProcess':
        if (status === 200 || status === 201) entry.knownAbsent = false;
        return [];
      case 'processAccountImportProcess':
        return this.#process(entry, status, value);
      case 'getAccountTransferStatus':
        return this.#transfer(entry, status, value);
      case 'createNotes':
        return status === 201
          ? this.#notes(entry, request.ok ? request.value : undefined, value)
          : [];
      default:
        return [];
    }
  }

  #process(entry: AccountHistory, status: number, answer: unknown): Finding[] {
    if (status !== 201) return [];
    const out: Finding[] = [];
    if (entry.knownAbsent) {
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
    entry.imported = true;
    entry.knownAbsent = false;
    const number = isRecord(answer) ? text(answer.service_account_number) : undefined;
    if (number !== undefined) entry.serviceAccountNumber = number;
    return out;
  }

  #transfer(entry: AccountHistory, status: number, answer: unknown): Finding[] {
    if (status === 404) {
      if (!entry.imported) entry.knownAbsent = true;
      return [];
    }
    if (status !== 200 || !isRecord(answer)) return [];
    const out: Finding[] = [];
    const next = text(answer.status) ?? '';
    const rank = STATUS_RANK.get(next);
    if (rank !== undefined && entry.statusRank !== undefined && rank < entry.statusRank) {
      out.push(
        finding(
          rank === 0 ? 'STS-4' : 'STS-5',
          'reference',
          'getAccountTransferStatus',
          '/response/body/status',
          `transfer status went back from ${entry.status} to ${next}`,
        ),
      );
    }
    const number = text(answer.service_account_number);
    if (number && entry.serviceAccountNumber && number !== entry.serviceAccountNumber) {
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
    if (rank !== undefined && (entry.statusRank === undefined || rank >= entry.statusRank)) {
      entry.statusRank = rank;
      entry.status = next;
    }
    if (number) entry.serviceAccountNumber ??= number;
    if (rank !== undefined && rank > 0) entry.imported = true;
    return out;
  }

  #notes(entry: AccountHistory, request: unknown, answer: unknown): Finding[] {
    if (!isRecord(request) || !Array.isArray(request.notes) || !Array.isArray(answer)) return [];
    const out: Finding[] = [];
    const sentNotes: unknown[] = request.notes;
    for (const [i, item] of answer.entries()) {
      if (!isRecord(item)) continue;
      // NOTE-5 gives no order to the answer's items: pair each with the sent note of its body.
      const sent: unknown =
        typeof item.body === 'string'
          ? sentNotes.find((n) => isRecord(n) && n.body === item.body)
          : sentNotes[i];
      if (!isRecord(sent) || typeof sent.body !== 'string') continue;
      const key = `${sent.body}\u0000${text(sent.created_at) ?? ''}`;
      if (item.status === 'NOTE_CREATION_SUCCESS') {
        if (entry.notes.has(key)) {
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
        if (entry.notes.size >= MAX_NOTES)
          entry.notes.delete(entry.notes.values().next().value ?? '');
        entry.notes.add(key);
      }
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
      const entry = this.#accounts.get(`${supplier}\u0000${account}`);
      if (entry?.imported) {
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
