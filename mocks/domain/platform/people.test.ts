import { describe, expect, test } from 'vitest';
import { specExample } from '../../test-support.ts';
import { testContext } from './context.test-helper.ts';
import type { Account, PlatformContext } from './context.ts';
import { peopleRules } from './people.ts';

type Json = Record<string, unknown>;
const TODAY = '2024-04-15';

function run(overrides: Json, ctx: PlatformContext = testContext(TODAY)) {
  const account = { ...specExample<Json>('DomesticAccount'), ...overrides } as unknown as Account;
  return peopleRules(account, ctx).map((e) => [e.attr, e.code]);
}

/** The spec example's first customer with `changes`, as the account's only customer. */
function customer(changes: Json): Json {
  const first = (specExample<Json>('DomesticAccount').customers as Json[])[0] ?? {};
  return { customers: [{ ...first, ...changes }] };
}

function business(overrides: Json): Json {
  return { ...specExample<Json>('BusinessAccount'), ...overrides };
}

function runBusiness(overrides: Json, ctx: PlatformContext = testContext(TODAY)) {
  return peopleRules(business(overrides) as unknown as Account, ctx).map((e) => [e.attr, e.code]);
}

describe('the platform validators of people (validateAccount)', () => {
  test('[GEN-6] the spec examples break none of them', () => {
    expect(run({})).toEqual([]);
    expect(runBusiness({})).toEqual([]);
  });

  test('[GEN-6] a test e-mail address of a customer is possible_test_email_address', () => {
    expect(run({ customers: [{ family_name: 'Smith', email: 'test@example.com' }] })).toEqual([
      ['customers.0.email', 'possible_test_email_address'],
    ]);
  });

  test('[GEN-6] a customer e-mail that is the supplier’s own mailbox is internal_email_address', () => {
    expect(run(customer({ email: 'hello@example-energy.co.uk' }))).toEqual([
      ['customers.0.email', 'internal_email_address'],
    ]);
  });

  test('[GEN-6] a customer named The Occupier is customer_may_not_be_named_the_occupier', () => {
    expect(run({ customers: [{ given_name: 'The', family_name: 'Occupier' }] })).toEqual([
      ['customers.0.family_name', 'customer_may_not_be_named_the_occupier'],
    ]);
  });

  test('[GEN-6] The Occupier with contact details is contact_details_for_occupier', () => {
    expect(
      run({ customers: [{ given_name: 'The', family_name: 'Occupier', mobile: '07700900123' }] }),
    ).toEqual([['customers.0', 'contact_details_for_occupier']]);
  });

  test('[GEN-6] an invalid alternative phone number is invalid_phone_number', () => {
    expect(run(customer({ alternative_phone_numbers: [{ phone_number: '0207946012' }] }))).toEqual([
      ['customers.0.alternative_phone_numbers.0.phone_number', 'invalid_phone_number'],
    ]);
  });

  test('[GEN-6] an unregistered customer detail namespace is customer_detail_not_registered', () => {
    expect(run(customer({ details: { shoe_size: 9 } }))).toEqual([
      ['customers.0.details.shoe_size', 'customer_detail_not_registered'],
    ]);
  });

  test('[GEN-6] a customer detail of the wrong type is customer_detail_incorrect_value_type', () => {
    expect(run(customer({ details: { preferred_contact_hour: 'morning' } }))).toEqual([
      ['customers.0.details.preferred_contact_hour', 'customer_detail_incorrect_value_type'],
    ]);
    expect(run(customer({ user_details: [{ namespace: 'external_user_id', value: 7 }] }))).toEqual([
      ['customers.0.user_details.0', 'customer_detail_incorrect_value_type'],
    ]);
  });

  test('[GEN-6] a customer detail of the wrong form is customer_detail_failed_validation', () => {
    expect(run(customer({ details: { loyalty_number: '12AB' } }))).toEqual([
      ['customers.0.details.loyalty_number', 'customer_detail_failed_validation'],
    ]);
  });

  test('[GEN-6] details and user_details together are customer_details_and_user_details_both_provided', () => {
    expect(
      run(
        customer({
          details: { paperless_billing: true },
          user_details: [{ namespace: 'external_user_id', value: 'U-1' }],
        }),
      ),
    ).toEqual([['customers.0', 'customer_details_and_user_details_both_provided']]);
  });

  test('[GEN-6] two customers sharing a unique detail is repeated_values_for_unique_customer_detail_namespace', () => {
    const shared = [{ namespace: 'external_user_id', value: 'U-1' }];
    expect(
      run({
        customers: [
          { family_name: 'Smith', user_details: shared },
          { family_name: 'Jones', user_details: shared },
        ],
      }),
    ).toEqual([['customers', 'repeated_values_for_unique_customer_detail_namespace']]);
  });

  test('[GEN-6] a required detail namespace missing is required_customer_details_namespace_missing', () => {
    const ctx = testContext(TODAY);
    ctx.catalogue.customer_detail_namespaces = [
      { namespace: 'external_user_id', type: 'string', required: true },
    ];
    expect(run(customer({}), ctx)).toEqual([
      ['customers.0.user_details', 'required_customer_details_namespace_missing'],
    ]);
  });

  test('[GEN-6] empty role lists are required_user_role', () => {
    expect(run(customer({ account_roles: [], portfolio_roles: [] }))).toEqual([
      ['customers.0', 'required_user_role'],
    ]);
    expect(run(customer({ account_roles: ['CARER'] }))).toEqual([]);
  });

  test('[GEN-6] an exclusive role beside another is customer_has_exclusive_role_conflict', () => {
    expect(run(customer({ account_roles: ['EXECUTOR'], portfolio_roles: ['CARER'] }))).toEqual([
      ['customers.0', 'customer_has_exclusive_role_conflict'],
    ]);
    expect(run(customer({ account_roles: ['EXECUTOR'] }))).toEqual([]);
  });

  test('[GEN-6] customer_preferences with consents is fields_are_mutually_exclusive', () => {
    expect(
      run(
        customer({
          customer_preferences: { opted_into_sms: true },
          consents: [{ type: 'MARKETING_SMS', value: 'ACCEPTED' }],
        }),
      ),
    ).toEqual([['customers.0', 'fields_are_mutually_exclusive']]);
  });

  test('[GEN-6] a consent signed in the future is date_in_future', () => {
    const consent = {
      type: 'MARKETING_EMAIL',
      value: 'ACCEPTED',
      signed_at: '2024-04-15T12:00:01Z',
    };
    expect(run({ consents: [consent] })).toEqual([['consents.0.signed_at', 'date_in_future']]);
    expect(run({ consents: [{ ...consent, signed_at: '2024-04-15T12:00:00Z' }] })).toEqual([]);
  });

  test('[GEN-6] consents where the deployment has them off are field_not_enabled', () => {
    const ctx = testContext(TODAY);
    ctx.catalogue.consents_enabled = false;
    expect(run({ consents: [{ type: 'MARKETING_EMAIL', value: 'ACCEPTED' }] }, ctx)).toEqual([
      ['consents', 'field_not_enabled'],
    ]);
  });

  test('[GEN-6] a PSR code no need has is electricity_psr_record_not_found / gas_psr_record_not_found', () => {
    expect(
      run(customer({ psr: [{ elec_industry_code: '99', effective_from: '2020-01-01' }] })),
    ).toEqual([['customers.0.psr.0.elec_industry_code', 'electricity_psr_record_not_found']]);
    expect(
      run(customer({ psr: [{ gas_industry_code: '98', effective_from: '2020-01-01' }] })),
    ).toEqual([['customers.0.psr.0.gas_industry_code', 'gas_psr_record_not_found']]);
  });

  test('[GEN-6] an unknown PSR description is psr_record_description_not_found', () => {
    const record = { elec_industry_code: '01', effective_from: '2020-01-01' };
    expect(run(customer({ psr: [{ ...record, description: 'Likes cats' }] }))).toEqual([
      ['customers.0.psr.0.description', 'psr_record_description_not_found'],
    ]);
    expect(
      run(customer({ psr: [{ ...record, description: 'nebuliser and apnoea monitor' }] })),
    ).toEqual([]);
  });

  test('[GEN-6] a temporary PSR need without an end is temporary_psr_does_not_have_end_date', () => {
    const record = { elec_industry_code: '33', effective_from: '2024-01-01' };
    expect(run(customer({ psr: [record] }))).toEqual([
      ['customers.0.psr.0', 'temporary_psr_does_not_have_end_date'],
    ]);
    expect(run(customer({ psr: [{ ...record, effective_to: '2024-07-01T00:00:00Z' }] }))).toEqual(
      [],
    );
  });

  test('[GEN-6] a business account without customers is business_account_missing_customers', () => {
    expect(runBusiness({ customers: [] })).toEqual([
      ['customers', 'business_account_missing_customers'],
    ]);
    expect(runBusiness({ customers: [], unknown_occupier: true })).toEqual([]);
  });

  test('[GEN-6] a business customer without a name is customer_given_name_required when registration flows are sent', () => {
    expect(runBusiness({ customers: [{ email: 'accounts@example.com' }] })).toEqual([
      ['customers.0.given_name', 'customer_given_name_required'],
    ]);
    const ctx = testContext(TODAY);
    ctx.catalogue.sends_registration_flows = false;
    expect(runBusiness({ customers: [{ email: 'accounts@example.com' }] }, ctx)).toEqual([]);
  });

  test('[GEN-6] a business user’s invalid landline is invalid_phone_number', () => {
    const user = { business_roles: [], given_name: 'Asha', family_name: 'Patel', landline: '12' };
    expect(runBusiness({ business: { users: [user] } })).toEqual([
      ['business.users.0.landline', 'invalid_phone_number'],
    ]);
  });
});
