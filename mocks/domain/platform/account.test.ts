import { describe, expect, test } from 'vitest';
import type { PlatformCatalogue } from '../../../spec/index.ts';
import { importedState, specExample } from '../../test-support.ts';
import { accountRules, isCompanyNumber, recordImportedReferences } from './account.ts';
import { testContext } from './context.test-helper.ts';
import type { Account, PlatformContext } from './context.ts';

type Json = Record<string, unknown>;

function domestic(overrides: Json = {}): Account {
  return { ...specExample<Json>('DomesticAccount'), ...overrides } as unknown as Account;
}

function business(overrides: Json = {}): Account {
  return { ...specExample<Json>('BusinessAccount'), ...overrides } as unknown as Account;
}

function codesOf(account: Account, ctx: PlatformContext = testContext()) {
  return accountRules(account, ctx).map((e) => [e.attr, e.code]);
}

/** A context whose catalogue has the given switches or lists. */
function withCatalogue(part: Partial<PlatformCatalogue>): PlatformContext {
  const ctx = testContext();
  return { ...ctx, catalogue: { ...ctx.catalogue, ...part } };
}

function withPoint(account: Account, extra: Json): Account {
  const copy = structuredClone(account) as unknown as Json;
  const addresses = copy.supply_addresses as { meter_points: Json[] }[];
  Object.assign(addresses[0]!.meter_points[0]!, extra);
  return copy as unknown as Account;
}

describe('the platform validators of the account (validateAccount)', () => {
  test('[GEN-6] the spec examples break none of them', () => {
    expect(codesOf(domestic())).toEqual([]);
    expect(codesOf(business())).toEqual([]);
  });

  test('[GEN-6] a metadata key twice is metadata_has_duplicate_keys', () => {
    const metadata = [
      { key: 'a', value: {} },
      { key: 'a', value: {} },
    ];
    expect(codesOf(domestic({ metadata }))).toEqual([
      ['metadata.1.key', 'metadata_has_duplicate_keys'],
    ]);
  });

  test('[GEN-6] an account type with a contradicting deprecated flag is multiple_account_types_selected', () => {
    expect(codesOf(domestic({ is_managed: true }))).toEqual([
      ['is_managed', 'multiple_account_types_selected'],
    ]);
    expect(codesOf(business({ account_type: 'PORTFOLIO_LEAD', is_portfolio_lead: true }))).toEqual(
      [],
    );
  });

  test('[GEN-6] a managed account where the deployment allows none is managed_accounts_are_not_allowed', () => {
    const ctx = withCatalogue({ managed_accounts_allowed: false });
    expect(codesOf(business({ account_type: 'MANAGED' }), ctx)).toEqual([
      ['account_type', 'managed_accounts_are_not_allowed'],
    ]);
    expect(codesOf(business({ account_type: 'MANAGED' }))).toEqual([]);
  });

  test('[GEN-6] a campaign with both slug and name is campaign_name_and_slug_provided', () => {
    const account_campaigns = [{ slug: 'ev_tariffs', campaign_name: 'Electric Vehicle Tariffs' }];
    expect(codesOf(domestic({ account_campaigns }))).toEqual([
      ['account_campaigns.0', 'campaign_name_and_slug_provided'],
    ]);
  });

  test('[GEN-6] a campaign with neither slug nor name is campaign_name_or_slug_not_provided', () => {
    const account_campaigns = [{ campaign_note: 'Asked about EVs.', campaign_name: '' }];
    expect(codesOf(domestic({ account_campaigns }))).toEqual([
      ['account_campaigns.0', 'campaign_name_or_slug_not_provided'],
    ]);
  });

  test('[GEN-6] a slug the catalogue lacks is campaign_not_found', () => {
    expect(codesOf(domestic({ account_campaigns: [{ slug: 'no-such-campaign' }] }))).toEqual([
      ['account_campaigns.0.slug', 'campaign_not_found'],
    ]);
    expect(
      codesOf(domestic({ account_campaigns: [{ campaign_name: 'Electric Vehicle Tariffs' }] })),
    ).toEqual([]);
  });

  test('[GEN-6] a campaign expiring on its start date is start_date_same_as_end_date', () => {
    const account_campaigns = [
      { slug: 'ev_tariffs', start_date: '2024-01-01', expiry_date: '2024-01-01' },
    ];
    expect(codesOf(domestic({ account_campaigns }))).toEqual([
      ['account_campaigns.0.expiry_date', 'start_date_same_as_end_date'],
    ]);
  });

  test('[GEN-6] campaigns named by slug and by name is inconsistent_campaign_identifiers', () => {
    const account_campaigns = [{ slug: 'ev_tariffs' }, { campaign_name: 'Super Account' }];
    expect(codesOf(domestic({ account_campaigns }))).toEqual([
      ['account_campaigns', 'inconsistent_campaign_identifiers'],
    ]);
  });

  test('[GEN-6] a campaign twice is duplicate_account_campaigns', () => {
    const account_campaigns = [{ slug: 'ev_tariffs' }, { slug: 'ev_tariffs' }];
    expect(codesOf(domestic({ account_campaigns }))).toEqual([
      ['account_campaigns', 'duplicate_account_campaigns'],
    ]);
  });

  test('[GEN-6] a reference namespace the catalogue lacks is invalid_reference_namespace', () => {
    const references = [{ namespace: 'acme.crm', value: '1' }];
    expect(codesOf(domestic({ references }))).toEqual([
      ['references.0.namespace', 'invalid_reference_namespace'],
    ]);
  });

  test('[GEN-6] a reference another imported account holds is reference_already_exists', () => {
    const { state, key } = importedState();
    const ctx = { ...testContext(), state };
    const held = (specExample<Json>('DomesticAccount').references as Json[])[0];
    const other = domestic({ external_account_number: 'OTHER-1', references: [held] });
    expect(codesOf(other, { ...ctx, accountKey: 'DEMO_ENERGY/OTHER-1' })).toEqual([
      ['references.0', 'reference_already_exists'],
    ]);
    // The account itself does not clash with its own references.
    expect(codesOf(other, { ...ctx, accountKey: key })).toEqual([]);
    // An account imported later is found through the kept index.
    const later = { namespace: 'demo-energy.legacy-crm-id', value: 'CRM-LATER' };
    const record = state.accounts.get(key)!;
    state.accounts.set('DEMO_ENERGY/LATER', {
      ...record,
      externalAccountNumber: 'LATER',
      status: 'staged',
      data: { ...record.data, external_account_number: 'LATER', references: [later] },
    });
    state.accounts.get('DEMO_ENERGY/LATER')!.status = 'imported';
    recordImportedReferences(state, 'DEMO_ENERGY/LATER');
    expect(codesOf(domestic({ references: [later] }), ctx)).toEqual([
      ['references.0', 'reference_already_exists'],
    ]);
  });

  test('[GEN-6] portfolio settings on an account that is not the lead are portfolio_settings_included_when_not_lead', () => {
    const portfolio = {
      portfolio_settings: { collective_billing: true },
      portfolio_references: [{ namespace: 'portfolio-label', value: 'North' }],
    };
    expect(codesOf(domestic({ portfolio }))).toEqual([
      ['portfolio.portfolio_settings', 'portfolio_settings_included_when_not_lead'],
    ]);
  });

  test('[GEN-6] portfolio settings without a portfolio reference are portfolio_references_missing', () => {
    const portfolio = { portfolio_settings: { collective_billing: true } };
    expect(codesOf(business({ account_type: 'PORTFOLIO_LEAD', portfolio }))).toEqual([
      ['portfolio.portfolio_references', 'portfolio_references_missing'],
    ]);
  });

  test('[GEN-6] portfolio references where the supplier creates portfolios are portfolio_references_provided', () => {
    const portfolio = { portfolio_references: [{ namespace: 'portfolio-label', value: 'North' }] };
    const ctx = withCatalogue({ create_new_portfolios: true });
    expect(codesOf(domestic({ portfolio }), ctx)).toEqual([
      ['portfolio.portfolio_references', 'portfolio_references_provided'],
    ]);
  });

  test('[GEN-6] a portfolio reference namespace twice is duplicate_portfolio_references', () => {
    const portfolio_references = [
      { namespace: 'portfolio-label', value: 'North' },
      { namespace: 'portfolio-label', value: 'South' },
    ];
    expect(codesOf(domestic({ portfolio: { portfolio_references } }))).toEqual([
      ['portfolio.portfolio_references.1.namespace', 'duplicate_portfolio_references'],
    ]);
    const b = { company_name: 'Acme Ltd', portfolios: [{ portfolio_references }] };
    expect(codesOf(business({ business: b }))).toEqual([
      ['business.portfolios.0.portfolio_references.1.namespace', 'duplicate_portfolio_references'],
    ]);
  });

  test('[GEN-6] a company number on a domestic account is business_fields_provided_for_domestic_accounts', () => {
    expect(codesOf(domestic({ company_number: '01234567' }))).toEqual([
      ['company_number', 'business_fields_provided_for_domestic_accounts'],
    ]);
    expect(codesOf(domestic({ business_type: 'LTD' }))).toEqual([
      ['business_type', 'business_fields_provided_for_domestic_accounts'],
    ]);
  });

  test.each([
    ['01234567', true],
    ['1234567', true],
    ['SC123456', true],
    ['oc 301234', true],
    ['R0000123', true],
    ['123456789', false],
    ['SC12345', false],
    ['company-number-4', false],
  ])('[GEN-6] %s is a company number: %s', (value, expected) => {
    expect(isCompanyNumber(value)).toBe(expected);
  });

  test('[GEN-6] a company number of the wrong form is invalid_company_number', () => {
    expect(codesOf(business({ company_number: 'ABC' }))).toEqual([
      ['company_number', 'invalid_company_number'],
    ]);
    expect(codesOf(business({ business: { company_number: '123456789' } }))).toEqual([
      ['business.company_number', 'invalid_company_number'],
    ]);
  });

  test('[GEN-6] a business detail key twice is children_with_duplicate_values', () => {
    const details = [
      { key: 'vat_number', value: 'GB123456789' },
      { key: 'vat_number', value: 'GB987654321' },
    ];
    expect(codesOf(business({ business: { details } }))).toEqual([
      ['business.details.1.key', 'children_with_duplicate_values'],
    ]);
  });

  test('[GEN-6] a business detail value of another type is business_detail_incorrect_value_type', () => {
    const details = [{ key: 'vat_number', value: 123456789 }];
    expect(codesOf(business({ business: { details } }))).toEqual([
      ['business.details.0.value', 'business_detail_incorrect_value_type'],
    ]);
  });

  test('[GEN-6] a business detail value its key refuses is business_detail_failed_validation', () => {
    const details = [{ key: 'vat_number', value: 'GB12' }];
    expect(codesOf(business({ business: { details } }))).toEqual([
      ['business.details.0.value', 'business_detail_failed_validation'],
    ]);
  });

  test('[GEN-6] a business account without business where contracts are enforced is business_field_required', () => {
    const ctx = withCatalogue({ enforce_business_contracts_exist: true });
    expect(codesOf(business(), ctx)).toEqual([['business', 'business_field_required']]);
  });

  test('[GEN-6] a contract business without contract identifiers is missing_contract_identifier', () => {
    const ctx = withCatalogue({ enforce_business_contracts_exist: true });
    expect(codesOf(business({ business: { company_name: 'Acme Ltd' } }), ctx)).toEqual([
      ['business', 'missing_contract_identifier'],
    ]);
  });

  test('[GEN-6] business information when linking via the contract is business_information_not_required_if_linking_via_contract', () => {
    const ctx = withCatalogue({
      enforce_business_contracts_exist: true,
      link_account_to_business_with_contract: true,
    });
    const b = { company_name: 'Acme Ltd', business_contract_identifiers: ['BC-1'] };
    expect(codesOf(business({ business: b }), ctx)).toEqual([
      ['business', 'business_information_not_required_if_linking_via_contract'],
    ]);
  });

  test('[GEN-6] no business information when not linking via the contract is business_information_required_if_not_linking_via_contract', () => {
    const ctx = withCatalogue({ enforce_business_contracts_exist: true });
    const b = { business_contract_identifiers: ['BC-1'] };
    expect(codesOf(business({ business: b }), ctx)).toEqual([
      ['business', 'business_information_required_if_not_linking_via_contract'],
    ]);
  });

  test('[GEN-6] industry billing with a billing period is account_billing_options_industry_billing_with_period_data', () => {
    const account_billing_options = { use_industry_billing: true, period_start_day: 1 };
    expect(codesOf(business({ account_billing_options }))).toEqual([
      ['account_billing_options', 'account_billing_options_industry_billing_with_period_data'],
    ]);
  });

  test('[GEN-6] supplier billing without a period is account_billing_options_period_data_required', () => {
    const account_billing_options = { use_industry_billing: false, period_start_day: 1 };
    expect(codesOf(business({ account_billing_options }))).toEqual([
      ['account_billing_options', 'account_billing_options_period_data_required'],
    ]);
  });

  test('[GEN-6] business billing options without a period length are business_account_missing_billing_options', () => {
    const account_billing_options = { period_start_day: 1 };
    expect(codesOf(business({ account_billing_options }))).toEqual([
      ['account_billing_options', 'business_account_missing_billing_options'],
    ]);
  });

  test('[GEN-6] quarterly billing without a next bill date is next_bill_to_date_not_provided_for_quarterly_billing', () => {
    const account_billing_options = { period_start_day: 1, period_length: 'QUARTERLY' };
    expect(codesOf(business({ account_billing_options, next_bill_due_date: undefined }))).toEqual([
      ['next_bill_due_date', 'next_bill_to_date_not_provided_for_quarterly_billing'],
    ]);
    expect(
      codesOf(business({ account_billing_options, next_bill_due_date: '2024-07-14' })),
    ).toEqual([]);
  });

  test('[GEN-6] a tax exemption on a domestic account is tax_exemptions_provided_for_domestic_account', () => {
    const exemption = { effective_from: '2024-01-01', rate: '1.00' };
    const account = withPoint(domestic(), { vat_exemptions: [exemption] });
    expect(codesOf(account)).toEqual([
      [
        'supply_addresses.0.meter_points.0.vat_exemptions',
        'tax_exemptions_provided_for_domestic_account',
      ],
    ]);
  });

  test('[GEN-6] a refusal reason of an interested customer is smart_refusal_reason_given_for_interest', () => {
    const smart_refusal_interest = {
      type: 'INTERESTED',
      date: '2024-01-01',
      refusal_reason: 'DO_NOT_OWN_HOME',
    };
    const account = withPoint(domestic(), { smart_refusal_interest });
    expect(codesOf(account)).toEqual([
      [
        'supply_addresses.0.meter_points.0.smart_refusal_interest.refusal_reason',
        'smart_refusal_reason_given_for_interest',
      ],
    ]);
  });

  test('[GEN-6] a dunning path the catalogue lacks is dunning_path_not_found', () => {
    expect(codesOf(domestic({ dunning_path: { path_name: 'harsh_domestic' } }))).toEqual([
      ['dunning_path.path_name', 'dunning_path_not_found'],
    ]);
  });

  test('[GEN-6] an unknown operations team on the account is operations_team_name_does_not_exist', () => {
    expect(codesOf(domestic({ operations_team_name: 'Night Shift' }))).toEqual([
      ['operations_team_name', 'operations_team_name_does_not_exist'],
    ]);
    expect(codesOf(domestic({ operations_team_name: 'MIGRATIONS' }))).toEqual([]);
  });

  test('[GEN-6] a team on the account where teams are allocated automatically is operations_team_provided_when_using_auto_allocation', () => {
    const ctx = withCatalogue({ operations_team_auto_allocation: true });
    expect(codesOf(domestic({ operations_team_name: 'MIGRATIONS' }), ctx)).toEqual([
      ['operations_team_name', 'operations_team_provided_when_using_auto_allocation'],
    ]);
  });
});
