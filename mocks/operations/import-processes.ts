/**
 * The `import-processes` tag: the transfer status of one account (STS-1..STS-8) and the three
 * lists of account import processes (STS-9..STS-12).
 */
import { listImportProcesses, transferStatus } from '../domain/import-processes.ts';
import { type DataImportOperation, outcome, reply } from './types.ts';

/** `getAccountTransferStatus`: 200 `{status, service_account_number}`, or no process (STS-1..STS-8). */
export const getAccountTransferStatus: DataImportOperation<'getAccountTransferStatus'> = (
  { params },
  { state, env },
) =>
  outcome(
    transferStatus(state, params.import_supplier_code, params.external_account_number, env.now()),
    200,
  );

/** `listAllAccountImportProcesses`: staged and imported accounts (STS-9). */
export const listAllAccountImportProcesses: DataImportOperation<'listAllAccountImportProcesses'> = (
  { params },
  { state },
) => reply(200, listImportProcesses(state, params.import_supplier_code, 'all'));

/** `listPendingAccountImportProcesses`: staged accounts only, with nulls (STS-10). */
export const listPendingAccountImportProcesses: DataImportOperation<
  'listPendingAccountImportProcesses'
> = ({ params }, { state }) =>
  reply(200, listImportProcesses(state, params.import_supplier_code, 'pending'));

/** `listImportedAccountImportProcesses`: accounts that have a platform account (STS-11). */
export const listImportedAccountImportProcesses: DataImportOperation<
  'listImportedAccountImportProcesses'
> = ({ params }, { state }) =>
  reply(200, listImportProcesses(state, params.import_supplier_code, 'imported'));
