import { describe, expect, test } from 'vitest';
import { importedState } from '../test-support.ts';
import { requireImportedAccount } from './accounts.ts';
import {
  checkDocumentPath,
  documentLocation,
  normaliseDocumentPath,
  setCheckDocuments,
} from './documents.ts';
import { accountNotes, createNotes } from './notes.ts';

describe('document paths (DOC-1, DOC-2)', () => {
  test.each([
    ['some/path/doc.pdf', 'some/path/doc.pdf'],
    ['/notes/1234/attachment.jpg', 'notes/1234/attachment.jpg'],
    ['a//b/./c.pdf', 'a/b/c.pdf'],
    ['a/../b.pdf', 'b.pdf'],
    ['../b.pdf', null],
    ['/a/../../b.pdf', null],
    ['/', null],
  ])('[DOC-2] %s is %s relative to the root', (path, expected) => {
    expect(normaliseDocumentPath(path)).toBe(expected);
  });

  test('[DOC-2][SUP-4] the document is expected at <root location><path>, whatever slashes the root has', () => {
    expect(documentLocation('demo-energy/', 'notes/a.pdf')).toBe('demo-energy/notes/a.pdf');
    expect(documentLocation('/demo-energy', 'notes/a.pdf')).toBe('demo-energy/notes/a.pdf');
    expect(documentLocation('', 'notes/a.pdf')).toBe('notes/a.pdf');
  });

  test('[DOC-1] the file store is asked only while the operator checks documents; without a store nothing exists', () => {
    const { state, env } = importedState();
    const supplier = state.suppliers.DEMO_ENERGY!;
    const asked: string[] = [];
    const exists = (path: string) => {
      asked.push(path);
      return path === 'demo-energy/a.pdf';
    };
    const withStore = { ...env, documents: { exists } };
    expect(checkDocumentPath(state, withStore, supplier, 'b.pdf', 'x')).toBeNull();
    expect(asked).toEqual([]);
    setCheckDocuments(state, true);
    expect(checkDocumentPath(state, withStore, supplier, '/a.pdf', 'x')).toBeNull();
    expect(checkDocumentPath(state, withStore, supplier, 'b.pdf', 'x')).toMatchObject({
      code: 'path_does_not_exist_in_file_store',
    });
    expect(asked).toEqual(['demo-energy/a.pdf', 'demo-energy/b.pdf']);
    const { documents: _none, ...withoutStore } = env;
    expect(checkDocumentPath(state, withoutStore, supplier, 'a.pdf', 'x')).toMatchObject({
      code: 'path_does_not_exist_in_file_store',
    });
  });
});

describe('requireImportedAccount (NOTE-8)', () => {
  test('[NOTE-8] a staged account and an unknown pair are 404; a Complete supplier 400', () => {
    const { state, record } = importedState();
    expect(requireImportedAccount(state, 'DEMO_ENERGY', 'EXTERNAL-1234').ok).toBe(true);
    expect(requireImportedAccount(state, 'DEMO_ENERGY', 'OTHER')).toMatchObject({
      error: { code: 'account_not_found' },
    });
    expect(requireImportedAccount(state, 'UNKNOWN', 'EXTERNAL-1234')).toMatchObject({
      error: { code: 'account_not_found' },
    });
    state.suppliers.DEMO_ENERGY!.status = 'Complete';
    expect(requireImportedAccount(state, 'DEMO_ENERGY', 'EXTERNAL-1234')).toMatchObject({
      error: { code: 'import_supplier_migration_not_ongoing' },
    });
    record.status = 'staged';
    expect(requireImportedAccount(state, 'DEMO_ENERGY', 'EXTERNAL-1234')).toMatchObject({
      error: { code: 'account_not_found' },
    });
  });
});

describe('accountNotes (operator)', () => {
  test("[NOTE-7] lists the payload's notes (created with the account) and the posted ones with their pinned state", () => {
    const { state, env, key } = importedState();
    createNotes(state, env, {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: 'EXTERNAL-1234',
      notes: [{ body: 'Pinned.', is_pinned: true, unpin_at: '2024-04-15T10:00:00Z' }],
    });
    expect(accountNotes(state, key, env.now())).toEqual({
      ok: true,
      value: [
        {
          body: 'This is a note',
          created_at: '2018-10-10T10:20:00Z',
          document_paths: ['/notes/1234/attachment.jpg'],
          is_pinned: false,
          unpin_at: null,
          pinned_now: false,
          origin: 'account_payload',
        },
        {
          body: 'Pinned.',
          created_at: '2024-04-15T10:00:00Z',
          document_paths: [],
          is_pinned: true,
          unpin_at: '2024-04-15T10:00:00Z',
          // unpin_at is reached at the very instant it names.
          pinned_now: false,
          origin: 'notes_create',
        },
      ],
    });
    expect(accountNotes(state, 'DEMO_ENERGY/NOPE', env.now())).toMatchObject({
      ok: false,
      error: { code: 'account_not_found' },
    });
  });
});
