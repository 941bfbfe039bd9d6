import { describe, expect, test } from 'vitest';
import { defaultPlatformCatalogue, type PlatformCatalogue } from '../../../spec/index.ts';
import { specExample } from '../../test-support.ts';
import { testContext } from './context.test-helper.ts';
import type { Account } from './context.ts';
import { supplyRules } from './supply.ts';

/* biome-ignore lint/suspicious/noExplicitAny: the mutations reach into a deep example payload */
type Any = any;

const TODAY = '2024-04-15';

/** The spec's domestic example (electricity point 0, gas point 1), changed by `mutate`. */
function codes(
  mutate: (account: Any) => void = () => {},
  catalogue: Partial<PlatformCatalogue> = {},
  example = 'DomesticAccount',
) {
  const account = structuredClone(specExample<Any>(example));
  mutate(account);
  const ctx = testContext(TODAY, {
    catalogue: { ...structuredClone(defaultPlatformCatalogue), ...catalogue },
  });
  return supplyRules(account as Account, ctx).map((e) => [e.attr, e.code]);
}

const ELEC = 'supply_addresses.0.meter_points.0';
const GAS = 'supply_addresses.0.meter_points.1';
const elec = (a: Any) => a.supply_addresses[0].meter_points[0];
const gas = (a: Any) => a.supply_addresses[0].meter_points[1];
const secondAddress = (a: Any) => {
  const other = structuredClone(a.supply_addresses[0]);
  other.supply_address1 = '7 Other Road';
  other.meter_points = [{ ...other.meter_points[0], identifier: '1200060176739' }];
  a.supply_addresses.push(other);
};

describe('the platform validators of the supply (validateAccount)', () => {
  test('[GEN-6] the spec examples break none of them', () => {
    expect(codes()).toEqual([]);
    expect(codes(() => {}, {}, 'BusinessAccount')).toEqual([]);
  });

  test('[GEN-6] an account type without supply given supply addresses is portfolio_lead_has_a_supply_address or system_account_has_a_supply_address', () => {
    expect(codes((a) => (a.account_type = 'PORTFOLIO_LEAD'), {}, 'BusinessAccount')).toEqual([
      ['supply_addresses', 'portfolio_lead_has_a_supply_address'],
    ]);
    expect(codes((a) => (a.is_portfolio_lead = true))).toEqual([
      ['supply_addresses', 'portfolio_lead_has_a_supply_address'],
    ]);
    expect(codes((a) => (a.account_type = 'SYSTEM'), {}, 'BusinessAccount')).toEqual([
      ['supply_addresses', 'system_account_has_a_supply_address'],
    ]);
    const systemWithout = (a: Any) => {
      a.account_type = 'SYSTEM';
      a.supply_addresses = [];
    };
    expect(codes(systemWithout)).toEqual([]);
  });

  test('[GEN-6] an occupier account with two supply addresses is occupier_account_with_multiple_supply_addresses', () => {
    const expected = [['supply_addresses', 'occupier_account_with_multiple_supply_addresses']];
    const occupier = (a: Any) => {
      a.unknown_occupier = true;
      secondAddress(a);
    };
    const occupierType = (a: Any) => {
      a.account_type = 'DOMESTIC_OCCUPIER';
      secondAddress(a);
    };
    expect(codes(occupier)).toEqual(expected);
    expect(codes(occupierType)).toEqual(expected);
    expect(codes((a) => (a.unknown_occupier = true))).toEqual([]);
  });

  test('[GEN-6] a second supply address with the same lines 1 and 2 and postcode is duplicate_supply_addresses_found', () => {
    expect(
      codes((a) => {
        secondAddress(a);
        a.supply_addresses[1].supply_address1 = ' 123 FAKE STREET';
        a.supply_addresses[1].supply_postcode = 'w1f9de';
      }),
    ).toEqual([['supply_addresses.1', 'duplicate_supply_addresses_found']]);
  });

  test('[GEN-6] a property external identifier twice is duplicate_property_external_identifiers', () => {
    expect(
      codes((a) => {
        secondAddress(a);
        a.supply_addresses[0].property_external_identifier = 'UPRN-100023336956';
        a.supply_addresses[1].property_external_identifier = 'UPRN-100023336956';
      }),
    ).toEqual([
      [
        'supply_addresses.1.property_external_identifier',
        'duplicate_property_external_identifiers',
      ],
    ]);
  });

  test('[GEN-6] supply addresses while the import supplier skips property creation are supply_addresses_provided_while_skip_property_creation_enabled', () => {
    expect(codes(() => {}, { skip_property_creation: true })).toEqual([
      ['supply_addresses', 'supply_addresses_provided_while_skip_property_creation_enabled'],
    ]);
    expect(codes((a) => (a.supply_addresses = []), { skip_property_creation: true })).toEqual([]);
  });

  test('[GEN-6] a supply address without meter points is supply_points_not_provided_while_skip_supply_point_creation_disabled', () => {
    expect(codes((a) => (a.supply_addresses[0].meter_points = []))).toEqual([
      [
        'supply_addresses.0.meter_points',
        'supply_points_not_provided_while_skip_supply_point_creation_disabled',
      ],
    ]);
  });

  test('[GEN-6] meter points while the import supplier skips supply point creation are supply_points_provided_while_skip_supply_point_creation_enabled', () => {
    expect(codes(() => {}, { skip_supply_point_creation: true })).toEqual([
      [
        'supply_addresses.0.meter_points',
        'supply_points_provided_while_skip_supply_point_creation_enabled',
      ],
    ]);
    expect(
      codes((a) => (a.supply_addresses[0].meter_points = []), {
        skip_supply_point_creation: true,
      }),
    ).toEqual([]);
  });

  test('[GEN-6] one MPxN on two supply addresses is duplicate_meter_points_on_different_supply_addresses_provided', () => {
    expect(
      codes((a) => {
        secondAddress(a);
        a.supply_addresses[1].meter_points[0].identifier = elec(a).identifier;
      }),
    ).toEqual([
      [
        'supply_addresses.1.meter_points.0.identifier',
        'duplicate_meter_points_on_different_supply_addresses_provided',
      ],
    ]);
  });

  test('[GEN-6] a supply end in the future is future_supply_end_date and loss_in_progress', () => {
    expect(codes((a) => (gas(a).supply_end_date = '2024-05-01'))).toEqual([
      [`${GAS}.supply_end_date`, 'future_supply_end_date'],
      [`${GAS}.supply_end_date`, 'loss_in_progress'],
    ]);
    expect(codes((a) => (gas(a).supply_end_date = null))).toEqual([]);
  });

  test('[GEN-6] every meter point ended by the date it was billed up to is no_supply_point_on_supply', () => {
    const ended = (a: Any) => {
      elec(a).supply_end_date = '2019-07-31';
      gas(a).supply_end_date = '2019-08-01';
    };
    expect(codes(ended)).toEqual([['supply_addresses', 'no_supply_point_on_supply']]);
    // A supply that ended after it was last billed still owes its final bill.
    const finalBillOwed = (a: Any) => {
      ended(a);
      gas(a).supply_end_date = '2019-09-01';
    };
    expect(codes(finalBillOwed)).toEqual([]);
  });

  test('[GEN-6] a billable meter point without an active meter is meter_point_with_no_meters', () => {
    expect(codes((a) => delete gas(a).meters)).toEqual([
      [`${GAS}.meters`, 'meter_point_with_no_meters'],
    ]);
    expect(codes((a) => (elec(a).meters[0].removed_on = '2024-01-01'))).toEqual([
      [`${ELEC}.meters`, 'meter_point_with_no_meters'],
    ]);
    // Unmetered supplies (measurement classes B and D) need no meter.
    const unmetered = (a: Any) => {
      elec(a).meters = [];
      elec(a).measurement_class = 'B';
    };
    expect(codes(unmetered)).toEqual([]);
  });

  test('[GEN-6] an unknown or wrong-role market participant is market_participant_not_found', () => {
    expect(
      codes((a) => {
        elec(a).mpid = 'ZZZZ';
        gas(a).shipper_mpid = 'TEN';
        gas(a).mam_to_appoint = 'CGA';
        elec(a).dc_to_appoint = 'MOPS';
      }),
    ).toEqual([
      [`${ELEC}.mpid`, 'market_participant_not_found'],
      [`${ELEC}.dc_to_appoint`, 'market_participant_not_found'],
      [`${GAS}.shipper_mpid`, 'market_participant_not_found'],
    ]);
  });

  test('[GEN-6] agents beside MPIDs to appoint are agents_and_mpids_to_appoint_provided', () => {
    expect(
      codes((a) => {
        elec(a).mop_to_appoint = 'MOPS';
        elec(a).agents = { dc_contract: null };
      }),
    ).toEqual([[`${ELEC}.agents`, 'agents_and_mpids_to_appoint_provided']]);
  });

  test('[GEN-6] agents to appoint without registration flows are agents_supplied_for_non_on_market_switch', () => {
    expect(
      codes(
        (a) => {
          elec(a).mop_to_appoint = 'MOPS';
          gas(a).mam_to_appoint = 'CGA';
        },
        { send_registration_flows: false },
      ),
    ).toEqual([
      [`${ELEC}.mop_to_appoint`, 'agents_supplied_for_non_on_market_switch'],
      [`${GAS}.mam_to_appoint`, 'agents_supplied_for_non_on_market_switch'],
    ]);
  });

  test('[GEN-6] an agent contract no active catalogue contract matches is agent_contract_reference_does_not_exist', () => {
    const contract = (c: Any) => (a: Any) => (elec(a).agents = { mop_contract: c });
    expect(codes(contract({ agent_mpid: 'MOPS', contract_reference: 'MOPS21NHH' }))).toEqual([]);
    expect(codes(contract({ agent_mpid: 'MOPS', contract_reference: 'MOPS99NHH' }))).toEqual([
      [`${ELEC}.agents.mop_contract.contract_reference`, 'agent_contract_reference_does_not_exist'],
    ]);
    // The catalogue's 2017 contract ended in 2021.
    expect(codes(contract({ agent_mpid: 'MOPS', contract_reference: 'MOPS17NHH' }))).toEqual([
      [`${ELEC}.agents.mop_contract.contract_reference`, 'agent_contract_reference_does_not_exist'],
    ]);
    expect(codes(contract({ agent_mpid: 'ZZZZ', contract_reference: 'MOPS21NHH' }))).toEqual([
      [`${ELEC}.agents.mop_contract.agent_mpid`, 'market_participant_not_found'],
    ]);
  });

  test('[GEN-6] an agent contract two active catalogue contracts match is multiple_active_agent_contract_references', () => {
    const dc = (c: Any) => (a: Any) => (elec(a).agents = { dc_contract: c });
    expect(codes(dc({ agent_mpid: 'UDMS', contract_reference: 'UDMS22DC' }))).toEqual([
      [
        `${ELEC}.agents.dc_contract.contract_reference`,
        'multiple_active_agent_contract_references',
      ],
    ]);
    expect(
      codes(dc({ agent_mpid: 'UDMS', contract_reference: 'UDMS22DC', service_reference: 'NHH' })),
    ).toEqual([]);
  });

  test('[GEN-6] periods that do not meet end to start are gaps_or_overlaps_in_periods', () => {
    const periods = (to: string) => (a: Any) =>
      (elec(a).capacity_values = [
        { effective_from_date: '2023-01-01', effective_to_date: to, value: '60.00' },
        { effective_from_date: '2023-06-01', value: '80.00' },
      ]);
    expect(codes(periods('2023-06-01'))).toEqual([]);
    expect(codes(periods('2023-05-31'))).toEqual([
      [`${ELEC}.capacity_values`, 'gaps_or_overlaps_in_periods'],
    ]);
    expect(codes(periods('2023-07-01'))).toEqual([
      [`${ELEC}.capacity_values`, 'gaps_or_overlaps_in_periods'],
    ]);
  });

  test('[GEN-6] a period that ends on the day it starts is zero_length_periods', () => {
    expect(
      codes(
        (a) =>
          (elec(a).configuration_periods = [
            { effective_from_date: '2023-01-01', effective_to_date: '2023-01-01' },
            { effective_from_date: '2023-01-01' },
          ]),
      ),
    ).toEqual([[`${ELEC}.configuration_periods.0`, 'zero_length_periods']]);
  });

  test('[GEN-6] a configuration period starting after today is configuration_period_starts_in_future', () => {
    expect(
      codes(
        (a) =>
          (elec(a).configuration_periods = [
            { effective_from_date: '2023-01-01', effective_to_date: '2024-05-01' },
            { effective_from_date: '2024-05-01' },
          ]),
      ),
    ).toEqual([
      [
        `${ELEC}.configuration_periods.1.effective_from_date`,
        'configuration_period_starts_in_future',
      ],
    ]);
  });

  test('[GEN-6] a latest configuration period with an end is latest_configuration_period_not_open_ended', () => {
    expect(
      codes(
        (a) =>
          (elec(a).configuration_periods = [
            { effective_from_date: '2023-01-01', effective_to_date: '2024-01-01' },
          ]),
      ),
    ).toEqual([
      [
        `${ELEC}.configuration_periods.0.effective_to_date`,
        'latest_configuration_period_not_open_ended',
      ],
    ]);
  });

  test('[GEN-6] two open-ended tax exemptions are multiple_open_ended_tax_exemptions', () => {
    expect(
      codes(
        (a) =>
          (gas(a).vat_exemptions = [
            { effective_from: '2020-01-01', rate: '0.05' },
            { effective_from: '2022-01-01', rate: '0.05' },
          ]),
      ),
    ).toEqual([[`${GAS}.vat_exemptions`, 'multiple_open_ended_tax_exemptions']]);
  });

  test('[GEN-6] a tax exemption that starts before the previous one ends is overlapping_effective_dates_for_tax_exemptions', () => {
    const exemptions = (to: string) => (a: Any) =>
      (elec(a).ccl_exemptions = [
        { effective_from: '2020-01-01', effective_to: to, rate: '1.00' },
        { effective_from: '2022-01-01', rate: '0.80' },
      ]);
    expect(codes(exemptions('2022-01-01'))).toEqual([]);
    expect(codes(exemptions('2021-12-31'))).toEqual([]);
    expect(codes(exemptions('2022-03-01'))).toEqual([
      [`${ELEC}.ccl_exemptions`, 'overlapping_effective_dates_for_tax_exemptions'],
    ]);
  });

  test('[GEN-6] a former supply address not billed up to the day the customer left is unbilled_former_supply_address', () => {
    expect(
      codes((a) => (a.supply_addresses[0].customer_at_supply_address_to_date = '2019-09-30')),
    ).toEqual([
      ['supply_addresses.0.customer_at_supply_address_to_date', 'unbilled_former_supply_address'],
    ]);
    expect(
      codes((a) => (a.supply_addresses[0].customer_at_supply_address_to_date = '2019-07-31')),
    ).toEqual([]);
  });
});
