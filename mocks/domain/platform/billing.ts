/**
 * The platform's validators of an account's billing details (platform: the account's billing
 * address, structured or in legacy lines, its delivery point identifier and the billing e-mail),
 * where the interface reference is silent (GEN-6, decisions 014 and 015). Each answers the
 * platform's own code on the field it concerns, its detail the spec's template beside the code.
 */
import { isValidUkPostcode } from '../../../spec/formats/index.ts';
import type { components, FieldError } from '../../../spec/index.ts';
import type { Account, PlatformContext } from './context.ts';
import { given, isInternalEmail, isObject, report } from './rule-helpers.ts';

/** platform: "Validate delivery point identifier": capital letters and digits only. */
const DELIVERY_POINT_IDENTIFIER = /^[A-Z0-9]+$/;

/** The platform refuses a billing e-mail that routes to a black hole (billing_email_not_valid). */
const BLACKHOLE = 'blackhole+';

/** The legacy billing address lines, which the structured billing_address replaces. */
const LEGACY_BILLING = [
  'billing_address1',
  'billing_address2',
  'billing_address3',
  'billing_address4',
  'billing_address5',
  'billing_postcode',
] as const;

/** GEN-6: the platform's validators of the account's billing details, in the platform's order. */
export function billingRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  if (isObject(account.billing_address) && LEGACY_BILLING.some((f) => given(account[f]))) {
    report(errors, 'billing_address_new_style_and_legacy', 'billing_address');
  }
  addressRules(account.billing_address, 'billing_address', errors);
  deliveryPointRules(
    account.billing_delivery_point_identifier,
    'billing_delivery_point_identifier',
    errors,
  );
  billingEmailRules(account.billing_email, ctx, errors);
  return errors;
}

/**
 * platform: "Validate delivery point identifier" (capitals and digits), on the billing address
 * and on the supply addresses (people's rules read those).
 */
export function deliveryPointRules(value: unknown, attr: string, errors: FieldError[]): void {
  if (typeof value === 'string' && value !== '' && !DELIVERY_POINT_IDENTIFIER.test(value)) {
    report(errors, 'invalid_delivery_point_identifier', attr, { value });
  }
}

/**
 * platform: "Validate address" and "Validate and normalize postcode" of the structured Address
 * (the fields of Google's address data): a British address has a street, a post town and a
 * postcode, and the postcode is a British one.
 */
function addressRules(
  address: components['schemas']['Address'] | undefined,
  at: string,
  errors: FieldError[],
): void {
  if (!isObject(address)) return;
  deliveryPointRules(address.delivery_point_identifier, `${at}.delivery_point_identifier`, errors);
  if (address.country !== 'GB') return;
  const missing = (['street_address', 'locality', 'postal_code'] as const).filter(
    (f) => typeof address[f] !== 'string' || (address[f] as string).trim() === '',
  );
  if (missing.length > 0) {
    report(errors, 'invalid_address', at, { missing: missing.join(', ') });
  } else if (!isValidUkPostcode(address.postal_code as string)) {
    report(errors, 'invalid_postcode', `${at}.postal_code`, { value: address.postal_code });
  }
}

/**
 * The billing e-mail: not a blackhole+ mailbox, nor the deployment's own (the platform does not
 * apply its test-address rule here).
 */
function billingEmailRules(email: unknown, ctx: PlatformContext, errors: FieldError[]): void {
  if (typeof email !== 'string' || email === '') return;
  if (email.toLowerCase().includes(BLACKHOLE)) {
    report(errors, 'billing_email_not_valid', 'billing_email');
  } else if (isInternalEmail(email, ctx.catalogue)) {
    report(errors, 'internal_email_address', 'billing_email', { email });
  }
}
