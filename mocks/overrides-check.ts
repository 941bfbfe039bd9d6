/**
 * The check every override given to a mock goes through before it is in force (decision 025):
 * the control spec's `Override` schema, then the override book's own rules, so the control API,
 * the factory's handle and a service built directly refuse the same overrides with the same
 * error naming each field, and change nothing.
 */
import { mockControl } from '../spec/index.ts';
import { createOverrideBook, type Override } from './domain/overrides.ts';
import type { DomainError } from './domain/result.ts';

/** An override or a shape the mock refused; nothing changed. */
export class OverrideError extends Error {
  override name = 'OverrideError';
}

/** The error for a refused override or shape, naming each failing field. */
export function overrideRefusal(
  what: string,
  error: DomainError | { errors: { attr: string; detail: string }[] },
): OverrideError {
  const items = error.errors?.map((e) => `${e.attr || '(root)'}: ${e.detail}`) ?? [];
  const code = 'code' in error ? error.code : 'invalid';
  return new OverrideError(
    `${what} is not valid (${code})${items.length ? `: ${items.join('; ')}` : '.'}`,
  );
}

/**
 * Checks the overrides a mock is made with (the factory's option, the configuration's or a
 * service's own) as the control API would; throws {@link OverrideError} naming the field.
 */
export function checkOverrides(overrides: readonly Override[] | undefined): void {
  for (const [i, override] of (overrides ?? []).entries()) {
    const errors = mockControl.validateSchema('Override', override);
    if (errors.length > 0) {
      throw overrideRefusal(`Override ${i}`, { errors });
    }
  }
  const book = createOverrideBook(overrides, 0);
  if (!book.ok) throw overrideRefusal('An override', book.error);
}
