/**
 * transactions/create (TXN-1..TXN-10, GEN-8), with both query parameters. Every test imports an
 * account of its own and dates its transactions against that account's open statement period.
 */
import { expect, type KitChecks, type Lifecycle, test } from './fixtures.ts';
import type { CallOptions, DataImportClient, Exchange } from './support/api-client.ts';
import { operationTitle, REQUEST_VIOLATION } from './support/operations.ts';
import { addDays, openStatementPeriod, specExample } from './support/payloads.ts';

interface TransactionResult {
  status: string;
  transaction_data: Record<string, unknown>;
}
interface TransactionImportError {
  status: string;
  error_detail: string;
  transaction_data: Record<string, unknown>;
}

/**
 * The result of one transaction, found by its transaction_id: the reference does not promise
 * that results come in request order (TXN-3 gives only "a results array").
 */
function resultOf(
  results: TransactionResult[],
  transactionId: string,
): TransactionResult | undefined {
  return results.find((r) => r.transaction_data?.transaction_id === transactionId);
}

/**
 * Imports an account of the test's own. Its open statement period (the kit's rule, see
 * createTransactions' x-kit-assumption) starts after the latest statement closing date of its
 * ledgers: `inside` is a date in it and `before` one before it.
 */
async function importedAccount(api: DataImportClient, lifecycle: Lifecycle) {
  const account = lifecycle.domesticAccount();
  const importSupplier = account.import_supplier as string;
  const external = account.external_account_number as string;
  await lifecycle.import(account);
  const period = openStatementPeriod(account, lifecycle.context);
  const inside = period.from;
  const before = addDays(period.from, -10);
  // With a closed statement on its ledgers, `before` lies in a closed statement period whatever
  // the service's exact rule; without one, where the period starts is the kit's assumption.
  const closed = ((account.ledgers as { last_statement_closing_date?: string }[]) ?? []).some(
    (ledger) => ledger.last_statement_closing_date,
  );
  /** A CHARGE transaction, inside the open statement period unless dated otherwise. */
  const charge = (id: string, date = inside, amount = 10) => ({
    transaction_id: `${external}-${id}`,
    transaction_date: date,
    amount,
    type: 'CHARGE',
    reason: 'IMPORTED_CHARGE',
  });
  const post = (transactions: unknown[], options?: CallOptions) =>
    api.createTransactions(
      { import_supplier: importSupplier, external_account_number: external, transactions },
      options,
    ) as Promise<Exchange<{ results: TransactionResult[] }>>;
  /** The spec's example request (one transaction of each type) for this account, in its period. */
  const example = () => {
    const request = specExample('CreateTransactionsRequest');
    const transactions = (request.transactions as Record<string, unknown>[]).map((t) => ({
      ...t,
      transaction_id: `${external}-${t.transaction_id}`,
      transaction_date: inside,
    }));
    return { import_supplier: importSupplier, external_account_number: external, transactions };
  };
  return { importSupplier, external, post, charge, example, before, period, closed };
}

/**
 * Checks about a transaction dated before the open statement period: hard when the account's
 * ledgers close a statement after that date, a kit assumption otherwise.
 */
async function outsideThePeriod(
  closed: boolean,
  kit: KitChecks,
  check: () => void | Promise<void>,
): Promise<void> {
  if (closed) await check();
  else await kit.assume('The open statement period starts as the kit decides', check);
}

test.describe(operationTitle('createTransactions'), () => {
  test('[TXN-1] [TXN-2] [TXN-3] [TXN-4] [GEN-8] transactions of all five types are added: 201 with TRANSACTION_ADDED_TO_ACCOUNT and amounts as decimal strings', async ({
    api,
    lifecycle,
  }) => {
    const { example } = await importedAccount(api, lifecycle);
    const request = example();
    const posted = request.transactions as unknown as {
      transaction_id: string;
      amount: number;
      type: string;
    }[];
    expect(new Set(posted.map((t) => t.type))).toEqual(
      new Set(['CHARGE', 'CREDIT', 'PAYMENT', 'REPAYMENT', 'SUPPLY_CHARGE']),
    );
    const exchange = (await api.createTransactions(request)) as Exchange<{
      results: TransactionResult[];
    }>;
    expect(exchange.status).toBe(201);
    expect(exchange.body.results).toHaveLength(posted.length);
    for (const sent of posted) {
      const result = resultOf(exchange.body.results, sent.transaction_id);
      expect(result?.status, `${sent.type} ${sent.transaction_id}`).toBe(
        'TRANSACTION_ADDED_TO_ACCOUNT',
      );
      const amount = result?.transaction_data.amount;
      expect(typeof amount, 'amount is returned as a decimal string (GEN-8)').toBe('string');
      expect(amount).toMatch(/^-?\d+(\.\d+)?$/);
      expect(Number(amount)).toBeCloseTo(sent.amount, 2);
    }
  });

  test('[TXN-2] reason is absent on SUPPLY_CHARGE: one with a reason is refused', {
    tag: REQUEST_VIOLATION,
  }, async ({ api, lifecycle, kit }) => {
    const { post, example } = await importedAccount(api, lifecycle);
    const supplyCharge = (example().transactions as Record<string, unknown>[]).find(
      (t) => t.type === 'SUPPLY_CHARGE',
    );
    const exchange = await post([{ ...supplyCharge, reason: 'IMPORTED_CHARGE' }], {
      invalid: true,
      assumption: 'A reason on SUPPLY_CHARGE is refused',
    });
    await kit.assume('A SUPPLY_CHARGE with a reason is TRANSACTION_IMPORT_ERROR', () => {
      expect(exchange.status).toBe(400);
      expect(exchange.body).toMatchObject({ status: 'TRANSACTION_IMPORT_ERROR' });
    });
  });

  test('[TXN-5] with check_previously_added (default true) a transaction already added is TRANSACTION_ALREADY_EXISTS and skipped', async ({
    api,
    lifecycle,
  }) => {
    const { post, charge } = await importedAccount(api, lifecycle);
    const [c1, c2] = [charge('C-1'), charge('C-2')];
    expect((await post([c1])).body.results[0]?.status).toBe('TRANSACTION_ADDED_TO_ACCOUNT');
    const byDefault = await post([c1, c2]);
    expect(byDefault.status).toBe(201);
    expect(byDefault.body.results).toHaveLength(2);
    expect(resultOf(byDefault.body.results, c1.transaction_id)?.status).toBe(
      'TRANSACTION_ALREADY_EXISTS',
    );
    expect(resultOf(byDefault.body.results, c2.transaction_id)?.status).toBe(
      'TRANSACTION_ADDED_TO_ACCOUNT',
    );
    const explicit = await post([charge('C-1')], { query: { check_previously_added: true } });
    expect(explicit.body.results[0]?.status).toBe('TRANSACTION_ALREADY_EXISTS');
  });

  test('[TXN-6] with check_previously_added=false no check is made: the transaction is added again', async ({
    api,
    lifecycle,
  }) => {
    const { post, charge } = await importedAccount(api, lifecycle);
    await post([charge('C-1')]);
    const again = await post([charge('C-1')], { query: { check_previously_added: false } });
    expect(again.status).toBe(201);
    expect(again.body.results[0]?.status).toBe('TRANSACTION_ADDED_TO_ACCOUNT');
  });

  test('[TXN-7] with force_add_to_current_statement (default true) a transaction dated outside the open period is moved into it and explained', async ({
    api,
    lifecycle,
    kit,
  }) => {
    const { post, charge, before, period, closed } = await importedAccount(api, lifecycle);
    const exchange = await post([{ ...charge('OLD-1', before), note: 'Old system.' }]);
    expect(exchange.status).toBe(201);
    const [result] = exchange.body.results;
    // The reference's part: a transaction outside the period is added, not refused (TXN-7, and
    // TXN-8 for the refusal with false).
    await outsideThePeriod(closed, kit, () =>
      expect(result?.status).toBe('TRANSACTION_ADDED_TO_ACCOUNT'),
    );
    // What the result's transaction_data shows after the move is the kit's: the reference says
    // the date is moved and explained, not that the answer echoes the moved date.
    const moved = result?.transaction_data.transaction_date as string;
    await kit.assume('The result shows the moved date, inside the open period', () => {
      expect(moved, 'the date is moved into the open period').not.toBe(before);
      expect(moved > before).toBe(true);
    });
    await kit.assume(
      'Moved to the first day of the period, the explanation appended to note',
      () => {
        expect(moved).toBe(period.from);
        expect(String(result?.transaction_data.note)).toMatch(/^Old system\. ./);
        expect(String(result?.transaction_data.note)).toContain(before);
      },
    );
    const explicit = await post([charge('OLD-2', before)], {
      query: { force_add_to_current_statement: true },
    });
    expect(explicit.status).toBe(201);
    await outsideThePeriod(closed, kit, () =>
      expect(explicit.body.results[0]?.status).toBe('TRANSACTION_ADDED_TO_ACCOUNT'),
    );
    await kit.assume('The result shows the moved date', () =>
      expect(explicit.body.results[0]?.transaction_data.transaction_date).not.toBe(before),
    );
  });

  test('[TXN-7] a moved transaction pins a note to the account', async ({
    api,
    lifecycle,
    control,
  }) => {
    const { importSupplier, external, post, charge, before } = await importedAccount(
      api,
      lifecycle,
    );
    const old = charge('OLD-1', before);
    await post([old]);
    const pinned = (await control.notes(importSupplier, external)).filter(
      (n) => n.is_pinned && n.body.includes(old.transaction_id),
    );
    expect(pinned).toHaveLength(1);
    expect(pinned[0]?.body).toContain(before);
  });

  test('[TXN-8] [TXN-9] with force_add_to_current_statement=false such a transaction is 400 TRANSACTION_IMPORT_ERROR, and nothing of the batch is added', async ({
    api,
    lifecycle,
    kit,
  }) => {
    const { post, charge, before, closed } = await importedAccount(api, lifecycle);
    const [ok, old] = [charge('OK-1'), charge('OLD-1', before)];
    const exchange = (await post([ok, old], {
      query: { force_add_to_current_statement: false },
      ...(closed ? {} : { assumption: 'Where the open statement period starts' }),
    })) as unknown as Exchange<TransactionImportError>;
    await outsideThePeriod(closed, kit, () => {
      expect(exchange.status).toBe(400);
      expect(exchange.body.status).toBe('TRANSACTION_IMPORT_ERROR');
      expect(typeof exchange.body.error_detail).toBe('string');
      expect(exchange.body.transaction_data).toMatchObject({ transaction_id: old.transaction_id });
    });
    await kit.assume('The batch is atomic: OK-1 was not added either', async () =>
      expect((await post([ok])).body.results[0]?.status).toBe('TRANSACTION_ADDED_TO_ACCOUNT'),
    );
  });

  test('[TXN-9] a validation failure is 400 TRANSACTION_IMPORT_ERROR with error_detail and the first failing transaction', {
    tag: REQUEST_VIOLATION,
  }, async ({ api, lifecycle }) => {
    const { post, charge } = await importedAccount(api, lifecycle);
    const bad = { ...charge('BAD-1'), amount: 'ten' };
    const exchange = (await post([charge('OK-1'), bad, { ...charge('BAD-2'), amount: 'x' }], {
      invalid: true,
    })) as unknown as Exchange<TransactionImportError>;
    expect(exchange.status).toBe(400);
    expect(exchange.body).toMatchObject({
      status: 'TRANSACTION_IMPORT_ERROR',
      error_detail: expect.any(String),
      transaction_data: expect.objectContaining({ transaction_id: bad.transaction_id }),
    });
  });

  test('[TXN-10] an account that is only staged, or unknown, is refused', async ({
    api,
    lifecycle,
    accounts,
    kit,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.stage(account);
    for (const external of [account.external_account_number as string, accounts.next()]) {
      const exchange = await api.createTransactions(
        {
          import_supplier: lifecycle.supplier,
          external_account_number: external,
          transactions: [
            {
              transaction_id: `${external}-C-1`,
              transaction_date: lifecycle.context.today,
              amount: 10,
              type: 'CHARGE',
              reason: 'IMPORTED_CHARGE',
            },
          ],
        },
        { assumption: 'TXN-10 leaves the unknown-account behaviour open' },
      );
      expect(
        exchange.status,
        'no transaction is added to an account that is not imported',
      ).toBeGreaterThanOrEqual(400);
      expect(exchange.status).toBeLessThan(500);
      await kit.assume('An account that is not imported gets 404 account_not_found', () => {
        expect(exchange.status).toBe(404);
        expect(exchange.body).toMatchObject({ code: 'account_not_found' });
      });
    }
  });
});
