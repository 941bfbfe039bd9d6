/**
 * UK postcode (format `uk-postcode`): strict shape check, normalisation and a seeded generator.
 *
 * Source: docs/sources.md, Postcode (regexlib/dqrules, checked) and Postcode.yaml's
 * x-kit-assumption, which fixes the exact regex.
 */
import type { Faker } from '@faker-js/faker';

/**
 * The strict postcode shape of the notes and Postcode.yaml: outward `A9 | A99 | AA9 | AA99 |
 * A9A | AA9A`, an optional single space, inward `9AA` whose letters exclude C, I, K, M, O, V.
 * Case-insensitive. `GIR 0AA` is handled separately.
 */
export const UK_POSTCODE_PATTERN = /^([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][ABD-HJLNP-UW-Z]{2})$/i;

// The one postcode outside the pattern (Girobank); accepted with or without its space.
const GIROBANK_PATTERN = /^GIR ?0AA$/i;

/** The letters allowed in the two letters of an inward code (docs/sources.md). */
export const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

const INWARD_LETTER_LIST = [...INWARD_LETTERS];

/**
 * Validator of the spec format `uk-postcode` (Postcode.yaml; failure code invalid_postcode):
 * the strict regex, any case, with or without the single space, plus GIR 0AA. The regex does not
 * restrict the first letter, so shapes such as `Q1 1AA` pass: the spec fixes the regex, and the
 * real platform's own check is unpublished.
 */
export function isValidUkPostcode(value: string): boolean {
  return UK_POSTCODE_PATTERN.test(value) || GIROBANK_PATTERN.test(value);
}

/**
 * The canonical form `OUTWARD INWARD` in upper case (`w1f9de` → `W1F 9DE`), as the real platform
 * normalises postcodes (docs/sources.md). More forgiving than the validator about whitespace
 * (it ignores any amount of it); returns undefined when the characters left are no postcode.
 */
export function normalisePostcode(value: string): string | undefined {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (GIROBANK_PATTERN.test(compact)) return 'GIR 0AA';
  const match = UK_POSTCODE_PATTERN.exec(compact);
  if (!match) return undefined;
  return `${match[1]} ${match[2]}`;
}

/** The postcode area (the leading letters, e.g. `BH` of `BH24 4BP`), or undefined if invalid. */
export function postcodeAreaOf(value: string): string | undefined {
  const normalised = normalisePostcode(value);
  if (normalised === undefined || normalised === 'GIR 0AA') return undefined;
  return /^[A-Z]+/.exec(normalised)?.[0];
}

// Districts used per area: "a-b" is a range of district numbers, anything else an explicit
// outward code. The ranges are a conservative pick of districts that exist, so generated
// outward codes look real; they are not checked against the postcode address file. [I]
const AREA_DISTRICTS: Readonly<Record<string, string>> = {
  // _A Eastern
  CB: '1-11',
  CM: '1-23',
  CO: '1-16',
  IP: '1-14',
  NR: '1-30',
  SG: '1-19',
  AL: '1-10',
  LU: '1-7',
  // _B East Midlands
  NG: '1-25',
  LE: '1-19',
  DE: '1-7 21-24',
  NN: '1-18',
  LN: '1-13',
  // _C London
  E: '1-18',
  EC: 'EC1A EC1M EC1N EC1R EC1V EC1Y EC2A EC2M EC2N EC2R EC2V EC2Y EC3A EC3M EC3N EC3R EC3V EC4A EC4M EC4N EC4R EC4V EC4Y',
  N: '1-22',
  NW: '1-11',
  SE: '1-28',
  SW: '2-20 SW1A SW1E SW1H SW1P SW1V SW1W SW1X SW1Y',
  W: '2-14 W1B W1C W1D W1F W1G W1H W1J W1K W1S W1T W1U W1W',
  WC: 'WC1A WC1B WC1E WC1H WC1N WC1R WC1V WC1X WC2A WC2B WC2E WC2H WC2N WC2R',
  // _D Merseyside & North Wales
  L: '1-36',
  CH: '1-7 41-49',
  LL: '11-49',
  CW: '1-12',
  // _E West Midlands
  B: '1-48',
  CV: '1-13',
  WV: '1-16',
  WS: '1-15',
  DY: '1-14',
  WR: '1-15',
  // _F North East
  NE: '1-13',
  SR: '1-8',
  DH: '1-9',
  TS: '1-29',
  DL: '1-17',
  // _G North West
  M: '1-35',
  BL: '1-9',
  OL: '1-16',
  PR: '1-9',
  BB: '1-12',
  FY: '1-8',
  LA: '1-23',
  CA: '1-28',
  // _H Southern
  SO: '14-24',
  PO: '1-22',
  BH: '1-25',
  RG: '1-31',
  OX: '1-18',
  SP: '1-11',
  // _J South East
  BN: '1-3 5-27',
  TN: '1-40',
  CT: '1-21',
  ME: '1-20',
  RH: '1-20',
  // _K South Wales
  CF: '31-48',
  SA: '1-20',
  NP: '15-26',
  // _L South West
  EX: '1-39',
  PL: '1-35',
  TQ: '1-14',
  TR: '1-27',
  BS: '1-41',
  TA: '1-24',
  // _M Yorkshire
  LS: '1-29',
  S: '1-14',
  BD: '1-24',
  HU: '1-20',
  YO: 'YO1 YO10 YO19 YO23 YO24 YO25 YO26 YO30 YO31 YO32',
  HD: '1-9',
  HX: '1-7',
  WF: '1-17',
  DN: '1-22',
  // _N South Scotland
  G: '1-5 11-15 20-23 31-34 40-46',
  EH: '1-17',
  KA: '1-30',
  ML: '1-12',
  PA: '1-19',
  TD: '1-15',
  DG: '1-16',
  // _P North Scotland
  AB: '10-16 21-25',
  IV: '1-28',
  KW: '1-17',
  PH: '1-26',
  HS: '1-9',
  ZE: '1-3',
};

/** The postcode areas the generator knows districts for (all areas of the GSP group table). */
export const KNOWN_POSTCODE_AREAS: readonly string[] = Object.keys(AREA_DISTRICTS);

const districtCache = new Map<string, readonly string[]>();

/** The outward codes the generator uses for an area (see the district table's note). */
export function outwardCodesOf(area: string): readonly string[] {
  const upper = area.toUpperCase();
  const cached = districtCache.get(upper);
  if (cached) return cached;
  // An area outside the table gets districts 1-9, which exist in most areas. [I]
  const spec = AREA_DISTRICTS[upper] ?? '1-9';
  const codes: string[] = [];
  for (const token of spec.split(' ')) {
    const range = /^(\d+)-(\d+)$/.exec(token);
    if (!range) {
      codes.push(token);
      continue;
    }
    for (let d = Number(range[1]); d <= Number(range[2]); d++) codes.push(`${upper}${d}`);
  }
  districtCache.set(upper, codes);
  return codes;
}

/** Options of {@link generatePostcode}. */
export interface GeneratePostcodeOptions {
  /** A postcode area (1–2 letters, e.g. `BH`); by default one of {@link KNOWN_POSTCODE_AREAS}. */
  area?: string;
}

/**
 * A seeded, valid postcode in canonical form (docs/sources.md): an outward code of a real area
 * (see {@link outwardCodesOf}), a space, an inward digit and two allowed letters.
 *
 * @throws RangeError when `area` is not 1–2 letters.
 */
export function generatePostcode(faker: Faker, options: GeneratePostcodeOptions = {}): string {
  const area = options.area ?? faker.helpers.arrayElement(KNOWN_POSTCODE_AREAS);
  if (!/^[A-Z]{1,2}$/i.test(area)) {
    throw new RangeError(`postcode area must be 1-2 letters, got "${area}"`);
  }
  const outward = faker.helpers.arrayElement(outwardCodesOf(area));
  const inward =
    faker.string.numeric({ length: 1, allowLeadingZeros: true }) +
    faker.helpers.arrayElement(INWARD_LETTER_LIST) +
    faker.helpers.arrayElement(INWARD_LETTER_LIST);
  return `${outward} ${inward}`;
}
