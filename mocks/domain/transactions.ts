/**
 * Financial transactions added to an imported account (TXN-1..TXN-10, GEN-8): the already-added
 * check (check_previously_added), the open statement period and the forced move into it
 * (force_add_to_current_statement), and the atomic batch whose first failing transaction is the
 * 400 TRANSACTION_IMPORT_ERROR. Checks come first and state changes last.
 */

import { decimalText, numberFits } from '../../spec/coercion.ts';
import { openStatementPeriod } from '../../spec/formats/index.ts';
import type { components, FieldError } from '../../spec/index.ts';
import { importedAccountByKey, requireImportedAccount } from './accounts.ts';
import { clockTimestamp, clockToday } from './clock.ts';
import type { MockEnv } from './env.ts';
import { pinnedNote } from './notes.ts';
import { fail, ok, type Result } from './result.ts';
import { type MockState, type NoteRecord, type TransactionRecord, touch } from './state.ts';
import { addTransactions, transactionIdsOn } from './transaction-index.ts';

type TransactionsRequest = components['schemas']['TransactionsRequest'];
type TransactionResult = components['schemas']['TransactionResult'];

/** The query parameters of transactions/create, both true by default (TXN-5..TXN-8). */
export interface TransactionOptions {
  checkPreviouslyAdded: boolean;
  forceAddToCurrentStatement: boolean;
}

/**
 * A JSON number as a decimal string with at least two decimal places (GEN-8): 10 gives "10.00",
 * 53.24 "53.24", 0.125 "0.125".
 */
export function decimalString(amount: number): string {
  const text = decimalText(amount);
  const dot = text.indexOf('.');
  if (dot < 0) return `${text}.00`;
  return text.length - dot - 1 >= 2 ? text : `${text}0`;
}

/** Why an amount does not fit the platform's decimal of 10 digits and 10 places, or null. */
function amountProblem(amount: number): string | null {
  // Arithmetic first, then counted on the text: a batch has many amounts (decision 018).
  if (numberFits(amount, { whole: 10, places: 10 })) return null;
  const text = decimalText(Math.abs(amount));
  const dot = text.indexOf('.');
  const whole = dot < 0 ? text.length : dot;
  if (!Number.isFinite(amount) || whole < 1 || whole > 10) {
    return 'Ensure that there are no more than 10 digits before the decimal point.';
  }
  if (dot >= 0 && text.length - dot - 1 > 10) {
    return 'Ensure that there are no more than 10 decimal places.';
  }
  return null;
}

/** A posted transaction as the results echo it: amount as a decimal string (GEN-8). */
function echo(item: unknown): Record<string, unknown> {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return {};
  const data = { ...(item as Record<string, unknown>) };
  if (typeof data.amount === 'number') data.amount = decimalString(data.amount);
  return data;
}

type SupplyCharge = Extract<
  NonNullable<TransactionsRequest['transactions']>[number],
  { type: 'SUPPLY_CHARGE' }
>;

/** Two amounts in major units that agree to the penny (the platform's decimals round to it). */
function samePence(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.005 + 1e-9;
}

/**
 * platform: a supply charge's line items and total, as the platform's validators check them
 * (line_item_units_must_be_two_values, incorrect_line_item_net_amount,
 * supply_point_identifier_required_for_rate_specification_code,
 * ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount). TXN-9
 * decides the body, so the platform's code is named in error_detail. Null when it passes.
 */
function supplyChargeProblem(transaction: SupplyCharge, at: string): string | null {
  let net = 0;
  for (const [j, line] of transaction.line_items.entries()) {
    const where = `${at}.line_items.${j}`;
    if (line.units !== undefined && line.units.length !== 2) {
      return `${where}.units: give the two meter readings of the period, opening and closing (line_item_units_must_be_two_values).`;
    }
    const units = Number(line.number_of_units);
    const amount = Number(line.net_amount);
    if (
      line.price_per_unit !== undefined &&
      !samePence(Number(line.price_per_unit) * units, amount)
    ) {
      return `${where}.net_amount: ${amount} is not price_per_unit times number_of_units (incorrect_line_item_net_amount).`;
    }
    if (line.rate_specification_code !== undefined && !transaction.supply_point_identifier) {
      return `${where}.rate_specification_code: a rate specification needs the charge's supply_point_identifier (supply_point_identifier_required_for_rate_specification_code).`;
    }
    net += amount;
  }
  const tax = (transaction.tax_items ?? []).reduce((sum, t) => sum + Number(t.amount), 0);
  if (!samePence(Number(transaction.amount), net + tax)) {
    return `${at}.amount: ${transaction.amount} is not the line items' net amounts plus the tax items' amounts, ${(net + tax).toFixed(2)} (ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount).`;
  }
  return null;
}

/** What happens to one transaction of a batch that passed every check. */
type Plan = { kind: 'exists' } | { kind: 'add'; movedTo?: string };

function importError(item: unknown, detail: string): Result<never> {
  return fail('TRANSACTION_IMPORT_ERROR', { transaction_data: echo(item) }, { detail });
}

/**
 * transactions/create (TXN-1..TXN-10). `itemShapeErrors` are the spec's failures inside
 * `transactions.N`, which count as failures of that transaction (TXN-9). The account must be
 * imported (404, TXN-10) and its supplier Ongoing (400). Each transaction is then checked in
 * order; the first failing one gives TRANSACTION_IMPORT_ERROR (its detail the error_detail, the
 * transaction in `data.transaction_data`), and nothing of the batch is added.
 */
export function createTransactions(
  state: MockState,
  env: MockEnv,
  request: TransactionsRequest,
  options: TransactionOptions,
  itemShapeErrors: readonly FieldError[] = [],
): Result<{ results: TransactionResult[] }> {
  const account = requireImportedAccount(
    state,
    request.import_supplier,
    request.external_account_number ?? '',
  );
  if (!account.ok) return account;
  const { record } = account.value;
  const transactions = request.transactions ?? [];
  const today = clockToday(state.clock, env.now());
  const now = clockTimestamp(state.clock, env.now());
  const period = openStatementPeriod(record.data, today, record.createdAt);
  const onAccount = transactionIdsOn(record);
  const inBatch = new Set<string>();

  const plans: Plan[] = [];
  for (const [i, item] of (transactions as unknown[]).entries()) {
    const shape = itemShapeErrors.filter(
      (e) => e.attr === `transactions.${i}` || e.attr.startsWith(`transactions.${i}.`),
    );
    if (shape.length > 0) {
      return importError(item, shape.map((e) => `${e.attr}: ${e.detail}`).join(' '));
    }
    const transaction = transactions[i]!;
    const id = transaction.transaction_id;
    const date = transaction.transaction_date;
    if (date > today) {
      return importError(item, `Transaction ${id} is dated ${date}, which is in the future.`);
    }
    const amount = amountProblem(Number(transaction.amount));
    if (amount) return importError(item, `transactions.${i}.amount: ${amount}`);
    if (inBatch.has(id)) {
      return importError(item, `Transaction id ${id} occurs more than once in the request.`);
    }
    inBatch.add(id);
    if (transaction.type === 'SUPPLY_CHARGE') {
      const backwards = transaction.line_items.findIndex((line) => line.start_date > line.end_date);
      if (backwards >= 0) {
        return importError(
          item,
          `transactions.${i}.line_items.${backwards}: the start date is later than the end date.`,
        );
      }
      const charge = supplyChargeProblem(transaction, `transactions.${i}`);
      if (charge) return importError(item, charge);
    }
    if (options.checkPreviouslyAdded && onAccount.has(id)) {
      plans.push({ kind: 'exists' });
      continue;
    }
    if (date < period.from) {
      if (!options.forceAddToCurrentStatement) {
        return importError(
          item,
          `Transaction ${id} dated ${date} is not within the open statement period ${period.from} - ${period.to}.`,
        );
      }
      plans.push({ kind: 'add', movedTo: period.from });
    } else plans.push({ kind: 'add' });
  }

  const added: TransactionRecord[] = [];
  const notes: NoteRecord[] = [];
  const results = plans.map((plan, i): TransactionResult => {
    const data = echo(transactions[i]) as TransactionResult['transaction_data'];
    if (plan.kind === 'exists')
      return { status: 'TRANSACTION_ALREADY_EXISTS', transaction_data: data };
    if (plan.movedTo) {
      const posted = data.transaction_date;
      const explanation = `Moved from ${posted} to ${plan.movedTo}, the first day of the open statement period, because ${posted} is outside it (force_add_to_current_statement).`;
      data.transaction_date = plan.movedTo;
      data.note = data.note ? `${data.note} ${explanation}` : explanation;
      notes.push(
        pinnedNote(
          `Transaction ${data.transaction_id} dated ${posted} was outside the open statement period ${period.from} - ${period.to} and was added on ${plan.movedTo}.`,
          now,
        ),
      );
      added.push({ transactionData: { ...data }, addedAt: now, movedFrom: posted });
    } else added.push({ transactionData: { ...data }, addedAt: now });
    return { status: 'TRANSACTION_ADDED_TO_ACCOUNT', transaction_data: data };
  });
  addTransactions(record, added);
  if (notes.length > 0) record.notes = [...(record.notes ?? []), ...notes];
  if (added.length > 0) touch(state);
  return ok({ results });
}

/**
 * The transactions added to an imported account since it was created, oldest first (control
 * API); 404 `account_not_found` for an account that is not imported.
 */
export function accountTransactions(state: MockState, key: string): Result<TransactionRecord[]> {
  const found = importedAccountByKey(state, key);
  return found.ok ? ok([...(found.value.transactions ?? [])]) : found;
}
