/**
 * Every operation of the Data-Import interface by operationId, one module per spec tag. The map
 * is typed by the spec's operationIds, so an operation the spec has and the mock lacks does not
 * compile (decision 008).
 */
import * as accountImport from './account-import.ts';
import * as auth from './auth.ts';
import * as historicalStatements from './historical-statements.ts';
import * as importProcesses from './import-processes.ts';
import * as notes from './notes.ts';
import * as paymentInstructions from './payment-instructions.ts';
import * as registration from './registration.ts';
import * as transactions from './transactions.ts';
import type { DataImportOperations } from './types.ts';
import * as v2Imports from './v2-imports.ts';

/** The data-import operations the mock implements, by operationId. */
export const dataImportOperations: DataImportOperations = {
  ...auth,
  ...accountImport,
  ...importProcesses,
  ...notes,
  ...transactions,
  ...historicalStatements,
  ...paymentInstructions,
  ...registration,
  ...v2Imports,
};
