import { base, en, en_GB, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import {
  generateElectricityMeterSerialNumber,
  generateGasMeterSerialNumber,
  isValidElectricityMeterSerialNumber,
  isValidGasMeterSerialNumber,
  normaliseMeterSerialNumber,
} from './meter-serial.ts';

function seeded(seed: number): Faker {
  const faker = new Faker({ locale: [en_GB, en, base] });
  faker.seed(seed);
  return faker;
}

describe('meter serial number checks', () => {
  it('normalises by dropping whitespace and upper-casing', () => {
    expect(normaliseMeterSerialNumber(' s06ds 123456 ')).toBe('S06DS123456');
  });

  it.each(['Z16N389556', 'S06DS123456', 's06ds 123456', ' Z16N389556 ', '1'])(
    'accepts the electricity serial %j',
    (value) => {
      expect(isValidElectricityMeterSerialNumber(value)).toBe(true);
    },
  );

  it.each(['', '   ', 'Z16N-389556', 'Z16N389556AB', 'Z16N/389556'])(
    'rejects the electricity serial %j',
    (value) => {
      expect(isValidElectricityMeterSerialNumber(value)).toBe(false);
    },
  );

  it.each(['54BV', 'G4A01234567890', 'g4a 0123 4567 890'])('accepts the gas serial %j', (value) => {
    expect(isValidGasMeterSerialNumber(value)).toBe(true);
  });

  it.each(['', 'G4A012345678901', '54-BV'])('rejects the gas serial %j', (value) => {
    expect(isValidGasMeterSerialNumber(value)).toBe(false);
  });
});

describe('meter serial number generators', () => {
  it('generates 10-character electricity serials in the S12 shape for 1,000 seeds', () => {
    for (let seed = 0; seed < 1000; seed++) {
      const msn = generateElectricityMeterSerialNumber(seeded(seed));
      expect(msn, `seed ${seed}`).toMatch(/^[A-Z]\d\d[A-Z]{1,2}\d{5,6}$/);
      expect(msn).toHaveLength(10);
      expect(isValidElectricityMeterSerialNumber(msn)).toBe(true);
    }
  });

  it('generates 14-character gas serials for 1,000 seeds', () => {
    for (let seed = 0; seed < 1000; seed++) {
      const msn = generateGasMeterSerialNumber(seeded(seed));
      expect(msn, `seed ${seed}`).toMatch(/^[A-Z][1-9][A-Z]\d{11}$/);
      expect(isValidGasMeterSerialNumber(msn)).toBe(true);
    }
  });

  it('is deterministic: the same seed gives the same serials', () => {
    const run = (seed: number) => {
      const faker = seeded(seed);
      return Array.from({ length: 4 }, () => [
        generateElectricityMeterSerialNumber(faker),
        generateGasMeterSerialNumber(faker),
      ]);
    };
    expect(run(2)).toEqual(run(2));
    expect(run(2)).not.toEqual(run(3));
  });
});
