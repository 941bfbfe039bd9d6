/**
 * The `account-import` tag: validate-account (VAL-*), create-or-update (STG-*) and process
 * (PRC-*). Shapes are checked by the spec module; the rules of state by the domain core.
 */

import type { components } from '../../spec/index.ts';
import { dataImport } from '../../spec/index.ts';
import { normaliseAccount } from '../domain/account-rules.ts';
import { processAccount, stageAccount, validateAccountRules } from '../domain/import-processes.ts';
import { errorResponse, json, validationFailed } from './respond.ts';
import type { Operation, OperationContext, OperationRequest } from './types.ts';

type Account = components['schemas']['Account'];

const ACCOUNT_INVALID = 'Could not validate account data.';

/** Shape checks then account rules: every failure at once (VAL-3), or the typed account. */
function readAccount(
  operationId: string,
  request: OperationRequest,
  { state, env }: OperationContext,
) {
  const shapeErrors = dataImport.validateRequestBody(operationId, request.body);
  if (shapeErrors.length > 0) {
    return {
      response: validationFailed('account_failed_validation', ACCOUNT_INVALID, shapeErrors),
    };
  }
  const account = request.body as Account;
  const ruleErrors = validateAccountRules(state, env, account);
  if (ruleErrors.length > 0) {
    return { response: validationFailed('account_failed_validation', ACCOUNT_INVALID, ruleErrors) };
  }
  return { account: normaliseAccount(account) };
}

/** `validateAccount`: 200 with the validated data, or 400 with every failure; stores nothing (VAL-1..VAL-7). */
export const validateAccount: Operation = (request, context) => {
  const read = readAccount('validateAccount', request, context);
  return read.response ?? json(200, read.account);
};

/** `createOrUpdateAccountImportProcess`: 201 on first staging, 200 on update (STG-1..STG-9). */
export const createOrUpdateAccountImportProcess: Operation = (request, context) => {
  const read = readAccount('createOrUpdateAccountImportProcess', request, context);
  if (read.response) return read.response;
  const staged = stageAccount(context.state, context.env, read.account);
  if (!staged.ok) return errorResponse(staged.error);
  return json(staged.value.created ? 201 : 200, {
    import_supplier: staged.value.record.importSupplier,
    external_account_number: staged.value.record.externalAccountNumber,
  });
};

/**
 * `processAccountImportProcess`: 201 with the service account number (PRC-1..PRC-10). With the
 * operator's concurrency limit on, a request over the limit gets 429 (PRC-9); the simulated
 * processing time holds a slot so that the limit can be reached.
 */
export const processAccountImportProcess: Operation = async (request, context) => {
  const shapeErrors = dataImport.validateRequestBody('processAccountImportProcess', request.body);
  if (shapeErrors.length > 0) {
    return validationFailed('request_failed_validation', 'Invalid request.', shapeErrors);
  }
  const body = request.body as components['schemas']['ProcessRequest'];
  const { state, inFlight } = context;
  const limit = state.processing.concurrencyLimit;
  if (limit !== null && inFlight.process >= limit) {
    return json(429, {
      detail: 'Too many accounts are being processed at once; retry later.',
      code: 'concurrency_limit_exceeded',
      errors: [],
    });
  }
  inFlight.process += 1;
  try {
    if (state.processing.processingTimeMs > 0)
      await context.sleep(state.processing.processingTimeMs);
    const processed = processAccount(state, context.env, {
      importSupplierCode: body.import_supplier_code,
      externalAccountNumber: body.external_account_number,
      operationsTeamName: body.operations_team_name,
      dryRun: body.dry_run === true,
    });
    if (!processed.ok) return errorResponse(processed.error);
    return json(201, { service_account_number: processed.value.record.serviceAccountNumber });
  } finally {
    inFlight.process -= 1;
  }
};
