import { describe, expect, test } from 'vitest';
import { type Exchange, ExchangeJson } from './exchange.ts';

function exchange(request: string, answer: string): Exchange {
  return {
    time: 0,
    request: {
      method: 'POST',
      url: '/v1/data-import/validate-account/',
      headers: [],
      body: request,
    },
    response: { status: 200, headers: [], body: answer },
  };
}

describe('the bodies of one exchange read as JSON once (decision 029, "The proxy")', () => {
  test('an answer that is the request text is the same value, read once', () => {
    const json = new ExchangeJson(exchange('{"a":1}', '{"a":1}'));
    expect(json.answer).toBe(json.request);
    expect(json.answer).toEqual({ ok: true, value: { a: 1 } });
  });

  test('a check that takes the request to change it leaves later readers a fresh value', () => {
    const json = new ExchangeJson(exchange('{"a":1}', '{"a":1}'));
    const shared = json.answer;
    const taken = json.takeRequest();
    expect(taken).toBe(shared);
    if (taken.ok) (taken.value as Record<string, unknown>).a = 'changed in place';
    expect(json.answer).toEqual({ ok: true, value: { a: 1 } });
    expect(json.request).toEqual({ ok: true, value: { a: 1 } });
  });

  test('an answer of other text is read on its own, once', () => {
    const json = new ExchangeJson(exchange('{"a":1}', '{"errors":[]}'));
    expect(json.answer).toEqual({ ok: true, value: { errors: [] } });
    expect(json.answer).toBe(json.answer);
    expect(json.answer).not.toBe(json.request);
  });
});
