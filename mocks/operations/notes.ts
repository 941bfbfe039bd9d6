/**
 * The `notes` tag: notes/create (NOTE-1..NOTE-8, DOC-1..DOC-3). Shapes are checked by the spec
 * module (NOTE-2 among them); the rules of state by the domain core.
 */
import { dataImport } from '../../spec/index.ts';
import {
  createNotes as createNotesInDomain,
  type NotesRequest,
  REQUEST_INVALID,
} from '../domain/notes.ts';
import { errorResponse, json, validationFailed } from './respond.ts';
import type { Operation } from './types.ts';

/** `createNotes`: 201 with one result per posted note, 400 with every failure, or 404 (NOTE-1..NOTE-8). */
export const createNotes: Operation = ({ body }, { state, env }) => {
  const shapeErrors = dataImport.validateRequestBody('createNotes', body);
  if (shapeErrors.length > 0) {
    return validationFailed('request_failed_validation', REQUEST_INVALID, shapeErrors);
  }
  const created = createNotesInDomain(state, env, body as NotesRequest);
  return created.ok ? json(201, created.value) : errorResponse(created.error);
};
