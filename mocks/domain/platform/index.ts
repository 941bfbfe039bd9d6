/**
 * The platform's validators of an account payload where the interface reference is silent
 * (GEN-6, decisions 014 and 015), one module per family: the account itself, people, supply,
 * meters, agreements, money and payments. validate-account, create-or-update and process all apply them after
 * the spec's shape checks and the kit's account rules (VAL-1, STG-1).
 */
import type { FieldError } from '../../../spec/index.ts';
import { checkAccountLevelRules } from './account.ts';
import { checkAgreementRules } from './agreements.ts';
import type { Account, PlatformContext } from './context.ts';
import { checkMeterRules } from './meters.ts';
import { checkMoneyRules } from './money.ts';
import { checkPaymentRules } from './payments.ts';
import { checkPeopleRules } from './people.ts';
import { checkSupplyRules } from './supply.ts';

export { type PlatformContext, platformContext } from './context.ts';

/** GEN-6: every platform validator of an account payload, in the payload's order of parts. */
export function checkPlatformAccountRules(account: Account, ctx: PlatformContext): FieldError[] {
  return [
    ...checkAccountLevelRules(account, ctx),
    ...checkPeopleRules(account, ctx),
    ...checkSupplyRules(account, ctx),
    ...checkMeterRules(account, ctx),
    ...checkAgreementRules(account, ctx),
    ...checkMoneyRules(account, ctx),
    ...checkPaymentRules(account, ctx),
  ];
}
