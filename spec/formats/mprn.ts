/**
 * MPRN (format `mprn`): the gas meter point reference number.
 *
 * Source: docs/sources.md, MPRN (S9; checked on 10-digit examples from S1 and the EDF spec).
 */
import type { Faker } from '@faker-js/faker';

/**
 * The two check digits of an MPRN body (the digits before the check digits): the digits weighted
 * n, n−1, …, 1 from the left, summed, mod 11, written as two digits ("00"–"10")
 * (docs/sources.md, MPRN).
 *
 * @throws RangeError when `body` is not 4–8 digits (an MPRN is 6–10 digits in all).
 */
export function mprnCheckDigits(body: string): string {
  if (!/^\d{4,8}$/.test(body)) {
    throw new RangeError(`mprnCheckDigits needs a body of 4-8 digits, got "${body}"`);
  }
  const n = body.length;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += Number(body[i]) * (n - i);
  }
  return String(sum % 11).padStart(2, '0');
}

/**
 * Validator of the spec format `mprn` (Mprn.yaml): 6–10 digits whose last two are the check
 * digits of the rest (docs/sources.md; failure code invalid_supply_point_identifier). The notes
 * verified the rule on 10-digit MPRNs only; applying it to 6–9 digits is the spec's assumption.
 */
export function isValidMprn(value: string): boolean {
  if (!/^\d{6,10}$/.test(value)) return false;
  return mprnCheckDigits(value.slice(0, -2)) === value.slice(-2);
}

/**
 * A seeded, valid 10-digit MPRN (docs/sources.md): a non-zero leading digit, 7 random digits and
 * the check digits. The leading digit is never 0 because systems that hold an MPRN as a number
 * would drop it and see a 9-digit value. [I, kit choice]
 */
export function generateMprn(faker: Faker): string {
  const body =
    faker.string.numeric({ length: 1, allowLeadingZeros: false }) +
    faker.string.numeric({ length: 7, allowLeadingZeros: true });
  return body + mprnCheckDigits(body);
}
