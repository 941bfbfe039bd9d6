/**
 * Whether a refused validation lists every failure of the request (decision 029, "Update: rules
 * a stream shows"). The request is validated again with the kit's own validators (the spec
 * module's, the mock's): a field they refuse that the answer's errors do not name is a failure
 * left out. The reference does not promise the list is whole: VAL-3 gives "the validation error
 * body", ERR-4 "errors is an array of {detail, code, attr}", nothing says every failure is in
 * it; the kit's catalogue does (account_failed_validation: "errors lists every failure"), and
 * the suite checks it as a kit assumption. So a failure left out is a kit warning, never an
 * error. Judged only when the answer names at least one field the kit's validators name, so a
 * service that writes attrs its own way (the platform's field-keyed messages, decision 026) is
 * not reported for every refusal.
 */
import type { Contract, OperationInfo } from '../spec/index.ts';
import { type Exchange, ExchangeJson } from './exchange.ts';
import { type Finding, finding } from './findings.ts';
import { failsAtMasked } from './masked-values.ts';

/** Errors of an answer read; a longer list is read this far (bounded work per exchange). */
const MAX_ERRORS = 1000;

/** The attrs an error answer's `errors` names, or undefined when it has no such list. */
function answerAttrs(json: ExchangeJson): Set<string> | undefined {
  const body = json.answer;
  const errors =
    body.ok && body.value !== null && typeof body.value === 'object'
      ? (body.value as { errors?: unknown }).errors
      : undefined;
  if (!Array.isArray(errors)) return undefined;
  const attrs = new Set<string>();
  for (const item of errors.slice(0, MAX_ERRORS)) {
    const attr =
      item !== null && typeof item === 'object' ? (item as { attr?: unknown }).attr : undefined;
    if (typeof attr === 'string') attrs.add(attr);
  }
  return attrs;
}

/** A validate-account 400 whose errors leave out a failure the kit's validators find (kit). */
export function checkEveryFailureListed(
  contract: Contract,
  op: OperationInfo,
  exchange: Exchange,
  json = new ExchangeJson(exchange),
): Finding[] {
  if (op.operationId !== 'validateAccount' || exchange.response.status !== 400) return [];
  const listed = answerAttrs(json);
  if (!listed || listed.size === 0) return [];
  // Validation reads decimals and stand-ins into the value in place: it takes the value.
  const request = json.takeRequest();
  if (!request.ok) return [];
  const errors = contract.validateRequestBody(op.operationId, request.value);
  // A field a recording masked is not the value sent, and breaks what holds it (masked-values.ts).
  if (failsAtMasked(request.value, errors)) return [];
  const found = new Set(errors.map((e) => e.attr));
  if (![...found].some((attr) => listed.has(attr))) return [];
  const missing = [...found].filter((attr) => !listed.has(attr));
  if (missing.length === 0) return [];
  return [
    finding(
      'kit:every-failure-listed',
      'kit',
      op.operationId,
      '/response/body/errors',
      `the errors name ${listed.size} field(s) but leave out ${missing.length} more the kit's validators refuse (VAL-3 does not promise a whole list; the kit's catalogue does)`,
    ),
  ];
}
