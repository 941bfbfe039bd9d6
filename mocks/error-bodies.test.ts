import { describe, expect, test } from 'vitest';
import { dataImport, type ErrorCode, errorCatalogue } from '../spec/index.ts';
import { errorResponse } from './error-bodies.ts';

const op = (id: string) => dataImport.operation(id);
const pair = { import_supplier: 'DEMO_ENERGY', external_account_number: 'EXT-1' };

describe('the mapping of failures to answers (ERR-1..ERR-4, decision 008)', () => {
  test('[ERR-1] [ERR-4] a failure gets the error body with the status and default detail of its code', () => {
    const response = errorResponse(
      { code: 'import_process_does_not_exist', data: pair },
      op('processAccountImportProcess'),
    );
    expect(response).toEqual({
      status: 400,
      body: {
        detail: 'No account import process exists for DEMO_ENERGY / EXT-1.',
        code: 'import_process_does_not_exist',
        errors: [],
      },
    });
  });

  test('[STS-3] the same condition gets the status the catalogue names for an operation', () => {
    expect(
      errorResponse(
        { code: 'import_process_does_not_exist', data: pair },
        op('getAccountTransferStatus'),
      ).status,
    ).toBe(404);
  });

  test('[PRC-8] an already imported account carries both account numbers at the top level', () => {
    const response = errorResponse(
      {
        code: 'account_already_imported',
        data: { external_account_number: 'EXT-1', service_account_number: 'A-1' },
      },
      op('processAccountImportProcess'),
    );
    expect(response.body).toMatchObject({
      code: 'account_already_imported',
      external_account_number: 'EXT-1',
      service_account_number: 'A-1',
    });
  });

  test('[TXN-9] TRANSACTION_IMPORT_ERROR gets the transactions failure body', () => {
    const response = errorResponse(
      {
        code: 'TRANSACTION_IMPORT_ERROR',
        detail: 'bad',
        data: { transaction_data: { transaction_id: 'T-1' } },
      },
      op('createTransactions'),
    );
    expect(response).toEqual({
      status: 400,
      body: {
        status: 'TRANSACTION_IMPORT_ERROR',
        error_detail: 'bad',
        transaction_data: { transaction_id: 'T-1' },
      },
    });
  });

  test.each([
    ['payment_vendor_persistent_failure', 400],
    ['payment_vendor_intermittent_failure', 500],
    ['active_payment_instruction_exists', 400],
  ] as const)('[PAY-4] [PAY-5] %s gets the payment vendor body with status %i', (code, status) => {
    const data = { ...pair, reference: 'REF-1', vendor: 'STRIPE' };
    const response = errorResponse({ code, data }, op('createPaymentInstruction'));
    expect(response.status).toBe(status);
    expect(response.body).toEqual({
      error_detail: errorCatalogue.detail(code, data),
      ...pair,
      reference: 'REF-1',
    });
    expect(
      dataImport.checkResponse(
        'createPaymentInstruction',
        status,
        'application/json',
        response.body,
      ).problems,
    ).toEqual([]);
  });

  test.each(['account_not_found', 'no_meter_points'] as const)(
    '[REG-8] %s on send-registration-flows gets the array the operation documents',
    (code) => {
      const response = errorResponse({ code, data: pair }, op('sendRegistrationFlows'));
      expect(response.status).toBe(404);
      expect(response.body).toEqual([
        {
          error_detail: errorCatalogue.detail(code, pair),
          import_supplier_code: 'DEMO_ENERGY',
          external_account_number: 'EXT-1',
        },
      ]);
      expect(
        dataImport.checkResponse('sendRegistrationFlows', 404, 'application/json', response.body)
          .problems,
      ).toEqual([]);
    },
  );

  test('[STS-15] no_meter_points on meter point statuses gets the array of {error}', () => {
    const response = errorResponse(
      { code: 'no_meter_points', detail: 'none' },
      op('getMeterpointStatusesForAccount'),
    );
    expect(response).toEqual({ status: 404, body: [{ error: 'none' }] });
  });

  test('[AUTH-1] graphql_request_invalid gets a GraphQL error body with 400', () => {
    const response = errorResponse({ code: 'graphql_request_invalid' }, op('obtainToken'));
    expect(response.status).toBe(400);
    expect(
      dataImport.checkResponse('obtainToken', 400, 'application/json', response.body).problems,
    ).toEqual([]);
  });

  test('a code the catalogue lacks, at the top or in an item, cannot be answered', () => {
    expect(() => errorResponse({ code: 'not_a_code' as ErrorCode })).toThrow(
      /not in the error catalogue/,
    );
    expect(() =>
      errorResponse({
        code: 'request_failed_validation',
        errors: [{ attr: 'x', code: 'not_a_code', detail: 'x' }],
      }),
    ).toThrow(/not in the error catalogue/);
  });
});
