import { base, en, en_GB, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { defaultPlatformCatalogue } from '../generated/platform-catalogue.ts';
import { GSP_GROUP_LETTERS } from './mpan.ts';
import {
  findTariff,
  generateProductCode,
  generateTariffCode,
  isValidTariffCode,
  parseTariffCode,
  productsOnSale,
} from './tariff-code.ts';

function seeded(seed: number): Faker {
  const faker = new Faker({ locale: [en_GB, en, base] });
  faker.seed(seed);
  return faker;
}

describe('tariff codes', () => {
  it.each([
    'E-1R-VAR-17-01-11-A',
    'G-1R-VAR-17-01-11-A',
    'E-1R-AGILE-24-10-01-C',
    'E-2R-GO-22-03-01-P',
  ])('accepts the Octopus-style code %j', (code) => {
    expect(isValidTariffCode(code)).toBe(true);
  });

  it.each([
    ['ELEC-1234-J', 'S1 example: a catalogue code, not Octopus-style'],
    ['E-1R-VAR-17-01-11-I', 'I is no GSP group'],
    ['E-3R-VAR-17-01-11-A', 'no 3R'],
    ['e-1r-var-17-01-11-a', 'lower case'],
    ['E-1R--A', 'empty product'],
  ])('rejects %j (%s)', (code) => {
    expect(isValidTariffCode(code)).toBe(false);
  });

  it('splits a code into its parts', () => {
    expect(parseTariffCode('E-2R-AGILE-24-10-01-C')).toEqual({
      fuel: 'E',
      registers: '2R',
      product: 'AGILE-24-10-01',
      gspGroup: 'C',
    });
    expect(parseTariffCode('GAS-1234-J')).toBeUndefined();
  });
});

describe('generateTariffCode', () => {
  it('generates valid codes for 1,000 seeds', () => {
    for (let seed = 0; seed < 1000; seed++) {
      const code = generateTariffCode(seeded(seed));
      expect(isValidTariffCode(code), `seed ${seed}: ${code}`).toBe(true);
      expect(parseTariffCode(code)?.product).toMatch(/^[A-Z0-9-]+-\d\d-\d\d-\d\d$/);
    }
  });

  it('follows the fuel, registers, region and product it is given', () => {
    for (const gspGroup of GSP_GROUP_LETTERS) {
      const code = generateTariffCode(seeded(1), { fuel: 'E', registers: '2R', gspGroup });
      expect(parseTariffCode(code)).toMatchObject({ fuel: 'E', registers: '2R', gspGroup });
    }
    expect(
      generateTariffCode(seeded(1), { fuel: 'G', gspGroup: 'J', product: 'VAR-17-01-11' }),
    ).toBe('G-1R-VAR-17-01-11-J');
  });

  it('refuses multi-register gas and products outside the pattern', () => {
    expect(() => generateTariffCode(seeded(1), { fuel: 'G', registers: '2R' })).toThrow(RangeError);
    expect(() => generateTariffCode(seeded(1), { product: 'var 17' })).toThrow(RangeError);
  });

  it('is deterministic: the same seed gives the same codes', () => {
    const run = (seed: number) => {
      const faker = seeded(seed);
      return Array.from({ length: 5 }, () => [
        generateTariffCode(faker),
        generateProductCode(faker),
      ]);
    };
    expect(run(4)).toEqual(run(4));
    expect(run(4)).not.toEqual(run(5));
  });
});

describe('tariff codes against the platform catalogue', () => {
  const products = defaultPlatformCatalogue.products;

  it('finds a regional code of a product tariff and a tariff code of its own', () => {
    expect(findTariff(products, 'E-2R-SVT-10-01-01-C')?.tariff.rate_bands).toContain(
      'CONSUMPTION_NIGHT',
    );
    expect(findTariff(products, 'GAS-1234-J')?.product.is_prepay).toBe(true);
  });

  it('finds no tariff of a fuel or type the product lacks, nor the regional form of own codes', () => {
    expect(findTariff(products, 'G-1R-AGILE-24-10-01-C')).toBeUndefined();
    expect(findTariff(products, 'E-4R-SVT-10-01-01-C')).toBeUndefined();
    expect(findTariff(products, 'E-1R-EXAMPLE-1234-J')).toBeUndefined();
  });

  it('offers only products on sale on the day, of the meter kind', () => {
    const onSale = productsOnSale(products, {
      fuel: 'E',
      registers: '1R',
      prepay: true,
      date: '2025-06-01',
    }).map((p) => p.code);
    expect(onSale).toEqual(['PAYG-10-01-01', 'PAYG-19-04-01', 'PAYG-FIX-12M-25-05-01']);
  });
});
