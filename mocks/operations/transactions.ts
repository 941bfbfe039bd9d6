/**
 * The `transactions` tag: transactions/create (TXN-1..TXN-10, GEN-8). A body that is not a
 * transactions request at all, or a bad query parameter, gets the error body
 * `request_failed_validation`; a failing transaction, whether its shape or a rule of state, gets
 * the 400 TRANSACTION_IMPORT_ERROR body for the first one (TXN-9).
 */
import type { components, FieldError } from '../../spec/index.ts';
import { dataImport } from '../../spec/index.ts';
import { REQUEST_INVALID } from '../domain/notes.ts';
import {
  createTransactions as createTransactionsInDomain,
  TRANSACTION_IMPORT_ERROR,
} from '../domain/transactions.ts';
import { errorResponse, json, validationFailed } from './respond.ts';
import type { Operation } from './types.ts';

/** A failure inside one transaction of the batch (`transactions.N...`). */
function isItemError(error: FieldError): boolean {
  return /^transactions\.\d+(\.|$)/.test(error.attr);
}

/**
 * `createTransactions`: 201 `{results}` (TXN-3..TXN-7), 400 TRANSACTION_IMPORT_ERROR for the first
 * failing transaction with nothing added (TXN-8, TXN-9), 404 for an account that is not imported
 * (TXN-10).
 */
export const createTransactions: Operation = ({ body, query }, { state, env }) => {
  const parsed = dataImport.parseQuery('createTransactions', query);
  const shapeErrors = dataImport.validateRequestBody('createTransactions', body);
  const requestErrors = [...parsed.errors, ...shapeErrors.filter((e) => !isItemError(e))];
  if (requestErrors.length > 0) {
    return validationFailed('request_failed_validation', REQUEST_INVALID, requestErrors);
  }
  const added = createTransactionsInDomain(
    state,
    env,
    body as components['schemas']['TransactionsRequest'],
    {
      checkPreviouslyAdded: parsed.values.check_previously_added === true,
      forceAddToCurrentStatement: parsed.values.force_add_to_current_statement === true,
    },
    shapeErrors.filter(isItemError),
  );
  if (added.ok) return json(201, added.value);
  if (added.error.code === TRANSACTION_IMPORT_ERROR) {
    return json(400, {
      status: TRANSACTION_IMPORT_ERROR,
      error_detail: added.error.detail,
      transaction_data: added.error.extra?.transaction_data ?? {},
    });
  }
  return errorResponse(added.error);
};
