/**
 * The overrides' pure core (decision 025): the order they are tried in, their expiry by use and by
 * the mock clock, the shape language, and the template, including hostile shapes and templates.
 */
import { describe, expect, test } from 'vitest';
import {
  addOverride,
  createOverrideBook,
  decideOverride,
  MAX_OVERRIDE_BYTES,
  MAX_OVERRIDES,
  type Override,
  type OverrideBook,
  overrideViews,
  removeOverride,
} from './overrides.ts';
import { atPointer, containsJson, matchShape, type ShapeSubject } from './overrides-match.ts';
import { MAX_TEMPLATE_OUTPUT, renderTemplate, type TemplateRequest } from './overrides-template.ts';

const NOW = Date.parse('2026-11-01T12:00:00Z');
const VALIDATE = '/v1/data-import/validate-account/';

function subject(over: Partial<ShapeSubject> = {}): ShapeSubject {
  return {
    method: 'POST',
    path: VALIDATE,
    operationId: 'validateAccount',
    headers: { 'content-type': 'application/json' },
    body: {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: 'EXT-1',
      nested: { a: [1, 2] },
    },
    bodyKnown: true,
    importSupplier: 'DEMO_ENERGY',
    externalAccountNumber: 'EXT-1',
    ...over,
  };
}

function templateRequest(over: Partial<TemplateRequest> = {}): TemplateRequest {
  return {
    method: 'POST',
    url: VALIDATE,
    params: {},
    query: {},
    headers: { 'x-trace': 't-1', authorization: 'Token secret' },
    body: subject().body,
    ...over,
  };
}

function book(overrides: Override[] = []): OverrideBook {
  const made = createOverrideBook(overrides, NOW);
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  return made.value;
}

function answer(b: OverrideBook, s = subject(), at = NOW, request = templateRequest()) {
  return decideOverride(b, s, request, at);
}

const stub = (status: number, over: Partial<Override> = {}): Override => ({
  request: { operation_id: 'validateAccount' },
  response: { status, body: { status } },
  ...over,
});

describe('decideOverride', () => {
  test('tries a higher priority first, then the newest of equal priority', () => {
    const b = book([stub(500), stub(502, { priority: 10 }), stub(503)]);
    expect(answer(b)?.status).toBe(502);
    removeOverride(b, 'o2');
    expect(answer(b)?.status).toBe(503);
    expect(overrideViews(b, NOW).map((v) => v.id)).toEqual(['o3', 'o1']);
  });

  test('answers `times` requests, then is gone', () => {
    const b = book([stub(503, { times: 2 })]);
    expect([answer(b), answer(b), answer(b)].map((a) => a?.status)).toEqual([503, 503, undefined]);
    expect(overrideViews(b, NOW)).toEqual([]);
  });

  test('answers before `until` on the mock clock, then is gone', () => {
    const b = book([stub(503, { until: '2026-11-01T12:00:10Z' })]);
    expect(answer(b, subject(), NOW + 9_999)?.status).toBe(503);
    expect(answer(b, subject(), NOW + 10_000)).toBeUndefined();
    expect(overrideViews(b, NOW)).toEqual([]);
  });

  test('counts its uses and what remains', () => {
    const b = book([stub(503, { times: 5 })]);
    answer(b);
    expect(overrideViews(b, NOW)[0]).toMatchObject({ used: 1, remaining: 4 });
  });

  test('a request of another shape gets no override and uses none', () => {
    const b = book([stub(503, { times: 1, request: { operation_id: 'createNotes' } })]);
    expect(answer(b)).toBeUndefined();
    expect(overrideViews(b, NOW)[0]).toMatchObject({ used: 0, remaining: 1 });
  });

  test('gives no body with 204, and its headers by lower-case name', () => {
    const b = book([
      { request: {}, response: { status: 204, headers: { 'X-Kit': 'yes' }, body: { a: 1 } } },
    ]);
    expect(answer(b)).toEqual({ id: 'o1', status: 204, headers: { 'x-kit': 'yes' } });
  });
});

describe('addOverride', () => {
  test('refuses a 101st override and keeps the hundred', () => {
    const b = book(Array.from({ length: MAX_OVERRIDES }, () => stub(500)));
    const refused = addOverride(b, stub(503), NOW);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatchObject({ code: 'overrides_full' });
    expect(b.items).toHaveLength(MAX_OVERRIDES);
  });

  test('refuses an override larger than its bound', () => {
    const refused = addOverride(
      book(),
      stub(200, { response: { status: 200, body: 'x'.repeat(MAX_OVERRIDE_BYTES) } }),
      NOW,
    );
    expect(!refused.ok && refused.error).toMatchObject({ code: 'override_too_large' });
  });

  test('refuses headers the transport frames the answer with', () => {
    const refused = addOverride(
      book(),
      stub(200, { response: { status: 200, headers: { 'Content-Length': '3' } } }),
      NOW,
    );
    expect(!refused.ok && refused.error.errors?.[0]?.attr).toBe('response.headers.Content-Length');
  });

  test('a config whose override is not valid is refused whole, naming its index', () => {
    const made = createOverrideBook(
      [stub(200), stub(200, { response: { status: 200, headers: { te: 'x' } } })],
      NOW,
    );
    expect(!made.ok && made.error.errors?.[0]?.attr).toBe('1.response.headers.te');
  });
});

describe('matchShape', () => {
  test('matches on every criterion given, and an empty shape matches every request', () => {
    expect(matchShape({}, subject())).toBe('match');
    expect(
      matchShape(
        {
          method: 'POST',
          path: VALIDATE,
          operation_id: 'validateAccount',
          headers: { 'Content-Type': 'application/json' },
          import_supplier: 'DEMO_ENERGY',
          external_account_number: 'EXT-1',
          body_subset: { nested: { a: [1, 2] } },
          body_equals: [{ pointer: '/nested/a/1', equals: 2 }],
        },
        subject(),
      ),
    ).toBe('match');
    expect(matchShape({ external_account_number: 'EXT-2' }, subject())).toBe('no_match');
    expect(matchShape({ body_equals: [{ pointer: '/nested/a/2', equals: 2 }] }, subject())).toBe(
      'no_match',
    );
  });

  test('a header named like an Object property matches only a header really sent', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(matchShape({ headers: { [name]: 'x' } }, subject())).toBe('no_match');
    }
    const headers = Object.fromEntries([['constructor', 'x']]);
    expect(matchShape({ headers: { constructor: 'x' } }, subject({ headers }))).toBe('match');
  });

  test('a body criterion through __proto__ finds nothing of the prototype', () => {
    const shape = JSON.parse('{"body_subset": {"__proto__": {"polluted": true}}}');
    expect(matchShape(shape, subject())).toBe('no_match');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(atPointer(subject().body, '/__proto__').found).toBe(false);
    expect(atPointer(subject().body, '/constructor').found).toBe(false);
  });

  test('cannot tell on a lost body unless the path names the account', () => {
    const lost = subject({ body: undefined, bodyKnown: false });
    expect(matchShape({ body_subset: { a: 1 } }, lost)).toBe('unknown');
    expect(matchShape({ external_account_number: 'EXT-1' }, lost)).toBe('match');
    expect(matchShape({ external_account_number: 'EXT-9' }, lost)).toBe('no_match');
    expect(matchShape({ operation_id: 'createNotes', body_subset: {} }, lost)).toBe('no_match');
  });

  test('arrays are contained item by item and must have as many items', () => {
    expect(containsJson([1, { a: 1, b: 2 }], [1, { a: 1 }])).toBe(true);
    expect(containsJson([1, 2, 3], [1, 2])).toBe(false);
    expect(containsJson({ a: null }, { a: null })).toBe(true);
    expect(containsJson({}, { a: undefined })).toBe(false);
  });
});

describe('renderTemplate', () => {
  test('fills placeholders from the path, query, headers, method and body', () => {
    const body = {
      account: '{{request.body.external_account_number}}',
      supplier: '{{ request.path.import_supplier_code }}',
      text: 'Checked {{request.body.external_account_number}} by {{request.method}} {{request.url}}',
      trace: '{{request.headers.X-Trace}}',
      page: '{{request.query.page}}',
      list: '{{request.body.nested.a}}',
      second: '{{request.body.nested.a.1}}',
    };
    expect(
      renderTemplate(
        body,
        templateRequest({ params: { import_supplier_code: 'DEMO_ENERGY' }, query: { page: '2' } }),
      ),
    ).toEqual({
      account: 'EXT-1',
      supplier: 'DEMO_ENERGY',
      text: `Checked EXT-1 by POST ${VALIDATE}`,
      trace: 't-1',
      page: '2',
      list: [1, 2],
      second: 2,
    });
  });

  test('a missing value is null for a whole string and empty inside a text', () => {
    expect(
      renderTemplate(
        { a: '{{request.body.nope}}', b: 'x{{request.body.nope.deeper}}y', c: '{{request.nope}}' },
        templateRequest(),
      ),
    ).toEqual({ a: null, b: 'xy', c: null });
  });

  test('never reads the prototype, a credential or code', () => {
    const out = renderTemplate(
      {
        a: '{{request.body.__proto__}}',
        b: '{{request.body.constructor.name}}',
        c: '{{request.headers.authorization}}',
        d: '{{request.body.toString}}',
        e: '{{ request.body.a; process.exit() }}',
        f: '{{request.path.__proto__}}',
        g: '{{request.headers.__proto__}}',
      },
      templateRequest(),
    );
    expect(out).toEqual({
      a: null,
      b: null,
      c: null,
      d: null,
      e: '{{ request.body.a; process.exit() }}',
      f: null,
      g: null,
    });
  });

  test('keeps a template key named __proto__ as a key, not a prototype', () => {
    const body = JSON.parse('{"__proto__": {"x": "{{request.method}}"}}');
    const out = renderTemplate(body, templateRequest()) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"x":"POST"}}');
  });

  test('stops filling in once the answer holds its bound of request text', () => {
    const big = 'x'.repeat(MAX_TEMPLATE_OUTPUT / 4 + 1);
    const body = Array.from({ length: 8 }, () => '{{request.body.big}}');
    const out = renderTemplate(body, templateRequest({ body: { big } })) as unknown[];
    expect(out.filter((v) => v !== null)).toHaveLength(3);
    expect(JSON.stringify(out).length).toBeLessThan(MAX_TEMPLATE_OUTPUT + 1000);
  });
});
