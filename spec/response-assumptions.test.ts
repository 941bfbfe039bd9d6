import { describe, expect, it } from 'vitest';
import { domesticAccount } from '../fixtures/index.ts';
import { dataImport } from './index.ts';
import { RESPONSE_ASSUMPTIONS, relaxedDocument, relaxedStanding } from './response-assumptions.ts';

const STATUS = 'getAccountTransferStatus';
const JSON_TYPE = 'application/json';

/** A valid domestic account, as validate-account echoes it (VAL-2). */
const domestic = () => ({ ...domesticAccount({ seed: 1 }) });

describe('relaxedStanding', () => {
  it('lifts the platform’s account number form as a platform fact (PRC-4 gives a string)', () => {
    const body = { service_account_number: 'ACC-00ab12cd' };
    expect(dataImport.checkResponse('processAccountImportProcess', 201, JSON_TYPE, body).ok).toBe(
      false,
    );
    expect(relaxedStanding('processAccountImportProcess', 201, JSON_TYPE, body)).toEqual({
      kind: 'soft',
      source: 'platform',
    });
  });

  it('lifts the ObtainToken field names as the kit’s (the reference does not show them)', () => {
    const body = { data: { obtainToken: { accessToken: 'x', refresh: 'y' } } };
    expect(dataImport.checkResponse('obtainToken', 200, JSON_TYPE, body).ok).toBe(false);
    expect(relaxedStanding('obtainToken', 200, JSON_TYPE, body)).toEqual({
      kind: 'soft',
      source: 'kit',
    });
  });

  it('takes a refused ObtainToken under other field names as the error answer, not both', () => {
    const body = {
      errors: [{ message: 'Invalid data.', extensions: { errorCode: 'KT-CT-1135' } }],
      data: { obtainToken: null },
    };
    expect(relaxedStanding('obtainToken', 200, JSON_TYPE, body)).toEqual({
      kind: 'soft',
      source: 'kit',
    });
  });

  it('keeps GEN-8 under the opened transaction_data: an amount returned as a number stays its break', () => {
    const result = (amount: unknown) => ({
      results: [
        { status: 'TRANSACTION_ADDED_TO_ACCOUNT', transaction_data: { amount, later_field: 1 } },
      ],
    });
    expect(relaxedStanding('createTransactions', 201, JSON_TYPE, result(12.5)).kind).toBe(
      'reference',
    );
    expect(relaxedStanding('createTransactions', 201, JSON_TYPE, result('12.50')).kind).not.toBe(
      'reference',
    );
  });

  it('passes an addition to an object with objects open alone (Versioning)', () => {
    const body = { ...domestic(), later_field: 1 };
    expect(dataImport.checkResponse('validateAccount', 200, JSON_TYPE, domestic()).ok).toBe(true);
    expect(dataImport.checkResponse('validateAccount', 200, JSON_TYPE, body).ok).toBe(false);
    expect(relaxedStanding('validateAccount', 200, JSON_TYPE, body)).toEqual({ kind: 'open' });
  });

  it('keeps what the reference states: a missing service_account_number stays its break (STS-1)', () => {
    const standing = relaxedStanding(STATUS, 200, JSON_TYPE, { status: 'UNKNOWN' });
    expect(standing.kind).toBe('reference');
    expect(standing.kind === 'reference' && standing.problems.join('\n')).toMatch(
      /service_account_number/,
    );
  });
});

describe('relaxedDocument', () => {
  it('refuses a reviewed entry that names an element the spec lacks', () => {
    expect(() =>
      relaxedDocument(undefined, {
        ...RESPONSE_ASSUMPTIONS,
        '/components/schemas/NoSuchSchema': { kind: 'any', source: 'kit', why: 'test' },
      }),
    ).toThrow(/NoSuchSchema/);
  });
});
