import { describe, expect, test } from 'vitest';
import { importedState } from '../test-support.ts';
import { accountTransactions, decimalString } from './transactions.ts';

describe('decimalString (GEN-8)', () => {
  test.each([
    [10, '10.00'],
    [10.5, '10.50'],
    [53.24, '53.24'],
    [0.125, '0.125'],
    [-12, '-12.00'],
    [1e-7, '0.0000001'],
    [0, '0.00'],
  ])('[GEN-8] %s is written %s', (amount, text) => {
    expect(decimalString(amount)).toBe(text);
  });
});

describe('accountTransactions (operator)', () => {
  test('[TXN-10] is 404 for an account that is not imported, empty for a fresh one', () => {
    const { state, key } = importedState();
    expect(accountTransactions(state, key)).toEqual({ ok: true, value: [] });
    expect(accountTransactions(state, 'DEMO_ENERGY/NOPE')).toMatchObject({
      ok: false,
      error: { code: 'account_not_found' },
    });
  });
});
