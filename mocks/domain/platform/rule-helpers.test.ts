import { describe, expect, test } from 'vitest';
import type { FieldError } from '../../../spec/index.ts';
import { xorshift } from '../../../spec/seeded-random.test-helper.ts';
import { testContext } from './context.test-helper.ts';
import {
  given,
  givenNonBlank,
  givenText,
  hasType,
  isInternalEmail,
  isObject,
  isTestEmail,
  list,
  nullsAsAbsent,
  pence,
  report,
  reportWording,
  withoutNulls,
} from './rule-helpers.ts';

describe('the helpers of the platform validator families (GEN-6)', () => {
  test('report adds the code at its attr with the catalogue detail filled from the data', () => {
    const errors: FieldError[] = [];
    report(errors, 'invalid_phone_number', 'people[0].mobile');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'invalid_phone_number', attr: 'people[0].mobile' });
    expect(errors[0]!.detail.length).toBeGreaterThan(0);
  });

  test("reportWording answers a shared code in the wording named beside its element's codes", () => {
    const errors: FieldError[] = [];
    reportWording(errors, 'start_date_later_than_end_date', 'partnership', 'partners.0.valid_to', {
      valid_to: '2026-01-01T00:00:00Z',
      valid_from: '2026-02-01T00:00:00Z',
    });
    expect(errors).toEqual([
      {
        attr: 'partners.0.valid_to',
        code: 'start_date_later_than_end_date',
        detail:
          'The partnership ends at 2026-01-01T00:00:00Z, before it starts at 2026-02-01T00:00:00Z.',
      },
    ]);
  });

  test('given treats an absent key, null and the empty string alike, and keeps 0 and false', () => {
    expect([undefined, null, ''].map(given)).toEqual([false, false, false]);
    expect([0, false, ' ', 'x', []].map(given)).toEqual([true, true, true, true, true]);
  });

  test('givenText needs a non-empty string; givenNonBlank needs more than white space', () => {
    expect([' ', 'x', '', 3, null].map(givenText)).toEqual([true, true, false, false, false]);
    expect([' ', '\t', 'x', '', 3].map(givenNonBlank)).toEqual([false, false, true, false, false]);
  });

  test('isObject and list read only the shapes they name', () => {
    expect([{}, [], null, 'a'].map(isObject)).toEqual([true, false, false, false]);
    expect(list([1, 2])).toEqual([1, 2]);
    expect(list({ length: 1 })).toEqual([]);
  });

  test('hasType reads the platform type names, and an unknown name accepts anything', () => {
    expect(hasType(2, 'integer')).toBe(true);
    expect(hasType(2.5, 'integer')).toBe(false);
    expect(hasType('2026-01-31', 'date')).toBe(true);
    expect(hasType('31/01/2026', 'date')).toBe(false);
    expect(hasType(true, 'boolean')).toBe(true);
    expect(hasType({}, 'mystery')).toBe(true);
  });

  test('pence reads decimal strings and numbers exactly', () => {
    expect(pence('10.10') + pence('20.20')).toBe(3030);
    expect(pence(0.1 + 0.2)).toBe(30);
    expect(pence('-1.005')).toBe(-100);
  });

  test.each([
    ['test@example.com', true],
    ['xxx@example.com', true],
    ['jo@test.co.uk', true],
    ['jo@example.xx', true],
    ['tester@example.com', false],
    ['jo@example.com', false],
  ])('[GEN-6] %s is a test e-mail address: %s', (email, expected) => {
    expect(isTestEmail(email)).toBe(expected);
  });

  test('isInternalEmail finds the catalogue’s mailboxes whatever their case, and only those', () => {
    const catalogue = testContext().catalogue;
    catalogue.internal_email_addresses = ['Hello@Example-Energy.co.uk'];
    expect(isInternalEmail('hello@example-energy.co.uk', catalogue)).toBe(true);
    expect(isInternalEmail('HELLO@EXAMPLE-ENERGY.CO.UK', catalogue)).toBe(true);
    expect(isInternalEmail('jo@example-energy.co.uk', catalogue)).toBe(false);
  });
});

describe('nullsAsAbsent (GEN-4)', () => {
  test('drops null-valued keys at every depth, keeps array items and leaves the input as sent', () => {
    const sent = {
      a: null,
      b: { c: null, d: 1, e: [{ f: null, g: 'x' }, null] },
      h: '',
    };
    expect(nullsAsAbsent(sent)).toEqual({ b: { d: 1, e: [{ g: 'x' }, null] }, h: '' });
    expect(sent.a).toBeNull();
    expect(sent.b.c).toBeNull();
  });
});

describe('withoutNulls (GEN-4, shared where nothing is dropped)', () => {
  /** Deterministic JSON values with nulls here and there (xorshift), to replay a failure. */
  function randomValues(count: number, seed: number): unknown[] {
    const next = xorshift(seed);
    const value = (depth: number): unknown => {
      const r = next();
      if (depth > 3 || r < 0.3) return [null, 1, 'x', '', false][Math.floor(next() * 5)];
      if (r < 0.6) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
      const out: Record<string, unknown> = {};
      for (let i = Math.floor(next() * 5); i > 0; i--)
        out[`k${Math.floor(next() * 6)}`] = value(depth + 1);
      return out;
    };
    return Array.from({ length: count }, () => value(0));
  }

  test('[GEN-4] reads every value as nullsAsAbsent does, key order included, and leaves it as sent', () => {
    for (const sent of randomValues(5_000, 11)) {
      const before = JSON.stringify(sent);
      expect(JSON.stringify(withoutNulls(sent)), before).toBe(JSON.stringify(nullsAsAbsent(sent)));
      expect(JSON.stringify(sent)).toBe(before);
    }
  });

  test('[GEN-4] shares the parts that hold no null and copies the ones that do', () => {
    const sent = { a: { b: [1, { c: 'x' }] }, d: { e: null, f: { g: 1 } } };
    const read = withoutNulls(sent);
    expect(read.a).toBe(sent.a);
    expect(read.d.f).toBe(sent.d.f);
    expect(read).not.toBe(sent);
    expect(read.d).not.toBe(sent.d);
    expect(read.d).toEqual({ f: { g: 1 } });
    const clean = { a: [{ b: 1 }], c: 'x' };
    expect(withoutNulls(clean)).toBe(clean);
  });
});
