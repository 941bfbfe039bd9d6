/**
 * The open statement period of an imported account, the kit's rule on createTransactions
 * (x-kit-assumption; TXN-7, TXN-8): from the day after the latest `last_statement_closing_date` of
 * the account's ledgers (or the account's own top-level `last_statement_closing_date`, the
 * platform's form without ledgers), else from `last_billed_to_date`, else from the day the account was
 * created; up to and including today. Kept beside the spec's validators so that the mock decides
 * with it and the fixtures date transactions with it.
 */
import { addDays } from './dates.ts';

/** An inclusive date range, `YYYY-MM-DD` ends. */
export interface DateRange {
  from: string;
  to: string;
}

/** What the rule reads of an account payload. */
export interface LedgerFacts {
  ledgers?: { last_statement_closing_date?: string }[];
  last_statement_closing_date?: string;
  last_billed_to_date?: string;
}

/** The open statement period of an account on `today`; `createdAt` is when it was imported. */
export function openStatementPeriod(
  account: LedgerFacts,
  today: string,
  createdAt?: string,
): DateRange {
  const latest = [
    ...(account.ledgers ?? []).map((ledger) => ledger.last_statement_closing_date),
    account.last_statement_closing_date,
  ]
    .filter((date): date is string => date !== undefined)
    .sort()
    .at(-1);
  const from = latest
    ? addDays(latest, 1)
    : (account.last_billed_to_date ?? (createdAt ?? today).slice(0, 10));
  return { from, to: today };
}
