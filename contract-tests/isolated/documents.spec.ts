/**
 * Documents (DOC-1, DOC-2, HST-3) against the kit's mock with its "check documents" switch on:
 * the service stores no files, so a path must name a document already in storage. The switch is
 * a global setting of the mock, so this runs in the `isolated` project and switches it back.
 * A document that does exist is placed through the control API (POST /__mock/documents/files).
 */
import { expect, test } from '../fixtures.ts';
import { answerCarriesCodes, expectedError } from '../support/dialect.ts';
import { operationTitle } from '../support/operations.ts';
import { historicalStatementsRequest } from '../support/payloads.ts';

test.describe(operationTitle('createNotes'), () => {
  test('[DOC-1] [DOC-2] with documents checked, a document path with no document in storage is refused', async ({
    api,
    lifecycle,
    control,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.import(account);
    const before = await control.checkDocuments(true);
    try {
      const exchange = await api.createNotes({
        import_supplier: account.import_supplier,
        external_account_number: account.external_account_number,
        notes: [{ body: 'Scan.', document_paths: [{ document_path: 'notes/missing-scan.pdf' }] }],
      });
      expect(exchange.status).toBe(400);
      // The platform's field-keyed messages carry the failing path, not the code (decision 026).
      expect((exchange.body as { errors: unknown[] }).errors).toContainEqual(
        expect.objectContaining(
          expectedError(answerCarriesCodes(api.dialect, exchange), {
            attr: 'notes.0.document_paths.0.document_path',
            code: 'path_does_not_exist_in_file_store',
          }),
        ),
      );
    } finally {
      await control.checkDocuments(before);
    }
  });

  test('[DOC-2] with documents checked, a path naming a document in storage under the supplier root is accepted', async ({
    api,
    lifecycle,
    control,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.import(account);
    const path = `notes/${account.external_account_number}/welcome-letter.pdf`;
    await control.placeDocument(account.import_supplier as string, path);
    const before = await control.checkDocuments(true);
    try {
      const exchange = await api.createNotes({
        import_supplier: account.import_supplier,
        external_account_number: account.external_account_number,
        // Both forms of the reference's examples name the same document under the root.
        notes: [
          { body: 'Welcome letter.', document_paths: [{ document_path: path }] },
          { body: 'Welcome letter, again.', document_paths: [{ document_path: `/${path}` }] },
        ],
      });
      expect(exchange.status).toBe(201);
      expect((exchange.body as { status: string }[]).map((n) => n.status)).toEqual([
        'NOTE_CREATION_SUCCESS',
        'NOTE_CREATION_SUCCESS',
      ]);
    } finally {
      await control.checkDocuments(before);
    }
  });
});

test.describe(operationTitle('createHistoricalStatements'), () => {
  test('[HST-3] [DOC-1] with documents checked, a statement_path with no document in storage is refused', async ({
    api,
    lifecycle,
    control,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.import(account);
    const before = await control.checkDocuments(true);
    try {
      const request = historicalStatementsRequest(account, lifecycle.context);
      const [first] = request.statements as Record<string, unknown>[];
      const exchange = await api.createHistoricalStatements({
        ...request,
        statements: [{ ...first, statement_path: 'statements/missing-statement.pdf' }],
      });
      expect(exchange.status).toBe(400);
      if (answerCarriesCodes(api.dialect, exchange)) {
        expect(exchange.text).toContain('path_does_not_exist_in_file_store');
      } else {
        // The platform's field-keyed messages name the failing path instead (decision 026).
        expect((exchange.body as { errors: unknown[] }).errors).toContainEqual(
          expect.objectContaining({ attr: 'statements.0.statement_path' }),
        );
      }
    } finally {
      await control.checkDocuments(before);
    }
  });
});
