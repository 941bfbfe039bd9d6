/**
 * The operator's platform catalogue (GEN-6, decision 015): the platform's own data its validators
 * check payloads against. Replacing or amending it is a state change like any other: refused
 * whole when the result does not match the catalogue's schema, so a bad change leaves the
 * catalogue as it was.
 */
import { mockControl, type PlatformCatalogue } from '../../spec/index.ts';
import { dictionary, setOwn } from './dictionary.ts';
import { invalid, ok, type Result } from './result.ts';
import { type MockState, touch } from './state.ts';

/** Replaces the whole catalogue (PUT /__mock/catalogue; the edge has checked its shape). */
export function replacePlatformCatalogue(
  state: MockState,
  catalogue: PlatformCatalogue,
): PlatformCatalogue {
  state.platformCatalogue = catalogue;
  touch(state);
  return catalogue;
}

/**
 * Replaces the sections a change names and keeps the others (a merge patch of the top level,
 * RFC 7396); the merged catalogue must match the schema (PATCH /__mock/catalogue).
 */
export function patchPlatformCatalogue(
  state: MockState,
  change: Record<string, unknown>,
): Result<PlatformCatalogue> {
  // Section names come from the body: a `__proto__` section must be an unknown section the schema
  // refuses, never the merged object's prototype.
  const merged = dictionary<unknown>(state.platformCatalogue as unknown as Record<string, unknown>);
  for (const [section, value] of Object.entries(change)) {
    if (value === null) delete merged[section];
    else setOwn<unknown>(merged, section, value);
  }
  const errors = mockControl.validateSchema('PlatformCatalogue', merged);
  if (errors.length) return invalid(errors);
  return ok(replacePlatformCatalogue(state, { ...merged } as PlatformCatalogue));
}
