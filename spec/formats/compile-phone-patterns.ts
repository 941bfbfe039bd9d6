/**
 * Compiles libphonenumber's metadata for the +44 numbering plan into the source of one module of
 * patterns (rule VAL-4, decision 027), so that a UK number is judged by one regular expression
 * instead of libphonenumber's parse, which tries each region sharing +44 and costs 11 to 30 us
 * per number the format memo has not seen (every number of a real migration).
 *
 * A number is valid for libphonenumber-js when, for one region of the calling code, its national
 * number matches the region's general pattern and one of its type patterns with that type's
 * possible lengths (fixed line, mobile, toll free, ...). The compiled pattern is the union of
 * exactly those conditions; lengths become lookaheads, so the union says the same thing.
 */

/** The parts of one region's entry in libphonenumber-js's compressed metadata this reads. */
type RegionEntry = unknown[];

/** The metadata JSON of libphonenumber-js (`libphonenumber-js/metadata.max.json`). */
export interface PhoneMetadata {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, RegionEntry>;
}

// Positions in the compressed metadata (libphonenumber-js metadata version 4).
const GENERAL_PATTERN = 2;
const GENERAL_LENGTHS = 3;
const NATIONAL_PREFIX = 5;
const TYPES = 11;

/** A lookahead that holds a national number to one of the type's possible lengths. */
function lengthGuard(lengths: readonly number[]): string {
  return `(?=(?:${lengths.map((n) => `\\d{${n}}`).join('|')})$)`;
}

/** One region's valid national numbers as one pattern source (anchored by the caller). */
function regionPattern(entry: RegionEntry): string {
  const general = entry[GENERAL_PATTERN] as string;
  const generalLengths = (entry[GENERAL_LENGTHS] as number[] | undefined) ?? [];
  const types = ((entry[TYPES] as unknown[] | undefined) ?? []).flatMap((type) => {
    if (!Array.isArray(type)) return [];
    const [pattern, lengths] = type as [string, number[] | undefined];
    const allowed = lengths ?? generalLengths;
    return [`${allowed.length > 0 ? lengthGuard(allowed) : ''}(?:${pattern})`];
  });
  return `(?=(?:${general})$)(?:${types.join('|')})$`;
}

/**
 * The source of the generated module: the calling code, the national prefix and one pattern
 * that a national number (digits only, no prefix) of any region sharing the code matches when
 * libphonenumber-js calls it valid.
 */
export function compileUkPhonePatterns(metadata: PhoneMetadata, callingCode = '44'): string {
  const regions = metadata.country_calling_codes[callingCode] ?? [];
  if (regions.length === 0) throw new Error(`no regions share +${callingCode}`);
  const main = metadata.countries[regions[0] as string] as RegionEntry;
  const union = regions
    .map((region) => `(?:${regionPattern(metadata.countries[region] as RegionEntry)})`)
    .join('|');
  return `// Generated from libphonenumber-js's metadata by scripts/generate-phone-patterns.ts; do not edit.

/** The calling code whose regions the pattern covers (${regions.join(', ')}). */
export const UK_CALLING_CODE = ${JSON.stringify(callingCode)};

/** The national prefix of the main region (${regions[0]}), written before a national number. */
export const UK_NATIONAL_PREFIX = ${JSON.stringify(main[NATIONAL_PREFIX] ?? '')};

/** The libphonenumber-js metadata version the pattern was compiled from. */
export const UK_PHONE_METADATA_VERSION = ${JSON.stringify(metadata.version)};

/**
 * A national number (digits only) that libphonenumber-js calls valid for one of the regions of
 * +${callingCode} (rule VAL-4, decision 027).
 */
export const UK_VALID_NATIONAL_NUMBER = new RegExp(${JSON.stringify(`^(?:${union})`)});
`;
}
