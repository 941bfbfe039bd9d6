/**
 * The helpers the variants and the mutants share: a request matched by method and path, a body
 * read leniently, and transaction results rewritten one by one.
 */
import { describe, expect, test } from 'vitest';
import {
  answerInDialect,
  dialectArguments,
  mapTransactionData,
  parseJson,
  proxyInDialect,
  requestIs,
} from './harness.ts';

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

describe('dialectArguments (decision 026)', () => {
  test('takes --dialect first, then CONTRACT_DIALECT, and leaves the ids', () => {
    expect(dialectArguments(['a', '--dialect', 'platform', 'b'], {})).toEqual({
      dialect: 'platform',
      ids: ['a', 'b'],
    });
    expect(dialectArguments(['--dialect=platform'], { CONTRACT_DIALECT: 'reference' })).toEqual({
      dialect: 'platform',
      ids: [],
    });
    expect(dialectArguments(['a'], { CONTRACT_DIALECT: 'PLATFORM' }).dialect).toBe('platform');
    expect(dialectArguments([], {}).dialect).toBe('reference');
    expect(() => dialectArguments(['--dialect', 'kraken'], {})).toThrow(/dialect must be one of/);
  });
});

const PROCESS = {
  method: 'POST',
  path: '/v1/data-import/account-import-process/process/',
  bodyText: JSON.stringify({ import_supplier: 'DEMO_ENERGY', external_account_number: 'E-1' }),
};

describe('answerInDialect (decision 026)', () => {
  test("maps the reference's answer of an interface operation into the platform's names", () => {
    const answer = { status: 201, body: { service_account_number: 'A-1' } };
    expect(answerInDialect('reference', PROCESS, answer)).toBe(answer);
    expect(answerInDialect('platform', PROCESS, answer).body).toMatchObject({
      kraken_account_number: 'A-1',
      external_account_number: 'E-1',
    });
  });

  test('leaves the control API and an unknown path as they are', () => {
    const answer = { status: 200, body: { service_account_number: 'A-1' } };
    const control = { ...PROCESS, path: '/__mock/accounts/' };
    expect(answerInDialect('platform', control, answer)).toBe(answer);
    expect(answerInDialect('platform', { ...PROCESS, path: '/nowhere/' }, answer)).toBe(answer);
  });
});

describe('proxyInDialect (decision 026)', () => {
  const json = { 'content-type': 'application/json' };
  const request = {
    method: PROCESS.method,
    path: PROCESS.path,
    search: '',
    headers: {},
    body: PROCESS.bodyText,
  };

  test("maps the mock's JSON answer before the variant's handling, and leaves text as it is", async () => {
    const forward = async () => ({
      status: 201,
      headers: json,
      body: JSON.stringify({ service_account_number: 'A-1' }),
    });
    const handle = proxyInDialect('platform', (r, f) => f(r));
    const mapped = JSON.parse((await handle(request, forward)).body);
    expect(mapped).toMatchObject({ kraken_account_number: 'A-1' });
    expect(mapped).not.toHaveProperty('service_account_number');
    const text = async () => ({
      status: 201,
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect((await handle(request, text)).body).toBe('x');
    const reference = proxyInDialect('reference', (r, f) => f(r));
    expect(JSON.parse((await reference(request, forward)).body)).toEqual({
      service_account_number: 'A-1',
    });
  });

  test('the variant changes the answer in the dialect, so its change cannot pick another shape', async () => {
    const forward = async () => ({
      status: 201,
      headers: json,
      body: JSON.stringify({ service_account_number: 'A-1' }),
    });
    let seen: unknown;
    const variant = proxyInDialect('platform', async (r, f) => {
      const answer = await f(r);
      seen = JSON.parse(answer.body);
      return { ...answer, body: JSON.stringify({ ...(seen as object), extra: true }) };
    });
    const answered = JSON.parse((await variant(request, forward)).body);
    expect(seen).toMatchObject({ kraken_account_number: 'A-1' });
    expect(answered).toMatchObject({ kraken_account_number: 'A-1', extra: true });
  });
});
