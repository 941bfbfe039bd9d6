import { describe, expect, test } from 'vitest';
import { openStatementPeriod } from './statement-period.ts';

describe('openStatementPeriod (TXN-7 kit assumption)', () => {
  test('starts the day after the latest ledger closing date', () => {
    const account = {
      ledgers: [
        { last_statement_closing_date: '2024-01-31' },
        { last_statement_closing_date: '2024-02-29' },
      ],
      last_billed_to_date: '2023-12-31',
    };
    expect(openStatementPeriod(account, '2024-04-15')).toEqual({
      from: '2024-03-01',
      to: '2024-04-15',
    });
  });

  test('without ledgers, starts at last_billed_to_date', () => {
    expect(openStatementPeriod({ last_billed_to_date: '2024-02-10' }, '2024-04-15')).toEqual({
      from: '2024-02-10',
      to: '2024-04-15',
    });
  });

  test('without either, starts the day the account was created', () => {
    expect(openStatementPeriod({}, '2024-04-15', '2024-04-02T09:00:00Z')).toEqual({
      from: '2024-04-02',
      to: '2024-04-15',
    });
  });
});

describe('openStatementPeriod edge cases', () => {
  test('ledgers without a closing date are ignored', () => {
    expect(
      openStatementPeriod(
        { ledgers: [{}, { last_statement_closing_date: '2020-01-31' }] },
        '2024-04-15',
      ),
    ).toEqual({ from: '2020-02-01', to: '2024-04-15' });
  });
});
