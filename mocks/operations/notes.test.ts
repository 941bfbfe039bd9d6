import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { setCheckDocuments } from '../domain/documents.ts';
import { accountNotes } from '../domain/notes.ts';
import { localDocumentStore } from '../node-env.ts';
import { createHarness, DAY, type Harness } from '../test-support.ts';

const NOTES = '/v1/data-import/notes/create/';

async function withAccount(options: Parameters<typeof createHarness>[0] = {}) {
  const h = await createHarness(options);
  const account = await h.imported();
  const post = (notes: unknown[], extra: Record<string, unknown> = {}) =>
    h.call('POST', NOTES, {
      body: {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: account.external_account_number,
        notes,
        ...extra,
      },
    });
  return { h, account, post };
}

function notesOf(h: Harness, key: string) {
  const notes = accountNotes(h.mock.service.state, key, h.systemNow);
  if (!notes.ok) throw new Error(notes.error.detail);
  return notes.value;
}

describe('createNotes (POST /v1/data-import/notes/create/)', () => {
  test('[NOTE-1][NOTE-4][NOTE-5][NOTE-6] notes are created: 201, one item per note, created_at defaulting to the mock clock', async () => {
    const { post } = await withAccount();
    const response = await post([
      { body: 'Customer prefers e-mail.' },
      { body: 'Meter moved.', created_at: '2024-01-10T09:30:00Z' },
    ]);
    expect(response).toEqual({
      status: 201,
      body: [
        {
          created_at: '2024-04-15T10:00:00Z',
          body: 'Customer prefers e-mail.',
          status: 'NOTE_CREATION_SUCCESS',
        },
        {
          created_at: '2024-01-10T09:30:00Z',
          body: 'Meter moved.',
          status: 'NOTE_CREATION_SUCCESS',
        },
      ],
    });
  });

  test('[NOTE-3] a note whose body already exists on the account is NOTE_ALREADY_EXISTS', async () => {
    const { h, account, post } = await withAccount();
    await post([{ body: 'Vulnerable customer.' }]);
    h.advance(DAY);
    const response = await post([{ body: 'Vulnerable customer.' }]);
    expect(response).toEqual({
      status: 201,
      body: [
        {
          created_at: '2024-04-16T10:00:00Z',
          body: 'Vulnerable customer.',
          status: 'NOTE_ALREADY_EXISTS',
        },
      ],
    });
    expect(
      notesOf(h, h.key(account)).filter((n) => n.body === 'Vulnerable customer.'),
    ).toHaveLength(1);
  });

  test('[NOTE-3] with created_at given, the same body at another created_at is a new note', async () => {
    const { post } = await withAccount();
    await post([{ body: 'Called the customer.', created_at: '2024-01-01T10:00:00Z' }]);
    const response = await post([
      { body: 'Called the customer.', created_at: '2024-01-01T10:00:00Z' },
      { body: 'Called the customer.', created_at: '2024-02-01T10:00:00Z' },
    ]);
    expect((response.body as { status: string }[]).map((r) => r.status)).toEqual([
      'NOTE_ALREADY_EXISTS',
      'NOTE_CREATION_SUCCESS',
    ]);
  });

  test('[NOTE-3] a mixed batch answers note by note with 201, later notes seeing earlier ones', async () => {
    const { post } = await withAccount();
    const response = await post([
      { body: 'First.' },
      { body: 'First.' },
      { body: 'Second.', created_at: '2024-03-01T08:00:00Z' },
    ]);
    expect(response).toEqual({
      status: 201,
      body: [
        { created_at: '2024-04-15T10:00:00Z', body: 'First.', status: 'NOTE_CREATION_SUCCESS' },
        { created_at: '2024-04-15T10:00:00Z', body: 'First.', status: 'NOTE_ALREADY_EXISTS' },
        { created_at: '2024-03-01T08:00:00Z', body: 'Second.', status: 'NOTE_CREATION_SUCCESS' },
      ],
    });
  });

  test("[NOTE-3] the account payload's own notes are on the imported account", async () => {
    // DomesticAccount carries {created_at 2018-10-10T10:20:00Z, body "This is a note"}.
    const { post } = await withAccount();
    const response = await post([
      { body: 'This is a note' },
      { body: 'This is a note', created_at: '2018-10-10T10:20:00Z' },
      { body: 'This is a note', created_at: '2019-10-10T10:20:00Z' },
    ]);
    expect((response.body as { status: string }[]).map((r) => r.status)).toEqual([
      'NOTE_ALREADY_EXISTS',
      'NOTE_ALREADY_EXISTS',
      'NOTE_CREATION_SUCCESS',
    ]);
  });

  test('[NOTE-3] a note without a body is compared by its document paths, and reported with body ""', async () => {
    const { post } = await withAccount();
    const response = await post([
      { document_paths: [{ document_path: 'letters/a.pdf' }] },
      { document_paths: [{ document_path: '/letters/a.pdf' }] },
      { document_paths: [{ document_path: 'letters/b.pdf' }] },
    ]);
    expect(response.body).toEqual([
      { created_at: '2024-04-15T10:00:00Z', body: '', status: 'NOTE_CREATION_SUCCESS' },
      { created_at: '2024-04-15T10:00:00Z', body: '', status: 'NOTE_ALREADY_EXISTS' },
      { created_at: '2024-04-15T10:00:00Z', body: '', status: 'NOTE_CREATION_SUCCESS' },
    ]);
  });

  test('[NOTE-2] a note with neither body nor document_paths is 400 and nothing is created', async () => {
    const { h, post } = await withAccount();
    const before = h.snapshot();
    const response = await post([{ body: 'Fine.' }, { is_pinned: true }]);
    expect(response).toEqual({
      status: 400,
      body: {
        detail: 'Could not validate the request.',
        code: 'request_failed_validation',
        errors: [
          {
            detail: 'A note must have a body or document_paths.',
            code: 'note_body_or_document_path_not_found',
            attr: 'notes.1',
          },
        ],
      },
    });
    expect(h.snapshot()).toBe(before);
  });

  test('[NOTE-7] is_pinned and unpin_at are kept: the note is pinned until unpin_at on the mock clock', async () => {
    const { h, account, post } = await withAccount();
    await post([
      { body: 'Pinned until May.', is_pinned: true, unpin_at: '2024-05-01T00:00:00Z' },
      { body: 'Pinned for good.', is_pinned: true },
      { body: 'Not pinned.' },
    ]);
    const view = () =>
      notesOf(h, h.key(account))
        .filter((n) => n.origin === 'notes_create')
        .map((n) => [n.body, n.is_pinned, n.unpin_at, n.pinned_now]);
    expect(view()).toEqual([
      ['Pinned until May.', true, '2024-05-01T00:00:00Z', true],
      ['Pinned for good.', true, null, true],
      ['Not pinned.', false, null, false],
    ]);
    h.advance(30 * DAY);
    expect(view()[0]).toEqual(['Pinned until May.', true, '2024-05-01T00:00:00Z', false]);
  });

  test('[NOTE-7] unpin_at earlier than a given created_at is 400 and changes nothing; without created_at it is not compared', async () => {
    const { h, post } = await withAccount();
    const before = h.snapshot();
    const response = await post([
      {
        body: 'A.',
        created_at: '2024-02-01T00:00:00Z',
        is_pinned: true,
        unpin_at: '2024-01-01T00:00:00Z',
      },
      { body: 'B.', is_pinned: true, unpin_at: '2024-04-01T00:00:00Z' },
      {
        body: 'C.',
        created_at: '2024-01-01T00:00:00Z',
        is_pinned: true,
        unpin_at: '2024-04-01T00:00:00Z',
      },
    ]);
    expect(response).toEqual({
      status: 400,
      body: {
        detail: 'Could not validate the request.',
        code: 'request_failed_validation',
        errors: [
          {
            attr: 'notes.0.unpin_at',
            code: 'note_unpin_at_earlier_than_creation_date',
            detail:
              "unpin_at 2024-01-01T00:00:00Z is earlier than the note's creation 2024-02-01T00:00:00Z.",
          },
        ],
      },
    });
    expect(h.snapshot()).toBe(before);
  });

  test('[NOTE-8] an account that is only staged is not found: 404 account_not_found', async () => {
    const h = await createHarness();
    const account = await h.stage(h.account());
    const before = h.snapshot();
    const response = await h.call('POST', NOTES, {
      body: {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: account.external_account_number,
        notes: [{ body: 'x' }],
      },
    });
    expect(response).toEqual({
      status: 404,
      body: {
        detail: `No imported account was found for import supplier DEMO_ENERGY and external account number ${account.external_account_number}.`,
        code: 'account_not_found',
        errors: [],
      },
    });
    expect(h.snapshot()).toBe(before);
  });

  test('[NOTE-8] a wrong supplier code or external account number is not found either', async () => {
    const { h, account, post } = await withAccount();
    expect((await post([{ body: 'x' }], { import_supplier: 'DEMO_PAUSED' })).status).toBe(404);
    expect((await post([{ body: 'x' }], { external_account_number: 'NOPE-1' })).status).toBe(404);
    expect(notesOf(h, h.key(account)).map((n) => n.origin)).toEqual(['account_payload']);
  });

  test('[SUP-3] an imported account of a supplier that is now Paused gets 400 import_supplier_migration_not_ongoing', async () => {
    const { h, post } = await withAccount();
    h.mock.service.state.suppliers.DEMO_ENERGY!.status = 'Paused';
    const before = h.snapshot();
    expect(await post([{ body: 'x' }])).toEqual({
      status: 400,
      body: {
        detail: 'The migration for import supplier DEMO_ENERGY is not ongoing (status Paused).',
        code: 'import_supplier_migration_not_ongoing',
        errors: [],
      },
    });
    expect(h.snapshot()).toBe(before);
  });

  test('[DOC-2][DOC-3] both `some/path/doc.pdf` and `/notes/1234/attachment.jpg` are accepted; a `..` leaving the root is invalid_document_path', async () => {
    const { h, post } = await withAccount();
    const accepted = await post([
      { body: 'A.', document_paths: [{ document_path: 'some/path/doc.pdf' }] },
      { body: 'B.', document_paths: [{ document_path: '/notes/1234/attachment.jpg' }] },
      { body: 'C.', document_paths: [{ document_path: 'notes/../letters/./c.pdf' }] },
    ]);
    expect(accepted.status).toBe(201);
    const before = h.snapshot();
    const refused = await post([
      {
        body: 'D.',
        document_paths: [{ document_path: 'notes/ok.pdf' }, { document_path: '../secrets.pdf' }],
      },
      { body: 'E.', document_paths: [{ document_path: '/notes/../../x.pdf' }] },
    ]);
    expect(refused).toEqual({
      status: 400,
      body: {
        detail: 'Could not validate the request.',
        code: 'request_failed_validation',
        errors: [
          {
            attr: 'notes.0.document_paths.1.document_path',
            code: 'invalid_document_path',
            detail:
              "../secrets.pdf is not a document path under the import supplier's root location.",
          },
          {
            attr: 'notes.1.document_paths.0.document_path',
            code: 'invalid_document_path',
            detail:
              "/notes/../../x.pdf is not a document path under the import supplier's root location.",
          },
        ],
      },
    });
    expect(h.snapshot()).toBe(before);
  });

  test("[DOC-1][DOC-2][SUP-4] with check documents on, a path must be a file under the supplier's root in the local bucket folder", async () => {
    const bucket = mkdtempSync(join(tmpdir(), 'bucket-'));
    mkdirSync(join(bucket, 'demo-energy', 'notes', '1234'), { recursive: true });
    writeFileSync(join(bucket, 'demo-energy', 'notes', '1234', 'attachment.jpg'), 'jpg');
    writeFileSync(join(bucket, 'attachment.pdf'), 'outside the root');
    const { h, post } = await withAccount({ documents: localDocumentStore(bucket) });
    setCheckDocuments(h.mock.service.state, true);
    const before = h.snapshot();
    const refused = await post([
      { body: 'A.', document_paths: [{ document_path: '/notes/1234/attachment.jpg' }] },
      { body: 'B.', document_paths: [{ document_path: 'attachment.pdf' }] },
    ]);
    expect(refused).toEqual({
      status: 400,
      body: {
        detail: 'Could not validate the request.',
        code: 'request_failed_validation',
        errors: [
          {
            attr: 'notes.1.document_paths.0.document_path',
            code: 'path_does_not_exist_in_file_store',
            detail: 'attachment.pdf does not exist in the file store.',
          },
        ],
      },
    });
    expect(h.snapshot()).toBe(before);
    const accepted = await post([
      { body: 'A.', document_paths: [{ document_path: '/notes/1234/attachment.jpg' }] },
      { body: 'B.', document_paths: [{ document_path: 'notes/1234/attachment.jpg' }] },
    ]);
    expect(accepted.status).toBe(201);
    setCheckDocuments(h.mock.service.state, false);
    expect((await post([{ document_paths: [{ document_path: 'attachment.pdf' }] }])).status).toBe(
      201,
    );
  });

  test('[NOTE-1] a body that is not a notes request gets 400 request_failed_validation', async () => {
    const { h } = await withAccount();
    const response = await h.call('POST', NOTES, {
      body: { import_supplier: 'DEMO_ENERGY', notes: 'not a list' },
    });
    expect(response).toEqual({
      status: 400,
      body: {
        detail: 'Could not validate the request.',
        code: 'request_failed_validation',
        errors: [
          { attr: 'external_account_number', code: 'required', detail: 'This field is required.' },
          { attr: 'notes', code: 'invalid', detail: 'Expected a list of items.' },
        ],
      },
    });
  });

  test("[NOTE-1][NOTE-7] the real platform's notes example (DEMO_ENERGY, account changed) is accepted, on a clock before its unpin_at", async () => {
    const h = await createHarness({ now: Date.parse('2020-03-01T09:00:00Z') });
    const account = await h.imported();
    const response = await h.call('POST', NOTES, {
      body: {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: account.external_account_number,
        notes: [
          {
            body: 'Some important pinned note.',
            is_pinned: true,
            unpin_at: '2020-06-01T12:00:00Z',
          },
          {
            created_at: '2020-02-01T12:00:00Z',
            body: 'Some important note with an attachment.',
            document_paths: [{ document_path: 'some/path/to/a/document.pdf' }],
          },
        ],
      },
    });
    expect(response).toEqual({
      status: 201,
      body: [
        {
          created_at: '2020-03-01T09:00:00Z',
          body: 'Some important pinned note.',
          status: 'NOTE_CREATION_SUCCESS',
        },
        {
          created_at: '2020-02-01T12:00:00Z',
          body: 'Some important note with an attachment.',
          status: 'NOTE_CREATION_SUCCESS',
        },
      ],
    });
    expect(h.mock.service.journal.entries().at(-1)).toMatchObject({
      operationId: 'createNotes',
      status: 201,
    });
  });
});
