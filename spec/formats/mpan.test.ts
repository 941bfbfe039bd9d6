import { base, en, en_GB, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import {
  DNO_REGIONS,
  dnoRegionOf,
  dnoRegionOfGspGroup,
  GSP_GROUP_LETTERS,
  GSP_GROUP_POSTCODE_AREAS,
  generateMpanCore,
  gspGroupOfPostcodeArea,
  isValidMpanCore,
  mpanCheckDigit,
} from './mpan.ts';
import { KNOWN_POSTCODE_AREAS, postcodeAreaOf } from './postcode.ts';

function seeded(seed: number): Faker {
  const faker = new Faker({ locale: [en_GB, en, base] });
  faker.seed(seed);
  return faker;
}

// Published examples of docs/sources.md: S1 payload and example, the EDF spec, S8.
const PUBLISHED = ['1200060176720', '1013004420117', '2000024512368', '1312345678907'];

const PRIMES = [3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43];
const weightedSumMod11 = (core: string) =>
  PRIMES.reduce((sum, p, i) => sum + p * Number(core[i]), 0) % 11;

function oneDigitCorruptions(value: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i++) {
    for (let d = 0; d <= 9; d++) {
      if (String(d) !== value[i]) out.push(value.slice(0, i) + d + value.slice(i + 1));
    }
  }
  return out;
}

describe('mpanCheckDigit', () => {
  it.each(PUBLISHED)('gives the published check digit of %s', (mpan) => {
    expect(mpanCheckDigit(mpan.slice(0, 12))).toBe(Number(mpan[12]));
  });

  it('follows the worked example of the notes (sum 968, 968 mod 11 = 0)', () => {
    expect(weightedSumMod11('1200060176720')).toBe(0);
    expect(mpanCheckDigit('120006017672')).toBe(0);
  });

  it('refuses anything but 12 digits', () => {
    expect(() => mpanCheckDigit('12000601767')).toThrow(RangeError);
    expect(() => mpanCheckDigit('1200060176720')).toThrow(RangeError);
    expect(() => mpanCheckDigit('12000601767a')).toThrow(RangeError);
  });
});

describe('isValidMpanCore', () => {
  it.each(PUBLISHED)('accepts the published MPAN core %s', (mpan) => {
    expect(isValidMpanCore(mpan)).toBe(true);
  });

  it('rejects the notes’ counter-example 1200060176721', () => {
    expect(isValidMpanCore('1200060176721')).toBe(false);
  });

  it.each(PUBLISHED)('rejects every one-digit corruption of %s the check can see', (mpan) => {
    // The rule ends in "mod 11 mod 10", which folds a remainder of 10 onto 0. When the real check
    // digit is 0, a corruption that moves the weighted sum from 0 to 10 (mod 11) keeps check
    // digit 0 and stays valid: a property of the published algorithm, not of this code. Every
    // other one-digit change must fail.
    const survivors = oneDigitCorruptions(mpan).filter(isValidMpanCore);
    for (const survivor of survivors) {
      expect(mpan[12], `${survivor} survives only through the 10 → 0 fold`).toBe('0');
      expect(weightedSumMod11(mpan)).toBe(0);
      expect(weightedSumMod11(survivor)).toBe(10);
    }
    if (mpan !== '1200060176720') expect(survivors).toEqual([]);
  });

  it('pins the nine fold survivors of 1200060176720', () => {
    expect(oneDigitCorruptions('1200060176720').filter(isValidMpanCore)).toEqual([
      '1400060176720',
      '1230060176720',
      '1205060176720',
      '1200960176720',
      '1200060476720',
      '1200060126720',
      '1200060173720',
      '1200060176020',
      '1200060176730',
    ]);
  });

  it('accepts distributor ids 10 and 38 and rejects 09 and 39, check digit right', () => {
    const withCheck = (first12: string) => first12 + mpanCheckDigit(first12);
    expect(isValidMpanCore(withCheck('100000000001'))).toBe(true);
    expect(isValidMpanCore(withCheck('380000000001'))).toBe(true);
    expect(isValidMpanCore(withCheck('090000000001'))).toBe(false);
    expect(isValidMpanCore(withCheck('390000000001'))).toBe(false);
    expect(isValidMpanCore(withCheck('000000000001'))).toBe(false);
  });

  it.each([
    '',
    '120006017672',
    '12000601767200',
    '12000601767a0',
    ' 1200060176720',
    '12 0006 0176 720',
  ])('rejects the malformed value %j', (value) => {
    expect(isValidMpanCore(value)).toBe(false);
  });
});

describe('DNO table', () => {
  it('has the 14 DNOs 10-23, each with its own GSP group letter', () => {
    expect(DNO_REGIONS.map((r) => r.distributorId)).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    ]);
    expect([...GSP_GROUP_LETTERS].sort().join('')).toBe('ABCDEFGHJKLMNP');
  });

  it('maps 12 to London _C and 17 to North Scotland _P (docs/sources.md)', () => {
    expect(dnoRegionOf(12)).toMatchObject({ mpid: 'LOND', gspGroup: 'C', regionName: 'London' });
    expect(dnoRegionOf(17)?.gspGroup).toBe('P');
    expect(dnoRegionOf(24)).toBeUndefined();
    expect(dnoRegionOfGspGroup('H').distributorId).toBe(20);
  });

  it('gives every GSP group postcode areas that belong to no other group', () => {
    const seen = new Set<string>();
    for (const letter of GSP_GROUP_LETTERS) {
      const areas = GSP_GROUP_POSTCODE_AREAS[letter];
      expect(areas.length).toBeGreaterThanOrEqual(3);
      for (const area of areas) {
        expect(seen.has(area), `${area} listed twice`).toBe(false);
        seen.add(area);
        expect(KNOWN_POSTCODE_AREAS).toContain(area);
        expect(gspGroupOfPostcodeArea(area)).toBe(letter);
      }
    }
  });

  it('agrees with the S1 example: MPAN 1200060176720 at W1F 9DE is London', () => {
    const area = postcodeAreaOf('W1F 9DE');
    expect(area).toBe('W');
    expect(gspGroupOfPostcodeArea(area!)).toBe(dnoRegionOf(12)?.gspGroup);
    expect(gspGroupOfPostcodeArea('bh')).toBe('H');
    expect(gspGroupOfPostcodeArea('PE')).toBeUndefined();
  });
});

describe('generateMpanCore', () => {
  it('generates valid MPAN cores of a DNO for 1,000 seeds', () => {
    for (let seed = 0; seed < 1000; seed++) {
      const mpan = generateMpanCore(seeded(seed));
      expect(isValidMpanCore(mpan), `seed ${seed}: ${mpan}`).toBe(true);
      expect(dnoRegionOf(Number(mpan.slice(0, 2))), `seed ${seed}: ${mpan}`).toBeDefined();
    }
  });

  it('uses the distributor id it is given, IDNOs included', () => {
    for (const distributorId of [10, 23, 24, 38]) {
      const mpan = generateMpanCore(seeded(distributorId), { distributorId });
      expect(mpan.slice(0, 2)).toBe(String(distributorId));
      expect(isValidMpanCore(mpan)).toBe(true);
    }
  });

  it('refuses distributor ids outside 10-38', () => {
    expect(() => generateMpanCore(seeded(1), { distributorId: 9 })).toThrow(RangeError);
    expect(() => generateMpanCore(seeded(1), { distributorId: 39 })).toThrow(RangeError);
    expect(() => generateMpanCore(seeded(1), { distributorId: 12.5 })).toThrow(RangeError);
  });

  it('is deterministic: the same seed gives the same MPAN cores', () => {
    const run = (seed: number) => {
      const faker = seeded(seed);
      return Array.from({ length: 5 }, () => generateMpanCore(faker));
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });
});
