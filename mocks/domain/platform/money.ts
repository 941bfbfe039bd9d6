/**
 * The platform's validators of an account's money (platform: ledgers, current and historical
 * statement transactions, balances, payment schedules, plans, instructions and preferences,
 * payment adequacy, debt, deposits, FiT), where the interface reference is silent (GEN-6,
 * decision 014). Each answers the platform's own code on the field it concerns.
 */
import type { FieldError } from '../../../spec/index.ts';
import { fieldError } from '../result.ts';
import type { Account, PlatformContext } from './context.ts';

/** GEN-6: the platform's validators of the account's money. */
export function checkMoneyRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const review = account.last_payment_review_date;
  if (typeof review === 'string' && review > ctx.today) {
    errors.push(
      fieldError(
        'last_payment_review_date_is_future_dated',
        'last_payment_review_date',
        undefined,
        `The last payment review date ${review} is after today.`,
      ),
    );
  }
  (account.payment_schedules ?? []).forEach((schedule, i) => {
    const amount = (schedule as { amount?: string | number }).amount;
    if (amount !== undefined && Number(amount) === 0) {
      errors.push(
        fieldError(
          'zero_payment_schedule_amount',
          `payment_schedules.${i}.amount`,
          undefined,
          'A payment schedule amount may not be zero.',
        ),
      );
    }
  });
  return errors;
}
