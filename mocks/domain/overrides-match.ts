/**
 * The request-shape language of overrides and verify (decision 025): one pure predicate over a
 * request as plain data, so that the edge choosing an override and the journal counting requests
 * cannot disagree on what a shape matches. Keys from input never index a plain object: a shape's
 * header names are looked up with `Object.hasOwn`, so `constructor` or `__proto__` name only a
 * header the request really sent; a body is walked only through its own keys.
 */
import type { controlComponents } from '../../spec/index.ts';

/** What a request must be to match (the control spec's RequestShapeFields). */
export type RequestShape = controlComponents['schemas']['RequestShapeFields'];

/** A request as a shape sees it: no transport objects, the body parsed when it is JSON. */
export interface ShapeSubject {
  method: string;
  path: string;
  operationId: string | null;
  /** Lower-case names. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The parsed JSON body; undefined when empty or not JSON. */
  body: unknown;
  /** False when the body is no longer known (the journal lost it): a body criterion cannot say. */
  bodyKnown: boolean;
  importSupplier?: string;
  externalAccountNumber?: string;
}

/** The outcome of a match: yes, no, or cannot tell (a body criterion on a lost body). */
export type ShapeMatch = 'match' | 'no_match' | 'unknown';

/** A plain JSON object (not an array, not null). */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether `value` contains `pattern`: an object has each of the pattern's own keys with a value
 * containing its value; an array has as many items, each containing the pattern's; anything else
 * is equal. Recursion follows the pattern, whose depth the edge bounded when it was parsed.
 */
export function containsJson(value: unknown, pattern: unknown): boolean {
  if (Array.isArray(pattern)) {
    return (
      Array.isArray(value) &&
      value.length === pattern.length &&
      pattern.every((item, i) => containsJson(value[i], item))
    );
  }
  if (isObject(pattern)) {
    return (
      isObject(value) &&
      Object.keys(pattern).every(
        (key) => Object.hasOwn(value, key) && containsJson(value[key], pattern[key]),
      )
    );
  }
  return value === pattern;
}

/** The value an RFC 6901 pointer names in a document, through own keys only; `missing` if none. */
export function atPointer(document: unknown, pointer: string): { found: boolean; value?: unknown } {
  if (pointer === '') return { found: true, value: document };
  let value = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(value)) {
      if (!/^(0|[1-9][0-9]{0,8})$/.test(key) || Number(key) >= value.length)
        return { found: false };
      value = value[Number(key)];
    } else if (isObject(value) && Object.hasOwn(value, key)) {
      value = value[key];
    } else {
      return { found: false };
    }
  }
  return { found: true, value };
}

/** Whether every header of the shape was sent with that value (names without case). */
function headersMatch(shape: RequestShape, headers: ShapeSubject['headers']): boolean {
  for (const [name, expected] of Object.entries(shape.headers ?? {})) {
    const key = name.toLowerCase();
    if (!Object.hasOwn(headers, key) || headers[key] !== expected) return false;
  }
  return true;
}

/** Whether the body criteria hold (called only with a known body). */
function bodyMatches(shape: RequestShape, body: unknown): boolean {
  if (shape.body_subset !== undefined && !containsJson(body, shape.body_subset)) return false;
  return (shape.body_equals ?? []).every(({ pointer, equals }) => {
    const at = atPointer(body, pointer);
    return at.found && containsJson(at.value, equals) && containsJson(equals, at.value);
  });
}

/** Whether a request has the shape; `unknown` when only its lost body could tell. */
export function matchShape(shape: RequestShape, subject: ShapeSubject): ShapeMatch {
  const route =
    (shape.operation_id === undefined || shape.operation_id === subject.operationId) &&
    (shape.method === undefined || shape.method === subject.method.toUpperCase()) &&
    (shape.path === undefined || shape.path === subject.path) &&
    headersMatch(shape, subject.headers);
  if (!route) return 'no_match';
  const bodyCriteria = shape.body_subset !== undefined || (shape.body_equals?.length ?? 0) > 0;
  const account =
    (shape.import_supplier === undefined || shape.import_supplier === subject.importSupplier) &&
    (shape.external_account_number === undefined ||
      shape.external_account_number === subject.externalAccountNumber);
  if (subject.bodyKnown) {
    return account && (!bodyCriteria || bodyMatches(shape, subject.body)) ? 'match' : 'no_match';
  }
  // A lost body: the path may still name the supplier and account; the body criteria cannot say.
  const accountDecided =
    (shape.import_supplier === undefined || subject.importSupplier !== undefined) &&
    (shape.external_account_number === undefined || subject.externalAccountNumber !== undefined);
  if (accountDecided && !account) return 'no_match';
  return accountDecided && !bodyCriteria ? 'match' : 'unknown';
}
