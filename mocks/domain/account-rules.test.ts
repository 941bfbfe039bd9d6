/**
 * Every cross-field rule the spec declares on the account tree (`x-domain-rules`) is enforced by
 * the domain core with its code, and the spec's own account examples break none of them.
 */

import { describe, expect, test } from 'vitest';
import type { components } from '../../spec/index.ts';
import { openapiDocument } from '../../spec/index.ts';
import { checkAccountRules } from './account-rules.ts';

type Account = components['schemas']['Account'];
type Json = Record<string, unknown>;

const TODAY = '2026-11-01';
const schemas = (openapiDocument.components as { schemas: Record<string, Json> }).schemas;
const examples = (openapiDocument.components as { examples: Record<string, { value: Account }> })
  .examples;

function domestic(): Json {
  return structuredClone(examples.DomesticAccount!.value) as unknown as Json;
}

/* biome-ignore lint/suspicious/noExplicitAny: the mutations reach into a deep example payload */
type Mutation = (account: any) => void;

const breaking: Record<string, { attr: string; mutate: Mutation }> = {
  customer_with_unknown_occupier: { attr: 'customers', mutate: (a) => (a.unknown_occupier = true) },
  billing_address_not_provided: {
    attr: 'billing_address1',
    mutate: (a) => delete a.billing_address1,
  },
  duplicate_meter_points_provided: {
    attr: 'supply_addresses.0.meter_points.2.identifier',
    mutate: (a) =>
      a.supply_addresses[0].meter_points.push(
        structuredClone(a.supply_addresses[0].meter_points[0]),
      ),
  },
  business_supply_type_on_domestic_account: {
    attr: 'supply_addresses.0.meter_points.2.supply_type',
    mutate: (a) =>
      a.supply_addresses[0].meter_points.push({
        identifier: 'ROC-0001',
        supply_type: 'ROCS_EXPORT_CERTIFICATES',
        supply_start_date: '2019-01-01',
        agreements: [{ effective_from: '2019-01-01' }],
      }),
  },
  future_supply_start_date: {
    attr: 'supply_addresses.0.meter_points.0.supply_start_date',
    mutate: (a) => (a.supply_addresses[0].meter_points[0].supply_start_date = '2027-01-01'),
  },
  meter_point_with_no_agreement: {
    attr: 'supply_addresses.0.meter_points.0.agreements',
    mutate: (a) => (a.supply_addresses[0].meter_points[0].agreements = []),
  },
  agreement_start_date_before_supply_start_date: {
    attr: 'supply_addresses.0.meter_points.0.agreements.0.effective_from',
    mutate: (a) =>
      (a.supply_addresses[0].meter_points[0].agreements[0].effective_from = '2018-01-01'),
  },
  gaps_or_overlaps_in_agreement_dates: {
    attr: 'supply_addresses.0.meter_points.0.agreements.1.effective_from',
    mutate: (a) => {
      const agreements = a.supply_addresses[0].meter_points[0].agreements;
      agreements.push(structuredClone(agreements[0]));
    },
  },
  erroneous_transfer_not_in_progress: {
    attr: 'supply_addresses.0.meter_points.0.et_in_progress',
    mutate: (a) => (a.supply_addresses[0].meter_points[0].et_in_progress = true),
  },
  disputed_read_in_progress: {
    attr: 'supply_addresses.0.meter_points.0.dr_in_progress',
    mutate: (a) => (a.supply_addresses[0].meter_points[0].dr_in_progress = true),
  },
  missing_transfer_reading_for_register: {
    attr: 'supply_addresses.0.meter_points.0.meters.0.registers.0',
    mutate: (a) => (a.supply_addresses[0].meter_points[0].meters[0].transfer_readings = []),
  },
  missing_eacs_for_active_register_tpr: {
    attr: 'supply_addresses.0.meter_points.0.meters.0.registers.0.tpr',
    mutate: (a) => (a.supply_addresses[0].meter_points[0].eac_history[0].tpr = '00002'),
  },
  reading_register_id_not_recognised: {
    attr: 'supply_addresses.0.meter_points.0.meters.0.transfer_readings.1.register_id',
    mutate: (a) =>
      a.supply_addresses[0].meter_points[0].meters[0].transfer_readings.push({
        register_id: '9',
        reading_date: a.last_billed_to_date,
        reading_value: '1.00',
        reading_type: 'CUSTOMER',
      }),
  },
  active_gas_meter_without_transfer_reading: {
    attr: 'supply_addresses.0.meter_points.1.meters.0.transfer_readings',
    mutate: (a) => (a.supply_addresses[0].meter_points[1].meters[0].transfer_readings = []),
  },
  no_current_or_future_aq_entry_found: {
    attr: 'supply_addresses.0.meter_points.1.aq_history',
    mutate: (a) =>
      (a.supply_addresses[0].meter_points[1].aq_history = [
        a.supply_addresses[0].meter_points[1].aq_history[1],
      ]),
  },
  gaps_or_overlaps_in_aq_history: {
    attr: 'supply_addresses.0.meter_points.1.aq_history',
    mutate: (a) =>
      (a.supply_addresses[0].meter_points[1].aq_history[1].effective_to = '2018-11-30'),
  },
  prepay_details_on_non_prepay_meter: {
    attr: 'supply_addresses.0.meter_points.1.meters.0.prepay_details',
    mutate: (a) => (a.supply_addresses[0].meter_points[1].meters[0].is_prepay = false),
  },
};

function declaredCodes(): string[] {
  const codes = new Set<string>();
  for (const schema of Object.values(schemas)) {
    for (const rule of (schema['x-domain-rules'] as { code: string }[] | undefined) ?? []) {
      codes.add(rule.code);
    }
  }
  return [...codes].sort();
}

describe('checkAccountRules', () => {
  test("the spec's account examples break no rule", () => {
    expect(checkAccountRules(examples.DomesticAccount!.value, TODAY)).toEqual([]);
    expect(checkAccountRules(examples.BusinessAccount!.value, TODAY)).toEqual([]);
  });

  /** The platform's validators the spec lists among AccountBase's x-domain-rules (platform/*.test.ts). */
  const PLATFORM_DOMAIN_RULES = [
    'possible_test_email_address',
    'customer_may_not_be_named_the_occupier',
    'last_payment_review_date_is_future_dated',
    'zero_payment_schedule_amount',
    'metadata_has_duplicate_keys',
    'transfer_reading_dates_must_match_last_billed_to_date',
  ];

  test('every x-domain-rules code of the spec is enforced and tested here', () => {
    // multiple_transfer_readings_for_register has its own test below; the platform's validators
    // declared as x-domain-rules are tested beside their modules in platform/.
    const tested = [
      ...Object.keys(breaking),
      'multiple_transfer_readings_for_register',
      ...PLATFORM_DOMAIN_RULES,
    ];
    expect(declaredCodes().filter((c) => !tested.includes(c))).toEqual([]);
  });

  test.each(Object.entries(breaking))(
    '[GEN-6] %s is reported at its path',
    (code, { attr, mutate }) => {
      const account = domestic();
      mutate(account);
      expect(checkAccountRules(account as unknown as Account, TODAY)).toContainEqual(
        expect.objectContaining({ code, attr }),
      );
    },
  );

  test('[GEN-6] a second transfer reading of one register is multiple_transfer_readings_for_register', () => {
    const account = domestic() as {
      supply_addresses: { meter_points: { meters: { transfer_readings: unknown[] }[] }[] }[];
    };
    const readings = account.supply_addresses[0]!.meter_points[0]!.meters[0]!.transfer_readings;
    readings.push(structuredClone(readings[0]));
    expect(checkAccountRules(account as unknown as Account, TODAY)).toContainEqual(
      expect.objectContaining({ code: 'multiple_transfer_readings_for_register' }),
    );
  });
});
