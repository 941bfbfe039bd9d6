/**
 * The `registration` tag: send-registration-flows (REG-1..REG-8) and
 * meterpoint-statuses-for-account (STS-13..STS-15). Their 404 bodies are arrays, as the reference
 * gives them; other failures get the error body.
 */
import { dataImport } from '../../spec/index.ts';
import { REQUEST_INVALID } from '../domain/notes.ts';
import {
  meterPointStatuses,
  sendRegistrationFlows as sendInDomain,
} from '../domain/registration.ts';
import { errorResponse, json, validationFailed } from './respond.ts';
import type { Operation } from './types.ts';

/**
 * `sendRegistrationFlows`: 200 with the reference's array (REG-4..REG-7), 400 for a bad
 * supply_start_date or a supplier that is not Ongoing, 404 array (REG-8).
 */
export const sendRegistrationFlows: Operation = ({ params, query }, { state, env }) => {
  const parsed = dataImport.parseQuery('sendRegistrationFlows', query);
  if (parsed.errors.length > 0) {
    return validationFailed('request_failed_validation', REQUEST_INVALID, parsed.errors);
  }
  const importSupplierCode = params.import_supplier_code!;
  const externalAccountNumber = params.external_account_number!;
  const sent = sendInDomain(
    state,
    env,
    importSupplierCode,
    externalAccountNumber,
    parsed.values.supply_start_date as string | undefined,
  );
  if (sent.ok) return json(200, sent.value);
  if (sent.error.status === 404) {
    return json(404, [
      {
        error_detail: sent.error.detail,
        import_supplier_code: importSupplierCode,
        external_account_number: externalAccountNumber,
      },
    ]);
  }
  return errorResponse(sent.error);
};

/** `getMeterpointStatusesForAccount`: 200 `[{mpxn, status}]` or 404 `[{error}]` (STS-13..STS-15). */
export const getMeterpointStatusesForAccount: Operation = ({ params }, { state, env }) => {
  const statuses = meterPointStatuses(
    state,
    env,
    params.import_supplier_code!,
    params.external_account_number!,
  );
  return statuses.ok ? json(200, statuses.value) : json(404, [{ error: statuses.error.detail }]);
};
