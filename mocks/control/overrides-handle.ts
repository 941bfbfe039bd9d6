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
  findOverride,
  type Override,
  type OverrideView,
  overrideViews,
  removeOverride,
} from '../domain/overrides.ts';
import type { JournalEntry } from '../journal.ts';
import { overrideRefusal } from '../overrides-check.ts';
import type { MockService } from '../service.ts';
import { findRequests, type RequestQuery, verifyRequests } from './overrides-verify.ts';

export { checkOverrides, OverrideError } from '../overrides-check.ts';

/** A count that is not the one a test expected. */
export class VerificationError extends Error {
  override name = 'VerificationError';
}

function checked(schema: 'Override' | 'RequestQuery', value: unknown): void {
  const errors = mockControl.validateSchema(schema, value);
  if (errors.length > 0)
    throw overrideRefusal(schema === 'Override' ? 'The override' : 'The shape', { errors });
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
      if (!added.ok) throw overrideRefusal('The override', added.error);
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
