import { base, en, en_GB, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { formatTaxYear, generateTaxYear, isValidTaxYear, taxYearOf } from './tax-year.ts';

function seeded(seed: number): Faker {
  const faker = new Faker({ locale: [en_GB, en, base] });
  faker.seed(seed);
  return faker;
}

describe('isValidTaxYear', () => {
  it.each(['2017/18', '2018/19', '1999/00', '2099/00', '2009/10'])('accepts %j', (value) => {
    expect(isValidTaxYear(value)).toBe(true);
  });

  it.each([
    ['2017/19', 'second part is not the next year'],
    ['2017/17', 'same year'],
    ['17/18', 'two-digit start'],
    ['2017-18', 'hyphen'],
    ['2017/2018', 'four-digit end'],
    ['2017/18 ', 'trailing space'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value) => {
    expect(isValidTaxYear(value)).toBe(false);
  });
});

describe('taxYearOf', () => {
  it.each([
    ['2024-04-05', '2023/24'],
    ['2024-04-06', '2024/25'],
    ['2024-01-01', '2023/24'],
    ['2024-12-31', '2024/25'],
    ['2000-03-31', '1999/00'],
    ['2019-04-06T00:00:00Z', '2019/20'],
  ])('puts %s in %s (the tax year starts on 6 April)', (date, expected) => {
    expect(taxYearOf(date)).toBe(expected);
  });

  it.each(['2024-02-30', '2024-13-01', '24-04-06', '6 April 2024', ''])(
    'refuses %j, which is no calendar date',
    (date) => {
      expect(() => taxYearOf(date)).toThrow(RangeError);
    },
  );
});

describe('generateTaxYear', () => {
  it('generates valid tax years inside the range for 1,000 seeds', () => {
    const allowed = ['2017/18', '2018/19', '2019/20'];
    for (let seed = 0; seed < 1000; seed++) {
      const taxYear = generateTaxYear(seeded(seed), { from: 2017, to: 2019 });
      expect(isValidTaxYear(taxYear), `seed ${seed}: ${taxYear}`).toBe(true);
      expect(allowed).toContain(taxYear);
    }
  });

  it('formats a start year, including the turn of a century', () => {
    expect(formatTaxYear(2017)).toBe('2017/18');
    expect(formatTaxYear(1999)).toBe('1999/00');
    expect(() => formatTaxYear(2017.5)).toThrow(RangeError);
  });

  it('refuses an empty or non-integer range', () => {
    expect(() => generateTaxYear(seeded(1), { from: 2020, to: 2019 })).toThrow(RangeError);
    expect(() => generateTaxYear(seeded(1), { from: 2019.5, to: 2020 })).toThrow(RangeError);
  });

  it('is deterministic: the same seed gives the same tax years', () => {
    const run = (seed: number) => {
      const faker = seeded(seed);
      return Array.from({ length: 8 }, () => generateTaxYear(faker, { from: 2000, to: 2030 }));
    };
    expect(run(9)).toEqual(run(9));
    expect(run(9)).not.toEqual(run(10));
  });
});
