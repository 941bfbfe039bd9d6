/**
 * Notes on an imported account (NOTE-1..NOTE-8) with their document paths (DOC-1..DOC-3).
 * Checks come first and state changes last, so a refused request leaves the state as it was.
 */
import type { components, controlComponents, FieldError } from '../../spec/index.ts';
import { importedAccountByKey, requireImportedAccount } from './accounts.ts';
import { clockTimestamp } from './clock.ts';
import { checkDocumentPath, normaliseDocumentPath } from './documents.ts';
import type { MockEnv } from './env.ts';
import { fieldError, invalid, ok, type Result } from './result.ts';
import { type AccountRecord, type MockState, type NoteRecord, touch } from './state.ts';

type NoteResult = components['schemas']['NoteResult'];
type DocumentPathItem = components['schemas']['DocumentPathItem'];
/** A note of an account as the operator sees it: the control API's view, generated from its spec. */
type AccountNoteView = controlComponents['schemas']['AccountNoteView'];

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
    // The platform compares unpin_at with created_at only when both are given.
    const createdAt = note.created_at;
    if (note.unpin_at !== undefined && createdAt !== undefined && note.unpin_at < createdAt) {
      errors.push(
        fieldError('note_unpin_at_earlier_than_creation_date', `notes.${i}.unpin_at`, {
          unpin_at: note.unpin_at,
          created_at: createdAt,
        }),
      );
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
  if (errors.length > 0) return invalid(errors);

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
  if (created.length > 0) touch(state);
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
