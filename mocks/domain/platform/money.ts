/**
 * The platform's validators of an account's money (platform: ledgers, current and historical
 * statement transactions, statement dates and balances, the transfer balance, statements), where
 * the interface reference is silent (GEN-6, decisions 014 and 015). Each answers the platform's
 * own code on the field it concerns.
 *
 * The account carries its transactions in either of the platform's two forms (decision 014):
 * `ledgers[]`, each ledger with its own statement dates and balances, or the top-level
 * `current_statement_transactions` / `historical_statement_transactions` with the account's
 * (deprecated) top-level `last_statement_*` fields. Both are read as "books" so every rule runs
 * the same way on either form.
 */
import { addDays } from '../../../spec/formats/dates.ts';
import type { FieldError } from '../../../spec/index.ts';
import { fieldError } from '../result.ts';
import type { Account, PlatformContext } from './context.ts';

interface Transaction {
  billing_document_identifier?: string;
  to_prepay_meter_serial_number?: string;
  transaction_id?: string;
  transaction_date?: string;
  amount?: string | number;
  type?: string;
}

interface LedgerFields {
  current_statement_transactions?: Transaction[];
  historical_statement_transactions?: Transaction[];
  last_statement_closing_date?: string;
  last_statement_issue_date?: string;
  last_statement_balance?: string | number;
  ledger_balance?: string | number;
  ledger_code?: string;
  ledger_identifier?: string;
}

/** One set of statement transactions with its dates and balances, and where it sits (ERR-5). */
interface Book {
  /** Attr prefix: `ledgers.N.` or `` for the account's top-level form. */
  at: string;
  fields: LedgerFields;
  /** True for a ledger of `ledgers[]` (it has a ledger_balance of its own). */
  isLedger: boolean;
}

interface Point {
  identifier?: string;
  last_billed_to_date?: string | null;
  meters?: {
    meter_serial_number?: string;
    prepay_details?: unknown;
    last_billed_to_date?: string | null;
    registers?: { last_billed_to_date?: string | null }[];
  }[];
}

interface MoneyAccount extends LedgerFields {
  transfer_balance?: string | number;
  last_billed_to_date?: string;
  ledgers?: LedgerFields[];
  statements?: { statement_path?: string }[];
  supply_addresses?: { meter_points?: Point[] }[];
}

/** An amount in pence, so that sums of decimal strings compare exactly. */
function pence(amount: string | number | undefined): number {
  return Math.round(Number(amount ?? 0) * 100);
}

/** The effect of a transaction on the balance (credit positive): payments and credits add. */
function signedPence(t: Transaction): number {
  const amount = pence(t.amount);
  return t.type === 'PAYMENT' || t.type === 'CREDIT' ? amount : -amount;
}

/**
 * The sum of transactions' effects. Transactions sent to a prepay meter are left out: the
 * platform settles them on the meter, apart from the account's balances.
 */
function sumPence(transactions: readonly Transaction[]): number {
  let sum = 0;
  for (const t of transactions) {
    if (t.to_prepay_meter_serial_number === undefined) sum += signedPence(t);
  }
  return sum;
}

function money(p: number): string {
  return (p / 100).toFixed(2);
}

/** The account's books: each ledger, then the top-level form when it carries transactions. */
function booksOf(account: MoneyAccount): Book[] {
  const books: Book[] = (account.ledgers ?? []).map((fields, i) => ({
    at: `ledgers.${i}.`,
    fields,
    isLedger: true,
  }));
  if (account.current_statement_transactions || account.historical_statement_transactions) {
    books.push({ at: '', fields: account, isLedger: false });
  }
  return books;
}

/**
 * The last billed to dates of the account and its supply points: the earliest (the platform's
 * stand-in for a missing last_statement_closing_date) and the latest of them, meters and
 * registers included (no current statement transaction may precede it).
 */
function billedToDates(account: MoneyAccount): { earliest?: string; latest?: string } {
  // ISO dates compare as text; the earliest is the account's and its meter points' own, the
  // latest any level's (meters and registers too). Kept as running bounds, not sorted lists.
  let earliest: string | undefined;
  let latest: string | undefined;
  const own = (date: string | null | undefined) => {
    if (!date) return;
    if (earliest === undefined || date < earliest) earliest = date;
    if (latest === undefined || date > latest) latest = date;
  };
  const deeper = (date: string | null | undefined) => {
    if (date && (latest === undefined || date > latest)) latest = date;
  };
  own(account.last_billed_to_date);
  for (const address of account.supply_addresses ?? []) {
    for (const point of address.meter_points ?? []) {
      own(point.last_billed_to_date);
      for (const meter of point.meters ?? []) {
        deeper(meter.last_billed_to_date);
        for (const register of meter.registers ?? []) deeper(register.last_billed_to_date);
      }
    }
  }
  return {
    ...(earliest ? { earliest } : {}),
    ...(latest ? { latest } : {}),
  };
}

/** platform: transaction dates (transaction_in_future) and unique ids (duplicate_transaction_ids). */
function checkTransactions(books: readonly Book[], today: string, errors: FieldError[]): void {
  const seen = new Set<string>();
  for (const { at, fields } of books) {
    for (const list of ['historical_statement_transactions', 'current_statement_transactions']) {
      const transactions = fields[list as keyof LedgerFields] as Transaction[] | undefined;
      (transactions ?? []).forEach((t, j) => {
        const path = `${at}${list}.${j}`;
        if (t.transaction_date && t.transaction_date > today) {
          errors.push(
            fieldError(
              'transaction_in_future',
              `${path}.transaction_date`,
              undefined,
              `The transaction is dated ${t.transaction_date}, after today.`,
            ),
          );
        }
        if (t.transaction_id === undefined) return;
        if (seen.has(t.transaction_id)) {
          errors.push(
            fieldError(
              'duplicate_transaction_ids',
              `${path}.transaction_id`,
              undefined,
              `The transaction id ${t.transaction_id} occurs more than once in the account.`,
            ),
          );
        }
        seen.add(t.transaction_id);
      });
    }
  }
}

/** platform: the statement dates of one book and where its transactions fall against them. */
function checkStatementDates(
  book: Book,
  billed: { earliest?: string; latest?: string },
  today: string,
  errors: FieldError[],
): void {
  const { at, fields } = book;
  const historical = fields.historical_statement_transactions ?? [];
  const current = fields.current_statement_transactions ?? [];
  // Without a closing date the platform takes the earliest last billed to date instead.
  const closing = fields.last_statement_closing_date ?? billed.earliest;
  if (historical.length > 0 && closing === undefined) {
    errors.push(
      fieldError(
        'historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date',
        `${at}historical_statement_transactions`,
        undefined,
        'Historical statement transactions need a last statement closing date or a last billed to date.',
      ),
    );
  }
  if (fields.last_statement_closing_date && fields.last_statement_closing_date > today) {
    errors.push(
      fieldError(
        'historical_statement_period_end_in_future',
        `${at}last_statement_closing_date`,
        undefined,
        `The last statement closes on ${fields.last_statement_closing_date}, after today.`,
      ),
    );
  }
  const issue = fields.last_statement_issue_date;
  if (issue && closing && issue < closing) {
    errors.push(
      fieldError(
        'last_statement_issued_before_closing_date',
        `${at}last_statement_issue_date`,
        undefined,
        `The last statement was issued on ${issue}, before it closed on ${closing}.`,
      ),
    );
  }
  let latestHistorical: { date: string; j: number } | undefined;
  historical.forEach((t, j) => {
    const date = t.transaction_date;
    if (!date || date > today) return; // transaction_in_future speaks for it
    if (closing && date > closing) {
      errors.push(
        fieldError(
          'historical_statement_transaction_after_last_statement_closing_date',
          `${at}historical_statement_transactions.${j}.transaction_date`,
          undefined,
          `The historical transaction dated ${date} is after the last statement closing date ${closing}.`,
        ),
      );
    } else if (!latestHistorical || date > latestHistorical.date) latestHistorical = { date, j };
  });
  let earliestCurrent: string | undefined;
  // The current statement opens the day after an explicit closing date; without one, the last
  // billed to date alone bounds the current transactions (one error per transaction).
  const opening = fields.last_statement_closing_date
    ? addDays(fields.last_statement_closing_date, 1)
    : undefined;
  current.forEach((t, j) => {
    const date = t.transaction_date;
    if (!date || date > today) return;
    if (!earliestCurrent || date < earliestCurrent) earliestCurrent = date;
    // A current transaction dated before a historical one is reported as that, once; a prepay
    // vend is left out of the open statement's bounds.
    if (latestHistorical && date < latestHistorical.date) return;
    if (t.to_prepay_meter_serial_number !== undefined) return;
    const path = `${at}current_statement_transactions.${j}.transaction_date`;
    if (opening && date < opening) {
      errors.push(
        fieldError(
          'current_statement_transaction_before_current_statement_opening_date',
          path,
          undefined,
          `The current statement transaction dated ${date} is before the current statement opened on ${opening}.`,
        ),
      );
    } else if (billed.latest && date < billed.latest) {
      errors.push(
        fieldError(
          'current_statement_transaction_before_last_billed_to_date',
          path,
          undefined,
          `The current statement transaction dated ${date} is before the last billed to date ${billed.latest}.`,
        ),
      );
    }
  });
  if (latestHistorical && earliestCurrent && latestHistorical.date > earliestCurrent) {
    errors.push(
      fieldError(
        'historical_statement_transaction_after_current_statement_transaction',
        `${at}historical_statement_transactions.${latestHistorical.j}.transaction_date`,
        undefined,
        `The historical transaction dated ${latestHistorical.date} is after a current statement transaction dated ${earliestCurrent}.`,
      ),
    );
  }
}

/**
 * platform: the balances of one book. The historical transactions add up to the last statement
 * balance; the last statement balance plus the current transactions give the ledger's balance
 * (a ledger) or the transfer balance (the top-level form).
 */
function checkBookBalances(book: Book, account: MoneyAccount, errors: FieldError[]): void {
  const { at, fields } = book;
  const historical = fields.historical_statement_transactions;
  const last = pence(fields.last_statement_balance);
  if (historical && historical.length > 0 && sumPence(historical) !== last) {
    errors.push(
      fieldError(
        'historical_statement_transactions_balance_mismatch',
        `${at}last_statement_balance`,
        undefined,
        `The historical statement transactions add up to ${money(sumPence(historical))}, not the last statement balance ${money(last)}.`,
      ),
    );
  }
  const current = fields.current_statement_transactions ?? [];
  const expected = book.isLedger ? fields.ledger_balance : account.transfer_balance;
  const carried =
    fields.current_statement_transactions !== undefined ||
    fields.last_statement_balance !== undefined;
  if (expected === undefined || expected === null || !carried) return;
  const total = last + sumPence(current);
  if (total !== pence(expected)) {
    errors.push(
      fieldError(
        'balance_mismatch_on_transfer_balance',
        book.isLedger ? `${at}ledger_balance` : 'transfer_balance',
        undefined,
        `The last statement balance plus the current statement transactions is ${money(total)}, not ${money(pence(expected))}.`,
      ),
    );
  }
}

/** platform: the ledgers' balances add up to the account's transfer balance. */
function checkLedgerBalances(account: MoneyAccount, errors: FieldError[]): void {
  const ledgers = account.ledgers ?? [];
  const transfer = account.transfer_balance;
  if (transfer === undefined || transfer === null) return;
  let any = false;
  let sum = 0;
  for (const ledger of ledgers) {
    if (ledger.ledger_balance === undefined || ledger.ledger_balance === null) continue;
    any = true;
    sum += pence(ledger.ledger_balance);
  }
  if (any && sum !== pence(transfer)) {
    errors.push(
      fieldError(
        'ledger_balances_not_equal_to_transfer_balance',
        'transfer_balance',
        undefined,
        `The ledgers' balances add up to ${money(sum)}, not the transfer balance ${money(pence(transfer))}.`,
      ),
    );
  }
}

/**
 * platform: billing document identifiers. Never on a current statement transaction; on the
 * historical ones only when the deployment groups them into one billing document (the
 * catalogue's switch), and then on every one, the same.
 */
function checkBillingDocuments(
  books: readonly Book[],
  single: boolean,
  errors: FieldError[],
): void {
  let first: string | undefined;
  for (const { at, fields } of books) {
    (fields.current_statement_transactions ?? []).forEach((t, j) => {
      if (t.billing_document_identifier === undefined) return;
      errors.push(
        fieldError(
          'billing_document_identifier_not_allowed_for_current_statement_transactions',
          `${at}current_statement_transactions.${j}.billing_document_identifier`,
          undefined,
          'Only historical statement transactions carry a billing document identifier.',
        ),
      );
    });
    (fields.historical_statement_transactions ?? []).forEach((t, j) => {
      const path = `${at}historical_statement_transactions.${j}`;
      const identifier = t.billing_document_identifier;
      if (!single) {
        if (identifier === undefined) return;
        errors.push(
          fieldError(
            'historical_statement_billing_document_identifier_not_allowed_when_feature_flag_disabled',
            `${path}.billing_document_identifier`,
            undefined,
            'This deployment does not group historical statement transactions by billing document.',
          ),
        );
      } else if (identifier === undefined) {
        errors.push(
          fieldError(
            'historical_statement_billing_document_identifier_missing',
            path,
            undefined,
            'Every historical statement transaction needs the billing document identifier.',
          ),
        );
      } else if (first === undefined) first = identifier;
      else if (identifier !== first) {
        errors.push(
          fieldError(
            'historical_statement_billing_document_identifier_mismatch',
            `${path}.billing_document_identifier`,
            undefined,
            `Every historical statement transaction carries the billing document identifier ${first}.`,
          ),
        );
      }
    });
  }
}

/** platform: a transaction sent to a prepay meter names a prepay meter of the account. */
function checkPrepayTargets(
  books: readonly Book[],
  account: MoneyAccount,
  errors: FieldError[],
): void {
  let serials: Set<string> | undefined;
  for (const { at, fields } of books) {
    for (const list of ['historical_statement_transactions', 'current_statement_transactions']) {
      const transactions = fields[list as keyof LedgerFields] as Transaction[] | undefined;
      (transactions ?? []).forEach((t, j) => {
        const serial = t.to_prepay_meter_serial_number;
        if (serial === undefined) return;
        serials ??= new Set(
          (account.supply_addresses ?? []).flatMap((a) =>
            (a.meter_points ?? []).flatMap((p) =>
              (p.meters ?? [])
                .filter((m) => m.prepay_details !== undefined && m.prepay_details !== null)
                .map((m) => String(m.meter_serial_number)),
            ),
          ),
        );
        if (serials.has(serial)) return;
        errors.push(
          fieldError(
            'transactions_target_non_initialised_prepay_meter',
            `${at}${list}.${j}.to_prepay_meter_serial_number`,
            undefined,
            `The account has no prepay meter ${serial} (a meter with prepay_details).`,
          ),
        );
      });
    }
  }
}

/**
 * platform: the ledgers' codes (one ledger per code, each a ledger type of the catalogue) and
 * identifiers (unique, and one of the account's supply point identifiers).
 */
function checkLedgerNames(
  account: MoneyAccount,
  ledgerCodes: readonly string[],
  errors: FieldError[],
): void {
  const ledgers = account.ledgers ?? [];
  if (ledgers.length === 0) return;
  const codes = new Set<string>();
  const identifiers = new Set<string>();
  let points: Set<string> | undefined;
  ledgers.forEach((ledger, i) => {
    const code = ledger.ledger_code;
    if (code !== undefined) {
      if (!ledgerCodes.includes(code)) {
        errors.push(
          fieldError(
            'ledger_code_does_not_exist',
            `ledgers.${i}.ledger_code`,
            undefined,
            `There is no ledger type ${code}.`,
          ),
        );
      } else if (codes.has(code)) {
        errors.push(
          fieldError(
            'duplicate_ledger_entries_found',
            `ledgers.${i}.ledger_code`,
            undefined,
            `The account has more than one ${code} ledger.`,
          ),
        );
      }
      codes.add(code);
    }
    const identifier = ledger.ledger_identifier;
    if (identifier === undefined) return;
    if (identifiers.has(identifier)) {
      errors.push(
        fieldError(
          'duplicate_identifiers_entries_found',
          `ledgers.${i}.ledger_identifier`,
          undefined,
          `The ledger identifier ${identifier} names more than one ledger.`,
        ),
      );
      return;
    }
    identifiers.add(identifier);
    points ??= new Set(
      (account.supply_addresses ?? []).flatMap((a) =>
        (a.meter_points ?? []).map((p) => String(p.identifier ?? '')),
      ),
    );
    if (!points.has(identifier)) {
      errors.push(
        fieldError(
          'unknown_ledger_identifiers',
          `ledgers.${i}.ledger_identifier`,
          undefined,
          `The ledger identifier ${identifier} is none of the account's supply point identifiers.`,
        ),
      );
    }
  });
}

/** platform: a statement references its PDF (statement_path; the kit has no pdf_context). */
function checkStatements(account: MoneyAccount, errors: FieldError[]): void {
  (account.statements ?? []).forEach((statement, i) => {
    if (statement.statement_path === undefined) {
      errors.push(
        fieldError(
          'missing_statement_path_or_pdf_context',
          `statements.${i}`,
          undefined,
          'A statement needs the path of its PDF (statement_path).',
        ),
      );
    }
  });
}

/** GEN-6: the platform's validators of the account's money. */
export function moneyRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const review = account.last_payment_review_date;
  if (typeof review === 'string' && review > ctx.today) {
    errors.push(
      fieldError(
        'last_payment_review_date_is_future_dated',
        'last_payment_review_date',
        undefined,
        `The last payment review date ${review} is after today.`,
      ),
    );
  }
  (account.payment_schedules ?? []).forEach((schedule, i) => {
    const amount = (schedule as { amount?: string | number }).amount;
    if (amount !== undefined && Number(amount) === 0) {
      errors.push(
        fieldError(
          'zero_payment_schedule_amount',
          `payment_schedules.${i}.amount`,
          undefined,
          'A payment schedule amount may not be zero.',
        ),
      );
    }
  });
  const money = account as unknown as MoneyAccount;
  const books = booksOf(money);
  const billed = billedToDates(money);
  checkTransactions(books, ctx.today, errors);
  for (const book of books) {
    checkStatementDates(book, billed, ctx.today, errors);
    checkBookBalances(book, money, errors);
  }
  checkLedgerBalances(money, errors);
  checkLedgerNames(money, ctx.catalogue.ledger_codes, errors);
  checkPrepayTargets(books, money, errors);
  checkBillingDocuments(
    books,
    ctx.catalogue.historical_statement_single_billing_document_identifier,
    errors,
  );
  checkStatements(money, errors);
  return errors;
}
