import { describe, expect, test } from 'vitest';
import { specExample } from '../../test-support.ts';
import { testContext } from './context.test-helper.ts';
import type { Account } from './context.ts';
import { meterRules } from './meters.ts';

/* biome-ignore lint/suspicious/noExplicitAny: the mutations reach into a deep example payload */
type Any = any;

const ELEC = 'supply_addresses.0.meter_points.0';
const GAS = 'supply_addresses.0.meter_points.1';

/** The spec's domestic example (billed to 2019-08-01; electricity point 0, gas point 1). */
function example(): Any {
  return structuredClone(specExample<Any>('DomesticAccount'));
}

function elecMeter(account: Any): Any {
  return account.supply_addresses[0].meter_points[0].meters[0];
}

function gasMeter(account: Any): Any {
  return account.supply_addresses[0].meter_points[1].meters[0];
}

function codes(account: Any, ctx = testContext('2024-04-15')): [string, string][] {
  return meterRules(account as Account, ctx).map((e) => [e.attr, e.code]);
}

/** A fully billed exchanged gas meter: removed on 2019-05-01, billed up to then, read then. */
function exchangedGasMeter(): Any {
  return {
    meter_serial_number: 'G4A01234567890',
    installed_on: '2010-01-01',
    gas_number_of_digits: 5,
    removed_on: '2019-05-01',
    last_billed_to_date: '2019-05-01',
    reading_history: [
      { reading_date: '2019-05-01', reading_value: '420', reading_type: 'ROUTINE', billed: true },
    ],
  };
}

/** An export meter point (IMPORT_EXPORT) beside `importPoint`, its meter of serial `serial`. */
function exportPoint(importPoint: Any, serial: string): Any {
  return {
    identifier: '1200060176746',
    supply_type: 'ELECTRICITY',
    mpid: importPoint.mpid,
    supply_start_date: importPoint.supply_start_date,
    export_type: 'IMPORT_EXPORT',
    agreements: structuredClone(importPoint.agreements),
    meters: [
      {
        meter_serial_number: serial,
        registers: [{ register_id: '1', number_of_digits: 5 }],
        transfer_readings: [
          {
            register_id: '1',
            reading_date: '2019-08-01',
            reading_value: '12',
            reading_type: 'SMART',
          },
        ],
      },
    ],
  };
}

describe('the platform validators of the meters (validateAccount)', () => {
  test.each(['DomesticAccount', 'BusinessAccount'])(
    '[GEN-6] the spec %s example breaks none of them',
    (name) => {
      expect(codes(structuredClone(specExample<Any>(name)))).toEqual([]);
    },
  );

  test('[GEN-6] a smart device id on a traditional meter is smart_details_provided_for_non_smart_meter', () => {
    const account = example();
    elecMeter(account).smart_device_id = '01-23-45-67-89-AB-CD-EF';
    expect(codes(account)).toEqual([
      [`${ELEC}.meters.0.smart_device_id`, 'smart_details_provided_for_non_smart_meter'],
    ]);
  });

  test('[GEN-6] a commission date after today is future_smart_meter_commission_date', () => {
    const account = example();
    gasMeter(account).smart_commissioned_on = '2024-04-16';
    expect(codes(account)).toEqual([
      [`${GAS}.meters.0.smart_commissioned_on`, 'future_smart_meter_commission_date'],
    ]);
  });

  test('[GEN-6] an active prepay electricity meter without a customer reference is electricity_prepay_meter_without_customer_reference_number', () => {
    const account = example();
    elecMeter(account).is_prepay = true;
    expect(codes(account)).toEqual([
      [
        `${ELEC}.meters.0.prepay_customer_reference_number`,
        'electricity_prepay_meter_without_customer_reference_number',
      ],
    ]);
  });

  test('[GEN-6] the catalogue switch lets a prepay electricity meter go without a customer reference', () => {
    const account = example();
    elecMeter(account).is_prepay = true;
    const ctx = testContext('2024-04-15');
    ctx.catalogue.prepay_customer_reference_number_required = false;
    expect(codes(account, ctx)).toEqual([]);
  });

  test('[GEN-6] a customer reference that is not a whole number is invalid_prepay_customer_reference_number', () => {
    const account = example();
    Object.assign(elecMeter(account), {
      is_prepay: true,
      prepay_customer_reference_number: '4410 77A3',
    });
    expect(codes(account)).toEqual([
      [
        `${ELEC}.meters.0.prepay_customer_reference_number`,
        'invalid_prepay_customer_reference_number',
      ],
    ]);
    elecMeter(account).prepay_customer_reference_number = ' 4410 7723 ';
    expect(codes(account)).toEqual([]);
  });

  test('[GEN-6] an active electricity meter without registers is registers_missing_for_active_electricity_meter', () => {
    const account = example();
    elecMeter(account).registers = [];
    expect(codes(account)).toContainEqual([
      `${ELEC}.meters.0.registers`,
      'registers_missing_for_active_electricity_meter',
    ]);
  });

  test('[GEN-6] a register without a TPR on a non half-hourly point is registers_missing_for_active_electricity_meter', () => {
    const account = example();
    delete elecMeter(account).registers[1].tpr;
    expect(codes(account)).toEqual([
      [`${ELEC}.meters.0.registers.1.tpr`, 'registers_missing_for_active_electricity_meter'],
    ]);
    account.supply_addresses[0].meter_points[0].profile_class = 0;
    expect(codes(account)).toEqual([]);
  });

  test('[GEN-6] two registers with one id is meter_with_duplicate_register_ids', () => {
    const account = example();
    elecMeter(account).registers[1].register_id = '1';
    expect(codes(account)).toEqual([
      [`${ELEC}.meters.0.registers.1.register_id`, 'meter_with_duplicate_register_ids'],
    ]);
  });

  test('[GEN-6] two registers with one TPR is registers_have_duplicate_tprs, odd TPRs 01201-01229 aside', () => {
    const account = example();
    const registers = elecMeter(account).registers;
    registers[1].tpr = '00001';
    expect(codes(account)).toEqual([
      [`${ELEC}.meters.0.registers.1.tpr`, 'registers_have_duplicate_tprs'],
    ]);
    registers[0].tpr = '01203';
    registers[1].tpr = '01203';
    expect(codes(account)).toEqual([]);
    registers[0].tpr = '01204';
    registers[1].tpr = '01204';
    expect(codes(account)).toEqual([
      [`${ELEC}.meters.0.registers.1.tpr`, 'registers_have_duplicate_tprs'],
    ]);
  });

  test('[GEN-6] a transfer reading without a register id is reading_without_register_id', () => {
    const account = example();
    const readings = elecMeter(account).transfer_readings;
    readings.push({ ...readings[0], register_id: undefined });
    delete readings[1].register_id;
    expect(codes(account)).toEqual([
      [`${ELEC}.meters.0.transfer_readings.1.register_id`, 'reading_without_register_id'],
    ]);
  });

  test('[GEN-6] a historical reading without a register id is no_register_id_for_reading', () => {
    const account = example();
    delete elecMeter(account).reading_history[0].register_id;
    expect(codes(account)).toEqual([
      [`${ELEC}.meters.0.reading_history.0.register_id`, 'no_register_id_for_reading'],
    ]);
  });

  test('[GEN-6] a historical reading of an unknown register is historical_reading_register_id_not_recognised', () => {
    const account = example();
    elecMeter(account).reading_history[0].register_id = '7';
    expect(codes(account)).toEqual([
      [
        `${ELEC}.meters.0.reading_history.0.register_id`,
        'historical_reading_register_id_not_recognised',
      ],
    ]);
  });

  test('[GEN-6] a billed reading after the last billed to date is billed_reading_after_last_billed_to_date', () => {
    const account = example();
    elecMeter(account).reading_history[0].reading_date = '2019-08-02';
    expect(codes(account)).toEqual([
      [
        `${ELEC}.meters.0.reading_history.0.reading_date`,
        'billed_reading_after_last_billed_to_date',
      ],
    ]);
    elecMeter(account).reading_history[0].billed = false;
    expect(codes(account)).toEqual([]);
  });

  test("[GEN-6] a transfer reading off the register's own last billed to date is transfer_reading_dates_must_match_last_billed_to_date", () => {
    const account = example();
    elecMeter(account).registers[0].last_billed_to_date = '2019-07-01';
    expect(codes(account)).toEqual([
      [
        `${ELEC}.meters.0.transfer_readings.0.reading_date`,
        'transfer_reading_dates_must_match_last_billed_to_date',
      ],
    ]);
    elecMeter(account).transfer_readings[0].reading_date = '2019-07-01';
    elecMeter(account).reading_history[0].reading_date = '2019-06-01';
    expect(codes(account)).toEqual([]);
  });

  test('[GEN-6] a vend read not the day before the last billed to date is transfer_vend_read_date_must_match_last_billed_to_date', () => {
    const account = example();
    gasMeter(account).prepay_details.transfer_vend_read_date = '2019-08-01';
    expect(codes(account)).toEqual([
      [
        `${GAS}.meters.0.prepay_details.transfer_vend_read_date`,
        'transfer_vend_read_date_must_match_last_billed_to_date',
      ],
    ]);
  });

  test('[GEN-6] a second transfer reading of an active gas meter is active_gas_meter_with_multiple_transfer_readings', () => {
    const account = example();
    const readings = gasMeter(account).transfer_readings;
    readings.push({ ...readings[0] });
    expect(codes(account)).toEqual([
      [`${GAS}.meters.0.transfer_readings`, 'active_gas_meter_with_multiple_transfer_readings'],
    ]);
  });

  test('[GEN-6] a fully billed exchanged gas meter and its replacement are accepted', () => {
    const account = example();
    account.supply_addresses[0].meter_points[1].meters.unshift(exchangedGasMeter());
    expect(codes(account)).toEqual([]);
  });

  test('[GEN-6] a transfer reading on a fully billed exchanged meter is reading_meter_fully_billed', () => {
    const account = example();
    const old = exchangedGasMeter();
    old.transfer_readings = [
      { reading_date: '2019-05-01', reading_value: '420', reading_type: 'ROUTINE' },
    ];
    account.supply_addresses[0].meter_points[1].meters.unshift(old);
    expect(codes(account)).toEqual([
      [`${GAS}.meters.0.transfer_readings`, 'reading_meter_fully_billed'],
    ]);
  });

  test('[GEN-6] prepay details on a fully billed exchanged meter is prepay_details_on_fully_billed_meter', () => {
    const account = example();
    const old = exchangedGasMeter();
    old.is_prepay = true;
    old.prepay_details = {
      debt_balance: '0',
      credit_balance: '2.00',
      transfer_vend_read_date: '2019-04-30',
    };
    account.supply_addresses[0].meter_points[1].meters.unshift(old);
    expect(codes(account)).toEqual([
      [`${GAS}.meters.0.prepay_details`, 'prepay_details_on_fully_billed_meter'],
    ]);
  });

  test('[GEN-6] an exchanged meter without a last billed to date of its own is no_last_billed_to_date_on_exchanged_meter', () => {
    const account = example();
    const old = exchangedGasMeter();
    delete old.last_billed_to_date;
    old.transfer_readings = [
      { reading_date: '2019-08-01', reading_value: '420', reading_type: 'ROUTINE' },
    ];
    account.supply_addresses[0].meter_points[1].meters.unshift(old);
    expect(codes(account)).toEqual([
      [`${GAS}.meters.0.last_billed_to_date`, 'no_last_billed_to_date_on_exchanged_meter'],
    ]);
  });

  test('[GEN-6] an exchanged meter billed short of its removal without a transfer reading is no_transfer_reading_on_exchanged_meter', () => {
    const account = example();
    const old = exchangedGasMeter();
    old.last_billed_to_date = '2019-04-01';
    old.reading_history[0].billed = false;
    account.supply_addresses[0].meter_points[1].meters.unshift(old);
    expect(codes(account)).toEqual([
      [`${GAS}.meters.0.transfer_readings`, 'no_transfer_reading_on_exchanged_meter'],
    ]);
  });

  test('[GEN-6] an exchanged meter without a reading on its removal day is no_reading_on_removed_on', () => {
    const account = example();
    const old = exchangedGasMeter();
    old.reading_history[0].reading_date = '2019-04-30';
    account.supply_addresses[0].meter_points[1].meters.unshift(old);
    expect(codes(account)).toEqual([[`${GAS}.meters.0.removed_on`, 'no_reading_on_removed_on']]);
  });

  test('[GEN-6] a last billed to date on the replacement meter is last_billed_to_date_on_new_meter', () => {
    const account = example();
    account.supply_addresses[0].meter_points[1].meters.unshift(exchangedGasMeter());
    account.supply_addresses[0].meter_points[1].meters[1].last_billed_to_date = '2019-08-01';
    expect(codes(account)).toEqual([
      [`${GAS}.meters.1.last_billed_to_date`, 'last_billed_to_date_on_new_meter'],
    ]);
  });

  test('[GEN-6] a billed account without any last billed to date is last_billed_to_date_not_found', () => {
    const account = example();
    delete account.last_billed_to_date;
    account.statements = [{}];
    expect(codes(account)).toEqual([
      [`${ELEC}.meters.0.registers.0.last_billed_to_date`, 'last_billed_to_date_not_found'],
      [`${GAS}.meters.0.last_billed_to_date`, 'last_billed_to_date_not_found'],
    ]);
    // Never billed: no statement history, so no date is asked for.
    delete account.statements;
    delete account.ledgers;
    delete account.historical_statement_transactions;
    expect(codes(account)).toEqual([]);
  });

  test('[GEN-6] a serial number twice on a meter point without a dummy exchange is multiple_non_dmex_meters_with_serial_number', () => {
    const account = example();
    const meters = account.supply_addresses[0].meter_points[1].meters;
    meters.push(structuredClone(meters[0]));
    expect(codes(account)).toEqual([
      [`${GAS}.meters.1.meter_serial_number`, 'multiple_non_dmex_meters_with_serial_number'],
    ]);
    // A dummy exchange: the same meter removed one day and fitted again the next.
    const old = exchangedGasMeter();
    old.meter_serial_number = meters[0].meter_serial_number;
    old.installed_on = '2001-01-01';
    old.removed_on = '2001-12-31';
    old.last_billed_to_date = '2001-12-31';
    old.reading_history[0].reading_date = '2001-12-31';
    meters.splice(0, 2, old, meters[0]);
    meters[1].installed_on = '2002-01-01';
    expect(codes(account)).toEqual([]);
  });

  test('[GEN-6] two EACs of one TPR from one day is repeated_eac_for_tpr', () => {
    const account = example();
    const history = account.supply_addresses[0].meter_points[0].eac_history;
    history.push({ ...history[0], consumption: '1600' });
    expect(codes(account)).toEqual([[`${ELEC}.eac_history.1`, 'repeated_eac_for_tpr']]);
  });

  test('[GEN-6] an import/export meter on no import point is import_meter_not_found_for_export_meter', () => {
    const account = example();
    const points = account.supply_addresses[0].meter_points;
    const exported = exportPoint(points[0], 'E24X9981234');
    points.push(exported);
    expect(codes(account)).toEqual([
      [
        'supply_addresses.0.meter_points.2.meters.0.meter_serial_number',
        'import_meter_not_found_for_export_meter',
      ],
    ]);
    // Given on its import point as well, it is accepted.
    exported.meters[0].meter_serial_number = points[0].meters[0].meter_serial_number;
    expect(codes(account)).toEqual([]);
  });

  test('[GEN-6] an import/export meter on three meter points is unexpected_number_of_meter_points_found_for_meter, unless a twin element meter', () => {
    const account = example();
    const points = account.supply_addresses[0].meter_points;
    const serial = points[0].meters[0].meter_serial_number;
    points.push(exportPoint(points[0], serial));
    points.push({ ...structuredClone(points[0]), identifier: '1200060176738' });
    expect(codes(account)).toEqual([
      [
        'supply_addresses.0.meter_points.2.meters.0.meter_serial_number',
        'unexpected_number_of_meter_points_found_for_meter',
      ],
    ]);
    const ctx = testContext('2024-04-15');
    ctx.catalogue.twin_element_meter_serial_numbers = [serial];
    expect(codes(account, ctx)).toEqual([]);
  });

  test('[GEN-6] an ended supply without a reading on its end date is no_reading_on_supply_end_date', () => {
    const account = example();
    account.supply_addresses[0].meter_points[1].supply_end_date = '2019-07-31';
    expect(codes(account)).toEqual([[`${GAS}.supply_end_date`, 'no_reading_on_supply_end_date']]);
    // Ended on the billed-to date: the transfer reading is the final reading.
    account.supply_addresses[0].meter_points[1].supply_end_date = '2019-08-01';
    expect(codes(account)).toEqual([]);
  });

  test('[GEN-6] two open-ended AQ entries is multiple_open_ended_aqs_in_meterpoint_aq_history', () => {
    const account = example();
    const history = account.supply_addresses[0].meter_points[1].aq_history;
    history.push({ effective_from: '2020-01-01', consumption: '8800' });
    expect(codes(account)).toEqual([
      [`${GAS}.aq_history`, 'multiple_open_ended_aqs_in_meterpoint_aq_history'],
    ]);
  });
});
