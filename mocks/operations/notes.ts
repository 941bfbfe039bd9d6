/**
 * The `notes` tag: notes/create (NOTE-1..NOTE-8, DOC-1..DOC-3). The edge has checked the shapes
 * (NOTE-2 among them); the rules of state are the domain core's.
 */
import { createNotes as createNotesInDomain, type NotesRequest } from '../domain/notes.ts';
import { type DataImportOperation, outcome } from './types.ts';

/** `createNotes`: 201 with one result per posted note, or the domain's failure (NOTE-1..NOTE-8). */
export const createNotes: DataImportOperation<'createNotes'> = ({ body }, { state, env }) =>
  outcome(createNotesInDomain(state, env, body as NotesRequest), 201);
