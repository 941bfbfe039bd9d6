import { faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import {
  DRAMA_LANDLINE_PREFIXES,
  isValidUkPhoneNumberByLibrary,
  isValidUkPhoneNumberCompiled,
} from './phone.ts';

// Leading digits of national numbers across the +44 plan's types and the Crown Dependencies,
// so that the set holds many valid numbers and many that miss by a digit.
const LEADS = [
  '1',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '1481',
  '1534',
  '1624',
  '20',
  '23',
  '24',
  '28',
  '29',
  '3',
  '30',
  '33',
  '5',
  '55',
  '56',
  '7',
  '70',
  '71',
  '72',
  '74',
  '75',
  '76',
  '77',
  '78',
  '79',
  '7624',
  '7781',
  '7937',
  '8',
  '800',
  '808',
  '84',
  '87',
  '9',
  '90',
  '98',
  '0',
  '4',
  '6',
];
const HEADS = [
  '',
  '0',
  '+44',
  '+44 ',
  '0044',
  '00 44 ',
  '+440',
  '+44 (0)',
  '(0',
  '44',
  '00',
  '+1',
  '0-',
  '180020',
  ' ',
];

function generated(count: number): string[] {
  faker.seed(20261126);
  const values: string[] = [];
  for (let i = 0; i < count; i++) {
    const lead = faker.helpers.arrayElement(LEADS);
    let national =
      lead +
      faker.string.numeric({
        length: faker.number.int({ min: 4, max: 11 }),
        allowLeadingZeros: true,
      });
    if (i % 7 === 0)
      national =
        faker.helpers.arrayElement(DRAMA_LANDLINE_PREFIXES).slice(1) +
        faker.string.numeric({ length: 3, allowLeadingZeros: true });
    // Near-misses: a digit more, a digit fewer, the last digit changed.
    if (i % 5 === 1) national = national.slice(0, -1);
    if (i % 5 === 2) national += faker.string.numeric(1);
    let value = faker.helpers.arrayElement(HEADS) + national;
    if (i % 3 === 0) value = value.replace(/(\d{4})(\d)/, '$1 $2');
    if (i % 11 === 0) value = value.replace(/(\d{3})(\d)/, '$1-$2');
    if (i % 13 === 0) value = `${value}x`;
    values.push(value);
  }
  return values;
}

describe('uk-phone compiled from libphonenumber metadata', () => {
  it('VAL-4: answers as libphonenumber on 40,000 generated numbers and near-misses', () => {
    const values = generated(40_000);
    const disagreements = values.filter(
      (v) => isValidUkPhoneNumberCompiled(v) !== isValidUkPhoneNumberByLibrary(v),
    );
    expect(disagreements.slice(0, 10)).toEqual([]);
    // The set must exercise both answers to prove anything.
    const valid = values.filter(isValidUkPhoneNumberByLibrary).length;
    expect(valid).toBeGreaterThan(4000);
    expect(values.length - valid).toBeGreaterThan(4000);
  });

  it("VAL-4: answers the fixtures' forms (compact, national, E.164) by the pattern", () => {
    for (const value of [
      '02079460123',
      '020 7946 0123',
      '+442079460123',
      '07200 123456',
      '+44 (0)20 7946 0123',
    ]) {
      expect(isValidUkPhoneNumberCompiled(value), value).toBe(true);
    }
    for (const value of [
      '020794601234',
      '+4420794601',
      '07700 900123',
      '+12025550123',
      '0207946012a',
    ]) {
      expect(isValidUkPhoneNumberCompiled(value), value).toBe(false);
    }
  });
});
