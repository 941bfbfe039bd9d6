import { describe, expect, test } from 'vitest';
import { accountNotes } from '../domain/notes.ts';
import { accountTransactions } from '../domain/transactions.ts';
import { createHarness, specExample } from '../test-support.ts';

const TRANSACTIONS = '/v1/data-import/transactions/create/';

async function withAccount(options: Parameters<typeof createHarness>[0] = {}) {
  const h = await createHarness(options);
  const account = await h.imported();
  const post = (transactions: unknown[], query: Record<string, string> = {}, extra = {}) =>
    h.call('POST', TRANSACTIONS, {
      query,
      body: {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: account.external_account_number,
        transactions,
        ...extra,
      },
    });
  const stored = () => {
    const found = accountTransactions(h.mock.service.state, h.key(account));
    if (!found.ok) throw new Error(found.error.detail);
    return found.value;
  };
  return { h, account, post, stored };
}

const charge = (id: string, date = '2024-04-01', amount = 10) => ({
  transaction_id: id,
  transaction_date: date,
  amount,
  type: 'CHARGE',
  reason: 'IMPORTED_CHARGE',
});

describe('createTransactions (POST /v1/data-import/transactions/create/)', () => {
  test('[TXN-2][TXN-3][TXN-4][GEN-8] all five types are added: 201, each echoed with amount as a decimal string', async () => {
    const { post, stored } = await withAccount();
    const request = specExample<{ transactions: Record<string, unknown>[] }>(
      'CreateTransactionsRequest',
    );
    const response = await post(request.transactions);
    const amounts = ['10.00', '15.00', '60.00', '20.00', '53.03'];
    expect(response).toEqual({
      status: 201,
      body: {
        results: request.transactions.map((t, i) => ({
          status: 'TRANSACTION_ADDED_TO_ACCOUNT',
          transaction_data: { ...t, amount: amounts[i] },
        })),
      },
    });
    expect(
      stored().map((t) => [t.transactionData.transaction_id, t.transactionData.amount]),
    ).toEqual(request.transactions.map((t, i) => [t.transaction_id, amounts[i]]));
  });

  test('[TXN-2] reason is refused on SUPPLY_CHARGE and required on CHARGE (TRANSACTION_IMPORT_ERROR)', async () => {
    const { post } = await withAccount();
    const supply = specExample<{ transactions: Record<string, unknown>[] }>(
      'CreateTransactionsRequest',
    ).transactions[4]!;
    const withReason = await post([{ ...supply, reason: 'IMPORTED_CHARGE' }]);
    expect(withReason).toEqual({
      status: 400,
      body: {
        status: 'TRANSACTION_IMPORT_ERROR',
        error_detail: 'transactions.0.reason: This field is not part of the interface.',
        transaction_data: { ...supply, reason: 'IMPORTED_CHARGE', amount: '53.03' },
      },
    });
    const { reason: _reason, ...noReason } = charge('C-1');
    expect((await post([noReason])).body).toMatchObject({
      error_detail: 'transactions.0.reason: This field is required.',
    });
  });

  test('[TXN-5] with check_previously_added (default true) a transaction already added is TRANSACTION_ALREADY_EXISTS and skipped', async () => {
    const { post, stored } = await withAccount();
    await post([charge('C-1')]);
    const response = await post([charge('C-1', '2024-04-02', 99), charge('C-2')]);
    expect(response).toEqual({
      status: 201,
      body: {
        results: [
          {
            status: 'TRANSACTION_ALREADY_EXISTS',
            transaction_data: { ...charge('C-1', '2024-04-02', 99), amount: '99.00' },
          },
          {
            status: 'TRANSACTION_ADDED_TO_ACCOUNT',
            transaction_data: { ...charge('C-2'), amount: '10.00' },
          },
        ],
      },
    });
    expect(
      stored().map((t) => [t.transactionData.transaction_id, t.transactionData.amount]),
    ).toEqual([
      ['C-1', '10.00'],
      ['C-2', '10.00'],
    ]);
  });

  test("[TXN-5] the staged ledgers' transactions are on the account already", async () => {
    const { post } = await withAccount();
    // DomesticAccount's ledger holds HIST-0001, HIST-0002 and CURR-0001.
    const response = await post([charge('HIST-0001'), charge('CURR-0001')]);
    expect(
      (response.body as { results: { status: string }[] }).results.map((r) => r.status),
    ).toEqual(['TRANSACTION_ALREADY_EXISTS', 'TRANSACTION_ALREADY_EXISTS']);
  });

  test("[TXN-5] the account's top-level transaction lists (the platform's form without ledgers) are on the account already", async () => {
    const h = await createHarness();
    const ledger = (specExample<{ ledgers: Record<string, unknown>[] }>('DomesticAccount')
      .ledgers[0] ?? {}) as Record<string, unknown>;
    const account = await h.imported(
      h.account('DomesticAccount', {
        ledgers: undefined,
        current_statement_transactions: ledger.current_statement_transactions,
        historical_statement_transactions: ledger.historical_statement_transactions,
        last_statement_closing_date: ledger.last_statement_closing_date,
        last_statement_balance: ledger.last_statement_balance,
      }),
    );
    const response = await h.call('POST', TRANSACTIONS, {
      body: {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: account.external_account_number,
        transactions: [charge('HIST-0001'), charge('CURR-0001'), charge('NEW-0001')],
      },
    });
    expect(
      (response.body as { results: { status: string }[] }).results.map((r) => r.status),
    ).toEqual([
      'TRANSACTION_ALREADY_EXISTS',
      'TRANSACTION_ALREADY_EXISTS',
      'TRANSACTION_ADDED_TO_ACCOUNT',
    ]);
  });

  test('[TXN-6] with check_previously_added=false no check is made: the transaction is added again', async () => {
    const { post, stored } = await withAccount();
    await post([charge('C-1')]);
    const response = await post([charge('C-1')], { check_previously_added: 'false' });
    expect((response.body as { results: { status: string }[] }).results[0]!.status).toBe(
      'TRANSACTION_ADDED_TO_ACCOUNT',
    );
    expect(stored().map((t) => t.transactionData.transaction_id)).toEqual(['C-1', 'C-1']);
  });

  test('[TXN-7] with force_add_to_current_statement (default true) a transaction before the open period is moved into it, explained, and a note is pinned', async () => {
    // The open period starts the day after the ledger's last_statement_closing_date 2019-07-31.
    const { h, account, post, stored } = await withAccount();
    const response = await post([
      { ...charge('OLD-1', '2019-07-15', 12.5), note: 'From the old system.' },
      charge('NEW-1', '2019-08-01'),
    ]);
    const explanation =
      'Moved from 2019-07-15 to 2019-08-01, the first day of the open statement period, because 2019-07-15 is outside it (force_add_to_current_statement).';
    expect(response).toEqual({
      status: 201,
      body: {
        results: [
          {
            status: 'TRANSACTION_ADDED_TO_ACCOUNT',
            transaction_data: {
              ...charge('OLD-1', '2019-08-01'),
              amount: '12.50',
              note: `From the old system. ${explanation}`,
            },
          },
          {
            status: 'TRANSACTION_ADDED_TO_ACCOUNT',
            transaction_data: { ...charge('NEW-1', '2019-08-01'), amount: '10.00' },
          },
        ],
      },
    });
    expect(stored()[0]!.movedFrom).toBe('2019-07-15');
    const notes = accountNotes(h.mock.service.state, h.key(account), h.systemNow);
    expect(notes.ok && notes.value.filter((n) => n.origin === 'transaction_moved')).toEqual([
      {
        body: 'Transaction OLD-1 dated 2019-07-15 was outside the open statement period 2019-08-01 - 2024-04-15 and was added on 2019-08-01.',
        created_at: '2024-04-15T10:00:00Z',
        document_paths: [],
        is_pinned: true,
        unpin_at: null,
        pinned_now: true,
        origin: 'transaction_moved',
      },
    ]);
  });

  test('[TXN-8][TXN-9] with force_add_to_current_statement=false such a transaction is a 400 TRANSACTION_IMPORT_ERROR and nothing of the batch is added', async () => {
    const { h, post } = await withAccount();
    const before = h.snapshot();
    const payment = {
      transaction_id: 'TXN-0998',
      transaction_date: '2019-07-15',
      amount: 71,
      type: 'PAYMENT',
      reason: 'GENERAL_CREDIT',
      payment_type: 'DEBIT_CARD',
      reference: 'payment-0998',
    };
    const response = await post([charge('OK-1'), payment], {
      force_add_to_current_statement: 'false',
    });
    expect(response).toEqual({
      status: 400,
      body: {
        status: 'TRANSACTION_IMPORT_ERROR',
        error_detail:
          'Transaction TXN-0998 dated 2019-07-15 is not within the open statement period 2019-08-01 - 2024-04-15.',
        transaction_data: { ...payment, amount: '71.00' },
      },
    });
    expect(h.snapshot()).toBe(before);
  });

  test('[TXN-9] a validation failure reports the first failing transaction and the batch is atomic', async () => {
    const { h, post } = await withAccount();
    const before = h.snapshot();
    const response = await post([
      charge('OK-1'),
      { ...charge('BAD-1'), amount: 'ten' },
      { ...charge('BAD-2'), type: 'GIFT' },
    ]);
    expect(response).toEqual({
      status: 400,
      body: {
        status: 'TRANSACTION_IMPORT_ERROR',
        error_detail: 'transactions.1.amount: A valid number is required.',
        transaction_data: { ...charge('BAD-1'), amount: 'ten' },
      },
    });
    expect(h.snapshot()).toBe(before);
  });

  test('[TXN-9] a transaction dated in the future, a repeated transaction_id, a backwards line item and too many digits are TRANSACTION_IMPORT_ERROR', async () => {
    const { h, post } = await withAccount();
    const before = h.snapshot();
    const detail = async (transactions: unknown[]) =>
      ((await post(transactions)).body as { error_detail: string }).error_detail;
    expect(await detail([charge('F-1', '2024-04-16')])).toBe(
      'Transaction F-1 is dated 2024-04-16, which is in the future.',
    );
    expect(await detail([charge('D-1'), charge('D-1')])).toBe(
      'Transaction id D-1 occurs more than once in the request.',
    );
    const supply = specExample<{ transactions: Record<string, unknown>[] }>(
      'CreateTransactionsRequest',
    ).transactions[4]! as { line_items: Record<string, unknown>[] };
    supply.line_items[1] = { ...supply.line_items[1], start_date: '2024-03-01' };
    expect(await detail([supply])).toBe(
      'transactions.0.line_items.1: the start date is later than the end date.',
    );
    expect(await detail([charge('BIG-1', '2024-04-01', 12345678901)])).toBe(
      'transactions.0.amount: Ensure that there are no more than 10 digits before the decimal point.',
    );
    expect(await detail([charge('FINE-1', '2024-04-01', 0.12345678901)])).toBe(
      'transactions.0.amount: Ensure that there are no more than 10 decimal places.',
    );
    expect(h.snapshot()).toBe(before);
  });

  test('[TXN-10] an unknown or only staged account gets 404 account_not_found', async () => {
    const h = await createHarness();
    const staged = await h.stage(h.account());
    for (const external of [staged.external_account_number, 'NOPE-1']) {
      const response = await h.call('POST', TRANSACTIONS, {
        body: {
          import_supplier: 'DEMO_ENERGY',
          external_account_number: external,
          transactions: [charge('C-1')],
        },
      });
      expect(response).toEqual({
        status: 404,
        body: {
          detail: `No imported account was found for import supplier DEMO_ENERGY and external account number ${external}.`,
          code: 'account_not_found',
          errors: [],
        },
      });
    }
  });

  test('[ERR-1] a body that is not a transactions request, or a bad query parameter, gets 400 request_failed_validation', async () => {
    const { h, account, post } = await withAccount();
    expect(
      await h.call('POST', TRANSACTIONS, {
        body: {
          external_account_number: account.external_account_number,
          transactions: [charge('C-1')],
        },
      }),
    ).toEqual({
      status: 400,
      body: {
        detail: 'Could not validate the request.',
        code: 'request_failed_validation',
        errors: [{ attr: 'import_supplier', code: 'required', detail: 'This field is required.' }],
      },
    });
    expect(await post([charge('C-1')], { check_previously_added: 'maybe' })).toEqual({
      status: 400,
      body: {
        detail: 'Could not validate the request.',
        code: 'request_failed_validation',
        errors: [
          { attr: 'check_previously_added', code: 'invalid', detail: 'Must be a valid boolean.' },
        ],
      },
    });
  });

  test('[SUP-3] a Paused supplier gets 400 import_supplier_migration_not_ongoing and nothing is added', async () => {
    const { h, post } = await withAccount();
    h.mock.service.state.suppliers.DEMO_ENERGY!.status = 'Complete';
    const before = h.snapshot();
    expect((await post([charge('C-1')])).body).toEqual({
      detail: 'The migration for import supplier DEMO_ENERGY is not ongoing (status Complete).',
      code: 'import_supplier_migration_not_ongoing',
      errors: [],
    });
    expect(h.snapshot()).toBe(before);
  });

  test("[TXN-1][GEN-8] the real platform's transactions example (DEMO_ENERGY, account changed) is accepted", async () => {
    const { post } = await withAccount({ now: Date.parse('2020-03-01T09:00:00Z') });
    const base = { transaction_date: '2019-10-01', amount: 10.0 };
    const transactions = [
      {
        transaction_id: '1',
        ...base,
        type: 'CHARGE',
        reason: 'IMPORTED_CHARGE',
        display_note: 'Some customer facing note about the charge.',
        reference: 'charge-reference-1',
        note: 'Some internal note about the charge.',
      },
      {
        transaction_id: '2',
        ...base,
        type: 'CHARGE',
        reason: 'PREPAY_DEBT_ADJUSTMENT',
        display_note: 'Some customer facing note about the prepay charge.',
        reference: 'prepay-charge-reference-1',
        note: 'Some internal note about the prepay charge.',
        to_prepay_meter_serial_number: 'Z16N389556',
      },
      {
        transaction_id: '3',
        ...base,
        type: 'CREDIT',
        reason: 'IMPORTED_CREDIT',
        display_note: 'Some customer facing note about the credit.',
        reference: 'credit-reference-1',
        note: 'Some internal note about the credit.',
      },
      {
        transaction_id: '4',
        ...base,
        type: 'PAYMENT',
        reason: 'ACCOUNT_CHARGE_PAYMENT',
        reference: 'payment-reference-1',
        payment_type: 'DD_REGULAR_COLLECTION',
        note: 'Some internal note about the payment.',
      },
      {
        transaction_id: '5',
        ...base,
        type: 'REPAYMENT',
        reason: 'FULL_CREDIT_REFUND',
        reference: 'repayment-reference-1',
        payment_type: 'DIRECT_CREDIT',
        note: 'Some internal note about the repayment.',
      },
      {
        transaction_id: '6',
        transaction_date: '2019-10-01',
        amount: 53.24,
        type: 'SUPPLY_CHARGE',
        display_note: 'Some customer facing note about the supply charge.',
        reference: 'supply-charge-reference-1',
        product_code: 'SOME-PRODUCT-CODE-4321',
        line_items: [
          {
            rate_band: 'CONSUMPTION_STANDARD',
            start_date: '2019-10-01',
            end_date: '2019-11-01',
            number_of_units: 4.0,
            net_amount: 44.0,
            price_per_unit: 11.0,
            units: [4.0, 8.0],
          },
        ],
        tax_items: [
          { amount: 9.24, tax_type: 'VAT', value_taxed: 44.0, rate: 0.21, unit_type: 'PROPORTION' },
        ],
      },
    ];
    const response = await post(transactions);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      results: transactions.map((t) => ({
        status: 'TRANSACTION_ADDED_TO_ACCOUNT',
        transaction_data: { ...t, amount: t.amount === 10 ? '10.00' : '53.24' },
      })),
    });
  });
});

describe("createTransactions: the platform's supply charge validators (TXN-9 body)", () => {
  const supplyCharge = (
    change: (charge: Record<string, unknown>, line: Record<string, unknown>) => void,
  ) => {
    const line: Record<string, unknown> = {
      rate_band: 'STANDING_CHARGE',
      start_date: '2024-04-01',
      end_date: '2024-04-01',
      number_of_units: 1,
      net_amount: 10,
      price_per_unit: 10,
      units: [1200, 1201],
    };
    const charge: Record<string, unknown> = {
      transaction_id: 'SC-1',
      transaction_date: '2024-04-01',
      amount: 12,
      type: 'SUPPLY_CHARGE',
      product_code: 'VAR-22-11-01',
      line_items: [line],
      tax_items: [
        { amount: 2, tax_type: 'VAT', value_taxed: 10, rate: 0.2, unit_type: 'PROPORTION' },
      ],
    };
    change(charge, line);
    return charge;
  };

  test('[TXN-9] a supply charge whose lines and tax add up to its amount is added', async () => {
    const { post } = await withAccount();
    expect((await post([supplyCharge(() => {})])).status).toBe(201);
  });

  test.each([
    [
      'line_item_units_must_be_two_values',
      (_: unknown, line: Record<string, unknown>) => {
        line.units = [1200];
      },
    ],
    [
      'incorrect_line_item_net_amount',
      (charge: Record<string, unknown>, line: Record<string, unknown>) => {
        line.net_amount = 11;
        charge.amount = 13;
      },
    ],
    [
      'supply_point_identifier_required_for_rate_specification_code',
      (_: unknown, line: Record<string, unknown>) => {
        delete line.rate_band;
        line.rate_specification_code = 'STANDING';
      },
    ],
    [
      'ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount',
      (charge: Record<string, unknown>) => {
        charge.amount = 10;
      },
    ],
  ] as const)(
    '[TXN-9] a supply charge breaking %s is TRANSACTION_IMPORT_ERROR naming it',
    async (code, change) => {
      const { post } = await withAccount();
      const response = await post([supplyCharge(change as never)]);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        status: 'TRANSACTION_IMPORT_ERROR',
        transaction_data: { transaction_id: 'SC-1' },
      });
      expect((response.body as { error_detail: string }).error_detail).toContain(`(${code})`);
    },
  );
});
