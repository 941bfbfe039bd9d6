/**
 * TXN-5 from history: "With check_previously_added true (the default), a transaction already
 * added gives TRANSACTION_ALREADY_EXISTS and is skipped." The reference does not say what makes
 * two transactions the same; a transaction sent again with every field equal is the same one
 * under any reading, so only such a repeat is judged: answered TRANSACTION_ADDED_TO_ACCOUNT
 * again on the same account after the stream saw it added, it breaks TXN-5. Each transaction is
 * kept as a digest of its canonical JSON, at most `MAX_DIGESTS` an account (decision 029).
 */
import type { Exchange } from './exchange.ts';
import { type Finding, finding } from './findings.ts';
import { type AccountSlots, digestOf } from './history-accounts.ts';

/** Nesting deeper than this is not judged (a transaction is a flat object with short arrays). */
const MAX_DEPTH = 32;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** JSON with object keys sorted, so the same transaction gives the same text; undefined if too deep. */
export function canonicalJson(value: unknown, depth = 0): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((v) => canonicalJson(v, depth + 1));
    return items.some((i) => i === undefined) ? undefined : `[${items.join(',')}]`;
  }
  if (isRecord(value)) {
    const parts: string[] = [];
    for (const key of Object.keys(value).sort()) {
      const text = canonicalJson(value[key], depth + 1);
      if (text === undefined) return undefined;
      parts.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether the request asks for the TXN-5 check: the parameter absent (default true) or true. */
function checksPreviouslyAdded(url: string): boolean {
  const value = new URL(url, 'http://traffic.invalid').searchParams.get('check_previously_added');
  return value === null || value === 'true';
}

/**
 * The request's transactions by transaction_id, for ids that occur once: an answer's result is
 * paired with the transaction its transaction_data names (TXN-3 gives the results no order).
 */
function sentById(request: Record<string, unknown>): Map<string, unknown> {
  const byId = new Map<string, unknown>();
  const repeated = new Set<string>();
  const sent = Array.isArray(request.transactions) ? request.transactions : [];
  for (const item of sent) {
    const id = isRecord(item) ? item.transaction_id : undefined;
    if (typeof id !== 'string') continue;
    if (byId.has(id)) repeated.add(id);
    byId.set(id, item);
  }
  for (const id of repeated) byId.delete(id);
  return byId;
}

/** TXN-5 on a 201 of createTransactions for the account in `slot`; records what was added. */
export function checkTransactions(
  accounts: AccountSlots,
  slot: number,
  request: Record<string, unknown>,
  answer: unknown,
  exchange: Exchange,
): Finding[] {
  const results = isRecord(answer) ? answer.results : undefined;
  if (!Array.isArray(results)) return [];
  const byId = sentById(request);
  const judged = checksPreviouslyAdded(exchange.request.url);
  const before = accounts.digestsOf(slot, 'transactions', false);
  const known = before ? new Set(before) : undefined;
  const out: Finding[] = [];
  for (const [i, result] of results.entries()) {
    if (!isRecord(result) || result.status !== 'TRANSACTION_ADDED_TO_ACCOUNT') continue;
    const data = result.transaction_data;
    const id = isRecord(data) ? data.transaction_id : undefined;
    const sent = typeof id === 'string' ? byId.get(id) : undefined;
    const text = sent === undefined ? undefined : canonicalJson(sent);
    if (text === undefined) continue;
    const digest = digestOf(text);
    if (judged && known?.has(digest)) {
      out.push(
        finding(
          'TXN-5',
          'reference',
          'createTransactions',
          `/response/body/results/${i}/status`,
          'a transaction the stream saw added to the account, sent again unchanged, was added again',
        ),
      );
    }
    accounts.addDigest(slot, 'transactions', digest);
  }
  return out;
}
