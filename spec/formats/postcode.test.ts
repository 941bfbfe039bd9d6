import { base, en, en_GB, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import {
  generatePostcode,
  INWARD_LETTERS,
  isValidUkPostcode,
  KNOWN_POSTCODE_AREAS,
  normalisePostcode,
  outwardCodesOf,
  postcodeAreaOf,
} from './postcode.ts';

function seeded(seed: number): Faker {
  const faker = new Faker({ locale: [en_GB, en, base] });
  faker.seed(seed);
  return faker;
}

describe('isValidUkPostcode', () => {
  it.each([
    'W1F 9DE', // S1 example
    'BH24 4BP', // S1 example
    'GIR 0AA',
    'GIR0AA',
    'gir 0aa',
    'w1f 9de',
    'W1F9DE',
    'w1f9de',
    'SW1A 1AA', // AA9A
    'EC1A 1BB',
    'M1 1AE', // A9
    'B33 8TH', // A99
    'CR2 6XH', // AA9
    'DN55 1PT', // AA99
    'Q1 1AA', // the strict regex does not restrict the first letter: valid by decision
  ])('accepts %j', (value) => {
    expect(isValidUkPostcode(value)).toBe(true);
  });

  it.each([
    ['W1F 9CE', 'C is not an inward letter'],
    ['W1F 9DI', 'I is not an inward letter'],
    ['W1F 9KA', 'K is not an inward letter'],
    ['W1F 9MA', 'M is not an inward letter'],
    ['W1F 9OA', 'O is not an inward letter'],
    ['W1F 9VA', 'V is not an inward letter'],
    ['W1F  9DE', 'two spaces'],
    [' W1F 9DE', 'leading space'],
    ['W1F 9DE ', 'trailing space'],
    ['W1F-9DE', 'hyphen'],
    ['1W1 9DE', 'outward starts with a digit'],
    ['WWW1 9DE', 'three area letters'],
    ['W1F 9D', 'short inward code'],
    ['W1F 99E', 'inward digit in letter place'],
    ['W 9DE', 'no district'],
    ['GIR 0AB', 'not the Girobank code'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value) => {
    expect(isValidUkPostcode(value)).toBe(false);
  });
});

describe('normalisePostcode', () => {
  it.each([
    ['w1f9de', 'W1F 9DE'],
    ['W1F 9DE', 'W1F 9DE'],
    [' bh24  4bp ', 'BH24 4BP'],
    ['gir0aa', 'GIR 0AA'],
    ['sw1a1aa', 'SW1A 1AA'],
  ])('normalises %j to %j', (value, expected) => {
    expect(normalisePostcode(value)).toBe(expected);
  });

  it('returns undefined for values that are no postcode', () => {
    expect(normalisePostcode('W1F 9CE')).toBeUndefined();
    expect(normalisePostcode('not a postcode')).toBeUndefined();
  });

  it('gives the area of a postcode', () => {
    expect(postcodeAreaOf('bh24 4bp')).toBe('BH');
    expect(postcodeAreaOf('W1F 9DE')).toBe('W');
    expect(postcodeAreaOf('GIR 0AA')).toBeUndefined();
    expect(postcodeAreaOf('nonsense')).toBeUndefined();
  });
});

describe('generatePostcode', () => {
  it('generates valid, normalised postcodes for 1,000 seeds', () => {
    for (let seed = 0; seed < 1000; seed++) {
      const postcode = generatePostcode(seeded(seed));
      expect(isValidUkPostcode(postcode), `seed ${seed}: ${postcode}`).toBe(true);
      expect(normalisePostcode(postcode), `seed ${seed}`).toBe(postcode);
      expect(INWARD_LETTERS).toContain(postcode.at(-1));
    }
  });

  it('keeps to the area it is given, for every known area', () => {
    for (const area of KNOWN_POSTCODE_AREAS) {
      for (let seed = 0; seed < 20; seed++) {
        const postcode = generatePostcode(seeded(seed), { area });
        expect(isValidUkPostcode(postcode), postcode).toBe(true);
        expect(postcodeAreaOf(postcode), postcode).toBe(area);
      }
    }
  });

  it('accepts a lower-case area and an area outside its table', () => {
    expect(postcodeAreaOf(generatePostcode(seeded(1), { area: 'bh' }))).toBe('BH');
    const outside = generatePostcode(seeded(1), { area: 'PE' });
    expect(isValidUkPostcode(outside)).toBe(true);
    expect(postcodeAreaOf(outside)).toBe('PE');
  });

  it('has only outward codes that fit the strict pattern', () => {
    for (const area of KNOWN_POSTCODE_AREAS) {
      for (const outward of outwardCodesOf(area)) {
        expect(isValidUkPostcode(`${outward} 1AA`), outward).toBe(true);
      }
    }
  });

  it('refuses an area that is not 1-2 letters', () => {
    expect(() => generatePostcode(seeded(1), { area: 'ABC' })).toThrow(RangeError);
    expect(() => generatePostcode(seeded(1), { area: 'W1' })).toThrow(RangeError);
  });

  it('is deterministic: the same seed gives the same postcodes', () => {
    const run = (seed: number) => {
      const faker = seeded(seed);
      return Array.from({ length: 5 }, () => generatePostcode(faker));
    };
    expect(run(3)).toEqual(run(3));
    expect(run(3)).not.toEqual(run(4));
  });
});
