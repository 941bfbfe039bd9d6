/**
 * The platform's validators of an account payload where the interface reference is silent
 * (GEN-6, decisions 014 and 015), one family per platform class, each a `<part>Rules` function
 * built on ./rule-helpers.ts. validate-account, create-or-update and process all apply them after
 * the spec's shape checks and the kit's account rules (VAL-1, STG-1).
 */
import type { FieldError } from '../../../spec/index.ts';
import { accountRules } from './account.ts';
import { agreementRules } from './agreements.ts';
import { billingRules } from './billing.ts';
import { complaintRules } from './complaints.ts';
import type { Account, PlatformContext } from './context.ts';
import { meterRules } from './meters.ts';
import { moneyRules } from './money.ts';
import { paymentRules } from './payments.ts';
import { peopleRules } from './people.ts';
import type { AccountRules } from './rule-helpers.ts';
import { supplyRules } from './supply.ts';

export { type PlatformContext, platformContext } from './context.ts';

/** The families in the payload's order of parts, which is the order their errors are listed. */
const FAMILIES: readonly AccountRules[] = [
  accountRules,
  // Billing details before the people and complaints after them: answers list the errors of
  // these three parts in that order.
  billingRules,
  peopleRules,
  complaintRules,
  supplyRules,
  meterRules,
  agreementRules,
  moneyRules,
  paymentRules,
];

/** GEN-6: every platform validator of an account payload, in the payload's order of parts. */
export function checkPlatformAccountRules(account: Account, ctx: PlatformContext): FieldError[] {
  return FAMILIES.flatMap((rules) => rules(account, ctx));
}
