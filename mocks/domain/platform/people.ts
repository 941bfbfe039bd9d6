/**
 * The platform's validators of the people on an account (platform: EnergyCustomer, BusinessUser,
 * consents, PSR, complaints, alternative numbers, property administrators, addresses), where the
 * interface reference is silent (GEN-6, decision 014). Each reads the payload and the context and
 * answers the platform's own code on the field it concerns.
 */
import type { FieldError } from '../../../spec/index.ts';
import { fieldError } from '../result.ts';
import type { Account, PlatformContext } from './context.ts';

/** platform: "Validate email address is not test address": starts test@ or xxx@, or ends @test.com, @test.co.uk, .xxx or .xx. */
export function isTestEmail(email: string): boolean {
  const e = email.toLowerCase();
  return (
    e.startsWith('test@') ||
    e.startsWith('xxx@') ||
    ['@test.com', '@test.co.uk', '.xxx', '.xx'].some((end) => e.endsWith(end))
  );
}

type Customer = { email?: string | null; given_name?: string | null; family_name?: string };

/** GEN-6: the platform's validators of the account's people. */
export function checkPeopleRules(account: Account, _ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const customers = (account.customers ?? []) as Customer[];
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
  return errors;
}
