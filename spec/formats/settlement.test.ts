import { base, en, en_GB, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import {
  generateSettlementConfiguration,
  isValidSsc,
  isValidTpr,
  meterTypeOfProfileClass,
  normaliseSsc,
  PROFILE_CLASSES,
  profileClassOf,
  SETTLEMENT_CONFIGURATIONS,
  settlementConfigurationOf,
} from './settlement.ts';

function seeded(seed: number): Faker {
  const faker = new Faker({ locale: [en_GB, en, base] });
  faker.seed(seed);
  return faker;
}

describe('SSC and TPR ids (CP1097)', () => {
  it('accepts 4-digit SSCs and 5-digit TPRs with their leading zeros', () => {
    expect(isValidSsc('0393')).toBe(true);
    expect(isValidTpr('00001')).toBe(true);
    expect(isValidTpr('01017')).toBe(true);
  });

  it('rejects ids that lost or gained digits', () => {
    expect(isValidSsc('393')).toBe(false);
    expect(isValidSsc('03930')).toBe(false);
    expect(isValidSsc('03a3')).toBe(false);
    expect(isValidTpr('1017')).toBe(false);
    expect(isValidTpr('000001')).toBe(false);
  });

  it('zero-pads an SSC sent as a number, as in the S1 Postman example', () => {
    expect(normaliseSsc(393)).toBe('0393');
    expect(normaliseSsc(' 151 ')).toBe('0151');
    expect(normaliseSsc('0393')).toBe('0393');
    expect(normaliseSsc('12345')).toBeUndefined();
    expect(normaliseSsc(3.5)).toBeUndefined();
    expect(normaliseSsc(-1)).toBeUndefined();
  });
});

describe('profile classes and meter types', () => {
  it('lists profile classes 0-8', () => {
    expect(Object.keys(PROFILE_CLASSES).map(Number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('maps 01/03 to unrestricted and 02/04 to Economy 7, both ways', () => {
    expect(profileClassOf('unrestricted', true)).toBe(1);
    expect(profileClassOf('economy7', true)).toBe(2);
    expect(profileClassOf('unrestricted', false)).toBe(3);
    expect(profileClassOf('economy7', false)).toBe(4);
    for (const pc of [1, 2, 3, 4]) {
      const meterType = meterTypeOfProfileClass(pc)!;
      expect(profileClassOf(meterType, pc <= 2)).toBe(pc);
    }
    expect(meterTypeOfProfileClass(0)).toBeUndefined();
    expect(meterTypeOfProfileClass(5)).toBeUndefined();
  });
});

describe('settlement configurations', () => {
  it('uses well-formed ids, one single-rate TPR for unrestricted, day and night for E7', () => {
    for (const config of SETTLEMENT_CONFIGURATIONS) {
      expect(isValidSsc(config.ssc)).toBe(true);
      for (const register of config.registers) expect(isValidTpr(register.tpr)).toBe(true);
      const rates = config.registers.map((r) => r.rate).sort();
      expect(rates).toEqual(config.meterType === 'unrestricted' ? ['single'] : ['day', 'night']);
    }
  });

  it('knows the S1 example pair SSC 0393 with TPR 00001', () => {
    expect(settlementConfigurationOf('0393')?.registers).toEqual([
      { tpr: '00001', rate: 'single' },
    ]);
    expect(settlementConfigurationOf('0151')?.registers.map((r) => r.tpr)).toEqual([
      '00043',
      '00210',
    ]);
    expect(settlementConfigurationOf('9999')).toBeUndefined();
  });

  it('picks a configuration that fits the profile class', () => {
    for (let seed = 0; seed < 200; seed++) {
      for (const pc of [1, 2, 3, 4]) {
        const config = generateSettlementConfiguration(seeded(seed), { profileClass: pc });
        expect(config.meterType).toBe(meterTypeOfProfileClass(pc));
      }
    }
  });

  it('refuses profile classes it does not model', () => {
    expect(() => generateSettlementConfiguration(seeded(1), { profileClass: 0 })).toThrow(
      RangeError,
    );
    expect(() => generateSettlementConfiguration(seeded(1), { profileClass: 5 })).toThrow(
      RangeError,
    );
  });

  it('is deterministic: the same seed gives the same configurations', () => {
    const run = (seed: number) => {
      const faker = seeded(seed);
      return Array.from(
        { length: 8 },
        () => generateSettlementConfiguration(faker, { profileClass: 2 }).ssc,
      );
    };
    expect(run(1)).toEqual(run(1));
  });
});
