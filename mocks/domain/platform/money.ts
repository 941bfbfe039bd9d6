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
import type { components, FieldError } from '../../../spec/index.ts';
import type { Account, PlatformContext } from './context.ts';
import { pence, report, reportWording } from './rule-helpers.ts';

type Schemas = components['schemas'];
type Transaction = Schemas['LedgerTransaction'];
type Ledger = Schemas['Ledger'];
/** The account's top-level (deprecated) form of a ledger's statement fields. */
type TopLevelBook = Pick<
  Account,
  | 'current_statement_transactions'
  | 'historical_statement_transactions'
  | 'last_statement_closing_date'
  | 'last_statement_issue_date'
  | 'last_statement_balance'
>;
type Meter = Schemas['ElectricityMeter'] | Schemas['GasMeter'];

/**
 * One set of statement transactions with its dates and balances, and where it sits (ERR-5): a
 * ledger of `ledgers[]` (with a ledger_balance of its own) or the account's top-level form.
 */
type Book =
  | { at: `ledgers.${number}.`; fields: Ledger; isLedger: true }
  | { at: ''; fields: TopLevelBook; isLedger: false };

/** The last billed to dates the statement dates are read against (see billedToDates). */
interface BilledTo {
  earliest?: string;
  latest?: string;
}

const LISTS = ['historical_statement_transactions', 'current_statement_transactions'] as const;

/** The effect of a transaction on the balance (credit positive): payments and credits add. */
function signedPence(t: Transaction): number {
  const amount = pence(t.amount ?? 0);
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
function booksOf(account: Account): Book[] {
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

/** The meters of every meter point of the account that has meters. */
function metersOf(point: Schemas['MeterPoint']): Meter[] {
  return 'meters' in point ? ((point.meters ?? []) as Meter[]) : [];
}

/**
 * The last billed to dates of the account and its supply points: the earliest (the platform's
 * stand-in for a missing last_statement_closing_date) and the latest of them, meters and
 * registers included (no current statement transaction may precede it).
 */
function billedToDates(account: Account): BilledTo {
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
      own('last_billed_to_date' in point ? point.last_billed_to_date : undefined);
      for (const meter of metersOf(point)) {
        deeper('last_billed_to_date' in meter ? meter.last_billed_to_date : undefined);
        const registers = 'registers' in meter ? (meter.registers ?? []) : [];
        for (const register of registers) deeper(register.last_billed_to_date);
      }
    }
  }
  return {
    ...(earliest ? { earliest } : {}),
    ...(latest ? { latest } : {}),
  };
}

/** platform: transaction dates (transaction_in_future) and unique ids (duplicate_transaction_ids). */
function transactionRules(books: readonly Book[], today: string, errors: FieldError[]): void {
  const seen = new Set<string>();
  for (const { at, fields } of books) {
    for (const list of LISTS) {
      (fields[list] ?? []).forEach((t, j) => {
        const path = `${at}${list}.${j}`;
        if (t.transaction_date && t.transaction_date > today) {
          report(errors, 'transaction_in_future', `${path}.transaction_date`, {
            transaction_date: t.transaction_date,
          });
        }
        if (t.transaction_id === undefined) return;
        if (seen.has(t.transaction_id)) {
          report(errors, 'duplicate_transaction_ids', `${path}.transaction_id`, {
            transaction_id: t.transaction_id,
          });
        }
        seen.add(t.transaction_id);
      });
    }
  }
}

/**
 * platform: a book with historical transactions has a closing date (or a last billed to date in
 * its stead), not in the future, and its last statement was not issued before it closed.
 */
function closingDateRules(
  book: Book,
  closing: string | undefined,
  today: string,
  errors: FieldError[],
): void {
  const { at, fields } = book;
  if ((fields.historical_statement_transactions ?? []).length > 0 && closing === undefined) {
    report(
      errors,
      'historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date',
      `${at}historical_statement_transactions`,
    );
  }
  if (fields.last_statement_closing_date && fields.last_statement_closing_date > today) {
    report(
      errors,
      'historical_statement_period_end_in_future',
      `${at}last_statement_closing_date`,
      {
        last_statement_closing_date: fields.last_statement_closing_date,
      },
    );
  }
  const issue = fields.last_statement_issue_date;
  if (issue && closing && issue < closing) {
    report(errors, 'last_statement_issued_before_closing_date', `${at}last_statement_issue_date`, {
      issue_date: issue,
      closing_date: closing,
    });
  }
}

/**
 * platform: no historical transaction after the closing date; returns the latest of the others
 * (the one a current transaction may not precede).
 */
function historicalDateRules(
  book: Book,
  closing: string | undefined,
  today: string,
  errors: FieldError[],
): { date: string; j: number } | undefined {
  let latest: { date: string; j: number } | undefined;
  (book.fields.historical_statement_transactions ?? []).forEach((t, j) => {
    const date = t.transaction_date;
    if (!date || date > today) return; // transaction_in_future speaks for it
    if (closing && date > closing) {
      report(
        errors,
        'historical_statement_transaction_after_last_statement_closing_date',
        `${book.at}historical_statement_transactions.${j}.transaction_date`,
        { transaction_date: date, closing_date: closing },
      );
    } else if (!latest || date > latest.date) latest = { date, j };
  });
  return latest;
}

/**
 * platform: no current transaction before the current statement opened (the day after an
 * explicit closing date) or, without one, before the latest last billed to date; returns the
 * earliest current transaction's date.
 */
function currentDateRules(
  book: Book,
  billed: BilledTo,
  latestHistorical: string | undefined,
  today: string,
  errors: FieldError[],
): string | undefined {
  const { at, fields } = book;
  let earliest: string | undefined;
  const opening = fields.last_statement_closing_date
    ? addDays(fields.last_statement_closing_date, 1)
    : undefined;
  (fields.current_statement_transactions ?? []).forEach((t, j) => {
    const date = t.transaction_date;
    if (!date || date > today) return;
    if (!earliest || date < earliest) earliest = date;
    // A current transaction dated before a historical one is reported as that, once; a prepay
    // vend is left out of the open statement's bounds.
    if (latestHistorical && date < latestHistorical) return;
    if (t.to_prepay_meter_serial_number !== undefined) return;
    const path = `${at}current_statement_transactions.${j}.transaction_date`;
    if (opening && date < opening) {
      report(errors, 'current_statement_transaction_before_current_statement_opening_date', path, {
        transaction_date: date,
        opening_date: opening,
      });
    } else if (billed.latest && date < billed.latest) {
      report(errors, 'current_statement_transaction_before_last_billed_to_date', path, {
        transaction_date: date,
        last_billed_to_date: billed.latest,
      });
    }
  });
  return earliest;
}

/** platform: the statement dates of one book and where its transactions fall against them. */
function statementDateRules(
  book: Book,
  billed: BilledTo,
  today: string,
  errors: FieldError[],
): void {
  // Without a closing date the platform takes the earliest last billed to date instead.
  const closing = book.fields.last_statement_closing_date ?? billed.earliest;
  closingDateRules(book, closing, today, errors);
  const latest = historicalDateRules(book, closing, today, errors);
  const earliestCurrent = currentDateRules(book, billed, latest?.date, today, errors);
  if (latest && earliestCurrent && latest.date > earliestCurrent) {
    report(
      errors,
      'historical_statement_transaction_after_current_statement_transaction',
      `${book.at}historical_statement_transactions.${latest.j}.transaction_date`,
      { transaction_date: latest.date, current_date: earliestCurrent },
    );
  }
}

/**
 * platform: the balances of one book. The historical transactions add up to the last statement
 * balance; the last statement balance plus the current transactions give the ledger's balance
 * (a ledger) or the transfer balance (the top-level form).
 */
function bookBalanceRules(book: Book, account: Account, errors: FieldError[]): void {
  const { at, fields } = book;
  const historical = fields.historical_statement_transactions;
  const last = pence(fields.last_statement_balance ?? 0);
  if (historical && historical.length > 0 && sumPence(historical) !== last) {
    report(
      errors,
      'historical_statement_transactions_balance_mismatch',
      `${at}last_statement_balance`,
      {
        sum: money(sumPence(historical)),
        last_statement_balance: money(last),
      },
    );
  }
  const current = fields.current_statement_transactions ?? [];
  const expected = book.isLedger ? book.fields.ledger_balance : account.transfer_balance;
  const carried =
    fields.current_statement_transactions !== undefined ||
    fields.last_statement_balance !== undefined;
  if (expected === undefined || expected === null || !carried) return;
  const total = last + sumPence(current);
  if (total !== pence(expected)) {
    report(
      errors,
      'balance_mismatch_on_transfer_balance',
      book.isLedger ? `${at}ledger_balance` : 'transfer_balance',
      { total: money(total), expected: money(pence(expected)) },
    );
  }
}

/** platform: the ledgers' balances add up to the account's transfer balance. */
function ledgerBalanceRules(account: Account, errors: FieldError[]): void {
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
    report(errors, 'ledger_balances_not_equal_to_transfer_balance', 'transfer_balance', {
      sum: money(sum),
      transfer_balance: money(pence(transfer)),
    });
  }
}

/**
 * platform: billing document identifiers. Never on a current statement transaction; on the
 * historical ones only when the deployment groups them into one billing document (the
 * catalogue's switch), and then on every one, the same.
 */
function billingDocumentRules(books: readonly Book[], single: boolean, errors: FieldError[]): void {
  let first: string | undefined;
  for (const { at, fields } of books) {
    (fields.current_statement_transactions ?? []).forEach((t, j) => {
      if (t.billing_document_identifier === undefined) return;
      report(
        errors,
        'billing_document_identifier_not_allowed_for_current_statement_transactions',
        `${at}current_statement_transactions.${j}.billing_document_identifier`,
      );
    });
    (fields.historical_statement_transactions ?? []).forEach((t, j) => {
      const path = `${at}historical_statement_transactions.${j}`;
      const identifier = t.billing_document_identifier;
      if (!single) {
        if (identifier === undefined) return;
        report(
          errors,
          'historical_statement_billing_document_identifier_not_allowed_when_feature_flag_disabled',
          `${path}.billing_document_identifier`,
        );
      } else if (identifier === undefined) {
        report(errors, 'historical_statement_billing_document_identifier_missing', path);
      } else if (first === undefined) first = identifier;
      else if (identifier !== first) {
        report(
          errors,
          'historical_statement_billing_document_identifier_mismatch',
          `${path}.billing_document_identifier`,
          { billing_document_identifier: first },
        );
      }
    });
  }
}

/** platform: a transaction sent to a prepay meter names a prepay meter of the account. */
function prepayTargetRules(books: readonly Book[], account: Account, errors: FieldError[]): void {
  let serials: Set<string> | undefined;
  for (const { at, fields } of books) {
    for (const list of LISTS) {
      (fields[list] ?? []).forEach((t, j) => {
        const serial = t.to_prepay_meter_serial_number;
        if (serial === undefined) return;
        serials ??= new Set(
          (account.supply_addresses ?? []).flatMap((a) =>
            (a.meter_points ?? []).flatMap((p) =>
              metersOf(p)
                .filter((m) => m.prepay_details !== undefined && m.prepay_details !== null)
                .map((m) => String(m.meter_serial_number)),
            ),
          ),
        );
        if (serials.has(serial)) return;
        report(
          errors,
          'transactions_target_non_initialised_prepay_meter',
          `${at}${list}.${j}.to_prepay_meter_serial_number`,
          { meter_serial_number: serial },
        );
      });
    }
  }
}

/** What the ledger name rules have seen of the ledgers before the one in hand. */
interface LedgerNames {
  codes: Set<string>;
  identifiers: Set<string>;
  /** The account's supply point identifiers, read once when first needed. */
  points: () => Set<string>;
}

/** platform: one ledger per code, each a ledger type of the catalogue. */
function ledgerCodeRule(
  ledger: Ledger,
  i: number,
  ledgerCodes: readonly string[],
  seen: LedgerNames,
  errors: FieldError[],
): void {
  const code = ledger.ledger_code;
  if (code === undefined) return;
  if (!ledgerCodes.includes(code)) {
    report(errors, 'ledger_code_does_not_exist', `ledgers.${i}.ledger_code`, { ledger_code: code });
  } else if (seen.codes.has(code)) {
    report(errors, 'duplicate_ledger_entries_found', `ledgers.${i}.ledger_code`, {
      ledger_code: code,
    });
  }
  seen.codes.add(code);
}

/** platform: ledger identifiers are unique, each one of the account's supply point identifiers. */
function ledgerIdentifierRule(
  ledger: Ledger,
  i: number,
  seen: LedgerNames,
  errors: FieldError[],
): void {
  const identifier = ledger.ledger_identifier;
  if (identifier === undefined) return;
  const attr = `ledgers.${i}.ledger_identifier`;
  if (seen.identifiers.has(identifier)) {
    report(errors, 'duplicate_identifiers_entries_found', attr, { ledger_identifier: identifier });
    return;
  }
  seen.identifiers.add(identifier);
  if (!seen.points().has(identifier)) {
    report(errors, 'unknown_ledger_identifiers', attr, { ledger_identifier: identifier });
  }
}

/**
 * platform: the ledgers' codes (one ledger per code, each a ledger type of the catalogue) and
 * identifiers (unique, and one of the account's supply point identifiers), ledger by ledger.
 */
function ledgerNameRules(
  account: Account,
  ledgerCodes: readonly string[],
  errors: FieldError[],
): void {
  let points: Set<string> | undefined;
  const seen: LedgerNames = {
    codes: new Set(),
    identifiers: new Set(),
    points: () => {
      points ??= new Set(
        (account.supply_addresses ?? []).flatMap((a) =>
          (a.meter_points ?? []).map((p) => String(p.identifier ?? '')),
        ),
      );
      return points;
    },
  };
  (account.ledgers ?? []).forEach((ledger, i) => {
    ledgerCodeRule(ledger, i, ledgerCodes, seen, errors);
    ledgerIdentifierRule(ledger, i, seen, errors);
  });
}

/** platform: a statement references its PDF (statement_path; the kit has no pdf_context). */
function statementRules(account: Account, errors: FieldError[]): void {
  (account.statements ?? []).forEach((statement, i) => {
    if (statement.statement_path === undefined) {
      report(errors, 'missing_statement_path_or_pdf_context', `statements.${i}`);
    }
  });
}

/** platform: the last payment review is not after today and no schedule amount is zero. */
function paymentReviewRules(account: Account, today: string, errors: FieldError[]): void {
  const review = account.last_payment_review_date;
  if (typeof review === 'string' && review > today) {
    reportWording(
      errors,
      'last_payment_review_date_is_future_dated',
      'payment_review',
      'last_payment_review_date',
      { last_payment_review_date: review },
    );
  }
  (account.payment_schedules ?? []).forEach((schedule, i) => {
    const amount = schedule.amount;
    if (amount !== undefined && Number(amount) === 0) {
      reportWording(
        errors,
        'zero_payment_schedule_amount',
        'schedule_amount',
        `payment_schedules.${i}.amount`,
      );
    }
  });
}

/** GEN-6: the platform's validators of the account's money. */
export function moneyRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  paymentReviewRules(account, ctx.today, errors);
  const books = booksOf(account);
  const billed = billedToDates(account);
  transactionRules(books, ctx.today, errors);
  for (const book of books) {
    statementDateRules(book, billed, ctx.today, errors);
    bookBalanceRules(book, account, errors);
  }
  ledgerBalanceRules(account, errors);
  ledgerNameRules(account, ctx.catalogue.ledger_codes, errors);
  prepayTargetRules(books, account, errors);
  billingDocumentRules(
    books,
    ctx.catalogue.historical_statement_single_billing_document_identifier,
    errors,
  );
  statementRules(account, errors);
  return errors;
}
