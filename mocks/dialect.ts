/**
 * The platform dialect (decision 026): the one mapping, at the edge, from the reference's answer
 * to the answer the platform's published document gives, for the answers the spec records as
 * different (`x-platform-difference` on a response). The operations and the domain answer in the
 * reference's terms only; with `dialect: 'platform'` the edge passes each answer through
 * {@link platformAnswer} before it is journalled and sent. The renames and value maps come from
 * the spec's `fields`; the shapes (one object for an array of one, Django REST framework's
 * field-keyed messages for the error body) are the few functions below.
 */
import { openapiDocument } from '../spec/index.ts';
import {
  type CodeShape,
  collectResponseDifferences,
  type DifferenceShape,
  differenceOf,
  type FieldDifference,
  type PlatformDifference,
} from '../spec/platform-difference.ts';
import { LazyList } from './domain/lazy-list.ts';
import type { PlainResponse } from './error-bodies.ts';

/** Whose answers the mock gives: the interface reference's (default) or the platform's. */
export type Dialect = 'reference' | 'platform';

/** The dialects, default first. */
export const DIALECTS: readonly Dialect[] = ['reference', 'platform'];

/** Reads a dialect named on the command line or in a configuration; throws for another name. */
export function parseDialect(value: string): Dialect {
  const dialect = DIALECTS.find((d) => d === value);
  if (!dialect) {
    throw new Error(`The dialect must be one of ${DIALECTS.join(', ')} (received "${value}").`);
  }
  return dialect;
}

type Json = Record<string, unknown>;

const DIFFERENCES = collectResponseDifferences(openapiDocument);

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The request body's value of a field, when the body is an object that has it. */
function requestField(request: unknown, name: string): unknown {
  return isObject(request) && Object.hasOwn(request, name) ? request[name] : undefined;
}

/** One object with the platform's names and values; keys keep the reference's order. */
function renameFields(
  item: unknown,
  fields: readonly FieldDifference[],
  request: unknown,
): unknown {
  if (!isObject(item)) return item;
  const out: Json = Object.create(null);
  for (const field of fields) {
    const value = field.request ? requestField(request, field.request) : undefined;
    if (value !== undefined) out[field.platform] = value;
  }
  for (const [key, value] of Object.entries(item)) {
    const field = fields.find((f) => f.reference === key);
    if (!field) {
      out[key] = value;
      continue;
    }
    const values = field.values;
    const mapped =
      values && typeof value === 'string' && Object.hasOwn(values, value) ? values[value] : value;
    for (const name of [field.platform, ...(field.also ?? [])]) out[name] = mapped;
  }
  return out;
}

/** Every item of a list body, or the body itself, renamed; a streamed list stays streamed. */
function renamed(body: unknown, difference: PlatformDifference, request: unknown): unknown {
  const fields = difference.fields ?? [];
  if (fields.length === 0) return body;
  if (body instanceof LazyList) {
    const list = body as LazyList<unknown>;
    return new LazyList(function* () {
      for (const item of list) yield renameFields(item, fields, request);
    });
  }
  if (Array.isArray(body)) return body.map((item) => renameFields(item, fields, request));
  return renameFields(body, fields, request);
}

/** The one item of the reference's array (the platform answers it alone). */
function singleObject(body: unknown, difference: PlatformDifference, request: unknown): unknown {
  const items = body instanceof LazyList || Array.isArray(body) ? [...body] : undefined;
  if (!items || items.length === 0) return body;
  return renamed(items[0], difference, request);
}

/** The messages of one node of a field-keyed body, creating its array. */
function messagesAt(node: Json, key: string): string[] {
  const existing = node[key];
  if (Array.isArray(existing)) return existing as string[];
  if (isObject(existing)) return messagesAt(existing, 'non_field_errors');
  const created: string[] = [];
  node[key] = created;
  return created;
}

/** The branch of a field-keyed body under `key`; messages already there move to its non_field_errors. */
function branchAt(node: Json, key: string): Json {
  const existing = node[key];
  if (isObject(existing)) return existing;
  const branch: Json = Object.create(null);
  if (Array.isArray(existing)) branch.non_field_errors = existing;
  node[key] = branch;
  return branch;
}

/**
 * The reference's errors as Django REST framework writes them: each attr's path as nested keys
 * (array indexes as keys), its messages in an array; a failure of the request as a whole under
 * `non_field_errors`. Keys come from the request, so every level has no prototype.
 */
export function fieldKeyedMessages(
  detail: string,
  errors: readonly { attr: string; detail: string }[],
): Json {
  const root: Json = Object.create(null);
  if (errors.length === 0) {
    root.non_field_errors = [detail];
    return root;
  }
  for (const error of errors) {
    const path = error.attr.split('.');
    const last = path.pop() as string;
    let node = root;
    for (const part of path) node = branchAt(node, part);
    messagesAt(node, last).push(error.detail);
  }
  return root;
}

/** The platform's body for one failure the reference answers with a code of its own shape. */
const CODE_SHAPES: Record<CodeShape, (body: Json, status: number) => Json> = {
  'already-imported': (body) => ({
    external_account_number: body.external_account_number,
    kraken_account_number: body.service_account_number,
    non_field_errors: [body.detail],
  }),
  'detail-and-status-code': (body, status) => ({ detail: body.detail, code: String(status) }),
};

/** The reference's error body `{detail, code, errors}` as the platform answers it; any other body as it is. */
function fieldKeyed(body: unknown, difference: PlatformDifference, status: number): unknown {
  if (!isObject(body) || typeof body.code !== 'string' || !Array.isArray(body.errors)) return body;
  const codes = difference.codes ?? {};
  const shape = Object.hasOwn(codes, body.code) ? codes[body.code] : undefined;
  if (shape) return CODE_SHAPES[shape](body, status);
  return fieldKeyedMessages(String(body.detail), body.errors as { attr: string; detail: string }[]);
}

const SHAPES: Record<
  DifferenceShape,
  (body: unknown, difference: PlatformDifference, request: unknown, status: number) => unknown
> = {
  renamed: (body, difference, request) => renamed(body, difference, request),
  'single-object': (body, difference, request) => singleObject(body, difference, request),
  'field-keyed-errors': (body, difference, _request, status) =>
    fieldKeyed(body, difference, status),
};

/** The request body as JSON, for the fields the platform copies from it; undefined when unreadable. */
function readRequest(bodyText: string): unknown {
  try {
    return bodyText === '' ? undefined : JSON.parse(bodyText);
  } catch {
    return undefined;
  }
}

/**
 * The platform's answer for the reference's answer of an operation of the interface: the same
 * status and headers, the body in the platform's names and shape where the spec records a
 * difference for that status, unchanged elsewhere.
 */
export function platformAnswer(
  operationId: string,
  requestBodyText: string,
  response: PlainResponse,
): PlainResponse {
  const difference = differenceOf(DIFFERENCES, operationId, response.status);
  if (!difference) return response;
  const needsRequest = (difference.fields ?? []).some((f) => f.request !== undefined);
  const request = needsRequest ? readRequest(requestBodyText) : undefined;
  const body = SHAPES[difference.shape](response.body, difference, request, response.status);
  return { ...response, body };
}
