/**
 * The platform's validators of an account's supply (platform: supply addresses, meter points,
 * meters, registers, readings, EACs and AQs, agents, capacity and configuration periods), where
 * the interface reference is silent (GEN-6, decision 014). Each answers the platform's own code
 * on the field it concerns.
 */
import type { FieldError } from '../../../spec/index.ts';
import type { Account, PlatformContext } from './context.ts';

/** GEN-6: the platform's validators of the account's supply. */
export function checkSupplyRules(_account: Account, _ctx: PlatformContext): FieldError[] {
  return [];
}
