/**
 * The `import-processes` tag: the transfer status of one account (STS-1..STS-8) and the three
 * lists of account import processes (STS-9..STS-12).
 */
import { listImportProcesses, transferStatus } from '../domain/import-processes.ts';
import { errorResponse, json } from './respond.ts';
import type { Operation } from './types.ts';

/** `getAccountTransferStatus`: 200 `{status, service_account_number}` or 404 (STS-1..STS-8). */
export const getAccountTransferStatus: Operation = ({ params }, { state, env }) => {
  const status = transferStatus(
    state,
    params.import_supplier_code!,
    params.external_account_number!,
    env.now(),
  );
  return status.ok ? json(200, status.value) : errorResponse(status.error);
};

/** `listAllAccountImportProcesses`: staged and imported accounts (STS-9). */
export const listAllAccountImportProcesses: Operation = ({ params }, { state }) =>
  json(200, listImportProcesses(state, params.import_supplier_code!, 'all'));

/** `listPendingAccountImportProcesses`: staged accounts only, with nulls (STS-10). */
export const listPendingAccountImportProcesses: Operation = ({ params }, { state }) =>
  json(200, listImportProcesses(state, params.import_supplier_code!, 'pending'));

/** `listImportedAccountImportProcesses`: accounts that have a platform account (STS-11). */
export const listImportedAccountImportProcesses: Operation = ({ params }, { state }) =>
  json(200, listImportProcesses(state, params.import_supplier_code!, 'imported'));
