/**
 * Account rules the platform's validators apply where the interface reference is silent
 * (`x-domain-rules` on AccountBase, `source: platform` in the error catalogue): each reads the
 * payload alone and answers the platform's own code on the field it concerns.
 */
import type { components, FieldError } from '../../spec/index.ts';
import { fieldError } from './result.ts';

type Account = components['schemas']['Account'];

/** The codes these rules raise (each has its test in platform-rules.test.ts). */
export const PLATFORM_RULE_CODES = [
  'possible_test_email_address',
  'customer_may_not_be_named_the_occupier',
  'last_payment_review_date_is_future_dated',
  'zero_payment_schedule_amount',
  'metadata_has_duplicate_keys',
] as const;

/** A test address: starts with test@ or xxx@, or ends with @test.com, @test.co.uk, .xxx or .xx. */
export function isTestEmail(email: string): boolean {
  const e = email.toLowerCase();
  return (
    e.startsWith('test@') ||
    e.startsWith('xxx@') ||
    ['@test.com', '@test.co.uk', '.xxx', '.xx'].some((end) => e.endsWith(end))
  );
}

/** The platform's account rules over one payload; `today` is the mock clock's date. */
export function checkPlatformAccountRules(account: Account, today: string): FieldError[] {
  const errors: FieldError[] = [];
  const customers = (account.customers ?? []) as {
    email?: string | null;
    given_name?: string | null;
    family_name?: string;
  }[];
  customers.forEach((customer, i) => {
    if (typeof customer.email === 'string' && isTestEmail(customer.email)) {
      errors.push(
        fieldError(
          'possible_test_email_address',
          `customers.${i}.email`,
          undefined,
          `${customer.email} looks like a test e-mail address.`,
        ),
      );
    }
    const name = `${customer.given_name ?? ''} ${customer.family_name ?? ''}`.trim().toLowerCase();
    if (name === 'the occupier' || name === 'occupier') {
      errors.push(
        fieldError(
          'customer_may_not_be_named_the_occupier',
          `customers.${i}.${customer.family_name === undefined ? 'given_name' : 'family_name'}`,
          undefined,
          'A customer may not be named "The Occupier"; use unknown_occupier instead.',
        ),
      );
    }
  });
  const review = account.last_payment_review_date;
  if (typeof review === 'string' && review > today) {
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
