/**
 * The kit's identifier and format rules: every rule has a validator (used by the spec's ajv
 * formats and the mock) and a seeded generator (used by the fixtures) in the same file.
 * See spec/formats/README.md for each rule's source and the decisions taken.
 */
import type { Ajv } from 'ajv';
import { memoiseCheck } from './memo.ts';
import {
  isValidElectricityMeterSerialNumber,
  isValidGasMeterSerialNumber,
} from './meter-serial.ts';
import { isValidMpanCore } from './mpan.ts';
import { isValidMprn } from './mprn.ts';
import { isValidUkPhoneNumber } from './phone.ts';
import { isValidUkPostcode } from './postcode.ts';
import { isValidSmartDeviceId } from './smart-device-id.ts';
import { isValidTaxYear } from './tax-year.ts';

export * from './meter-serial.ts';
export * from './mpan.ts';
export * from './mprn.ts';
export * from './phone.ts';
export * from './postcode.ts';
export * from './settlement.ts';
export * from './smart-device-id.ts';
export * from './tariff-code.ts';
export * from './tax-year.ts';

/**
 * The custom formats the spec declares (`format:` in PhoneNumber, Postcode, MpanCore, Mprn,
 * TaxYear, ElectricityMeter and GasMeter.yaml), by name, with the validator that implements each.
 */
export const kitFormats: Readonly<Record<string, (value: string) => boolean>> = {
  'uk-phone': isValidUkPhoneNumber,
  'uk-postcode': isValidUkPostcode,
  'mpan-core': isValidMpanCore,
  mprn: isValidMprn,
  'tax-year': isValidTaxYear,
  'electricity-meter-serial': isValidElectricityMeterSerialNumber,
  'gas-meter-serial': isValidGasMeterSerialNumber,
  'smart-device-id': isValidSmartDeviceId,
};

/**
 * Registers {@link kitFormats} on an ajv instance (Ajv or Ajv2020) as string formats, so schemas
 * using them compile under ajv's strict mode; returns the same instance. Each check is memoised
 * per value (bounded, {@link memoiseCheck}): the same answer, computed once per value.
 */
export function addKitFormats<T extends Pick<Ajv, 'addFormat'>>(ajv: T): T {
  for (const [name, validate] of Object.entries(kitFormats)) {
    ajv.addFormat(name, { type: 'string', validate: memoiseCheck(validate) });
  }
  return ajv;
}
export { addDays } from './dates.ts';
export { type DateRange, type LedgerFacts, openStatementPeriod } from './statement-period.ts';
