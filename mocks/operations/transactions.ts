/**
 * The `transactions` tag: transactions/create (TXN-1..TXN-10, GEN-8). The edge refuses a body
 * that is not a transactions request at all; failures inside one transaction (`x-item-errors`)
 * reach the domain, whose first failing transaction is the TRANSACTION_IMPORT_ERROR (TXN-9).
 */
import { createTransactions as createTransactionsInDomain } from '../domain/transactions.ts';
import { type DataImportOperation, outcome } from './types.ts';

/**
 * `createTransactions`: 201 `{results}` (TXN-3..TXN-7), TRANSACTION_IMPORT_ERROR for the first
 * failing transaction with nothing added (TXN-8, TXN-9), `account_not_found` for an account that
 * is not imported (TXN-10).
 */
export const createTransactions: DataImportOperation<'createTransactions'> = (
  { body, query, itemErrors },
  { state, env },
) =>
  outcome(
    createTransactionsInDomain(
      state,
      env,
      body,
      {
        checkPreviouslyAdded: query.check_previously_added === true,
        forceAddToCurrentStatement: query.force_add_to_current_statement === true,
      },
      itemErrors,
    ),
    201,
  );
