/**
 * Every operation of the Data-Import interface by operationId, one module per spec tag. Part 2
 * of the mock (notes, transactions, statements, payment instruction, registration) adds its
 * modules here.
 */
import * as accountImport from './account-import.ts';
import * as auth from './auth.ts';
import * as historicalStatements from './historical-statements.ts';
import * as importProcesses from './import-processes.ts';
import * as notes from './notes.ts';
import * as paymentInstructions from './payment-instructions.ts';
import * as registration from './registration.ts';
import * as transactions from './transactions.ts';
import type { Operation } from './types.ts';

/** The data-import operations the mock implements, by operationId. */
export const dataImportOperations: Record<string, Operation> = {
  ...auth,
  ...accountImport,
  ...importProcesses,
  ...notes,
  ...transactions,
  ...historicalStatements,
  ...paymentInstructions,
  ...registration,
};
