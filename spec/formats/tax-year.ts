/**
 * UK tax year (format `tax-year`): `YYYY/YY`, as the warm home discount's tax_year uses it.
 *
 * Source: docs/sources.md, EnergyWarmHomeDiscount (format `YYYY/YY`, e.g. `2018/19`, code
 * incorrect_format_for_tax_year) and TaxYear.yaml's x-kit-assumption (YY is the next year).
 */
import type { Faker } from '@faker-js/faker';

const TAX_YEAR_SHAPE = /^(\d{4})\/(\d{2})$/;

/** The tax year `YYYY/YY` that starts in `startYear` (2017 → `2017/18`). */
export function formatTaxYear(startYear: number): string {
  if (!Number.isInteger(startYear) || startYear < 0 || startYear > 9998) {
    throw new RangeError(`tax year start must be an integer 0-9998, got ${startYear}`);
  }
  const next = String((startYear + 1) % 100).padStart(2, '0');
  return `${String(startYear).padStart(4, '0')}/${next}`;
}

/**
 * Validator of the spec format `tax-year` (TaxYear.yaml; failure code
 * incorrect_format_for_tax_year): `^\d{4}/\d{2}$` and YY = (YYYY + 1) mod 100, because a tax year
 * runs from 6 April of one year into the next (so 1999/00 is valid, 2017/19 is not).
 */
export function isValidTaxYear(value: string): boolean {
  const match = TAX_YEAR_SHAPE.exec(value);
  if (!match) return false;
  return (Number(match[1]) + 1) % 100 === Number(match[2]);
}

const ISO_DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/**
 * The UK tax year a date falls in; the tax year starts on 6 April (`2024-04-05` → `2023/24`,
 * `2024-04-06` → `2024/25`). Takes a `YYYY-MM-DD` date (GEN-3) or a datetime that starts with
 * one; the calendar date as written is used, whatever the time zone.
 *
 * @throws RangeError when `date` does not start with a real calendar date.
 */
export function taxYearOf(date: string): string {
  const match = ISO_DATE_PREFIX.exec(date);
  if (!match) throw new RangeError(`taxYearOf needs a YYYY-MM-DD date, got "${date}"`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  // Round-tripping through Date.UTC rejects 2023-02-30 and month 13 without a calendar table.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new RangeError(`taxYearOf needs a real calendar date, got "${date}"`);
  }
  const beforeSixthApril = month < 4 || (month === 4 && day < 6);
  return formatTaxYear(beforeSixthApril ? year - 1 : year);
}

/** Options of {@link generateTaxYear}: the first and last start years, both included. */
export interface GenerateTaxYearOptions {
  from: number;
  to: number;
}

/**
 * A seeded, valid tax year whose start year lies in [from, to] (2017..2019 gives one of
 * `2017/18`, `2018/19`, `2019/20`).
 *
 * @throws RangeError when from/to are not integers or from > to.
 */
export function generateTaxYear(faker: Faker, options: GenerateTaxYearOptions): string {
  const { from, to } = options;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from > to) {
    throw new RangeError(`generateTaxYear needs integer years with from <= to, got ${from}..${to}`);
  }
  return formatTaxYear(faker.number.int({ min: from, max: to }));
}
