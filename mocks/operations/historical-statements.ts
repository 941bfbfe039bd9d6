/**
 * The `historical-statements` tag: historical-statements/create (HST-1..HST-3, DOC-1, DOC-2).
 */
import type { components } from '../../spec/index.ts';
import { dataImport } from '../../spec/index.ts';
import { createHistoricalStatements as createInDomain } from '../domain/historical-statements.ts';
import { REQUEST_INVALID } from '../domain/notes.ts';
import { errorResponse, json, validationFailed } from './respond.ts';
import type { Operation } from './types.ts';

/** `createHistoricalStatements`: 201 with the validated data (HST-2, kit assumption on the status), 400 or 404. */
export const createHistoricalStatements: Operation = ({ body }, { state, env }) => {
  const shapeErrors = dataImport.validateRequestBody('createHistoricalStatements', body);
  if (shapeErrors.length > 0) {
    return validationFailed('request_failed_validation', REQUEST_INVALID, shapeErrors);
  }
  const attached = createInDomain(
    state,
    env,
    body as components['schemas']['HistoricalStatementsRequest'],
  );
  return attached.ok ? json(201, attached.value) : errorResponse(attached.error);
};
