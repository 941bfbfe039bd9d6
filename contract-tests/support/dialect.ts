/**
 * The suite's dialect (decision 026): `CONTRACT_DIALECT=platform` checks a target whose answers
 * follow the platform's published document where it and the reference differ (the responses
 * that carry `x-platform-difference`). Each such answer is validated against the platform's
 * schema instead of the reference's; the rule checks then read it in the reference's terms
 * through the same recorded differences (a renamed field read under its reference name, the
 * platform's one object read as the reference's array of one, field-keyed messages read as
 * errors with their attr and detail), and compare mapped values with {@link platformValue}.
 * What the platform's answer does not carry (an error code) is not read back: a check of it
 * asks {@link Dialect} first.
 */
import { openapiDocument } from '../../spec/index.ts';
import {
  collectResponseDifferences,
  differenceOf,
  type PlatformDifference,
} from '../../spec/platform-difference.ts';

/** Whose answers the target gives: the reference's (default) or the platform document's. */
export type Dialect = 'reference' | 'platform';

/** The dialects, default first. */
export const DIALECTS: readonly Dialect[] = ['reference', 'platform'];

type Json = Record<string, unknown>;

const DIFFERENCES = collectResponseDifferences(openapiDocument);

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The platform's value of a field for the reference's value (the same where they agree). */
export function platformValue(
  dialect: Dialect,
  operationId: string,
  status: number,
  field: string,
  value: string,
): string {
  if (dialect === 'reference') return value;
  const values = differenceOf(DIFFERENCES, operationId, status)?.fields?.find(
    (f) => f.reference === field,
  )?.values;
  return values && Object.hasOwn(values, value) ? (values[value] as string) : value;
}

/** Whether the target's answer of this status differs from the reference's in the dialect. */
export function answersDiffer(dialect: Dialect, operationId: string, status: number): boolean {
  return dialect === 'platform' && differenceOf(DIFFERENCES, operationId, status) !== undefined;
}

/**
 * Whether the target's answer carries the reference's error codes: not where the platform answers
 * Django REST framework's field-keyed messages (they have none), except the transactions failure,
 * whose TRANSACTION_IMPORT_ERROR both sources give.
 */
export function codesCarried(
  dialect: Dialect,
  operationId: string,
  status: number,
  sentBody: unknown,
): boolean {
  if (dialect === 'reference') return true;
  const difference = differenceOf(DIFFERENCES, operationId, status);
  if (difference?.shape !== 'field-keyed-errors') return true;
  return isObject(sentBody) && typeof sentBody.status === 'string';
}

/** One platform object in the reference's names: copies dropped, request echoes dropped. */
function readFields(item: unknown, difference: PlatformDifference): unknown {
  if (!isObject(item)) return item;
  const fields = difference.fields ?? [];
  const dropped = new Set(
    fields.flatMap((f) => [...(f.request ? [f.platform] : []), ...(f.also ?? [])]),
  );
  const out: Json = {};
  for (const [key, value] of Object.entries(item)) {
    if (dropped.has(key)) continue;
    const field = fields.find((f) => f.platform === key && f.reference !== undefined);
    out[field?.reference ?? key] = value;
  }
  return out;
}

/** Field-keyed messages as the reference's errors: one item per message, its path as attr. */
function readFieldKeyed(body: Json, prefix = ''): { attr: string; detail: string }[] {
  const errors: { attr: string; detail: string }[] = [];
  for (const [key, value] of Object.entries(body)) {
    // A nested non_field_errors is a failure of the item it sits in.
    const attr = prefix ? (key === 'non_field_errors' ? prefix : `${prefix}.${key}`) : key;
    if (Array.isArray(value)) {
      for (const detail of value) errors.push({ attr, detail: String(detail) });
    } else if (isObject(value)) {
      errors.push(...readFieldKeyed(value, attr));
    }
  }
  return errors;
}

/** A platform error body read as the reference's; its code is the platform's own or absent. */
function readErrorBody(body: unknown): unknown {
  if (!isObject(body)) return body;
  if (typeof body.status === 'string' && 'transaction_data' in body) return body;
  if (typeof body.kraken_account_number === 'string' && Array.isArray(body.non_field_errors)) {
    return {
      detail: String(body.non_field_errors[0] ?? ''),
      external_account_number: body.external_account_number,
      service_account_number: body.kraken_account_number,
      errors: [],
    };
  }
  if (typeof body.detail === 'string') return { ...body, errors: [] };
  const errors = readFieldKeyed(body);
  const whole = errors.filter((e) => e.attr === 'non_field_errors');
  // The platform gives no code: a check of one asks codesCarried first.
  return {
    detail: (whole[0] ?? errors[0])?.detail ?? '',
    errors,
  };
}

/**
 * The body a test reads: in the platform dialect, an answer the spec records as different is read
 * back in the reference's names and shape (after it was validated against the platform's shape).
 */
export function readAsReference(
  dialect: Dialect,
  operationId: string,
  status: number,
  body: unknown,
): unknown {
  if (dialect === 'reference') return body;
  const difference = differenceOf(DIFFERENCES, operationId, status);
  if (!difference) return body;
  switch (difference.shape) {
    case 'renamed':
      return Array.isArray(body)
        ? body.map((item) => readFields(item, difference))
        : readFields(body, difference);
    case 'single-object':
      return isObject(body) ? [readFields(body, difference)] : body;
    case 'field-keyed-errors':
      return readErrorBody(body);
  }
}

/** What {@link answerCarriesCodes} reads of an exchange: its operation, status and sent body. */
export interface CodedAnswer {
  operationId: string;
  status: number;
  sentBody?: unknown;
}

/** {@link codesCarried} for one exchange, so a spec's code check asks it in one call (decision 026). */
export function answerCarriesCodes(dialect: Dialect, answer: CodedAnswer): boolean {
  return codesCarried(dialect, answer.operationId, answer.status, answer.sentBody);
}

/**
 * The attr under which a field-keyed body's failure of the request as a whole reads back: Django
 * REST framework's `non_field_errors` key (decision 026).
 */
export const WHOLE_REQUEST_ATTR = 'non_field_errors';

/**
 * An expected field error as the answer can carry it: with its code where the answer carries the
 * reference's codes, its attr alone where it does not (the platform's field-keyed messages have
 * no code to check, and none is invented).
 */
export function expectedError<T extends { attr: string; code: string }>(
  carried: boolean,
  error: T,
): Omit<T, 'code'> | T {
  if (carried) return error;
  const { code: _code, ...rest } = error;
  return rest;
}

/**
 * What a refusal of the whole request with `code` matches: the reference's code where the answer
 * carries codes; where it does not, exactly one message, under {@link WHOLE_REQUEST_ATTR}, which
 * is what the platform's field-keyed body says of such a refusal.
 */
export function wholeRequestRefusal(carried: boolean, code: string): Record<string, unknown> {
  return carried ? { code } : { errors: [{ attr: WHOLE_REQUEST_ATTR }] };
}
