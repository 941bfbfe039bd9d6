/**
 * The `mock-accounts` tag of the control API: what the mock holds about one account (GEN-9),
 * including what was attached to it after import.
 */
import { accountKey } from '../domain/state.ts';
import { json } from '../operations/respond.ts';
import type { ControlOperation } from './types.ts';

/** `getAccountRecord`: the account's record, or 404. */
export const getAccountRecord: ControlOperation = ({ params }, { service }) => {
  const record =
    service.state.accounts[
      accountKey(params.import_supplier_code!, params.external_account_number!)
    ];
  return record
    ? json(200, record)
    : json(404, {
        detail: `No account ${params.external_account_number} of ${params.import_supplier_code}.`,
        code: 'account_not_found',
        errors: [],
      });
};
