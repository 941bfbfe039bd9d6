/**
 * The `account-import` tag: validate-account (VAL-*), create-or-update (STG-*) and process
 * (PRC-*). The edge has checked the payload's shape against the spec; the account rules and the
 * rules of state are the domain core's.
 */
import { normaliseAccount } from '../domain/account-rules.ts';
import { requireKnownSupplier } from '../domain/accounts.ts';
import { processAccount, stageAccount, validateAccountRules } from '../domain/import-processes.ts';
import { fail, fieldError, invalid } from '../domain/result.ts';
import { type DataImportOperation, outcome, reply } from './types.ts';

/**
 * `validateAccount`: 200 with the validated data, or every rule failure, or the unknown
 * supplier's `import_supplier_not_found` as staging answers it (SUP-1); stores nothing
 * (VAL-1..VAL-7).
 */
export const validateAccount: DataImportOperation<'validateAccount'> = (
  { body },
  { state, env },
) => {
  const ruleErrors = validateAccountRules(state, env, body);
  if (ruleErrors.length > 0) return invalid(ruleErrors, 'account_failed_validation');
  const supplier = requireKnownSupplier(state, body.import_supplier, 'import_supplier');
  if (!supplier.ok) return supplier;
  return reply(200, normaliseAccount(body));
};

/** `createOrUpdateAccountImportProcess`: 201 on first staging, 200 on update (STG-1..STG-9). */
export const createOrUpdateAccountImportProcess: DataImportOperation<
  'createOrUpdateAccountImportProcess'
> = ({ body }, { state, env }) => {
  const ruleErrors = validateAccountRules(state, env, body);
  if (ruleErrors.length > 0) return invalid(ruleErrors, 'account_failed_validation');
  // The platform's account schema leaves it optional, but a staged account is keyed by it (GEN-9).
  if (body.external_account_number === undefined) {
    return invalid(
      [fieldError('required', 'external_account_number')],
      'account_failed_validation',
    );
  }
  const staged = stageAccount(state, env, normaliseAccount(body));
  if (!staged.ok) return staged;
  return reply(staged.value.created ? 201 : 200, {
    import_supplier: staged.value.record.importSupplier,
    external_account_number: staged.value.record.externalAccountNumber,
  });
};

/**
 * `processAccountImportProcess`: 201 with the service account number (PRC-1..PRC-10). With the
 * operator's concurrency limit on, a request over the limit gets 429 (PRC-9); the simulated
 * processing time holds a slot so that the limit can be reached.
 */
export const processAccountImportProcess: DataImportOperation<
  'processAccountImportProcess'
> = async ({ body }, context) => {
  const { state, inFlight } = context;
  const limit = state.processing.concurrencyLimit;
  if (limit !== null && inFlight.process >= limit) return fail('concurrency_limit_exceeded');
  inFlight.process += 1;
  try {
    if (state.processing.processingTimeMs > 0) {
      await context.sleep(state.processing.processingTimeMs);
    }
    const processed = processAccount(state, context.env, {
      importSupplierCode: body.import_supplier_code,
      externalAccountNumber: body.external_account_number,
      operationsTeamName: body.operations_team_name,
      dryRun: body.dry_run === true,
    });
    return outcome(processed, 201, (value) => ({
      service_account_number: value.record.serviceAccountNumber,
    }));
  } finally {
    inFlight.process -= 1;
  }
};
