import { describe, expect, test } from 'vitest';
import { setCheckDocuments } from '../domain/documents.ts';
import { accountStatements } from '../domain/historical-statements.ts';
import { createHarness, specExample } from '../test-support.ts';

const STATEMENTS = '/v1/data-import/historical-statements/create/';

interface StatementsRequest {
  import_supplier: string;
  external_account_number: string;
  statements: Record<string, unknown>[];
}

async function withAccount(options: Parameters<typeof createHarness>[0] = {}) {
  const h = await createHarness(options);
  const account = await h.imported();
  const request = (statements?: Record<string, unknown>[]): StatementsRequest => {
    const example = specExample<StatementsRequest>('CreateHistoricalStatementsRequest');
    return {
      ...example,
      external_account_number: account.external_account_number,
      statements: statements ?? example.statements,
    };
  };
  const post = (body: unknown) => h.call('POST', STATEMENTS, { body });
  return { h, account, request, post };
}

const statement = (id: string, extra: Record<string, unknown> = {}) => ({
  bill_period_from_date: '2024-01-01',
  bill_period_to_date: '2024-01-31',
  statement_id: id,
  ...extra,
});

describe('createHistoricalStatements (POST /v1/data-import/historical-statements/create/)', () => {
  test('[HST-1][HST-2] statements are attached: 201 with the validated data as body', async () => {
    const { h, account, request, post } = await withAccount();
    const body = request();
    expect(await post(body)).toEqual({ status: 201, body });
    const stored = accountStatements(h.mock.service.state, h.key(account));
    expect(stored.ok && stored.value.map((s) => s.statement)).toEqual(body.statements);
  });

  test('[HST-1] a second batch whose statement_ids are all new is attached after the first', async () => {
    const { h, account, request, post } = await withAccount();
    const first = request();
    expect((await post(first)).status).toBe(201);
    const second = request([statement('NEW-1')]);
    expect(await post(second)).toEqual({ status: 201, body: second });
    const stored = accountStatements(h.mock.service.state, h.key(account));
    expect(stored.ok && stored.value.map((s) => s.statement.statement_id)).toEqual([
      ...first.statements.map((s) => s.statement_id),
      'NEW-1',
    ]);
  });

  test('[HST-1] a later batch repeating a statement_id the account holds is refused on that id only, and nothing is attached', async () => {
    const { h, request, post } = await withAccount();
    const first = request();
    await post(first);
    const before = h.snapshot();
    const held = first.statements[0]?.statement_id as string;
    const response = await post(request([statement('NEW-2'), statement(held)]));
    expect(response).toEqual({
      status: 400,
      body: {
        detail: 'Could not validate the request.',
        code: 'request_failed_validation',
        errors: [
          {
            detail: `A historical statement with statement_id ${held} already exists on the account.`,
            code: 'historical_statement_already_exists',
            attr: 'statements.1.statement_id',
          },
        ],
      },
    });
    expect(h.snapshot()).toBe(before);
  });

  test('[HST-2] a statement_id twice in one request is refused', async () => {
    const { request, post } = await withAccount();
    expect((await post(request([statement('S-1'), statement('S-1')]))).body).toEqual({
      detail: 'Could not validate the request.',
      code: 'request_failed_validation',
      errors: [
        {
          detail: 'statement_id S-1 occurs more than once in the request.',
          code: 'historical_statement_already_exists',
          attr: 'statements.1.statement_id',
        },
      ],
    });
  });

  test('[HST-1] a bill period whose from date is after its to date is start_date_later_than_end_date', async () => {
    const { h, request, post } = await withAccount();
    const before = h.snapshot();
    const response = await post(
      request([
        statement('S-1', { bill_period_from_date: '2024-02-01' }),
        statement('S-2', { bill_period_from_date: '2024-01-31' }),
      ]),
    );
    expect(response).toEqual({
      status: 400,
      body: {
        detail: 'Could not validate the request.',
        code: 'request_failed_validation',
        errors: [
          {
            attr: 'statements.0.bill_period_from_date',
            code: 'start_date_later_than_end_date',
            detail: 'The bill period starts on 2024-02-01, after it ends on 2024-01-31.',
          },
        ],
      },
    });
    expect(h.snapshot()).toBe(before);
  });

  test('[HST-3][DOC-1][DOC-2] statement_path follows the document rules: leaving the root is refused; with check documents on, a missing file is refused', async () => {
    const files = new Set(['demo-energy/statements/2024-01.pdf']);
    const { h, request, post } = await withAccount({ documents: { exists: (p) => files.has(p) } });
    const before = h.snapshot();
    expect(
      (await post(request([statement('S-1', { statement_path: '/../../etc/passwd' })]))).body,
    ).toEqual({
      detail: 'Could not validate the request.',
      code: 'request_failed_validation',
      errors: [
        {
          attr: 'statements.0.statement_path',
          code: 'invalid_document_path',
          detail:
            "/../../etc/passwd is not a document path under the import supplier's root location.",
        },
      ],
    });
    setCheckDocuments(h.mock.service.state, true);
    const checking = h.snapshot();
    expect(
      (
        await post(
          request([
            statement('S-1', { statement_path: '/statements/2024-01.pdf' }),
            statement('S-2', { statement_path: 'statements/2024-02.pdf' }),
          ]),
        )
      ).body,
    ).toEqual({
      detail: 'Could not validate the request.',
      code: 'request_failed_validation',
      errors: [
        {
          attr: 'statements.1.statement_path',
          code: 'path_does_not_exist_in_file_store',
          detail: 'statements/2024-02.pdf does not exist in the file store.',
        },
      ],
    });
    expect(h.snapshot()).toBe(checking);
    expect(JSON.parse(checking).checkDocuments).toBe(true);
    expect(JSON.parse(before).checkDocuments).toBe(false);
    expect(
      (await post(request([statement('S-1', { statement_path: 'statements/2024-01.pdf' })])))
        .status,
    ).toBe(201);
  });

  test('[HST-1] an unknown or only staged account gets 404 account_not_found', async () => {
    const h = await createHarness();
    const staged = await h.stage(h.account());
    const response = await h.call('POST', STATEMENTS, {
      body: {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: staged.external_account_number,
        statements: [statement('S-1')],
      },
    });
    expect(response).toEqual({
      status: 404,
      body: {
        detail: `No imported account was found for import supplier DEMO_ENERGY and external account number ${staged.external_account_number}.`,
        code: 'account_not_found',
        errors: [],
      },
    });
  });

  test('[ERR-1] a statement without statement_id gets 400 request_failed_validation', async () => {
    const { request, post } = await withAccount();
    const body = request();
    delete body.statements[1]!.statement_id;
    expect(await post(body)).toEqual({
      status: 400,
      body: specExample('HistoricalStatementsRequestFailedValidation'),
    });
  });

  test('[SUP-3] a Paused supplier gets 400 import_supplier_migration_not_ongoing', async () => {
    const { h, request, post } = await withAccount();
    h.mock.service.state.suppliers.DEMO_ENERGY!.status = 'Paused';
    expect((await post(request())).body).toMatchObject({
      code: 'import_supplier_migration_not_ongoing',
    });
  });

  test("[HST-1][HST-2] the real platform's statements example (DEMO_ENERGY, account changed) is accepted", async () => {
    const { request, post } = await withAccount();
    const body = request([
      {
        bill_period_from_date: '2022-01-01',
        bill_period_to_date: '2022-01-31',
        statement_id: '1',
        issued_date: '2022-02-02',
        number: '1',
        gross_amount: 100,
        statement_path: 'path/to/statement-1.pdf',
      },
    ]);
    expect(await post(body)).toEqual({ status: 201, body });
  });
});
