/**
 * Historical PDF statements attached to an imported account (HST-1..HST-3): the validated data is
 * echoed (HST-2), a statement_id already on the account is refused, the bill period runs forwards
 * and statement_path follows the document rules (DOC-1, DOC-2). All or nothing: checks first,
 * state changes last.
 */
import type { components, FieldError } from '../../spec/index.ts';
import { importedAccountByKey, requireImportedAccount } from './accounts.ts';
import { clockTimestamp } from './clock.ts';
import { checkDocumentPath } from './documents.ts';
import type { MockEnv } from './env.ts';
import { fieldError, invalid, ok, type Result } from './result.ts';
import { type AccountRecord, type MockState, type StatementRecord, touch } from './state.ts';

type HistoricalStatementsRequest = components['schemas']['HistoricalStatementsRequest'];

/** The statement ids already on the account: the account payload's and those attached since. */
function statementIdsOnAccount(record: AccountRecord): Set<string> {
  return new Set([
    ...(record.data.statements ?? []).map((s) => s.statement_id),
    ...(record.statements ?? []).map((s) => s.statement.statement_id),
  ]);
}

/**
 * historical-statements/create (HST-1..HST-3): `account_not_found` for an account that is not
 * imported, the supplier's failure when it is not Ongoing, `request_failed_validation` with every
 * failing statement (`historical_statement_already_exists`, `start_date_later_than_end_date`,
 * `invalid_document_path`, `path_does_not_exist_in_file_store`); otherwise the request is the
 * answer (HST-2).
 */
export function createHistoricalStatements(
  state: MockState,
  env: MockEnv,
  request: HistoricalStatementsRequest,
): Result<HistoricalStatementsRequest> {
  const account = requireImportedAccount(
    state,
    request.import_supplier,
    request.external_account_number,
  );
  if (!account.ok) return account;
  const { record, supplier } = account.value;
  // As the platform's validator says, only the ids are checked against those the account holds:
  // a later batch whose statement_ids are all new is attached like the first.
  const onAccount = statementIdsOnAccount(record);
  const inRequest = new Set<string>();
  const errors: FieldError[] = [];
  request.statements.forEach((statement, i) => {
    const at = `statements.${i}`;
    if (onAccount.has(statement.statement_id)) {
      errors.push(
        fieldError('historical_statement_already_exists', `${at}.statement_id`, {
          statement_id: statement.statement_id,
        }),
      );
    } else if (inRequest.has(statement.statement_id)) {
      errors.push(
        fieldError(
          'historical_statement_already_exists',
          `${at}.statement_id`,
          undefined,
          `statement_id ${statement.statement_id} occurs more than once in the request.`,
        ),
      );
    }
    inRequest.add(statement.statement_id);
    if (statement.bill_period_from_date > statement.bill_period_to_date) {
      errors.push(
        fieldError('start_date_later_than_end_date', `${at}.bill_period_from_date`, {
          from: statement.bill_period_from_date,
          to: statement.bill_period_to_date,
        }),
      );
    }
    if (statement.statement_path !== undefined) {
      const failure = checkDocumentPath(
        state,
        env,
        supplier,
        statement.statement_path,
        `${at}.statement_path`,
      );
      if (failure) errors.push(failure);
    }
  });
  if (errors.length > 0) return invalid(errors);

  const attachedAt = clockTimestamp(state.clock, env.now());
  const attached: StatementRecord[] = request.statements.map((statement) => ({
    statement: { ...statement },
    attachedAt,
  }));
  record.statements = [...(record.statements ?? []), ...attached];
  touch(state);
  return ok(request);
}

/**
 * The statements attached to an imported account since it was created, oldest first (control
 * API); 404 `account_not_found` for an account that is not imported.
 */
export function accountStatements(state: MockState, key: string): Result<StatementRecord[]> {
  const found = importedAccountByKey(state, key);
  return found.ok ? ok([...(found.value.statements ?? [])]) : found;
}
