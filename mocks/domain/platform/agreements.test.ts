import { describe, expect, test } from 'vitest';
import { defaultPlatformCatalogue } from '../../../spec/index.ts';
import { specExample } from '../../test-support.ts';
import { agreementRules } from './agreements.ts';
import { testContext } from './context.test-helper.ts';
import type { Account, PlatformContext } from './context.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests reshape spec examples freely.
type Json = Record<string, any>;

/** The spec's domestic example (electricity credit meter, gas prepayment meter), changed. */
function codes(change: (account: Json) => void, ctx: PlatformContext = testContext()) {
  const account = structuredClone(specExample<Json>('DomesticAccount'));
  change(account);
  return agreementRules(account as Account, ctx).map((e) => [e.attr, e.code]);
}

const ELEC = 'supply_addresses.0.meter_points.0';
const GAS = 'supply_addresses.0.meter_points.1';
const elec = (a: Json) => a.supply_addresses[0].meter_points[0];
const gas = (a: Json) => a.supply_addresses[0].meter_points[1];
const firstAgreement = (a: Json) => elec(a).agreements[0];

const commission = {
  affiliate_organisation_name: 'Home Move Connect Ltd',
  effective_from: '2019-08-01',
  effective_to: '2021-08-01',
  mpxn: '1200060176720',
  status: 'PAYABLE',
  unit_rate_uplift: '0.500',
};

const contribution = {
  scheme: 'WARM_HOME_FUND',
  active_period_start_date: '2020-01-01',
  active_period_end_date: '2021-01-01',
  amount: '5.00',
  interval: 'MONTHLY',
  periods: [{ start_date: '2020-01-01', end_date: '2020-02-01' }],
};

describe('the platform validators of agreements (validateAccount)', () => {
  test('[GEN-6] the spec example breaks none of them', () => {
    expect(codes(() => {})).toEqual([]);
  });

  test('[GEN-6] a regional code of a catalogue product on sale is accepted', () => {
    expect(codes((a) => (firstAgreement(a).tariff_code = 'E-1R-SVT-10-01-01-J'))).toEqual([]);
  });

  test('[GEN-6] a tariff code no product has is tariff_code_not_found', () => {
    expect(codes((a) => (firstAgreement(a).tariff_code = 'E-1R-NOPE-20-01-01-J'))).toEqual([
      [`${ELEC}.agreements.0.tariff_code`, 'tariff_code_not_found'],
    ]);
  });

  test('[GEN-6] a gas tariff on an electricity meter point is tariff_code_not_found', () => {
    expect(codes((a) => (firstAgreement(a).tariff_code = 'GAS-1234-J'))).toEqual([
      [`${ELEC}.agreements.0.tariff_code`, 'tariff_code_not_found'],
    ]);
  });

  test('[GEN-6] a product the operator removed from the catalogue is tariff_code_not_found', () => {
    const catalogue = structuredClone(defaultPlatformCatalogue);
    catalogue.products = catalogue.products.filter((p) => p.code !== 'EXAMPLE-1234');
    expect(codes(() => {}, testContext('2024-04-15', { catalogue }))).toEqual([
      [`${ELEC}.agreements.0.tariff_code`, 'tariff_code_not_found'],
    ]);
  });

  test('[GEN-6] an agreement that ends before it starts is start_date_later_than_end_date', () => {
    expect(codes((a) => (firstAgreement(a).effective_to = '2019-07-31'))).toContainEqual([
      `${ELEC}.agreements.0.effective_to`,
      'start_date_later_than_end_date',
    ]);
  });

  test('[GEN-6] a rate override of a band the tariff lacks is rate_band_does_not_exist', () => {
    const override = [{ rate_band: 'CONSUMPTION_NIGHT', unit_price: '12.5' }];
    expect(codes((a) => (firstAgreement(a).rate_overrides = override))).toEqual([
      [`${ELEC}.agreements.0.rate_overrides.0.rate_band`, 'rate_band_does_not_exist'],
    ]);
  });

  test('[GEN-6] an open-ended agreement on an end-dated product is open_ended_agreement_for_end_dated_product', () => {
    expect(codes((a) => (firstAgreement(a).tariff_code = 'E-1R-FIX-12M-19-06-01-J'))).toEqual([
      [`${ELEC}.agreements.0`, 'open_ended_agreement_for_end_dated_product'],
    ]);
    expect(
      codes((a) => {
        firstAgreement(a).tariff_code = 'E-1R-FIX-12M-19-06-01-J';
        firstAgreement(a).effective_to = '2020-08-01';
      }),
    ).toEqual([]);
  });

  test('[GEN-6] a bespoke register rate without register or rate type is no_register_id_or_rate_type_provided_for_bespoke_elec_rate', () => {
    const rates = [{ standing_charge: '45.1', registers: [{ unit_rate: '24.5' }] }];
    expect(codes((a) => (firstAgreement(a).bespoke_tariff_rates = rates))).toEqual([
      [
        `${ELEC}.agreements.0.bespoke_tariff_rates.0.registers.0`,
        'no_register_id_or_rate_type_provided_for_bespoke_elec_rate',
      ],
    ]);
  });

  test('[GEN-6] two bespoke rates of one meter and payment method are duplicate_bespoke_rates', () => {
    const rate = {
      meter_serial_number: 'Z16N389556',
      standing_charge: '45.1',
      registers: [{ register_id: '1', unit_rate: '24.5' }],
    };
    expect(codes((a) => (firstAgreement(a).bespoke_tariff_rates = [rate, rate]))).toEqual([
      [`${ELEC}.agreements.0.bespoke_tariff_rates`, 'duplicate_bespoke_rates'],
    ]);
  });

  test('[GEN-6] a characteristic the tariff does not take is characteristic_code_not_found', () => {
    const characteristics = [{ code: 'sales_channel', value: 'DIRECT' }];
    expect(codes((a) => (firstAgreement(a).characteristics = characteristics))).toEqual([
      [`${ELEC}.agreements.0.characteristics.0.code`, 'characteristic_code_not_found'],
    ]);
  });

  test('[GEN-6] a characteristic value the tariff does not take is invalid_characteristic_value', () => {
    expect(
      codes((a) => {
        firstAgreement(a).tariff_code = 'E-1R-SVT-10-01-01-J';
        firstAgreement(a).characteristics = [
          { code: 'gbr-electricity.meter-rate-profile', value: 'multi_rate' },
        ];
      }),
    ).toEqual([[`${ELEC}.agreements.0.characteristics.0.value`, 'invalid_characteristic_value']]);
  });

  test('[GEN-6] a characteristic given twice is children_with_duplicate_values', () => {
    expect(
      codes((a) => {
        firstAgreement(a).tariff_code = 'E-1R-SVT-10-01-01-J';
        firstAgreement(a).characteristics = [
          { code: 'sales_channel', value: 'DIRECT' },
          { code: 'sales_channel', value: 'BROKER' },
        ];
      }),
    ).toEqual([[`${ELEC}.agreements.0.characteristics`, 'children_with_duplicate_values']]);
  });

  test('[GEN-6] an undeclared business contract is agreement_business_contract_identifier_not_declared', () => {
    expect(codes((a) => (firstAgreement(a).business_contract_identifier = 'BC-9'))).toEqual([
      [
        `${ELEC}.agreements.0.business_contract_identifier`,
        'agreement_business_contract_identifier_not_declared',
      ],
    ]);
  });

  test('[GEN-6] a malformed intermediary portfolio number is invalid_portfolio_number', () => {
    expect(codes((a) => (firstAgreement(a).intermediary = { portfolio_number: 'P-12' }))).toEqual([
      [`${ELEC}.agreements.0.intermediary.portfolio_number`, 'invalid_portfolio_number'],
    ]);
    expect(
      codes((a) => (firstAgreement(a).intermediary = { portfolio_number: 'P-AB12CD34' })),
    ).toEqual([]);
  });

  test('[GEN-6] a variable product billed before its launch is agreement_effective_from_before_product_available_from', () => {
    expect(codes((a) => (firstAgreement(a).tariff_code = 'E-1R-VAR-22-11-01-J'))).toEqual([
      [
        `${ELEC}.agreements.0.effective_from`,
        'agreement_effective_from_before_product_available_from',
      ],
    ]);
    // Billed only from after the launch: the platform does not mind.
    expect(
      codes((a) => {
        firstAgreement(a).tariff_code = 'E-1R-VAR-22-11-01-J';
        a.last_billed_to_date = '2023-01-01';
      }),
    ).toEqual([]);
  });

  test('[GEN-6] a contract agreement starting before its variable product is agreement_cannot_start_before_product_available', () => {
    expect(
      codes((a) => {
        a.business = { business_contract_identifiers: ['BC-1'] };
        firstAgreement(a).business_contract_identifier = 'BC-1';
        firstAgreement(a).tariff_code = 'E-1R-VAR-22-11-01-J';
        a.last_billed_to_date = '2023-01-01';
      }),
    ).toEqual([
      [`${ELEC}.agreements.0.effective_from`, 'agreement_cannot_start_before_product_available'],
    ]);
  });

  test('[GEN-6] an agreement ending apart from the next one starting is gaps_or_overlaps_in_agreement_dates', () => {
    expect(
      codes((a) => {
        firstAgreement(a).effective_to = '2020-08-01';
        elec(a).agreements.push({ tariff_code: 'ELEC-1234-J', effective_from: '2020-08-03' });
      }),
    ).toEqual([[`${ELEC}.agreements.1.effective_from`, 'gaps_or_overlaps_in_agreement_dates']]);
  });

  test('[GEN-6] no agreement in force on the last billed-to date is no_agreement_covering_last_billed_to_date', () => {
    expect(codes((a) => (gas(a).agreements[0].effective_from = '2019-09-01'))).toEqual([
      [`${GAS}.agreements`, 'no_agreement_covering_last_billed_to_date'],
    ]);
  });

  test('[GEN-6] an agreement starting when the supply has ended is meterpoint_with_agreement_not_on_supply', () => {
    expect(codes((a) => (elec(a).supply_end_date = '2019-08-01'))).toEqual([
      [`${ELEC}.agreements.0.effective_from`, 'meterpoint_with_agreement_not_on_supply'],
    ]);
  });

  test('[GEN-6] a credit tariff on a prepayment meter is tariff_type_does_not_match_meter_type', () => {
    expect(codes((a) => (gas(a).agreements[0].tariff_code = 'G-1R-SVT-10-01-01-J'))).toEqual([
      [`${GAS}.agreements.0.tariff_code`, 'tariff_type_does_not_match_meter_type'],
    ]);
  });

  test('[GEN-6] an Economy 7 tariff on one settlement register is tariff_type_does_not_match_meter_point_type', () => {
    expect(codes((a) => (firstAgreement(a).tariff_code = 'E-2R-SVT-10-01-01-J'))).toEqual([
      [`${ELEC}.agreements.0.tariff_code`, 'tariff_type_does_not_match_meter_point_type'],
    ]);
  });

  test('[GEN-6] a tax exemption ending on the day it starts is start_date_same_as_end_date', () => {
    const exemption = { effective_from: '2020-01-01', effective_to: '2020-01-01', rate: '0.8' };
    expect(codes((a) => (elec(a).vat_exemptions = [exemption]))).toEqual([
      [`${ELEC}.vat_exemptions.0.effective_to`, 'start_date_same_as_end_date'],
    ]);
  });
});

describe('the platform validators of contributions, commissions and partners (validateAccount)', () => {
  test('[GEN-6] a valid contribution, commission and partner break none of them', () => {
    expect(
      codes((a) => {
        a.contribution_agreements = [contribution];
        a.commission_contracts = [commission];
        a.partner_organisations = [
          {
            organisation_number: 'ORG-000101',
            role: 'BROKER',
            valid_from: '2020-01-01T00:00:00Z',
            valid_to: '2021-01-01T00:00:00Z',
          },
        ];
      }),
    ).toEqual([]);
  });

  test('[GEN-6] an unknown contribution scheme is invalid_contribution_scheme', () => {
    expect(codes((a) => (a.contribution_agreements = [{ ...contribution, scheme: 'X' }]))).toEqual([
      ['contribution_agreements.0.scheme', 'invalid_contribution_scheme'],
    ]);
  });

  test('[GEN-6] an active period ending before it starts is start_date_later_than_end_date', () => {
    const backwards = { ...contribution, active_period_end_date: '2019-01-01', periods: [] };
    expect(codes((a) => (a.contribution_agreements = [backwards]))).toEqual([
      ['contribution_agreements.0.active_period_end_date', 'start_date_later_than_end_date'],
    ]);
  });

  test('[GEN-6] a period starting before the active period is invalid_contribution_period_start_date', () => {
    const periods = [{ start_date: '2019-12-01', end_date: '2020-01-01' }];
    expect(codes((a) => (a.contribution_agreements = [{ ...contribution, periods }]))).toEqual([
      ['contribution_agreements.0.periods.0.start_date', 'invalid_contribution_period_start_date'],
    ]);
  });

  test('[GEN-6] a period ending after the active period is invalid_contribution_period_end_date', () => {
    const periods = [{ start_date: '2020-12-01', end_date: '2021-02-01' }];
    expect(codes((a) => (a.contribution_agreements = [{ ...contribution, periods }]))).toEqual([
      ['contribution_agreements.0.periods.0.end_date', 'invalid_contribution_period_end_date'],
    ]);
  });

  test('[GEN-6] overlapping periods are overlapping_contribution_periods', () => {
    const periods = [
      { start_date: '2020-01-01', end_date: '2020-03-01' },
      { start_date: '2020-02-01', end_date: '2020-04-01' },
    ];
    expect(codes((a) => (a.contribution_agreements = [{ ...contribution, periods }]))).toEqual([
      ['contribution_agreements.0.periods', 'overlapping_contribution_periods'],
    ]);
  });

  test('[GEN-6] two overlapping agreements of one scheme are overlapping_contribution_agreements', () => {
    const later = { ...contribution, active_period_start_date: '2020-06-01', periods: [] };
    expect(codes((a) => (a.contribution_agreements = [contribution, later]))).toEqual([
      ['contribution_agreements', 'overlapping_contribution_agreements'],
    ]);
  });

  test('[GEN-6] an unknown affiliate is affiliate_organisation_does_not_exist', () => {
    const contract = { ...commission, affiliate_organisation_name: 'Nobody Ltd' };
    expect(codes((a) => (a.commission_contracts = [contract]))).toEqual([
      [
        'commission_contracts.0.affiliate_organisation_name',
        'affiliate_organisation_does_not_exist',
      ],
    ]);
  });

  test('[GEN-6] a commission type without its value is commission_type_requires_value', () => {
    const { unit_rate_uplift: _, ...rest } = commission;
    const contract = { ...rest, commission_type: 'UNIT_RATE_UPLIFT' };
    expect(codes((a) => (a.commission_contracts = [contract]))).toEqual([
      ['commission_contracts.0.value', 'commission_type_requires_value'],
    ]);
  });

  test('[GEN-6] an uplift beside the deprecated value is uplift_and_value_conflict', () => {
    expect(codes((a) => (a.commission_contracts = [{ ...commission, value: '3.00' }]))).toEqual([
      ['commission_contracts.0', 'uplift_and_value_conflict'],
    ]);
  });

  test('[GEN-6] a commission contract ending before it starts is start_date_later_than_end_date', () => {
    const contract = { ...commission, effective_to: '2019-07-01' };
    expect(codes((a) => (a.commission_contracts = [contract]))).toEqual([
      ['commission_contracts.0.effective_to', 'start_date_later_than_end_date'],
    ]);
  });

  test('[GEN-6] a commission mpxn that is no MPAN or MPRN is invalid_supply_point_identifier', () => {
    const contract = { ...commission, mpxn: '1200060176721' };
    expect(codes((a) => (a.commission_contracts = [contract]))).toEqual([
      ['commission_contracts.0.mpxn', 'invalid_supply_point_identifier'],
    ]);
  });

  test('[GEN-6] an unknown partner organisation is partner_organisation_does_not_exist', () => {
    const partner = {
      organisation_number: 'ORG-999',
      role: 'BROKER',
      valid_from: '2020-01-01T00:00:00Z',
      valid_to: '2021-01-01T00:00:00Z',
    };
    expect(codes((a) => (a.partner_organisations = [partner]))).toEqual([
      ['partner_organisations.0.organisation_number', 'partner_organisation_does_not_exist'],
    ]);
  });

  test('[GEN-6] a partnership ending before it starts is start_date_later_than_end_date', () => {
    const partner = {
      organisation_number: 'ORG-000101',
      role: 'BROKER',
      valid_from: '2021-01-01T00:00:00Z',
      valid_to: '2020-01-01T00:00:00Z',
    };
    expect(codes((a) => (a.partner_organisations = [partner]))).toEqual([
      ['partner_organisations.0.valid_to', 'start_date_later_than_end_date'],
    ]);
  });
});
