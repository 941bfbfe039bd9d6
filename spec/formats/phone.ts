/**
 * UK telephone numbers (format `uk-phone`, rule VAL-4): validity as libphonenumber judges it, and
 * seeded generators that only ever produce numbers reserved from real use.
 *
 * Source: docs/sources.md, Phone numbers (libphonenumber-js 1.13.16 `max` metadata, checked)
 * and spec/formats/README.md "Phone numbers" for the fixture ranges and their evidence.
 */
import type { Faker } from '@faker-js/faker';
import { type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { UK_VALID_NATIONAL_NUMBER } from '../generated/uk-phone-patterns.ts';
import { memoiseCheck } from './memo.ts';

// Characters a written phone number may contain. libphonenumber itself digs a number out of any
// text ("abc0207…", "… x12", "tel:…"); the kit refuses letters so that such values fail. [I]
const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;

// +44 covers Great Britain, Northern Ireland and the Crown Dependencies (GG, JE, IM), which all
// sit in the UK numbering plan that PhoneNumber.yaml asks for.
const UK_CALLING_CODE = '44';

function parseUk(value: string): PhoneNumber | undefined {
  if (value.length > 32 || !PHONE_CHARACTERS.test(value)) return undefined;
  const parsed = parsePhoneNumberFromString(value, { defaultCountry: 'GB' });
  if (!parsed || parsed.countryCallingCode !== UK_CALLING_CODE) return undefined;
  return parsed.isValid() ? parsed : undefined;
}

// The written forms the compiled pattern answers for itself: digits and spaces, with +44, 0044
// or the national prefix 0 in front. Anything else (brackets, dots, dashes, other international
// prefixes, a calling code without its plus) is parsed by libphonenumber, whose rules for those
// forms are not worth copying.
const PLAIN_FORM = /^\+?[0-9 ]+$/;

/**
 * The national number of a value in a plain form, or undefined when libphonenumber must read it
 * (see PLAIN_FORM). The national prefix is taken off after +44 too, as libphonenumber does
 * (`+44 (0)20…`).
 */
function plainNationalNumber(value: string): string | undefined {
  if (!PLAIN_FORM.test(value)) return undefined;
  const digits = value.replaceAll(' ', '');
  let national: string;
  if (digits.startsWith('+')) {
    if (!digits.startsWith('+44')) return undefined;
    national = digits.slice(3);
  } else if (digits.startsWith('0044')) national = digits.slice(4);
  else if (digits.startsWith('00') || digits.startsWith('44')) return undefined;
  else national = digits;
  // 180020 is the text relay prefix, which libphonenumber strips by its own rules.
  if (national.startsWith('180020')) return undefined;
  return national.startsWith('0') ? national.slice(1) : national;
}

// libphonenumber's parse costs tens of microseconds: its answers for the written forms the
// pattern leaves to it are remembered (bounded); the pattern itself costs less than a memo.
const validByLibrary = memoiseCheck((value) => parseUk(value) !== undefined);

/**
 * `uk-phone` judged by the patterns compiled from libphonenumber's metadata at build time
 * (spec/generated/uk-phone-patterns.ts, decision 027) for plain forms, and by libphonenumber for
 * the rest: the same answers (spec/formats/phone-compiled.test.ts holds them to the library on
 * tens of thousands of numbers), without a parse per number.
 */
export function isValidUkPhoneNumberCompiled(value: string): boolean {
  if (value.length > 32 || !PHONE_CHARACTERS.test(value)) return false;
  const national = plainNationalNumber(value);
  if (national === undefined) return validByLibrary(value);
  return UK_VALID_NATIONAL_NUMBER.test(national);
}

/**
 * Validator of the spec format `uk-phone` (PhoneNumber.yaml, VAL-4; failure code
 * invalid_phone_number): a number in national (`02072343456`, `7123456789`) or international
 * (`+442076543210`, `0044…`) form that libphonenumber-js/max, with GB as default region, calls
 * valid (not merely possible) and whose country code is +44. Letters, extensions and more than
 * 32 characters fail.
 */
export function isValidUkPhoneNumber(value: string): boolean {
  return isValidUkPhoneNumberCompiled(value);
}

/** The same validator through libphonenumber's parse alone: the reference the compiled one is held to. */
export function isValidUkPhoneNumberByLibrary(value: string): boolean {
  return parseUk(value) !== undefined;
}

/** A valid UK number in national format (`020 7946 0123`), or undefined when it is not valid. */
export function formatUkNational(value: string): string | undefined {
  return parseUk(value)?.formatNational();
}

/** A valid UK number in E.164 form (`+442079460123`), or undefined when it is not valid. */
export function formatUkE164(value: string): string | undefined {
  return parseUk(value)?.number;
}

/**
 * Ofcom's drama landline ranges that libphonenumber-js/max accepts as valid fixed lines: each
 * entry is the national number up to the last three digits, so it stands for 1,000 numbers
 * (e.g. `0113496` 0xxx). Ofcom reserves these for fiction; none can belong to a person.
 * Checked with the library for all 1,000 numbers of each range. Left out because the library
 * rejects them: Nottingham `0115 496 0xxx` and the no-area range `01632 960xxx`.
 */
export const DRAMA_LANDLINE_PREFIXES: readonly string[] = [
  '01134960', // Leeds 0113 496 0xxx
  '01144960', // Sheffield
  '01164960', // Leicester
  '01174960', // Bristol
  '01184960', // Reading
  '01214960', // Birmingham
  '01314960', // Edinburgh
  '01414960', // Glasgow
  '01514960', // Liverpool
  '01614960', // Manchester
  '01914980', // Tyneside, Durham, Sunderland 0191 498 0xxx
  '02079460', // London 020 7946 0xxx
  '02896496', // Northern Ireland 028 9649 6xxx
  '02920180', // Cardiff 029 2018 0xxx
];

/**
 * The national prefix of every generated mobile: `072`, i.e. 07200 000000 – 07299 999999.
 * Ofcom's drama mobiles (07700 900xxx) are invalid in libphonenumber, so they cannot pass the
 * validator. 072 is valid there (pattern `7[1-3]\d\d`), yet in Ofcom's numbering data the whole
 * range is "Protected" (not available for allocation) and no operator holds any of it; see
 * spec/formats/README.md "Phone numbers" for the evidence and its limits.
 */
export const FIXTURE_MOBILE_PREFIX = '072';

/** How a generator writes its number. */
export type PhoneNumberStyle = 'compact' | 'national' | 'e164';

/** Options of the phone number generators. */
export interface GeneratePhoneOptions {
  /** `compact` (default): `02079460123`; `national`: `020 7946 0123`; `e164`: `+442079460123`. */
  style?: PhoneNumberStyle;
}

function styled(compact: string, style: PhoneNumberStyle): string {
  if (style === 'compact') return compact;
  const parsed = parsePhoneNumberFromString(compact, { defaultCountry: 'GB' });
  // Unreachable while the ranges above stay valid; the unit tests hold them to that.
  if (!parsed) throw new Error(`generated phone number ${compact} does not parse`);
  return style === 'national' ? parsed.formatNational() : parsed.number;
}

/**
 * A seeded landline from an Ofcom drama range that the validator accepts (docs/sources.md:
 * "Valid drama numbers safe for fixtures"). Never a real subscriber's number.
 */
export function generateLandline(faker: Faker, options: GeneratePhoneOptions = {}): string {
  const compact =
    faker.helpers.arrayElement(DRAMA_LANDLINE_PREFIXES) +
    faker.string.numeric({ length: 3, allowLeadingZeros: true });
  return styled(compact, options.style ?? 'compact');
}

/**
 * A seeded mobile number in the Ofcom-protected 072 range (see {@link FIXTURE_MOBILE_PREFIX}):
 * valid for libphonenumber-js/max, allocated to no operator.
 */
export function generateMobile(faker: Faker, options: GeneratePhoneOptions = {}): string {
  const compact =
    FIXTURE_MOBILE_PREFIX + faker.string.numeric({ length: 8, allowLeadingZeros: true });
  return styled(compact, options.style ?? 'compact');
}
