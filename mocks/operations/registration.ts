/**
 * The `registration` tag: send-registration-flows (REG-1..REG-8) and
 * meterpoint-statuses-for-account (STS-13..STS-15). Their 404 bodies are the arrays the spec's
 * responses name with `x-error-body`.
 */
import {
  meterPointStatuses,
  sendRegistrationFlows as sendInDomain,
} from '../domain/registration.ts';
import { type DataImportOperation, outcome } from './types.ts';

/** `sendRegistrationFlows`: 200 with the reference's array (REG-4..REG-7), or the failure (REG-8). */
export const sendRegistrationFlows: DataImportOperation<'sendRegistrationFlows'> = (
  { params, query },
  { state, env },
) =>
  outcome(
    sendInDomain(
      state,
      env,
      params.import_supplier_code,
      params.external_account_number,
      query.supply_start_date,
    ),
    200,
  );

/** `getMeterpointStatusesForAccount`: 200 `[{mpxn, status}]`, or the failure (STS-13..STS-15). */
export const getMeterpointStatusesForAccount: DataImportOperation<
  'getMeterpointStatusesForAccount'
> = ({ params }, { state, env }) =>
  outcome(
    meterPointStatuses(state, env, params.import_supplier_code, params.external_account_number),
    200,
  );
