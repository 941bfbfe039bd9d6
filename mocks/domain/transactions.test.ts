import { describe, expect, test } from 'vitest';
import { importedState } from '../test-support.ts';
import { accountTransactions, decimalString, openStatementPeriod } from './transactions.ts';

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

describe('openStatementPeriod (TXN-7, kit assumption)', () => {
  test("[TXN-7] starts the day after the latest ledger's last_statement_closing_date", () => {
    const { record } = importedState();
    record.data.ledgers = [
      { last_statement_closing_date: '2019-07-31' },
      { last_statement_closing_date: '2020-01-31' },
      {},
    ];
    expect(openStatementPeriod(record, '2024-04-15')).toEqual({
      from: '2020-02-01',
      to: '2024-04-15',
    });
  });

  test('[TXN-7] without a closing date it starts at last_billed_to_date, without that at the account creation', () => {
    const { record } = importedState();
    delete record.data.ledgers;
    expect(openStatementPeriod(record, '2024-04-15')).toEqual({
      from: '2019-08-01',
      to: '2024-04-15',
    });
    delete record.data.last_billed_to_date;
    expect(openStatementPeriod(record, '2024-04-15')).toEqual({
      from: '2024-04-02',
      to: '2024-04-15',
    });
  });
});

describe('accountTransactions (operator)', () => {
  test('[TXN-10] is 404 for an account that is not imported, empty for a fresh one', () => {
    const { state, key } = importedState();
    expect(accountTransactions(state, key)).toEqual({ ok: true, value: [] });
    expect(accountTransactions(state, 'DEMO_ENERGY\u0000NOPE')).toMatchObject({
      ok: false,
      error: { status: 404 },
    });
  });
});
