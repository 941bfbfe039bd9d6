/**
 * Notes on an imported account (NOTE-1..NOTE-8), and what every post-import operation shares:
 * the imported account it acts on (NOTE-8, which the kit applies to transactions, statements,
 * the payment instruction and registration as well) and the document rules (DOC-1..DOC-3,
 * SUP-4). Checks come first and state changes last, so a refused request leaves the state as it
 * was.
 */
import type { components, FieldError } from '../../spec/index.ts';
import type { MockEnv } from '../env.ts';
import { clockTimestamp } from './clock.ts';
import { requireOngoingSupplier } from './import-processes.ts';
import { fail, ok, type Result } from './result.ts';
import {
  type AccountRecord,
  accountKey,
  type MockState,
  type NoteRecord,
  type Supplier,
} from './state.ts';

type NoteResult = components['schemas']['NoteResult'];
type DocumentPathItem = components['schemas']['DocumentPathItem'];

/**
 * A note of notes/create or of the account payload, as the spec's ImportedNote and AccountNote
 * give it (their `anyOf` of required fields makes the generated types `unknown`).
 */
export interface ImportedNote {
  body?: string;
  document_paths?: DocumentPathItem[];
  created_at?: string;
  is_pinned?: boolean;
  unpin_at?: string;
}

/** The request of notes/create (NOTE-1). */
export interface NotesRequest {
  import_supplier: string;
  external_account_number: string;
  notes: ImportedNote[];
}

/** Top-level detail of a post-import request that fails validation (ERR-1, ERR-2). */
export const REQUEST_INVALID = 'Could not validate the request.';

/** An imported account and its supplier: what a post-import operation acts on. */
export interface ImportedAccount {
  key: string;
  record: AccountRecord;
  supplier: Supplier;
}

/**
 * The imported account of a pair (NOTE-8, TXN-10, GEN-9): 404 `account_not_found` when it is
 * unknown or only staged (a wrong supplier code or external account number is not found either),
 * then 400 `import_supplier_migration_not_ongoing` when its supplier is Paused or Complete (SUP-3,
 * the real platform's post-import validators).
 */
export function requireImportedAccount(
  state: MockState,
  importSupplier: string,
  externalAccountNumber: string,
): Result<ImportedAccount> {
  const key = accountKey(importSupplier, externalAccountNumber);
  const record = state.accounts[key];
  const supplier = state.suppliers[importSupplier];
  if (record?.status !== 'imported' || !supplier) {
    return fail(
      404,
      'account_not_found',
      `No imported account was found for import supplier ${importSupplier} and external account number ${externalAccountNumber}.`,
    );
  }
  const ongoing = requireOngoingSupplier(state, importSupplier, 'import_supplier');
  if (!ongoing.ok) return ongoing;
  return ok({ key, record, supplier });
}

/**
 * The imported account of an account key, for the operator's reads and powers (control API);
 * 404 `account_not_found` for an account that is unknown or only staged.
 */
export function importedAccountByKey(state: MockState, key: string): Result<AccountRecord> {
  const record = state.accounts[key];
  if (record?.status !== 'imported') {
    return fail(404, 'account_not_found', 'No imported account was found for this key.');
  }
  return ok(record);
}

/**
 * A document path without its leading slash, `.` and empty segments, and with `..` applied
 * (DOC-2): both `some/path/doc.pdf` and `/notes/1234/attachment.jpg` are relative to the root
 * location. Null when a `..` would leave the root or nothing is left.
 */
export function normaliseDocumentPath(path: string): string | null {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.length > 0 ? segments.join('/') : null;
}

/** Where a document is expected in the bucket: `<root location><path>` (DOC-2, SUP-4). */
export function documentLocation(documentRoot: string, normalisedPath: string): string {
  const root = documentRoot.replace(/^\/+|\/+$/g, '');
  return root ? `${root}/${normalisedPath}` : normalisedPath;
}

/**
 * The failure of one document path, or null (DOC-1, DOC-2): `invalid_document_path` when it
 * leaves the supplier's root location; with the operator's "check documents" switch on,
 * `path_does_not_exist_in_file_store` when the document store has no such file.
 */
export function checkDocumentPath(
  state: MockState,
  env: MockEnv,
  supplier: Supplier,
  path: string,
  attr: string,
): FieldError | null {
  const normalised = normaliseDocumentPath(path);
  if (normalised === null) {
    return {
      attr,
      code: 'invalid_document_path',
      detail: `${path} is not a document path under the import supplier's root location.`,
    };
  }
  const location = documentLocation(supplier.documentRoot, normalised);
  if (
    state.checkDocuments &&
    !(state.placedDocuments ?? []).includes(location) &&
    !env.documents?.exists(location)
  ) {
    return {
      attr,
      code: 'path_does_not_exist_in_file_store',
      detail: `${path} does not exist in the file store.`,
    };
  }
  return null;
}

/**
 * Places a document in the mock's bucket for a supplier (operator): with the check-documents
 * switch on, a document or statement path naming it then exists (DOC-1, DOC-2). Gives its bucket
 * location; 404 for an unknown supplier, 400 for a path that leaves the supplier's root.
 */
export function placeDocument(
  state: MockState,
  importSupplier: string,
  path: string,
): Result<{ location: string }> {
  const supplier = state.suppliers[importSupplier];
  if (!supplier) return fail(404, 'not_found', `No import supplier ${importSupplier}.`);
  const normalised = normaliseDocumentPath(path);
  if (normalised === null) {
    const detail = `${path} is not a document path under the import supplier's root location.`;
    return fail(400, 'request_failed_validation', detail, [
      { attr: 'path', code: 'invalid_document_path', detail },
    ]);
  }
  const location = documentLocation(supplier.documentRoot, normalised);
  state.placedDocuments = [...new Set([...(state.placedDocuments ?? []), location])];
  return ok({ location });
}

/** The operator's "check documents" switch (DOC-1): off by default, as the service stores no files. */
export function setCheckDocuments(state: MockState, on: boolean): void {
  state.checkDocuments = on;
}

/** A note as NOTE-3 compares it, wherever it came from. */
interface ComparableNote {
  body: string;
  createdAt: string;
  documentPaths: string[];
}

/** The notes of the account payload: on the account once it is imported, created with it. */
function payloadNotes(record: AccountRecord): ComparableNote[] {
  return ((record.data.notes ?? []) as ImportedNote[]).map((note) => ({
    body: note.body ?? '',
    createdAt: note.created_at ?? record.createdAt ?? '',
    documentPaths: (note.document_paths ?? []).map((d) => d.document_path),
  }));
}

function samePaths(a: string[], b: string[]): boolean {
  const left = a.map(normaliseDocumentPath);
  const right = b.map(normaliseDocumentPath);
  return left.length === right.length && left.every((p, i) => p === right[i]);
}

/**
 * NOTE-3: a note is a duplicate when a note on the account has the same body (and the same
 * created_at, when given). A note without a body is compared by its document paths instead (kit
 * assumption, recorded on ImportedNote.body).
 */
function isDuplicate(existing: ComparableNote, note: ImportedNote): boolean {
  if (note.created_at !== undefined && existing.createdAt !== note.created_at) return false;
  if (note.body !== undefined) return existing.body === note.body;
  const paths = (note.document_paths ?? []).map((d) => d.document_path);
  return existing.body === '' && samePaths(existing.documentPaths, paths);
}

/**
 * notes/create (NOTE-1..NOTE-8): every failing note at once as 400 `request_failed_validation`
 * (unpin_at before the creation, document paths), and nothing is created; otherwise one result
 * per posted note, in order, a later note of the batch seeing the earlier ones (NOTE-3).
 */
export function createNotes(
  state: MockState,
  env: MockEnv,
  request: NotesRequest,
): Result<NoteResult[]> {
  const account = requireImportedAccount(
    state,
    request.import_supplier,
    request.external_account_number,
  );
  if (!account.ok) return account;
  const { record, supplier } = account.value;
  const now = clockTimestamp(state.clock, env.now());

  const errors: FieldError[] = [];
  request.notes.forEach((note, i) => {
    const createdAt = note.created_at ?? now;
    if (note.unpin_at !== undefined && note.unpin_at < createdAt) {
      errors.push({
        attr: `notes.${i}.unpin_at`,
        code: 'note_unpin_at_earlier_than_creation_date',
        detail: `unpin_at ${note.unpin_at} is earlier than the note's creation ${createdAt}.`,
      });
    }
    (note.document_paths ?? []).forEach((item, d) => {
      const failure = checkDocumentPath(
        state,
        env,
        supplier,
        item.document_path,
        `notes.${i}.document_paths.${d}.document_path`,
      );
      if (failure) errors.push(failure);
    });
  });
  if (errors.length > 0) return fail(400, 'request_failed_validation', REQUEST_INVALID, errors);

  const onAccount: ComparableNote[] = [...payloadNotes(record), ...(record.notes ?? [])];
  const created: NoteRecord[] = [];
  const results = request.notes.map((note): NoteResult => {
    const createdAt = note.created_at ?? now;
    const body = note.body ?? '';
    if (onAccount.some((existing) => isDuplicate(existing, note))) {
      return { created_at: createdAt, body, status: 'NOTE_ALREADY_EXISTS' };
    }
    const stored: NoteRecord = {
      body,
      createdAt,
      createdAtGiven: note.created_at !== undefined,
      documentPaths: (note.document_paths ?? []).map((d) => d.document_path),
      isPinned: note.is_pinned === true,
      ...(note.unpin_at !== undefined ? { unpinAt: note.unpin_at } : {}),
      origin: 'notes_create',
    };
    onAccount.push(stored);
    created.push(stored);
    return { created_at: createdAt, body, status: 'NOTE_CREATION_SUCCESS' };
  });
  record.notes = [...(record.notes ?? []), ...created];
  return ok(results);
}

/** A note pinned to the account by the service itself (TXN-7: a transaction moved into the open period). */
export function pinnedNote(body: string, createdAt: string): NoteRecord {
  return {
    body,
    createdAt,
    createdAtGiven: false,
    documentPaths: [],
    isPinned: true,
    origin: 'transaction_moved',
  };
}

/** A note of an account as the operator sees it (control API). */
export interface AccountNoteView {
  body: string;
  created_at: string;
  document_paths: string[];
  is_pinned: boolean;
  unpin_at: string | null;
  /** Pinned at the top of the account page right now: is_pinned and unpin_at not yet reached (NOTE-7). */
  pinned_now: boolean;
  origin: 'account_payload' | NoteRecord['origin'];
}

/**
 * Every note of an imported account, oldest first: those of the account payload, those posted
 * to notes/create and those pinned by moved transactions, with their pinned state on the mock
 * clock at `systemNow` (NOTE-7). 404 `account_not_found` for an account that is not imported.
 */
export function accountNotes(
  state: MockState,
  key: string,
  systemNow: number,
): Result<AccountNoteView[]> {
  const found = importedAccountByKey(state, key);
  if (!found.ok) return found;
  const record = found.value;
  const now = clockTimestamp(state.clock, systemNow);
  const fromPayload = payloadNotes(record).map(
    (note): AccountNoteView => ({
      body: note.body,
      created_at: note.createdAt,
      document_paths: note.documentPaths,
      is_pinned: false,
      unpin_at: null,
      pinned_now: false,
      origin: 'account_payload',
    }),
  );
  const posted = (record.notes ?? []).map(
    (note): AccountNoteView => ({
      body: note.body,
      created_at: note.createdAt,
      document_paths: note.documentPaths,
      is_pinned: note.isPinned,
      unpin_at: note.unpinAt ?? null,
      pinned_now: note.isPinned && (note.unpinAt === undefined || note.unpinAt > now),
      origin: note.origin,
    }),
  );
  return ok([...fromPayload, ...posted]);
}
