/**
 * What the platform's validators read besides the payload (decision 015): the mock clock's today
 * and instant, the operator's platform catalogue, and the state, for the rules that look at other
 * accounts (a reference already in use). Rules never change it.
 */

import type { components } from '../../../spec/index.ts';
import { defaultPlatformCatalogue, type PlatformCatalogue } from '../../../spec/index.ts';
import { clockTimestamp } from '../clock.ts';
import type { MockEnv } from '../env.ts';
import type { MockState } from '../state.ts';

/** The account payload, either form (VAL-5). */
export type Account = components['schemas']['Account'];

/** The inputs of a platform rule besides the payload. */
export interface PlatformContext {
  /** The mock clock's date, `YYYY-MM-DD`. */
  today: string;
  /** The mock clock's instant, `YYYY-MM-DDTHH:MM:SSZ`. */
  now: string;
  /** The platform's own data the validators check against (GET /__mock/catalogue). */
  catalogue: PlatformCatalogue;
  /** The whole state, read only: for rules over other accounts. */
  state: MockState;
  /** The key of the account in hand (`supplier/external number`), so lookups skip it. */
  accountKey?: string;
}

/** The context of a request on the mock clock. */
export function platformContext(
  state: MockState,
  env: MockEnv,
  accountKey?: string,
): PlatformContext {
  const now = clockTimestamp(state.clock, env.now());
  return {
    // The date is the instant's first ten characters: one clock reading, formatted once.
    today: now.slice(0, 10),
    now,
    catalogue: state.platformCatalogue ?? defaultPlatformCatalogue,
    state,
    ...(accountKey !== undefined ? { accountKey } : {}),
  };
}
