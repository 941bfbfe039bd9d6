/**
 * The `historical-statements` tag: historical-statements/create (HST-1..HST-3, DOC-1, DOC-2).
 */
import { createHistoricalStatements as createInDomain } from '../domain/historical-statements.ts';
import { type DataImportOperation, outcome } from './types.ts';

/** `createHistoricalStatements`: 201 with the validated data (HST-2, kit assumption on the status). */
export const createHistoricalStatements: DataImportOperation<'createHistoricalStatements'> = (
  { body },
  { state, env },
) => outcome(createInDomain(state, env, body), 201);
