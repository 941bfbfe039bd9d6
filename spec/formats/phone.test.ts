import { base, en, en_GB, Faker } from '@faker-js/faker';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import {
  DRAMA_LANDLINE_PREFIXES,
  FIXTURE_MOBILE_PREFIX,
  formatUkE164,
  formatUkNational,
  generateLandline,
  generateMobile,
  isValidUkPhoneNumber,
} from './phone.ts';

function seeded(seed: number): Faker {
  const faker = new Faker({ locale: [en_GB, en, base] });
  faker.seed(seed);
  return faker;
}

const typeOf = (value: string) =>
  parsePhoneNumberFromString(value, { defaultCountry: 'GB' })?.getType();

describe('isValidUkPhoneNumber [VAL-4]', () => {
  it.each([
    '07123456789', // mobile (S1 example)
    '02072343456', // fixed line (S1 example)
    '+442076543210', // international form (S1 example)
    '03001234567', // 03 non-geographic
    '08001234567', // toll free
    '7123456789', // without the leading 0, as S1's Postman example sends it
    '020 7946 0123',
    '+44 20 7946 0123',
    '+44 (0)20 7946 0123',
    '0044 20 7946 0123',
    '(020) 7946-0123',
  ])('accepts %j (docs/sources.md valid list and written forms)', (value) => {
    expect(isValidUkPhoneNumber(value)).toBe(true);
  });

  it.each([
    ['abcde', 'not a number'],
    ['0712345678', '10 digits'],
    ['07700900123', 'Ofcom drama mobile, invalid in libphonenumber'],
    ['01632960001', 'Ofcom drama no-area range, invalid in libphonenumber'],
    ['+33 1 42 68 53 00', 'valid, but not in the UK numbering plan'],
    ['02072343456 x12', 'letters (extension)'],
    ['tel:+442072343456', 'letters (URI)'],
    ['abc02072343456', 'letters around a number'],
    ['0207 234 3456 0207 234 3456 0207', 'over 32 characters'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value) => {
    expect(isValidUkPhoneNumber(value)).toBe(false);
  });

  it('formats valid numbers and refuses invalid ones', () => {
    expect(formatUkNational('+442079460123')).toBe('020 7946 0123');
    expect(formatUkE164('020 7946 0123')).toBe('+442079460123');
    expect(formatUkNational('07700900123')).toBeUndefined();
    expect(formatUkE164('abcde')).toBeUndefined();
  });
});

describe('drama landline ranges', () => {
  it.each(DRAMA_LANDLINE_PREFIXES)('all 1,000 numbers of %s… are valid fixed lines', (prefix) => {
    for (let i = 0; i < 1000; i++) {
      const number = prefix + String(i).padStart(3, '0');
      expect(isValidUkPhoneNumber(number), number).toBe(true);
      expect(typeOf(number), number).toBe('FIXED_LINE');
    }
  });
});

describe('generateLandline', () => {
  it('generates valid drama-range landlines for 1,000 seeds, in every style', () => {
    for (let seed = 0; seed < 1000; seed++) {
      const compact = generateLandline(seeded(seed));
      expect(isValidUkPhoneNumber(compact), `seed ${seed}: ${compact}`).toBe(true);
      expect(DRAMA_LANDLINE_PREFIXES).toContain(compact.slice(0, 8));
      const national = generateLandline(seeded(seed), { style: 'national' });
      const e164 = generateLandline(seeded(seed), { style: 'e164' });
      expect(formatUkNational(compact)).toBe(national);
      expect(formatUkE164(compact)).toBe(e164);
      expect(isValidUkPhoneNumber(national)).toBe(true);
      expect(isValidUkPhoneNumber(e164)).toBe(true);
    }
  });

  it('is deterministic: the same seed gives the same landlines', () => {
    const run = (seed: number) => {
      const faker = seeded(seed);
      return Array.from({ length: 5 }, () => generateLandline(faker));
    };
    expect(run(11)).toEqual(run(11));
    expect(run(11)).not.toEqual(run(12));
  });
});

describe('generateMobile', () => {
  it('relies on a range libphonenumber accepts as mobile in every 10,000-number block', () => {
    // libphonenumber's GB patterns decide validity on at most the first 6 national digits.
    for (let block = 0; block < 10_000; block++) {
      const number = `${FIXTURE_MOBILE_PREFIX}${String(block).padStart(4, '0')}4321`;
      expect(number).toHaveLength(11);
      expect(typeOf(number), number).toBe('MOBILE');
    }
  });

  it('generates valid 072 mobiles for 1,000 seeds, in every style', () => {
    for (let seed = 0; seed < 1000; seed++) {
      const compact = generateMobile(seeded(seed));
      expect(compact, `seed ${seed}`).toMatch(/^072\d{8}$/);
      expect(isValidUkPhoneNumber(compact), `seed ${seed}: ${compact}`).toBe(true);
      expect(typeOf(compact)).toBe('MOBILE');
      const national = generateMobile(seeded(seed), { style: 'national' });
      const e164 = generateMobile(seeded(seed), { style: 'e164' });
      expect(national).toMatch(/^072\d\d \d{6}$/);
      expect(e164).toBe(`+44${compact.slice(1)}`);
      expect(isValidUkPhoneNumber(national)).toBe(true);
      expect(isValidUkPhoneNumber(e164)).toBe(true);
    }
  });

  it('never produces the drama mobile range the library rejects', () => {
    expect(isValidUkPhoneNumber('07700900000')).toBe(false);
    expect(isValidUkPhoneNumber('07700900999')).toBe(false);
  });

  it('is deterministic: the same seed gives the same mobiles', () => {
    const run = (seed: number) => {
      const faker = seeded(seed);
      return Array.from({ length: 5 }, () => generateMobile(faker));
    };
    expect(run(5)).toEqual(run(5));
    expect(run(5)).not.toEqual(run(6));
  });
});
