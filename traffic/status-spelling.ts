/**
 * Statuses the reference names, spelled otherwise (decision 029, "Update"). The reference leaves
 * the sets of statuses open (GEN-10, STS-14 "other values open"), so the spec's schemas accept any
 * string there; but a value the reference names, sent in another case (`pre_registration` for
 * PRE_REGISTRATION), is not another value: it is the named one misspelt, and a client matching
 * the reference's name misses it. One exchange shows it.
 */
import type { Matched } from './check-exchange.ts';
import { type Exchange, jsonBody } from './exchange.ts';
import { type Finding, finding } from './findings.ts';

/** The transfer statuses the reference names, each with its rule (STS-4..STS-8). */
const TRANSFER_STATUS_RULE = new Map([
  ['UNKNOWN', 'STS-4'],
  ['PENDING', 'STS-5'],
  ['IN_PROGRESS', 'STS-6'],
  ['REJECTED', 'STS-7'],
  ['COMPLETED', 'STS-8'],
]);

/** The meter point statuses the reference names (STS-14). */
const METER_POINT_STATUS_RULE = new Map([['PRE_REGISTRATION', 'STS-14']]);

/** How many items of a meter point list are looked at (a list is bounded by an account's points). */
const MAX_ITEMS = 10_000;

function statusOf(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.getOwnPropertyDescriptor(value, 'status')?.value
    : undefined;
}

/** The finding for `status` when it is a named status in another case. */
function misspelt(
  named: Map<string, string>,
  status: unknown,
  operation: string,
  pointer: string,
): Finding[] {
  if (typeof status !== 'string' || status.length > 64) return [];
  const upper = status.toUpperCase();
  const rule = named.get(upper);
  if (rule === undefined || upper === status) return [];
  return [
    finding(
      rule,
      'reference',
      operation,
      pointer,
      `status "${status}" is the reference's ${upper} spelt otherwise`,
    ),
  ];
}

/** STS-4..STS-8 and STS-14: a named status answered in another case. */
export function checkStatusSpelling(exchange: Exchange, matched: Matched): Finding[] {
  if (matched.kind !== 'operation' || exchange.response.status !== 200) return [];
  const operation = matched.operation.operationId;
  if (operation !== 'getAccountTransferStatus' && operation !== 'getMeterpointStatusesForAccount') {
    return [];
  }
  const body = jsonBody(exchange.response.body);
  if (!body.ok) return [];
  if (operation === 'getAccountTransferStatus') {
    return misspelt(TRANSFER_STATUS_RULE, statusOf(body.value), operation, '/response/body/status');
  }
  if (!Array.isArray(body.value)) return [];
  return body.value
    .slice(0, MAX_ITEMS)
    .flatMap((item, i) =>
      misspelt(METER_POINT_STATUS_RULE, statusOf(item), operation, `/response/body/${i}/status`),
    );
}
