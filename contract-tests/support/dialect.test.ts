import { describe, expect, test } from 'vitest';
import { codesCarried, platformValue, readAsReference } from './dialect.ts';
import { parseDialect, SettingsError } from './settings.ts';

describe('reading a platform answer in the reference terms (decision 026)', () => {
  test('a renamed field is read under its reference name, its copies and echoes dropped', () => {
    expect(
      readAsReference('platform', 'processAccountImportProcess', 201, {
        external_account_number: 'E-1',
        kraken_account_number: 'A-1',
        account_number: 'A-1',
      }),
    ).toEqual({ service_account_number: 'A-1' });
    expect(
      readAsReference('platform', 'listAllAccountImportProcesses', 200, [
        { external_account_number: 'E-1', kraken_account_number: null, account_created_at: null },
      ]),
    ).toEqual([
      { external_account_number: 'E-1', service_account_number: null, account_created_at: null },
    ]);
  });

  test('one object is read as the array of one the reference gives', () => {
    const body = { error: 'No meterpoints found for A-1.' };
    expect(readAsReference('platform', 'getMeterpointStatusesForAccount', 404, body)).toEqual([
      body,
    ]);
  });

  test('field-keyed messages are read as errors with their attr, and carry no code', () => {
    const body = { customers: { '0': { landline: ['abcde is not a valid phone number'] } } };
    expect(readAsReference('platform', 'validateAccount', 400, body)).toEqual({
      detail: 'abcde is not a valid phone number',
      errors: [{ attr: 'customers.0.landline', detail: 'abcde is not a valid phone number' }],
    });
    expect(codesCarried('platform', 'validateAccount', 400, body)).toBe(false);
    expect(codesCarried('reference', 'validateAccount', 400, body)).toBe(true);
    const failed = { status: 'TRANSACTION_IMPORT_ERROR', error_detail: 'x', transaction_data: {} };
    expect(codesCarried('platform', 'createTransactions', 400, failed)).toBe(true);
  });

  test('the reference dialect reads every answer as it is', () => {
    const body = { kraken_account_number: 'A-1' };
    expect(readAsReference('reference', 'processAccountImportProcess', 201, body)).toBe(body);
  });

  test("a transfer status is compared with the platform's value of the reference's", () => {
    expect(platformValue('platform', 'getAccountTransferStatus', 200, 'status', 'PENDING')).toBe(
      'COMPLETED',
    );
    expect(platformValue('platform', 'getAccountTransferStatus', 200, 'status', 'UNKNOWN')).toBe(
      'UNKNOWN',
    );
    expect(platformValue('reference', 'getAccountTransferStatus', 200, 'status', 'PENDING')).toBe(
      'PENDING',
    );
  });

  test('CONTRACT_DIALECT takes reference or platform, and refuses another name', () => {
    expect(parseDialect(undefined)).toBe('reference');
    expect(parseDialect('platform')).toBe('platform');
    expect(() => parseDialect('kraken')).toThrow(SettingsError);
  });
});
