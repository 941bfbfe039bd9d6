/**
 * The account rules that JSON Schema cannot express (the `x-domain-rules` of the spec's Account,
 * MeterPoint, ElectricityMeterPoint, GasMeterPoint and TransferReading schemas; kit assumptions
 * that follow the real platform). validate-account, create-or-update and process all apply them
 * (VAL-1, STG-1), after the shape checks of the spec module.
 */

import { addDays } from '../../spec/formats/dates.ts';
import { normalisePostcode } from '../../spec/formats/index.ts';
import type { components, FieldError } from '../../spec/index.ts';

type Schemas = components['schemas'];
type Account = Schemas['Account'];
type MeterPoint = Schemas['MeterPoint'];

function error(attr: string, code: string, detail: string): FieldError {
  return { attr, code, detail };
}

function agreementRules(point: MeterPoint, at: string, today: string): FieldError[] {
  const errors: FieldError[] = [];
  const agreements = (point.agreements ?? []) as { effective_from?: string }[];
  if (point.supply_start_date && point.supply_start_date > today) {
    errors.push(
      error(
        `${at}.supply_start_date`,
        'future_supply_start_date',
        `The supply start date ${point.supply_start_date} is in the future.`,
      ),
    );
  }
  if (agreements.length === 0) {
    errors.push(
      error(
        `${at}.agreements`,
        'meter_point_with_no_agreement',
        'The meter point has no agreement.',
      ),
    );
  }
  const seen = new Set<string>();
  agreements.forEach((agreement, i) => {
    const from = agreement.effective_from;
    if (!from) return;
    if (point.supply_start_date && from < point.supply_start_date) {
      errors.push(
        error(
          `${at}.agreements.${i}.effective_from`,
          'agreement_start_date_before_supply_start_date',
          `The agreement starts on ${from}, before the supply start date ${point.supply_start_date}.`,
        ),
      );
    }
    if (seen.has(from)) {
      errors.push(
        error(
          `${at}.agreements.${i}.effective_from`,
          'gaps_or_overlaps_in_agreement_dates',
          `Two agreements start on ${from}.`,
        ),
      );
    }
    seen.add(from);
  });
  return errors;
}

/** ET-2, DR: a meter point with an erroneous transfer or a disputed read in progress is refused. */
function progressRules(point: MeterPoint, at: string): FieldError[] {
  const errors: FieldError[] = [];
  const flags = point as { et_in_progress?: boolean; dr_in_progress?: boolean };
  if (flags.et_in_progress === true) {
    errors.push(
      error(
        `${at}.et_in_progress`,
        'erroneous_transfer_not_in_progress',
        'An erroneous transfer is in progress for this meter point.',
      ),
    );
  }
  if (flags.dr_in_progress === true) {
    errors.push(
      error(
        `${at}.dr_in_progress`,
        'disputed_read_in_progress',
        'A disputed read is in progress for this meter point.',
      ),
    );
  }
  return errors;
}

/** Prepay details belong to a prepay meter. */
function prepayRules(
  meter: { is_prepay?: boolean; prepay_details?: unknown },
  at: string,
): FieldError[] {
  return meter.prepay_details !== undefined && meter.is_prepay !== true
    ? [
        error(
          `${at}.prepay_details`,
          'prepay_details_on_non_prepay_meter',
          'Prepay details are given for a meter that is not prepay.',
        ),
      ]
    : [];
}

// A transfer reading's date against the last billed to date is a platform validator with the
// platform's code (transfer_reading_dates_must_match_last_billed_to_date, platform/meters.ts).

function electricityRules(point: Schemas['ElectricityMeterPoint'], at: string): FieldError[] {
  const errors: FieldError[] = [];
  const eacTprs = new Set((point.eac_history ?? []).map((e) => e.tpr));
  (point.meters ?? []).forEach((meter, m) => {
    const readings = meter.transfer_readings ?? [];
    errors.push(...prepayRules(meter, `${at}.meters.${m}`));
    const registerIds = new Set((meter.registers ?? []).map((r) => r.register_id));
    readings.forEach((reading, i) => {
      if (reading.register_id !== undefined && !registerIds.has(reading.register_id)) {
        errors.push(
          error(
            `${at}.meters.${m}.transfer_readings.${i}.register_id`,
            'reading_register_id_not_recognised',
            `No register ${reading.register_id} on this meter.`,
          ),
        );
      }
    });
    // An exchanged meter's readings follow the platform's exchange rules (platform/meters.ts).
    if (typeof meter.removed_on === 'string') return;
    (meter.registers ?? []).forEach((register, r) => {
      if (register.is_settlement === false) return;
      const count = readings.filter((x) => x.register_id === register.register_id).length;
      if (count === 0) {
        errors.push(
          error(
            `${at}.meters.${m}.registers.${r}`,
            'missing_transfer_reading_for_register',
            `Register ${register.register_id} has no transfer reading.`,
          ),
        );
      } else if (count > 1) {
        errors.push(
          error(
            `${at}.meters.${m}.registers.${r}`,
            'multiple_transfer_readings_for_register',
            `Register ${register.register_id} has ${count} transfer readings.`,
          ),
        );
      }
      if (register.tpr && !eacTprs.has(register.tpr)) {
        errors.push(
          error(
            `${at}.meters.${m}.registers.${r}.tpr`,
            'missing_eacs_for_active_register_tpr',
            `No EAC is given for TPR ${register.tpr}.`,
          ),
        );
      }
    });
  });
  return errors;
}

function gasRules(point: Schemas['GasMeterPoint'], at: string): FieldError[] {
  const errors: FieldError[] = [];
  (point.meters ?? []).forEach((meter, m) => {
    const readings = meter.transfer_readings ?? [];
    errors.push(...prepayRules(meter, `${at}.meters.${m}`));
    // More than one, and exchanged meters, are the platform's own rules (platform/meters.ts).
    if (readings.length === 0 && typeof meter.removed_on !== 'string') {
      errors.push(
        error(
          `${at}.meters.${m}.transfer_readings`,
          'active_gas_meter_without_transfer_reading',
          'An active gas meter needs exactly one transfer reading; it has none.',
        ),
      );
    }
  });
  const history = [...(point.aq_history ?? [])].sort((a, b) =>
    a.effective_from.localeCompare(b.effective_from),
  );
  // Two open-ended entries are the platform's multiple_open_ended_aqs_in_meterpoint_aq_history.
  const openEnded = history.filter(
    (aq) => aq.effective_to === undefined || aq.effective_to === null,
  );
  for (let i = 0; openEnded.length <= 1 && i + 1 < history.length; i++) {
    const entry = history[i]!;
    const next = history[i + 1]!;
    if (
      entry.effective_to === undefined ||
      entry.effective_to === null ||
      addDays(entry.effective_to, 1) !== next.effective_from
    ) {
      errors.push(
        error(
          `${at}.aq_history`,
          'gaps_or_overlaps_in_aq_history',
          `The AQ entry from ${entry.effective_from} does not end the day before the one from ${next.effective_from}.`,
        ),
      );
      break;
    }
  }
  if (!(point.aq_history ?? []).some((aq) => aq.effective_to === undefined)) {
    errors.push(
      error(
        `${at}.aq_history`,
        'no_current_or_future_aq_entry_found',
        'The meter point has no current annual quantity (an AQ entry without effective_to).',
      ),
    );
  }
  return errors;
}

/**
 * Every cross-field failure of an account that already has the spec's shape, each with its
 * `attr` path and code. `today` is the mock clock's date (`future_supply_start_date`).
 */
export function checkAccountRules(account: Account, today: string): FieldError[] {
  const errors: FieldError[] = [];
  const customers = (account.customers ?? []) as unknown[];
  if (account.unknown_occupier === true && customers.length > 0) {
    errors.push(
      error(
        'customers',
        'customer_with_unknown_occupier',
        'An unknown occupier account has no customers.',
      ),
    );
  }
  // The platform's structured billing_address stands in for the legacy lines (a payload gives
  // one form, billing_address_new_style_and_legacy).
  const structured = (account as { billing_address?: unknown }).billing_address;
  if (
    account.unknown_occupier !== true &&
    (typeof structured !== 'object' || structured === null)
  ) {
    for (const field of ['billing_address1', 'billing_postcode'] as const) {
      if (!account[field]) {
        errors.push(error(field, 'billing_address_not_provided', 'A billing address is required.'));
      }
    }
  }
  (account.supply_addresses ?? []).forEach((address, a) => {
    // One supply address's meter points; the same MPxN on two addresses is the platform's
    // duplicate_meter_points_on_different_supply_addresses_provided (platform/supply.ts).
    const identifiers = new Map<string, string>();
    (address.meter_points ?? []).forEach((point, p) => {
      const at = `supply_addresses.${a}.meter_points.${p}`;
      const earlier = identifiers.get(point.identifier);
      if (earlier) {
        errors.push(
          error(
            `${at}.identifier`,
            'duplicate_meter_points_provided',
            `Meter point ${point.identifier} is also given at ${earlier}.`,
          ),
        );
      } else identifiers.set(point.identifier, at);
      if (
        account.account_type === 'DOMESTIC' &&
        (point.supply_type === 'REGOS_EXPORT_CERTIFICATES' ||
          point.supply_type === 'ROCS_EXPORT_CERTIFICATES')
      ) {
        errors.push(
          error(
            `${at}.supply_type`,
            'business_supply_type_on_domestic_account',
            `${point.supply_type} is a business supply type.`,
          ),
        );
      }
      errors.push(...agreementRules(point, at, today), ...progressRules(point, at));
      if (point.supply_type === 'ELECTRICITY') {
        errors.push(...electricityRules(point, at));
      } else if (point.supply_type === 'GAS') {
        errors.push(...gasRules(point, at));
      }
    });
  });
  return errors;
}

function normalisedPostcode(value: string | undefined): string | undefined {
  return value === undefined ? undefined : (normalisePostcode(value) ?? value);
}

/**
 * The account as the platform keeps it: postcodes upper-cased with one space, as the real
 * platform normalises them (validate-account's echo and the staged data; spec x-kit-assumption).
 */
export function normaliseAccount(account: Account): Account {
  return {
    ...account,
    ...(account.billing_postcode === undefined
      ? {}
      : { billing_postcode: normalisedPostcode(account.billing_postcode) }),
    ...(account.supply_addresses === undefined
      ? {}
      : {
          supply_addresses: account.supply_addresses.map((address) => ({
            ...address,
            supply_postcode: normalisedPostcode(address.supply_postcode)!,
          })),
        }),
  } as Account;
}
