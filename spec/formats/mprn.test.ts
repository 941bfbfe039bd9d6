import { base, en, en_GB, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { generateMprn, isValidMprn, mprnCheckDigits } from './mprn.ts';

function seeded(seed: number): Faker {
  const faker = new Faker({ locale: [en_GB, en, base] });
  faker.seed(seed);
  return faker;
}

// Published examples of docs/sources.md: S1 payload, S9, S1 examples, the EDF spec.
const PUBLISHED = ['9353824109', '3938424403', '3406086401', '9349409806', '3016362107'];

function oneDigitCorruptions(value: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i++) {
    for (let d = 0; d <= 9; d++) {
      if (String(d) !== value[i]) out.push(value.slice(0, i) + d + value.slice(i + 1));
    }
  }
  return out;
}

describe('mprnCheckDigits', () => {
  it.each(PUBLISHED)('gives the published check digits of %s', (mprn) => {
    expect(mprnCheckDigits(mprn.slice(0, -2))).toBe(mprn.slice(-2));
  });

  it('follows the worked example of the notes (sum 185, 185 mod 11 = 9 → "09")', () => {
    expect(mprnCheckDigits('93538241')).toBe('09');
  });

  it('writes the check value as two digits, 00 to 10', () => {
    // Body 00000050: the 5 has weight 2, so the sum is 10 → "10"; 00000005 sums to 5 → "05".
    expect(mprnCheckDigits('00000050')).toBe('10');
    expect(mprnCheckDigits('00000005')).toBe('05');
    expect(mprnCheckDigits('00000000')).toBe('00');
  });

  it('refuses bodies that are not 4-8 digits', () => {
    expect(() => mprnCheckDigits('123')).toThrow(RangeError);
    expect(() => mprnCheckDigits('123456789')).toThrow(RangeError);
    expect(() => mprnCheckDigits('1234a678')).toThrow(RangeError);
  });
});

describe('isValidMprn', () => {
  it.each(PUBLISHED)('accepts the published MPRN %s', (mprn) => {
    expect(isValidMprn(mprn)).toBe(true);
  });

  it.each(PUBLISHED)('rejects every one-digit corruption of %s', (mprn) => {
    // Weights 1..8 and digit changes 1..9 are never multiples of 11, so every change shows.
    for (const corrupted of oneDigitCorruptions(mprn)) {
      expect(isValidMprn(corrupted), corrupted).toBe(false);
    }
  });

  it('applies the same rule to 6-9 digit MPRNs (the spec’s assumption)', () => {
    for (const body of ['1234', '12345', '123456', '1234567']) {
      expect(isValidMprn(body + mprnCheckDigits(body))).toBe(true);
    }
    // A check value is at most 10, so 99 can never be right.
    expect(isValidMprn('123499')).toBe(false);
  });

  it.each(['', '12345', '93538241090', 'M9353824109', '9353 824109', '935382410a'])(
    'rejects the malformed value %j',
    (value) => {
      expect(isValidMprn(value)).toBe(false);
    },
  );
});

describe('generateMprn', () => {
  it('generates valid 10-digit MPRNs without a leading zero for 1,000 seeds', () => {
    for (let seed = 0; seed < 1000; seed++) {
      const mprn = generateMprn(seeded(seed));
      expect(mprn, `seed ${seed}`).toMatch(/^[1-9]\d{9}$/);
      expect(isValidMprn(mprn), `seed ${seed}: ${mprn}`).toBe(true);
    }
  });

  it('is deterministic: the same seed gives the same MPRNs', () => {
    const run = (seed: number) => {
      const faker = seeded(seed);
      return Array.from({ length: 5 }, () => generateMprn(faker));
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });
});
