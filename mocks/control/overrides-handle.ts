/**
 * Overrides and verify in-process (decision 025): what the control API's `mock-overrides` tag
 * offers, as methods of the MSW factory's handle, so that a supplier's own tests stub an answer
 * and assert "my client retried exactly 3 times" without HTTP to the control API. Input is held to
 * the control spec's schemas like the API's; a refusal throws an error naming each field and
 * changes nothing.
 */
import { mockControl } from '../../spec/index.ts';
import {
  addOverride,
  createOverrideBook,
  findOverride,
  type Override,
  type OverrideView,
  overrideViews,
  removeOverride,
} from '../domain/overrides.ts';
import type { DomainError } from '../domain/result.ts';
import type { JournalEntry } from '../journal.ts';
import type { MockService } from '../service.ts';
import { findRequests, type RequestQuery, verifyRequests } from './overrides-verify.ts';

/** An override or a shape the factory refused; nothing changed. */
export class OverrideError extends Error {
  override name = 'OverrideError';
}

/** A count that is not the one a test expected. */
export class VerificationError extends Error {
  override name = 'VerificationError';
}

function refused(
  what: string,
  error: DomainError | { errors: { attr: string; detail: string }[] },
) {
  const items = error.errors?.map((e) => `${e.attr || '(root)'}: ${e.detail}`) ?? [];
  const code = 'code' in error ? error.code : 'invalid';
  return new OverrideError(
    `${what} is not valid (${code})${items.length ? `: ${items.join('; ')}` : '.'}`,
  );
}

function checked(schema: 'Override' | 'RequestQuery', value: unknown): void {
  const errors = mockControl.validateSchema(schema, value);
  if (errors.length > 0)
    throw refused(schema === 'Override' ? 'The override' : 'The shape', { errors });
}

/**
 * Checks the overrides a mock is made with (the factory's option or the configuration's) as the
 * control API would, so that a bad one throws {@link OverrideError} naming its field.
 */
export function checkOverrides(overrides: readonly Override[] | undefined): void {
  for (const [i, override] of (overrides ?? []).entries()) {
    const errors = mockControl.validateSchema('Override', override);
    if (errors.length > 0) {
      throw refused(`Override ${i}`, { errors });
    }
  }
  const book = createOverrideBook(overrides, 0);
  if (!book.ok) throw refused('An override', book.error);
}

/** The overrides of a mock instance. */
export interface OverridesHandle {
  /** Adds a stub; throws {@link OverrideError} and changes nothing when it is not valid. */
  add(override: Override): OverrideView;
  /** The overrides in force, in the order they are tried. */
  list(): OverrideView[];
  /** One override in force, or undefined. */
  get(id: string): OverrideView | undefined;
  /** Removes one; false when none has this id. */
  remove(id: string): boolean;
  /** Removes every override. */
  clear(): void;
}

/** The overrides handle of a service. */
export function overridesHandle(service: MockService): OverridesHandle {
  return {
    add(override) {
      checked('Override', override);
      const added = addOverride(service.overrides, override, service.clockMs());
      if (!added.ok) throw refused('The override', added.error);
      return added.value;
    },
    list: () => overrideViews(service.overrides, service.clockMs()),
    get(id) {
      const found = findOverride(service.overrides, id, service.clockMs());
      return found.ok ? found.value : undefined;
    },
    remove: (id) => removeOverride(service.overrides, id).ok,
    clear() {
      service.overrides.items = [];
    },
  };
}

/** How many journalled requests have a shape since `since` (mock clock), and whether all could be judged. */
export function countRequests(
  service: MockService,
  query: RequestQuery,
): { count: number; complete: boolean } {
  checked('RequestQuery', query);
  const { count, complete } = verifyRequests(service, query);
  return { count, complete };
}

/** The journalled requests of a shape, redacted as the journal is. */
export function findRequestsOf(
  service: MockService,
  query: RequestQuery,
): { count: number; complete: boolean; requests: JournalEntry[] } {
  checked('RequestQuery', query);
  return findRequests(service, query);
}

/**
 * Throws a {@link VerificationError} unless exactly `expected` journalled requests have the shape;
 * also when the journal could not judge every request (it dropped or lost some of the period).
 */
export function verifyCount(service: MockService, query: RequestQuery, expected: number): void {
  const { count, complete } = countRequests(service, query);
  if (count !== expected || !complete) {
    throw new VerificationError(
      `Expected ${expected} request(s) of ${JSON.stringify(query)}, the journal holds ${count}${complete ? '' : ' (incomplete: it dropped or lost requests of the period)'}.`,
    );
  }
}
