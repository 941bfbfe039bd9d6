/**
 * The helpers the variants and the mutants share: a request matched by method and path, a body
 * read leniently, and transaction results rewritten one by one.
 */
import { describe, expect, test } from 'vitest';
import { mapTransactionData, parseJson, requestIs } from './harness.ts';

describe('requestIs', () => {
  test('matches the method and a fragment of the path', () => {
    const request = { method: 'POST', path: '/v1/data-import/validate-account/' };
    expect(requestIs(request, 'POST', '/validate-account/')).toBe(true);
    expect(requestIs(request, 'GET', '/validate-account/')).toBe(false);
    expect(requestIs(request, 'POST', '/create-or-update/')).toBe(false);
  });
});

describe('parseJson', () => {
  test('reads JSON, null included, and gives undefined for text that is not JSON', () => {
    expect(parseJson('{"a":[1,"x"]}')).toEqual({ a: [1, 'x'] });
    expect(parseJson('null')).toBeNull();
    expect(parseJson('')).toBeUndefined();
    expect(parseJson('{"a":')).toBeUndefined();
  });
});

describe('mapTransactionData', () => {
  test('changes each transaction_data and keeps the rest of each result', () => {
    const results = [
      { status: 'CREATED', transaction_data: { transaction_id: 't1', amount: '1.50' } },
      { status: 'CREATED' },
    ];
    expect(mapTransactionData(results, (data) => ({ ...data, seen: true }))).toEqual([
      { status: 'CREATED', transaction_data: { transaction_id: 't1', amount: '1.50', seen: true } },
      { status: 'CREATED', transaction_data: { seen: true } },
    ]);
    expect(results[0]).toEqual({
      status: 'CREATED',
      transaction_data: { transaction_id: 't1', amount: '1.50' },
    });
  });
});
