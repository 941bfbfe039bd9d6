/**
 * Test support for the platform rules' unit tests: a context on a fixed today with the default
 * catalogue and a fresh state of the default configuration.
 */
import { defaultPlatformCatalogue } from '../../../spec/index.ts';
import { createState } from '../state.ts';
import type { PlatformContext } from './context.ts';

/** A context on `today` (noon UTC) with the default catalogue; `overrides` replace parts. */
export function testContext(
  today = '2024-04-15',
  overrides: Partial<PlatformContext> = {},
): PlatformContext {
  return {
    today,
    now: `${today}T12:00:00Z`,
    catalogue: structuredClone(defaultPlatformCatalogue),
    state: createState({ apiKeyHashes: [], suppliers: [], operationsTeams: ['MIGRATIONS'] }),
    ...overrides,
  };
}
