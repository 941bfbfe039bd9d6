/**
 * Meter serial numbers (MSN) of electricity and gas meters: tolerant validators and seeded
 * generators in the industry shapes.
 *
 * Source: docs/sources.md, Meter serial number (S12 shapes, S1 examples `Z16N389556` and
 * `54BV`, and the mock's tolerant rule). The real platform's "industry format" is unpublished,
 * so these checks are deliberately loose. [I]
 */
import type { Faker } from '@faker-js/faker';

/**
 * The form the checks compare: surrounding and inner whitespace removed, upper case (the notes'
 * "trim and uppercase"; spaces may appear inside printed serials, S12).
 */
export function normaliseMeterSerialNumber(value: string): string {
  return value.replace(WHITESPACE, '').toUpperCase();
}

const WHITESPACE = /\s+/g;
const ELECTRICITY_SERIAL = /^[A-Z0-9]{1,11}$/;
const GAS_SERIAL = /^[A-Z0-9]{1,14}$/;

/**
 * Electricity MSN check: after {@link normaliseMeterSerialNumber}, 1–11 letters or digits.
 * The notes suggest 1–10, but S12's own example `S06DS123456` has 11 characters, and rejecting a
 * documented real shape would be worse than accepting one character more. Empty is `blank`
 * (invalid here too).
 */
export function isValidElectricityMeterSerialNumber(value: string): boolean {
  return ELECTRICITY_SERIAL.test(normaliseMeterSerialNumber(value));
}

/**
 * Gas MSN check: after {@link normaliseMeterSerialNumber}, 1–14 letters or digits (domain
 * notes §6; covers S1's `54BV` and 14-character modern serials such as `G4A01234567890`).
 */
export function isValidGasMeterSerialNumber(value: string): boolean {
  return GAS_SERIAL.test(normaliseMeterSerialNumber(value));
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const LETTER_LIST = [...LETTERS];

/**
 * A seeded electricity MSN in the S12 shape `A##A[A]#####[#]`, 10 characters: manufacturer
 * letter, 2-digit certification year, one or two purchaser letters, batch digits (like S1's
 * `Z16N389556`). Ten characters keep it inside the notes' stricter 10-character assumption too.
 * I and O are left out so a serial never reads as 1 or 0.
 */
export function generateElectricityMeterSerialNumber(faker: Faker): string {
  const manufacturer = faker.helpers.arrayElement(LETTER_LIST);
  const year = String(faker.number.int({ min: 0, max: 24 })).padStart(2, '0');
  const purchaserLength = faker.number.int({ min: 1, max: 2 });
  const purchaser = faker.string.fromCharacters(LETTERS, purchaserLength);
  const batch = faker.string.numeric({ length: 7 - purchaserLength, allowLeadingZeros: true });
  return manufacturer + year + purchaser + batch;
}

/**
 * A seeded gas MSN in the 14-character shape `A#A###########` (e.g. `G4A01234567890`): a
 * manufacturer letter, a model digit and letter, then 11 digits. The shape is the kit's
 * illustration of modern serials, not a published format. [I]
 */
export function generateGasMeterSerialNumber(faker: Faker): string {
  return (
    faker.helpers.arrayElement(LETTER_LIST) +
    faker.string.numeric({ length: 1, allowLeadingZeros: false }) +
    faker.helpers.arrayElement(LETTER_LIST) +
    faker.string.numeric({ length: 11, allowLeadingZeros: true })
  );
}
