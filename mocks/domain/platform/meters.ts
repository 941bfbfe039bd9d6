/**
 * The platform's validators of an account's meters (platform: electricity and gas meters,
 * registers, TPRs, serial numbers, smart and prepay details, transfer and historical readings,
 * exchanged meters, last billed to dates), where the interface reference is silent (GEN-6,
 * decision 015). Each answers the platform's own code on the field it concerns.
 *
 * The serial number and smart device id formats are checked by the spec's own formats
 * (spec/formats/meter-serial.ts, smart-device-id.ts: invalid_meter_serial_number,
 * invalid_smart_device_id); a register's TPR shape by its pattern (tpr_not_found); the rules of
 * every settlement register's transfer reading and EAC, and of a gas meter without a transfer
 * reading, by the kit's account rules (mocks/domain/account-rules.ts). This module holds the
 * rest.
 *
 * Last billed to dates: a register's (electricity) or a meter's (gas) own date takes precedence
 * over the account's, as the platform reads them. An exchanged meter (one with `removed_on`) is
 * "fully billed" when its own date reaches the day it was removed.
 */
import { addDays } from '../../../spec/formats/dates.ts';
import type { components, FieldError } from '../../../spec/index.ts';
import type { Account, PlatformContext } from './context.ts';
import { report } from './rule-helpers.ts';

type Schemas = components['schemas'];
type ElectricityPoint = Schemas['ElectricityMeterPoint'];
type GasPoint = Schemas['GasMeterPoint'];
type ElectricityMeter = Schemas['ElectricityMeter'];
type GasMeter = Schemas['GasMeter'];
type Register = Schemas['Register'];
type Reading = Schemas['TransferReading'] | Schemas['HistoricalReading'];

/** Whitespace the platform drops before reading a prepay customer reference as an integer. */
const WHITESPACE = /\s+/g;
/** What Python's int() takes once whitespace is gone: an optional sign and digits. */
const INTEGER = /^[+-]?\d+$/;
const TPR = /^\d{5}$/;

/** A meter is exchanged (no longer on the wall) once it has a removal date. */
function isRemoved(meter: { removed_on?: string | null }): boolean {
  return typeof meter.removed_on === 'string';
}

/** A register counts for settlement unless it says otherwise (see Register). */
function isSettlement(register: Register): boolean {
  return register.is_settlement !== false;
}

/**
 * The TPRs that may occur on two registers of one meter: the odd TPRs 01201 to 01229, as the
 * platform allows.
 */
function mayRepeatTpr(tpr: string): boolean {
  const n = Number(tpr);
  return TPR.test(tpr) && n >= 1201 && n <= 1229 && n % 2 === 1;
}

/** Whether the meter is smart: a smart_type other than NONE. */
function isSmart(meter: { smart_type?: string }): boolean {
  return meter.smart_type !== undefined && meter.smart_type !== 'NONE';
}

/** Whether the account has been billed: it carries historical statement data. */
function hasStatementHistory(account: Account): boolean {
  return (
    (account.historical_statement_transactions?.length ?? 0) > 0 ||
    (account.statements?.length ?? 0) > 0 ||
    (account.ledgers ?? []).some((l) => (l.historical_statement_transactions?.length ?? 0) > 0)
  );
}

/** platform: smart fields only on a smart meter; a commission date not in the future. */
function smartRules(
  meter: ElectricityMeter | GasMeter,
  at: string,
  today: string,
  errors: FieldError[],
): void {
  const commissioned = meter.smart_commissioned_on;
  if (!isSmart(meter)) {
    const field =
      typeof meter.smart_device_id === 'string' && meter.smart_device_id !== ''
        ? 'smart_device_id'
        : typeof commissioned === 'string'
          ? 'smart_commissioned_on'
          : undefined;
    if (field) {
      report(errors, 'smart_details_provided_for_non_smart_meter', `${at}.${field}`, {
        field,
        smart_type: meter.smart_type ?? 'NONE',
      });
    }
  }
  if (typeof commissioned === 'string' && commissioned > today) {
    report(errors, 'future_smart_meter_commission_date', `${at}.smart_commissioned_on`, {
      smart_commissioned_on: commissioned,
      today,
    });
  }
}

/**
 * platform: meters sharing a serial number on one meter point are only a dummy meter exchange,
 * the later one fitted the day after the earlier one was removed.
 */
function dummyExchangeRules(
  meters: (ElectricityMeter | GasMeter)[],
  at: string,
  errors: FieldError[],
): void {
  const bySerial = new Map<string, number[]>();
  meters.forEach((meter, m) => {
    const list = bySerial.get(meter.meter_serial_number);
    if (list) list.push(m);
    else bySerial.set(meter.meter_serial_number, [m]);
  });
  for (const [serial, indexes] of bySerial) {
    if (indexes.length < 2) continue;
    // In order of fitting: each meter but the last was removed the day before the next was fitted.
    const ordered = [...indexes].sort((x, y) =>
      (meters[x]!.installed_on ?? '').localeCompare(meters[y]!.installed_on ?? ''),
    );
    for (let i = 1; i < ordered.length; i++) {
      const before = meters[ordered[i - 1]!]!;
      const after = meters[ordered[i]!]!;
      const dummy =
        typeof before.removed_on === 'string' &&
        typeof after.installed_on === 'string' &&
        addDays(before.removed_on, 1) === after.installed_on;
      if (!dummy) {
        report(
          errors,
          'multiple_non_dmex_meters_with_serial_number',
          `${at}.meters.${ordered[i]}.meter_serial_number`,
          { meter_serial_number: serial },
        );
        break;
      }
    }
  }
}

/** platform: no billed historical reading after the last billed to date it is read against. */
function billedReadingRule(
  reading: Schemas['HistoricalReading'],
  at: string,
  lastBilled: string | undefined,
  errors: FieldError[],
): void {
  if (
    reading.billed === true &&
    lastBilled &&
    reading.reading_date &&
    reading.reading_date > lastBilled
  ) {
    report(errors, 'billed_reading_after_last_billed_to_date', `${at}.reading_date`, {
      reading_date: reading.reading_date,
      last_billed_to_date: lastBilled,
    });
  }
}

/** platform: a transfer reading is dated on the last billed to date it is read against. */
function transferDateRule(
  reading: Reading,
  at: string,
  lastBilled: string | undefined,
  errors: FieldError[],
): void {
  if (lastBilled && reading.reading_date && reading.reading_date !== lastBilled) {
    report(errors, 'transfer_reading_dates_must_match_last_billed_to_date', `${at}.reading_date`, {
      reading_date: reading.reading_date,
      last_billed_to_date: lastBilled,
    });
  }
}

/**
 * platform: prepay details on a meter still to be billed have their vend read the day before
 * the last billed to date; a fully billed exchanged meter has none.
 */
function prepayDateRules(
  meter: ElectricityMeter | GasMeter,
  at: string,
  lastBilled: string | undefined,
  fullyBilled: boolean,
  errors: FieldError[],
): void {
  const details = meter.prepay_details;
  if (!details || meter.is_prepay !== true) return;
  if (fullyBilled) {
    report(errors, 'prepay_details_on_fully_billed_meter', `${at}.prepay_details`);
    return;
  }
  if (lastBilled && details.transfer_vend_read_date !== addDays(lastBilled, -1)) {
    report(
      errors,
      'transfer_vend_read_date_must_match_last_billed_to_date',
      `${at}.prepay_details.transfer_vend_read_date`,
      { transfer_vend_read_date: details.transfer_vend_read_date, last_billed_to_date: lastBilled },
    );
  }
}

/** platform: an exchanged meter has a reading on the day it was removed. */
function removalReadingRule(
  meter: ElectricityMeter | GasMeter,
  at: string,
  errors: FieldError[],
): void {
  const removed = meter.removed_on as string;
  const read = [...(meter.transfer_readings ?? []), ...(meter.reading_history ?? [])].some(
    (r) => r.reading_date === removed,
  );
  if (!read)
    report(errors, 'no_reading_on_removed_on', `${at}.removed_on`, { removed_on: removed });
}

/** platform: an exchanged meter not billed up to its removal has transfer readings. */
function exchangeReadingRule(
  meter: ElectricityMeter | GasMeter,
  at: string,
  fullyBilled: boolean,
  errors: FieldError[],
): void {
  if (!fullyBilled && (meter.transfer_readings ?? []).length === 0) {
    report(errors, 'no_transfer_reading_on_exchanged_meter', `${at}.transfer_readings`);
  }
}

/** What one meter point's meters are read against. */
interface PointFacts {
  at: string;
  today: string;
  accountLastBilled: string | undefined;
  /** The account has statement history, so every meter needs a last billed to date. */
  billed: boolean;
  /** Another meter of the point was exchanged: the active ones are its replacements. */
  exchanged: boolean;
}

/** The last billed to dates one electricity meter's readings are read against. */
interface ElectricityDates {
  /** The meter's own date: its first dated settlement register's, else the account's. */
  meter: string | undefined;
  /** An exchanged meter billed on every settlement register up to its removal. */
  fullyBilled: boolean;
  /** The date a reading of a register (or of no register) is read against. */
  ofRegister: (id: string | undefined) => string | undefined;
}

/**
 * The last billed to dates of an electricity meter: a register's own date takes precedence over
 * the account's, and a reading naming no known register is read against the meter's.
 */
function electricityDates(meter: ElectricityMeter, facts: PointFacts): ElectricityDates {
  const registers = meter.registers ?? [];
  const ownDates = registers.filter(isSettlement).map((r) => r.last_billed_to_date);
  const meterDate = ownDates.find((d) => d !== undefined) ?? facts.accountLastBilled;
  const fullyBilled =
    isRemoved(meter) &&
    ownDates.length > 0 &&
    ownDates.every((d) => d !== undefined && d >= (meter.removed_on as string));
  return {
    meter: meterDate,
    fullyBilled,
    ofRegister: (id) => {
      const register = id === undefined ? undefined : registers.find((x) => x.register_id === id);
      return register?.last_billed_to_date ?? (register ? facts.accountLastBilled : meterDate);
    },
  };
}

/**
 * platform: an active electricity prepay meter has a prepay customer reference number (unless
 * the operator's catalogue turns the rule off), and the number is a whole number.
 */
function prepayReferenceRules(
  meter: ElectricityMeter,
  at: string,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  if (meter.is_prepay !== true || isRemoved(meter)) return;
  const reference = meter.prepay_customer_reference_number;
  const attr = `${at}.prepay_customer_reference_number`;
  if (reference === undefined || reference.trim() === '') {
    // On unless the operator turns it off (a catalogue saved before the switch existed lacks it).
    if (ctx.catalogue.prepay_customer_reference_number_required !== false) {
      report(errors, 'electricity_prepay_meter_without_customer_reference_number', attr);
    }
  } else if (!INTEGER.test(reference.replace(WHITESPACE, ''))) {
    report(errors, 'invalid_prepay_customer_reference_number', attr, {
      prepay_customer_reference_number: reference,
    });
  }
}

/**
 * platform: registers are present on an active meter, with unique ids and unique TPRs, and a TPR
 * on a non half-hourly meter point (profile classes 1-8; class 0 is half-hourly and has no TPRs).
 * One register's findings are listed together, as the platform walks the registers once.
 */
function registerRules(
  meter: ElectricityMeter,
  point: ElectricityPoint,
  at: string,
  errors: FieldError[],
): void {
  const registers = meter.registers ?? [];
  if (!isRemoved(meter) && registers.length === 0) {
    report(errors, 'registers_missing_for_active_electricity_meter', `${at}.registers`, {
      holder: 'An active electricity meter',
      missing: 'registers',
    });
  }
  const nonHalfHourly = isNonHalfHourly(point);
  const ids = new Set<string>();
  const tprs = new Set<string>();
  registers.forEach((register, r) => {
    const registerAt = `${at}.registers.${r}`;
    if (ids.has(register.register_id)) {
      report(errors, 'meter_with_duplicate_register_ids', `${registerAt}.register_id`, {
        register_id: register.register_id,
      });
    }
    ids.add(register.register_id);
    if (register.tpr === undefined) {
      if (nonHalfHourly) {
        report(errors, 'registers_missing_for_active_electricity_meter', `${registerAt}.tpr`, {
          holder: `Register ${register.register_id} of a non half-hourly meter point`,
          missing: 'TPR',
        });
      }
    } else {
      if (tprs.has(register.tpr) && !mayRepeatTpr(register.tpr)) {
        report(errors, 'registers_have_duplicate_tprs', `${registerAt}.tpr`, { tpr: register.tpr });
      }
      tprs.add(register.tpr);
    }
  });
}

/** A meter point of profile classes 1-8 is non half-hourly; class 0 is half-hourly. */
function isNonHalfHourly(point: ElectricityPoint): boolean {
  return typeof point.profile_class === 'number' && point.profile_class > 0;
}

/**
 * platform: every transfer and historical reading of an electricity meter names a register of
 * the meter, a transfer reading is dated on its register's last billed to date and no billed
 * reading comes after it.
 */
function electricityReadingRules(
  meter: ElectricityMeter,
  at: string,
  dates: ElectricityDates,
  errors: FieldError[],
): void {
  const ids = new Set((meter.registers ?? []).map((r) => r.register_id));
  (meter.transfer_readings ?? []).forEach((reading, i) => {
    const readingAt = `${at}.transfer_readings.${i}`;
    if (reading.register_id === undefined) {
      report(errors, 'reading_without_register_id', `${readingAt}.register_id`);
    }
    transferDateRule(reading, readingAt, dates.ofRegister(reading.register_id), errors);
  });
  (meter.reading_history ?? []).forEach((reading, i) => {
    const readingAt = `${at}.reading_history.${i}`;
    if (reading.register_id === undefined) {
      report(errors, 'no_register_id_for_reading', `${readingAt}.register_id`);
    } else if (!ids.has(reading.register_id)) {
      report(errors, 'historical_reading_register_id_not_recognised', `${readingAt}.register_id`, {
        register_id: reading.register_id,
      });
    }
    billedReadingRule(reading, readingAt, dates.ofRegister(reading.register_id), errors);
  });
}

/**
 * platform: an exchanged electricity meter has its own last billed to date on every settlement
 * register, transfer readings unless billed up to its removal, and a reading on its removal day.
 */
function exchangedElectricityMeterRules(
  meter: ElectricityMeter,
  at: string,
  fullyBilled: boolean,
  errors: FieldError[],
): void {
  (meter.registers ?? []).forEach((register, r) => {
    if (isSettlement(register) && register.last_billed_to_date === undefined) {
      report(
        errors,
        'no_last_billed_to_date_on_exchanged_meter',
        `${at}.registers.${r}.last_billed_to_date`,
        { holder: `Settlement register ${register.register_id} of an exchanged meter` },
      );
    }
  });
  exchangeReadingRule(meter, at, fullyBilled, errors);
  removalReadingRule(meter, at, errors);
}

/**
 * platform: the active electricity meter that replaced an exchanged one has no last billed to
 * date of its own; on a billed account without an account date, every settlement register of a
 * non half-hourly meter point has one.
 */
function activeElectricityLastBilledRules(
  meter: ElectricityMeter,
  point: ElectricityPoint,
  at: string,
  facts: PointFacts,
  errors: FieldError[],
): void {
  const registers = meter.registers ?? [];
  const dated = registers.findIndex((r) => r.last_billed_to_date !== undefined);
  if (facts.exchanged && dated >= 0) {
    report(
      errors,
      'last_billed_to_date_on_new_meter',
      `${at}.registers.${dated}.last_billed_to_date`,
    );
  }
  if (facts.billed && !facts.accountLastBilled && isNonHalfHourly(point) && !facts.exchanged) {
    const undated = registers.findIndex(
      (r) => isSettlement(r) && r.last_billed_to_date === undefined,
    );
    if (undated >= 0) {
      report(
        errors,
        'last_billed_to_date_not_found',
        `${at}.registers.${undated}.last_billed_to_date`,
        {
          holder: 'settlement register',
        },
      );
    }
  }
}

/** platform: the validators of one electricity meter, in the platform's order. */
function electricityMeterRules(
  meter: ElectricityMeter,
  m: number,
  point: ElectricityPoint,
  facts: PointFacts,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  const at = `${facts.at}.meters.${m}`;
  const dates = electricityDates(meter, facts);
  smartRules(meter, at, facts.today, errors);
  prepayReferenceRules(meter, at, ctx, errors);
  registerRules(meter, point, at, errors);
  electricityReadingRules(meter, at, dates, errors);
  prepayDateRules(meter, at, dates.meter, dates.fullyBilled, errors);
  if (isRemoved(meter)) exchangedElectricityMeterRules(meter, at, dates.fullyBilled, errors);
  else activeElectricityLastBilledRules(meter, point, at, facts, errors);
}

/**
 * platform: a gas meter billed up to its removal has no transfer reading and an active one at
 * most one; each transfer reading is dated on the last billed to date, no billed reading after it.
 */
function gasReadingRules(
  meter: GasMeter,
  at: string,
  lastBilled: string | undefined,
  fullyBilled: boolean,
  errors: FieldError[],
): void {
  const readings = meter.transfer_readings ?? [];
  if (fullyBilled && readings.length > 0) {
    report(errors, 'reading_meter_fully_billed', `${at}.transfer_readings`);
  } else if (!isRemoved(meter) && readings.length > 1) {
    report(errors, 'active_gas_meter_with_multiple_transfer_readings', `${at}.transfer_readings`, {
      count: readings.length,
    });
  }
  readings.forEach((reading, i) => {
    transferDateRule(reading, `${at}.transfer_readings.${i}`, lastBilled, errors);
  });
  (meter.reading_history ?? []).forEach((reading, i) => {
    billedReadingRule(reading, `${at}.reading_history.${i}`, lastBilled, errors);
  });
}

/**
 * platform: an exchanged gas meter has its own last billed to date, transfer readings unless
 * billed up to its removal, and a reading on its removal day; an active one that replaced an
 * exchanged meter has no date of its own, and on a billed account without an account date, one
 * that replaced none has one.
 */
function gasLastBilledRules(
  meter: GasMeter,
  at: string,
  facts: PointFacts,
  fullyBilled: boolean,
  errors: FieldError[],
): void {
  const own = meter.last_billed_to_date;
  if (isRemoved(meter)) {
    if (own === undefined) {
      report(errors, 'no_last_billed_to_date_on_exchanged_meter', `${at}.last_billed_to_date`, {
        holder: 'An exchanged gas meter',
      });
    }
    exchangeReadingRule(meter, at, fullyBilled, errors);
    removalReadingRule(meter, at, errors);
    return;
  }
  if (facts.exchanged && own !== undefined) {
    report(errors, 'last_billed_to_date_on_new_meter', `${at}.last_billed_to_date`);
  }
  if (facts.billed && !facts.accountLastBilled && !facts.exchanged && own === undefined) {
    report(errors, 'last_billed_to_date_not_found', `${at}.last_billed_to_date`, {
      holder: 'gas meter',
    });
  }
}

/** platform: the validators of one gas meter, in the platform's order. */
function gasMeterRules(meter: GasMeter, m: number, facts: PointFacts, errors: FieldError[]): void {
  const at = `${facts.at}.meters.${m}`;
  const own = meter.last_billed_to_date;
  const lastBilled = own ?? facts.accountLastBilled;
  const fullyBilled = isRemoved(meter) && own !== undefined && own >= (meter.removed_on as string);
  smartRules(meter, at, facts.today, errors);
  gasReadingRules(meter, at, lastBilled, fullyBilled, errors);
  prepayDateRules(meter, at, lastBilled, fullyBilled, errors);
  gasLastBilledRules(meter, at, facts, fullyBilled, errors);
}

/** platform: no two EAC entries of one TPR start on the same day. */
function eacRules(point: ElectricityPoint, at: string, errors: FieldError[]): void {
  const seen = new Set<string>();
  (point.eac_history ?? []).forEach((entry, i) => {
    const key = `${entry.tpr}/${entry.effective_from}`;
    if (seen.has(key)) {
      report(errors, 'repeated_eac_for_tpr', `${at}.eac_history.${i}`, {
        tpr: entry.tpr,
        effective_from: entry.effective_from,
      });
    }
    seen.add(key);
  });
}

/** platform: a meter point whose supply has ended has a final reading on its end date. */
function supplyEndRules(
  point: ElectricityPoint | GasPoint,
  at: string,
  meters: (ElectricityMeter | GasMeter)[],
  errors: FieldError[],
  today: string,
): void {
  const end = point.supply_end_date;
  // Only a supply that has ended is off supply; a later end date is the supply validators'
  // (future_supply_end_date, loss_in_progress).
  if (typeof end !== 'string' || end > today || meters.length === 0) return;
  const read = meters.some((meter) =>
    [...(meter.transfer_readings ?? []), ...(meter.reading_history ?? [])].some(
      (r) => r.reading_date === end,
    ),
  );
  if (!read) {
    report(errors, 'no_reading_on_supply_end_date', `${at}.supply_end_date`, {
      supply_end_date: end,
    });
  }
}

/** platform: at most one AQ entry of a gas meter point is open-ended. */
function aqRules(point: GasPoint, at: string, errors: FieldError[]): void {
  const open = (point.aq_history ?? []).filter(
    (entry) => entry.effective_to === undefined || entry.effective_to === null,
  ).length;
  if (open > 1) {
    report(errors, 'multiple_open_ended_aqs_in_meterpoint_aq_history', `${at}.aq_history`, {
      count: open,
    });
  }
}

/**
 * platform: an import/export meter (on a meter point with export_type IMPORT_EXPORT) is also
 * given on exactly one other meter point of the supply address, its import point, which has no
 * export_type IMPORT_EXPORT; only a twin element meter (the catalogue's list) may serve more.
 */
function importExportRules(
  points: Schemas['MeterPoint'][],
  a: number,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  const exportPoints = points.filter(
    (point): point is ElectricityPoint =>
      point.supply_type === 'ELECTRICITY' && point.export_type === 'IMPORT_EXPORT',
  );
  if (exportPoints.length === 0) return;
  // Which meter points of the address carry each serial number (each point once).
  const pointsBySerial = new Map<string, number[]>();
  points.forEach((point, p) => {
    if (point.supply_type !== 'ELECTRICITY' && point.supply_type !== 'GAS') return;
    for (const meter of point.meters ?? []) {
      const list = pointsBySerial.get(meter.meter_serial_number);
      if (!list) pointsBySerial.set(meter.meter_serial_number, [p]);
      else if (list.at(-1) !== p) list.push(p);
    }
  });
  const twinElement = new Set(ctx.catalogue.twin_element_meter_serial_numbers ?? []);
  for (const point of exportPoints) {
    const p = points.indexOf(point);
    (point.meters ?? []).forEach((meter, m) => {
      const at = `supply_addresses.${a}.meter_points.${p}.meters.${m}.meter_serial_number`;
      const sharing = pointsBySerial.get(meter.meter_serial_number) ?? [];
      const imports = sharing.filter(
        (q) => (points[q] as ElectricityPoint).export_type !== 'IMPORT_EXPORT',
      );
      const serial = { meter_serial_number: meter.meter_serial_number };
      if (imports.length === 0) {
        report(errors, 'import_meter_not_found_for_export_meter', at, serial);
      } else if (sharing.length > 2 && !twinElement.has(meter.meter_serial_number)) {
        report(errors, 'unexpected_number_of_meter_points_found_for_meter', at, {
          ...serial,
          count: sharing.length,
        });
      }
    });
  }
}

/** GEN-6: the platform's validators of the account's meters. */
export function meterRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const accountLastBilled = account.last_billed_to_date;
  const billed = hasStatementHistory(account);
  (account.supply_addresses ?? []).forEach((address, a) => {
    importExportRules(address.meter_points ?? [], a, ctx, errors);
    (address.meter_points ?? []).forEach((point, p) => {
      const at = `supply_addresses.${a}.meter_points.${p}`;
      if (point.supply_type !== 'ELECTRICITY' && point.supply_type !== 'GAS') return;
      const meters = (point.meters ?? []) as (ElectricityMeter | GasMeter)[];
      const facts: PointFacts = {
        at,
        today: ctx.today,
        accountLastBilled,
        billed,
        exchanged: meters.some(isRemoved),
      };
      if (point.supply_type === 'ELECTRICITY') {
        (point.meters ?? []).forEach((meter, m) => {
          electricityMeterRules(meter, m, point, facts, ctx, errors);
        });
        eacRules(point, at, errors);
      } else {
        (point.meters ?? []).forEach((meter, m) => {
          gasMeterRules(meter, m, facts, errors);
        });
        aqRules(point, at, errors);
      }
      dummyExchangeRules(meters, at, errors);
      supplyEndRules(point, at, meters, errors, ctx.today);
    });
  });
  return errors;
}
