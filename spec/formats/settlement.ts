/**
 * Electricity settlement identifiers: Standard Settlement Configuration (SSC), Time Pattern
 * Regime (TPR) and profile class, with the few real SSC ↔ TPR pairs the fixtures use.
 *
 * Sources: docs/sources.md, SSC / TPR (Elexon CP1097) and §6 "MPAN" (profile classes); the
 * SSC ↔ TPR pairs and SSC descriptions are Elexon Market Domain Data as copied into the open
 * source billing system WessexWater/chellow (`mdd/original/Measurement_Requirement.csv`,
 * `Standard_Settlement_Configuration.csv`); which TPR of a pair is day and which night comes from
 * chellow's supplier-bill parser. See spec/formats/README.md "SSC and TPR".
 */
import type { Faker } from '@faker-js/faker';

/**
 * An SSC id: a 4-digit numeric string with leading zeros kept (`0393`; CP1097 via domain
 * notes §6). The spec's ElectricityMeterPoint.ssc uses the same pattern.
 */
export function isValidSsc(value: string): boolean {
  return /^\d{4}$/.test(value);
}

/**
 * A TPR id: a 5-digit numeric string with leading zeros kept (`00001`; `01017` is valid, `1017`
 * is not; CP1097 via docs/sources.md).
 */
export function isValidTpr(value: string): boolean {
  return /^\d{5}$/.test(value);
}

/**
 * The 4-digit SSC for a value that may have lost its leading zeros, as in S1's Postman example
 * (`"ssc": 393` → `0393`; docs/sources.md). Undefined for anything that cannot be an SSC.
 */
export function normaliseSsc(value: string | number): string | undefined {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d{1,4}$/.test(text)) return undefined;
  return text.padStart(4, '0');
}

/** Profile classes 00–08 and what they mean (docs/sources.md, MPAN). */
export const PROFILE_CLASSES: Readonly<Record<number, string>> = {
  0: 'Half-hourly',
  1: 'Domestic unrestricted',
  2: 'Domestic Economy 7 (multi-rate)',
  3: 'Non-domestic unrestricted',
  4: 'Non-domestic Economy 7 (multi-rate)',
  5: 'Non-domestic maximum demand, load factor up to 20%',
  6: 'Non-domestic maximum demand, load factor 20–30%',
  7: 'Non-domestic maximum demand, load factor 30–40%',
  8: 'Non-domestic maximum demand, load factor over 40%',
};

/** The two non-half-hourly meter types the fixtures model. */
export type MeterType = 'unrestricted' | 'economy7';

/** The profile class of a meter type for a domestic or business customer (classes 01–04). */
export function profileClassOf(meterType: MeterType, domestic: boolean): 1 | 2 | 3 | 4 {
  if (domestic) return meterType === 'unrestricted' ? 1 : 2;
  return meterType === 'unrestricted' ? 3 : 4;
}

/** The meter type of profile classes 01–04; undefined for 00 and 05–08. */
export function meterTypeOfProfileClass(profileClass: number): MeterType | undefined {
  if (profileClass === 1 || profileClass === 3) return 'unrestricted';
  if (profileClass === 2 || profileClass === 4) return 'economy7';
  return undefined;
}

/** What a TPR of a configuration measures. */
export type RegisterRate = 'single' | 'day' | 'night';

/** A real SSC and the TPRs of its registers. */
export interface SettlementConfiguration {
  readonly ssc: string;
  /** The MDD description of the SSC. */
  readonly description: string;
  readonly meterType: MeterType;
  /** The TPRs MDD lists for the SSC (its measurement requirements), labelled by rate. */
  readonly registers: readonly { readonly tpr: string; readonly rate: RegisterRate }[];
}

/**
 * Real SSC ↔ TPR pairs from Elexon MDD (see the file comment). 0393/00001 is also what S1's
 * example payload sends with profile class 1. The day/night labels are chellow's reading of
 * supplier bills, not MDD, so they are the least certain part.
 */
export const SETTLEMENT_CONFIGURATIONS: readonly SettlementConfiguration[] = [
  {
    ssc: '0393',
    description: 'Unrestricted',
    meterType: 'unrestricted',
    registers: [{ tpr: '00001', rate: 'single' }],
  },
  {
    ssc: '0151',
    description: '7-hour E7',
    meterType: 'economy7',
    registers: [
      { tpr: '00043', rate: 'day' },
      { tpr: '00210', rate: 'night' },
    ],
  },
  {
    ssc: '0244',
    description: '7-hour E7',
    meterType: 'economy7',
    registers: [
      { tpr: '00040', rate: 'day' },
      { tpr: '00206', rate: 'night' },
    ],
  },
];

/** The known configuration of an SSC, or undefined when the kit does not list it. */
export function settlementConfigurationOf(ssc: string): SettlementConfiguration | undefined {
  return SETTLEMENT_CONFIGURATIONS.find((c) => c.ssc === ssc);
}

/**
 * A seeded configuration that fits a profile class: 0393 for classes 01/03, one of the Economy 7
 * SSCs for 02/04.
 *
 * @throws RangeError for profile classes other than 01–04 (the kit models no others).
 */
export function generateSettlementConfiguration(
  faker: Faker,
  options: { profileClass: number },
): SettlementConfiguration {
  const meterType = meterTypeOfProfileClass(options.profileClass);
  if (!meterType) {
    throw new RangeError(`only profile classes 1-4 are modelled, got ${options.profileClass}`);
  }
  return faker.helpers.arrayElement(
    SETTLEMENT_CONFIGURATIONS.filter((c) => c.meterType === meterType),
  );
}
