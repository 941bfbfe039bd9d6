import { describe, expect, test } from 'vitest';
import { specExample } from '../../test-support.ts';
import { testContext } from './context.test-helper.ts';
import type { Account } from './context.ts';
import { moneyRules } from './money.ts';

type Json = Record<string, unknown>;
const TODAY = '2024-04-15';

function codes(overrides: Json) {
  const account = { ...specExample<Json>('DomesticAccount'), ...overrides } as unknown as Account;
  return moneyRules(account, testContext(TODAY)).map((e) => [e.attr, e.code]);
}

describe('the platform validators of money (validateAccount)', () => {
  test('[GEN-6] the spec example breaks none of them', () => {
    expect(codes({})).toEqual([]);
  });

  test('[GEN-6] a future last payment review date is last_payment_review_date_is_future_dated', () => {
    expect(codes({ last_payment_review_date: '2024-04-16' })).toEqual([
      ['last_payment_review_date', 'last_payment_review_date_is_future_dated'],
    ]);
    expect(codes({ last_payment_review_date: TODAY })).toEqual([]);
  });

  test('[GEN-6] a zero payment schedule amount is zero_payment_schedule_amount', () => {
    const schedules = (specExample<Json>('DomesticAccount').payment_schedules as Json[]) ?? [];
    const zero = schedules.map((s, i) => (i === 0 ? { ...s, amount: '0.00' } : s));
    expect(codes({ payment_schedules: zero })).toEqual([
      ['payment_schedules.0.amount', 'zero_payment_schedule_amount'],
    ]);
  });
});

describe('the platform validators of ledgers and statement transactions (validateAccount)', () => {
  type Ledger = Json & {
    current_statement_transactions?: Json[];
    historical_statement_transactions: Json[];
  };
  /** The example's one ledger, to change, and the account fields to pass with it. */
  function example(): { ledger: Ledger; fields: Json } {
    const ledger = (specExample<Json>('DomesticAccount').ledgers as Ledger[])[0]!;
    return { ledger, fields: { ledgers: [ledger] } };
  }
  function run(fields: Json, today = TODAY) {
    const account = {
      ...specExample<Json>('DomesticAccount'),
      ...fields,
    } as unknown as Account;
    return moneyRules(account, testContext(today)).map((e) => [e.attr, e.code]);
  }

  test('[GEN-6] a transaction dated after today is transaction_in_future', () => {
    const { ledger, fields } = example();
    ledger.current_statement_transactions![0]!.transaction_date = '2024-04-16';
    expect(run(fields)).toEqual([
      ['ledgers.0.current_statement_transactions.0.transaction_date', 'transaction_in_future'],
    ]);
  });

  test('[GEN-6] a transaction id used twice in the account is duplicate_transaction_ids', () => {
    const { ledger, fields } = example();
    ledger.current_statement_transactions![0]!.transaction_id = 'HIST-0001';
    expect(run(fields)).toEqual([
      ['ledgers.0.current_statement_transactions.0.transaction_id', 'duplicate_transaction_ids'],
    ]);
  });

  test('[GEN-6] ledger balances that do not add up to the transfer balance are ledger_balances_not_equal_to_transfer_balance', () => {
    const { fields } = example();
    expect(run({ ...fields, transfer_balance: '31.00' })).toEqual([
      ['transfer_balance', 'ledger_balances_not_equal_to_transfer_balance'],
    ]);
  });

  test('[GEN-6] a ledger balance other than the last statement balance plus the current transactions is balance_mismatch_on_transfer_balance', () => {
    const { ledger, fields } = example();
    ledger.ledger_balance = '31.00';
    expect(run({ ...fields, transfer_balance: '31.00' })).toEqual([
      ['ledgers.0.ledger_balance', 'balance_mismatch_on_transfer_balance'],
    ]);
  });

  test('[GEN-6] in the form without ledgers, a transfer balance other than the last statement balance plus the current transactions is balance_mismatch_on_transfer_balance', () => {
    const { ledger } = example();
    const topLevel = {
      ledgers: undefined,
      current_statement_transactions: ledger.current_statement_transactions,
      historical_statement_transactions: ledger.historical_statement_transactions,
      last_statement_closing_date: ledger.last_statement_closing_date,
      last_statement_balance: ledger.last_statement_balance,
    };
    expect(run({ ...topLevel, transfer_balance: '30.00' })).toEqual([]);
    expect(run({ ...topLevel, transfer_balance: '29.99' })).toEqual([
      ['transfer_balance', 'balance_mismatch_on_transfer_balance'],
    ]);
  });

  test('[GEN-6] historical transactions that do not add up to the last statement balance are historical_statement_transactions_balance_mismatch', () => {
    const { ledger, fields } = example();
    ledger.historical_statement_transactions[0]!.amount = '61.00';
    ledger.last_statement_balance = '15.00';
    ledger.current_statement_transactions![0]!.amount = '15.00';
    expect(run(fields)).toEqual([
      ['ledgers.0.last_statement_balance', 'historical_statement_transactions_balance_mismatch'],
    ]);
  });

  test('[GEN-6] a historical transaction after the last statement closing date is historical_statement_transaction_after_last_statement_closing_date', () => {
    const { ledger, fields } = example();
    ledger.last_statement_closing_date = '2019-07-30';
    ledger.current_statement_transactions![0]!.transaction_date = '2019-08-02';
    expect(run(fields)).toEqual([
      [
        'ledgers.0.historical_statement_transactions.1.transaction_date',
        'historical_statement_transaction_after_last_statement_closing_date',
      ],
    ]);
  });

  test('[GEN-6] historical transactions with neither a closing date nor a last billed to date are historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date', () => {
    const { ledger, fields } = example();
    delete ledger.last_statement_closing_date;
    delete ledger.current_statement_transactions;
    ledger.ledger_balance = ledger.last_statement_balance;
    expect(run({ ...fields, transfer_balance: '15.00', last_billed_to_date: undefined })).toEqual([
      [
        'ledgers.0.historical_statement_transactions',
        'historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date',
      ],
    ]);
  });

  test('[GEN-6] a last statement issued before it closed is last_statement_issued_before_closing_date', () => {
    const { ledger, fields } = example();
    ledger.last_statement_issue_date = '2019-07-30';
    expect(run(fields)).toEqual([
      ['ledgers.0.last_statement_issue_date', 'last_statement_issued_before_closing_date'],
    ]);
  });

  test('[GEN-6] a last statement closing after today is historical_statement_period_end_in_future', () => {
    const { ledger, fields } = example();
    ledger.last_statement_closing_date = '2019-08-02';
    delete ledger.last_statement_issue_date;
    delete ledger.current_statement_transactions;
    ledger.ledger_balance = ledger.last_statement_balance;
    expect(run({ ...fields, transfer_balance: '15.00' }, '2019-08-01')).toEqual([
      ['ledgers.0.last_statement_closing_date', 'historical_statement_period_end_in_future'],
    ]);
  });

  test('[GEN-6] a historical transaction dated after a current one is historical_statement_transaction_after_current_statement_transaction', () => {
    const { ledger, fields } = example();
    ledger.current_statement_transactions![0]!.transaction_date = '2019-07-15';
    expect(run(fields)).toEqual([
      [
        'ledgers.0.historical_statement_transactions.1.transaction_date',
        'historical_statement_transaction_after_current_statement_transaction',
      ],
    ]);
  });

  test('[GEN-6] a current transaction on or before the last statement closing date is current_statement_transaction_before_current_statement_opening_date', () => {
    const { ledger, fields } = example();
    ledger.current_statement_transactions![0]!.transaction_date = '2019-07-31';
    expect(run(fields)).toEqual([
      [
        'ledgers.0.current_statement_transactions.0.transaction_date',
        'current_statement_transaction_before_current_statement_opening_date',
      ],
    ]);
  });

  test('[GEN-6] a current transaction before the last billed to date is current_statement_transaction_before_last_billed_to_date', () => {
    const { ledger, fields } = example();
    delete ledger.last_statement_closing_date;
    ledger.last_statement_issue_date = '2019-08-02';
    ledger.current_statement_transactions![0]!.transaction_date = '2019-08-01';
    expect(run({ ...fields, last_billed_to_date: '2019-08-02' })).toEqual([
      [
        'ledgers.0.current_statement_transactions.0.transaction_date',
        'current_statement_transaction_before_last_billed_to_date',
      ],
    ]);
  });

  test('[GEN-6] a statement without the path of its PDF is missing_statement_path_or_pdf_context', () => {
    const statement = {
      bill_period_from_date: '2019-07-01',
      bill_period_to_date: '2019-07-31',
      statement_id: 'S-1',
    };
    expect(run({ statements: [statement] })).toEqual([
      ['statements.0', 'missing_statement_path_or_pdf_context'],
    ]);
    expect(run({ statements: [{ ...statement, statement_path: 'statements/1.pdf' }] })).toEqual([]);
  });

  test('[GEN-6] a ledger code the catalogue lacks is ledger_code_does_not_exist', () => {
    const { ledger, fields } = example();
    ledger.ledger_code = 'HOLIDAY_SAVINGS';
    expect(run(fields)).toEqual([['ledgers.0.ledger_code', 'ledger_code_does_not_exist']]);
    ledger.ledger_code = 'ENERGY';
    expect(run(fields)).toEqual([]);
  });

  test('[GEN-6] a second ledger of one code is duplicate_ledger_entries_found', () => {
    const { ledger, fields } = example();
    ledger.ledger_code = 'ENERGY';
    const ledgers = [ledger, { ledger_code: 'ENERGY', ledger_balance: '0.00' }];
    expect(run({ ...fields, ledgers })).toEqual([
      ['ledgers.1.ledger_code', 'duplicate_ledger_entries_found'],
    ]);
  });

  test('[GEN-6] a ledger identifier used twice is duplicate_identifiers_entries_found', () => {
    const { ledger, fields } = example();
    ledger.ledger_identifier = '1200060176720';
    const ledgers = [ledger, { ledger_identifier: '1200060176720', ledger_balance: '0.00' }];
    expect(run({ ...fields, ledgers })).toEqual([
      ['ledgers.1.ledger_identifier', 'duplicate_identifiers_entries_found'],
    ]);
  });

  test('[GEN-6] a ledger identifier that is no supply point identifier is unknown_ledger_identifiers', () => {
    const { ledger, fields } = example();
    ledger.ledger_identifier = '9353824109';
    expect(run(fields)).toEqual([]);
    ledger.ledger_identifier = 'NOT-A-SUPPLY-POINT';
    expect(run(fields)).toEqual([['ledgers.0.ledger_identifier', 'unknown_ledger_identifiers']]);
  });

  test('[GEN-6] a billing document identifier on a current transaction is billing_document_identifier_not_allowed_for_current_statement_transactions', () => {
    const { ledger, fields } = example();
    ledger.current_statement_transactions![0]!.billing_document_identifier = 'BILL-1';
    expect(run(fields)).toEqual([
      [
        'ledgers.0.current_statement_transactions.0.billing_document_identifier',
        'billing_document_identifier_not_allowed_for_current_statement_transactions',
      ],
    ]);
  });

  test('[GEN-6] a billing document identifier on a historical transaction with the switch off is historical_statement_billing_document_identifier_not_allowed_when_feature_flag_disabled', () => {
    const { ledger, fields } = example();
    ledger.historical_statement_transactions[0]!.billing_document_identifier = 'BILL-1';
    expect(run(fields)).toEqual([
      [
        'ledgers.0.historical_statement_transactions.0.billing_document_identifier',
        'historical_statement_billing_document_identifier_not_allowed_when_feature_flag_disabled',
      ],
    ]);
  });

  describe('with the catalogue grouping historical transactions by billing document', () => {
    function grouped(fields: Json) {
      const account = { ...specExample<Json>('DomesticAccount'), ...fields } as unknown as Account;
      const catalogue = {
        ...testContext(TODAY).catalogue,
        historical_statement_single_billing_document_identifier: true,
      };
      return moneyRules(account, testContext(TODAY, { catalogue })).map((e) => [e.attr, e.code]);
    }

    test('[GEN-6] a historical transaction without the identifier is historical_statement_billing_document_identifier_missing', () => {
      const { ledger, fields } = example();
      ledger.historical_statement_transactions[0]!.billing_document_identifier = 'BILL-1';
      expect(grouped(fields)).toEqual([
        [
          'ledgers.0.historical_statement_transactions.1',
          'historical_statement_billing_document_identifier_missing',
        ],
      ]);
      ledger.historical_statement_transactions[1]!.billing_document_identifier = 'BILL-1';
      expect(grouped(fields)).toEqual([]);
    });

    test('[GEN-6] historical transactions of different billing documents are historical_statement_billing_document_identifier_mismatch', () => {
      const { ledger, fields } = example();
      ledger.historical_statement_transactions[0]!.billing_document_identifier = 'BILL-1';
      ledger.historical_statement_transactions[1]!.billing_document_identifier = 'BILL-2';
      expect(grouped(fields)).toEqual([
        [
          'ledgers.0.historical_statement_transactions.1.billing_document_identifier',
          'historical_statement_billing_document_identifier_mismatch',
        ],
      ]);
    });
  });

  test('[GEN-6] a transaction sent to no prepay meter of the account is transactions_target_non_initialised_prepay_meter', () => {
    const { ledger, fields } = example();
    const vend = {
      transaction_id: 'VEND-1',
      transaction_date: '2019-07-20',
      amount: '20.00',
      type: 'PAYMENT',
      reason: 'ACCOUNT_CHARGE_PAYMENT',
      to_prepay_meter_serial_number: 'Z99X000001',
    };
    ledger.historical_statement_transactions.push(vend);
    // Settled on the meter: the balances leave it out.
    expect(run(fields)).toEqual([
      [
        'ledgers.0.historical_statement_transactions.2.to_prepay_meter_serial_number',
        'transactions_target_non_initialised_prepay_meter',
      ],
    ]);
  });
});
