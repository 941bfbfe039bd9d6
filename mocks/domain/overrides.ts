/**
 * Overrides (decision 025): the operator's stubs, each an answer for one route and request shape,
 * given instead of the mock's without running the operation, so that nothing changes. Pure: the
 * overrides and their counters are plain data, time is the mock clock's instant handed in, and a
 * choice is taken in one synchronous step, so that N requests in parallel consume exactly N of an
 * override's `times`. Tried in order of priority (higher first), then the newest first; an
 * override is gone once it answered `times` requests or once the mock clock reaches `until`.
 */
import type { controlComponents } from '../../spec/index.ts';
import { matchShape, type RequestShape, type ShapeSubject } from './overrides-match.ts';
import { renderTemplate, type TemplateRequest } from './overrides-template.ts';
import { fail, fieldError, invalid, ok, type Result } from './result.ts';

type Schemas = controlComponents['schemas'];

/** An override as the control API, a config file and the MSW factory give it. */
export type Override = Schemas['Override'];
/** An override as the list shows it. */
export type OverrideView = Omit<Schemas['OverrideState'], 'override'> & { override: Override };

/** The most overrides in force at once. */
export const MAX_OVERRIDES = 100;
/** The most bytes one override takes as JSON (its body included). */
export const MAX_OVERRIDE_BYTES = 64 * 1024;
/** Headers an override may not set: the transport frames the answer itself. */
const FRAMING_HEADERS: ReadonlySet<string> = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
  'te',
]);
/** Statuses that carry no body. */
const NO_BODY: ReadonlySet<number> = new Set([204, 205, 304]);

interface KeptOverride {
  id: string;
  seq: number;
  override: Override;
  used: number;
  remaining: number | null;
  untilMs: number;
  createdAt: string;
}

/** The overrides in force, in the order they are tried, and the next id. */
export interface OverrideBook {
  items: KeptOverride[];
  nextId: number;
}

/** The answer an override gives one request. */
export interface OverrideAnswer {
  id: string;
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

/** The refusals of an override the schema cannot express: its size, framing headers. */
function overrideErrors(override: Override): Result<true> {
  const size = new TextEncoder().encode(JSON.stringify(override)).length;
  if (size > MAX_OVERRIDE_BYTES) {
    return fail('override_too_large', { size, limit: MAX_OVERRIDE_BYTES });
  }
  const framing = Object.keys(override.response.headers ?? {}).filter((name) =>
    FRAMING_HEADERS.has(name.toLowerCase()),
  );
  if (framing.length > 0) {
    return invalid(
      framing.map((name) =>
        fieldError(
          'invalid',
          `response.headers.${name}`,
          undefined,
          'The transport frames the answer; an override cannot set this header.',
        ),
      ),
    );
  }
  return ok(true);
}

function keep(book: OverrideBook, override: Override, nowMs: number): KeptOverride {
  book.nextId += 1;
  return {
    id: `o${book.nextId}`,
    seq: book.nextId,
    override: structuredClone(override),
    used: 0,
    remaining: override.times ?? null,
    untilMs: override.until === undefined ? Number.POSITIVE_INFINITY : Date.parse(override.until),
    createdAt: new Date(nowMs).toISOString(),
  };
}

/** Higher priority first, then the newest. */
function sortBook(book: OverrideBook): void {
  book.items.sort(
    (a, b) => (b.override.priority ?? 0) - (a.override.priority ?? 0) || b.seq - a.seq,
  );
}

/** Forgets the overrides that are spent or past their `until`. */
function prune(book: OverrideBook, nowMs: number): void {
  book.items = book.items.filter((k) => k.remaining !== 0 && k.untilMs > nowMs);
}

function view(kept: KeptOverride): OverrideView {
  return {
    id: kept.id,
    override: structuredClone(kept.override),
    used: kept.used,
    remaining: kept.remaining,
    created_at: kept.createdAt,
  };
}

/** A book of overrides (a config file's, the factory's); refused whole if one is not valid. */
export function createOverrideBook(
  overrides: readonly Override[] | undefined,
  nowMs: number,
): Result<OverrideBook> {
  const book: OverrideBook = { items: [], nextId: 0 };
  for (const [i, override] of (overrides ?? []).entries()) {
    const added = addOverride(book, override, nowMs);
    if (!added.ok) {
      const errors = added.error.errors ?? [fieldError(added.error.code, '', added.error.data)];
      return invalid(errors.map((e) => ({ ...e, attr: e.attr ? `${i}.${e.attr}` : `${i}` })));
    }
  }
  return ok(book);
}

/** Adds an override; refused when too large, framing the answer, or when the book is full. */
export function addOverride(
  book: OverrideBook,
  override: Override,
  nowMs: number,
): Result<OverrideView> {
  const errors = overrideErrors(override);
  if (!errors.ok) return errors;
  prune(book, nowMs);
  if (book.items.length >= MAX_OVERRIDES) return fail('overrides_full', { limit: MAX_OVERRIDES });
  const kept = keep(book, override, nowMs);
  book.items.push(kept);
  sortBook(book);
  return ok(view(kept));
}

/** Removes the override with this id; the others stay as they are. */
export function removeOverride(book: OverrideBook, id: string): Result<{ id: string }> {
  const index = book.items.findIndex((k) => k.id === id);
  if (index < 0) return fail('override_not_found', { id });
  book.items.splice(index, 1);
  return ok({ id });
}

/** The overrides in force, in the order they are tried. */
export function overrideViews(book: OverrideBook, nowMs: number): OverrideView[] {
  prune(book, nowMs);
  return book.items.map(view);
}

/** One override in force. */
export function findOverride(book: OverrideBook, id: string, nowMs: number): Result<OverrideView> {
  prune(book, nowMs);
  const kept = book.items.find((k) => k.id === id);
  return kept ? ok(view(kept)) : fail('override_not_found', { id });
}

/**
 * The answer of the first override in force whose shape the request has, its use counted in the
 * same step; undefined when none. A body whose placeholders are filled from `request` when the
 * override asks for a template.
 */
export function decideOverride(
  book: OverrideBook,
  subject: ShapeSubject,
  request: TemplateRequest,
  nowMs: number,
): OverrideAnswer | undefined {
  prune(book, nowMs);
  const kept = book.items.find((k) => matchShape(k.override.request, subject) === 'match');
  if (!kept) return undefined;
  kept.used += 1;
  if (kept.remaining !== null) kept.remaining -= 1;
  const { status, headers = {}, body, template } = kept.override.response;
  const answer: OverrideAnswer = {
    id: kept.id,
    status,
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
    ),
  };
  if (body !== undefined && !NO_BODY.has(status)) {
    answer.body = template ? renderTemplate(body, request) : structuredClone(body);
  }
  return answer;
}

export type { RequestShape, ShapeSubject };
