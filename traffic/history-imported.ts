/**
 * The list rules from history. STS-10: a pending list names an account the stream saw imported.
 * STS-11 from history: "GET imported-account-import-processes/<code>/ returns 200 for accounts
 * that now have a platform account". An account the stream saw imported (a process answered
 * 201, or a transfer status past UNKNOWN) has a platform account from then on, so a whole
 * imported list of its supplier asked for after it names it. The body's shape is open (STS-11),
 * so an account counts as named when any string of the answer's items equals its external
 * account number. Only a whole list is judged: a request with a query (a filter or a page the
 * kit does not know), an answer with a Link header (RFC 8288 paging) or an answer that is not an
 * array (a page envelope) may leave accounts out by design. Bounded: the newest accounts of the
 * newest suppliers only (decision 029).
 */
import { BoundedKeys } from './bounded-keys.ts';
import type { Matched } from './check-exchange.ts';
import { type Exchange, headerValue, jsonBody } from './exchange.ts';
import { type Finding, finding } from './findings.ts';
import { type AccountSlots, compactText, IMPORTED } from './history-accounts.ts';

/** Suppliers whose imported accounts are remembered; past it the oldest is forgotten. */
export const MAX_IMPORTED_SUPPLIERS = 1024;
/** Imported accounts remembered per supplier, the newest. */
export const MAX_IMPORTED_PER_SUPPLIER = 64;

/** The accounts of one supplier seen imported, with the time of the exchange that showed it. */
interface Remembered {
  accounts: string[];
  times: number[];
}

/** The strings an item of the list names: itself, or its fields' string values (shape open). */
function namesOf(items: unknown[]): Set<string> {
  const names = new Set<string>();
  for (const item of items) {
    if (typeof item === 'string') names.add(item);
    else if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
      for (const value of Object.values(item)) if (typeof value === 'string') names.add(value);
    }
  }
  return names;
}

/** The newest accounts seen imported per supplier, and the STS-11 check of an imported list. */
export class ImportedAccounts {
  readonly #bySupplier = new BoundedKeys<Remembered>(MAX_IMPORTED_SUPPLIERS);

  /** Accounts remembered now, all suppliers together. */
  get size(): number {
    let n = 0;
    for (const r of this.#bySupplier.values()) n += r.accounts.length;
    return n;
  }

  /** Remembers that the stream saw `account` of `supplier` imported by an exchange sent at `time`. */
  add(supplier: string, account: string, time: number): void {
    let remembered = this.#bySupplier.get(supplier);
    if (!remembered) {
      remembered = { accounts: [], times: [] };
      this.#bySupplier.set(compactText(supplier), remembered);
    }
    if (remembered.accounts.includes(account)) return;
    if (remembered.accounts.length >= MAX_IMPORTED_PER_SUPPLIER) {
      remembered.accounts.shift();
      remembered.times.shift();
    }
    remembered.accounts.push(compactText(account));
    remembered.times.push(time);
  }

  /** STS-11: a whole imported list (200) names every account of its supplier seen imported before. */
  check(matched: Extract<Matched, { kind: 'operation' }>, exchange: Exchange): Finding[] {
    const supplier = new Map(Object.entries(matched.params)).get('import_supplier_code');
    const remembered = supplier === undefined ? undefined : this.#bySupplier.get(supplier);
    if (!remembered || exchange.response.status !== 200) return [];
    if (new URL(exchange.request.url, 'http://traffic.invalid').search !== '') return [];
    if (headerValue(exchange.response.headers, 'link') !== undefined) return [];
    const body = jsonBody(exchange.response.body);
    if (!body.ok || !Array.isArray(body.value)) return [];
    const names = namesOf(body.value);
    // An import shown by an exchange sent after the list was asked for may not be in it yet.
    const missing = remembered.accounts.filter(
      (account, i) => (remembered.times[i] ?? Infinity) < exchange.time && !names.has(account),
    );
    if (missing.length === 0) return [];
    return [
      finding(
        'STS-11',
        'reference',
        matched.operation.operationId,
        '/response/body',
        `the imported list leaves out ${missing.length} account(s) the stream saw imported before it was asked for`,
      ),
    ];
  }
}

/** STS-10: a pending list (200) names no account the stream saw imported. */
export function checkPending(
  accounts: AccountSlots,
  matched: Extract<Matched, { kind: 'operation' }>,
  answer: unknown,
): Finding[] {
  const supplier = new Map(Object.entries(matched.params)).get('import_supplier_code');
  if (supplier === undefined || !Array.isArray(answer)) return [];
  const out: Finding[] = [];
  for (const [i, item] of answer.entries()) {
    const field =
      item !== null && typeof item === 'object'
        ? (item as { external_account_number?: unknown }).external_account_number
        : undefined;
    const account = typeof field === 'string' ? field : undefined;
    if (account === undefined) continue;
    const slot = accounts.find([supplier, account]);
    if (slot !== undefined && accounts.flags(slot) & IMPORTED) {
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
