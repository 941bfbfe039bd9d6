/**
 * MPAN core (format `mpan-core`): the 13-digit electricity meter point identifier, plus the
 * distributor → GSP group facts that fixtures need to keep an MPAN, a postcode and a tariff code
 * in the same region.
 *
 * Source: docs/sources.md, MPAN (S8 `limejump/mpan`, S9, S13).
 */
import type { Faker } from '@faker-js/faker';

/** The 14 GSP group letters: `_A` to `_P` without `_I` and `_O` (docs/sources.md). */
export type GspGroupLetter =
  | 'A'
  | 'B'
  | 'C'
  | 'D'
  | 'E'
  | 'F'
  | 'G'
  | 'H'
  | 'J'
  | 'K'
  | 'L'
  | 'M'
  | 'N'
  | 'P';

/** One DNO licence area: the distributor id that starts its MPAN cores and its GSP group. */
export interface DnoRegion {
  /** The first two digits of every MPAN core in the area (10–23). */
  readonly distributorId: number;
  /** The DNO's market participant id in S8's table, e.g. `LOND`. */
  readonly mpid: string;
  /** GSP group letter; the industry id is `_` + letter, the Octopus tariff suffix is the letter. */
  readonly gspGroup: GspGroupLetter;
  readonly regionName: string;
}

/**
 * The DNO table, distributor id 10–23 → GSP group and region (docs/sources.md, S8 `data.py` and
 * S13). IDNOs (24–38) have no region of their own: they build networks inside these areas.
 */
export const DNO_REGIONS: readonly DnoRegion[] = [
  { distributorId: 10, mpid: 'EELC', gspGroup: 'A', regionName: 'Eastern' },
  { distributorId: 11, mpid: 'EMEB', gspGroup: 'B', regionName: 'East Midlands' },
  { distributorId: 12, mpid: 'LOND', gspGroup: 'C', regionName: 'London' },
  { distributorId: 13, mpid: 'MANW', gspGroup: 'D', regionName: 'Merseyside & North Wales' },
  { distributorId: 14, mpid: 'MIDE', gspGroup: 'E', regionName: 'West Midlands' },
  { distributorId: 15, mpid: 'NEEB', gspGroup: 'F', regionName: 'North East' },
  { distributorId: 16, mpid: 'NORW', gspGroup: 'G', regionName: 'North West' },
  { distributorId: 17, mpid: 'HYDE', gspGroup: 'P', regionName: 'North Scotland' },
  { distributorId: 18, mpid: 'SPOW', gspGroup: 'N', regionName: 'South Scotland' },
  { distributorId: 19, mpid: 'SEEB', gspGroup: 'J', regionName: 'South East' },
  { distributorId: 20, mpid: 'SOUT', gspGroup: 'H', regionName: 'Southern' },
  { distributorId: 21, mpid: 'SWAE', gspGroup: 'K', regionName: 'South Wales' },
  { distributorId: 22, mpid: 'SWEB', gspGroup: 'L', regionName: 'South West' },
  { distributorId: 23, mpid: 'YELG', gspGroup: 'M', regionName: 'Yorkshire' },
];

/** All 14 GSP group letters, in distributor id order. */
export const GSP_GROUP_LETTERS: readonly GspGroupLetter[] = DNO_REGIONS.map((r) => r.gspGroup);

/**
 * A few postcode areas that lie wholly (or almost wholly) inside each GSP group, so a fixture
 * can give a supply address whose postcode matches its MPAN's distributor. Not a full map:
 * areas that straddle two DNO areas (e.g. PE, GU, SY, WA) are left out on purpose. [I, kit
 * choice; the areas are real outward areas.]
 */
export const GSP_GROUP_POSTCODE_AREAS: Readonly<Record<GspGroupLetter, readonly string[]>> = {
  A: ['CB', 'CM', 'CO', 'IP', 'NR', 'SG', 'AL', 'LU'],
  B: ['NG', 'LE', 'DE', 'NN', 'LN'],
  C: ['E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC'],
  D: ['L', 'CH', 'LL', 'CW'],
  E: ['B', 'CV', 'WV', 'WS', 'DY', 'WR'],
  F: ['NE', 'SR', 'DH', 'TS', 'DL'],
  G: ['M', 'BL', 'OL', 'PR', 'BB', 'FY', 'LA', 'CA'],
  H: ['SO', 'PO', 'BH', 'RG', 'OX', 'SP'],
  J: ['BN', 'TN', 'CT', 'ME', 'RH'],
  K: ['CF', 'SA', 'NP'],
  L: ['EX', 'PL', 'TQ', 'TR', 'BS', 'TA'],
  M: ['LS', 'S', 'BD', 'HU', 'YO', 'HD', 'HX', 'WF', 'DN'],
  N: ['G', 'EH', 'KA', 'ML', 'PA', 'TD', 'DG'],
  P: ['AB', 'IV', 'KW', 'PH', 'HS', 'ZE'],
};

// Weights for digits 1..12: the primes 3..43 without 11 (11 is the modulus, so it would
// contribute nothing).
const MPAN_PRIMES = [3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43] as const;

/** Lowest and highest distributor id accepted (DNOs 10–23, IDNOs 24–38; docs/sources.md). */
export const MPAN_DISTRIBUTOR_ID_RANGE = { min: 10, max: 38 } as const;

/**
 * The MPAN core check digit of the first 12 digits: Σ prime[i]·digit[i] mod 11 mod 10
 * (docs/sources.md, Check digit; S8 code, S9 prose).
 *
 * @throws RangeError when `first12` is not exactly 12 digits.
 */
export function mpanCheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) {
    throw new RangeError(`mpanCheckDigit needs 12 digits, got "${first12}"`);
  }
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    sum += MPAN_PRIMES[i]! * Number(first12[i]);
  }
  return (sum % 11) % 10;
}

/**
 * Validator of the spec format `mpan-core` (MpanCore.yaml): 13 digits, distributor id 10–38 and
 * a correct check digit (docs/sources.md; failure code invalid_supply_point_identifier).
 */
export function isValidMpanCore(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const distributorId = Number(value.slice(0, 2));
  if (distributorId < MPAN_DISTRIBUTOR_ID_RANGE.min) return false;
  if (distributorId > MPAN_DISTRIBUTOR_ID_RANGE.max) return false;
  return mpanCheckDigit(value.slice(0, 12)) === Number(value[12]);
}

/** The DNO region of a distributor id 10–23, or undefined (IDNOs and unknown ids). */
export function dnoRegionOf(distributorId: number): DnoRegion | undefined {
  return DNO_REGIONS.find((r) => r.distributorId === distributorId);
}

/** The DNO region owning a GSP group letter (each letter has exactly one DNO). */
export function dnoRegionOfGspGroup(gspGroup: GspGroupLetter): DnoRegion {
  const region = DNO_REGIONS.find((r) => r.gspGroup === gspGroup);
  // Unreachable for a GspGroupLetter; kept so a widened caller fails loudly.
  if (!region) throw new RangeError(`unknown GSP group "${gspGroup}"`);
  return region;
}

/**
 * The GSP group a postcode's area belongs to, from {@link GSP_GROUP_POSTCODE_AREAS}; undefined
 * for areas the table leaves out. Lets the mock and fixtures check MPAN ↔ postcode consistency.
 */
export function gspGroupOfPostcodeArea(area: string): GspGroupLetter | undefined {
  const wanted = area.toUpperCase();
  for (const letter of GSP_GROUP_LETTERS) {
    if (GSP_GROUP_POSTCODE_AREAS[letter].includes(wanted)) return letter;
  }
  return undefined;
}

/** Options of {@link generateMpanCore}. */
export interface GenerateMpanCoreOptions {
  /** Distributor id 10–38; by default a DNO id 10–23 picked by the faker. */
  distributorId?: number;
}

/**
 * A seeded, valid MPAN core (docs/sources.md): distributor id, 10 random digits, check digit.
 * Without a distributor id it picks one of the 14 DNOs, as nearly all domestic MPANs are theirs.
 *
 * @throws RangeError for a distributor id outside 10–38.
 */
export function generateMpanCore(faker: Faker, options: GenerateMpanCoreOptions = {}): string {
  const distributorId =
    options.distributorId ?? faker.helpers.arrayElement(DNO_REGIONS).distributorId;
  if (
    !Number.isInteger(distributorId) ||
    distributorId < MPAN_DISTRIBUTOR_ID_RANGE.min ||
    distributorId > MPAN_DISTRIBUTOR_ID_RANGE.max
  ) {
    throw new RangeError(`distributor id must be an integer 10-38, got ${distributorId}`);
  }
  const first12 =
    String(distributorId) + faker.string.numeric({ length: 10, allowLeadingZeros: true });
  return first12 + String(mpanCheckDigit(first12));
}
