import { describe, expect, it } from 'vitest';
import { openapiDocument } from '../spec/index.ts';
import { compareContext, compareValues, IdMap } from './fidelity.ts';
import { compareAnswers, ORDERED_ANSWERS } from './fidelity-answer.ts';

const json = (status: number, body: unknown, headers: [string, string][] = []) => ({
  status,
  headers: [['content-type', 'application/json'] as [string, string], ...headers],
  body: JSON.stringify(body),
});

describe('compareAnswers (replay noise rules)', () => {
  it('holds status and body exact: a changed status or value is a difference with its pointer', () => {
    const ids = new IdMap();
    const result = compareAnswers(
      json(200, { status: 'UNKNOWN', service_account_number: '' }),
      json(200, { status: 'PENDING', service_account_number: '' }),
      { ids, operationId: 'getAccountTransferStatus' },
    );
    expect(result.same).toBe(false);
    expect(result.differences).toEqual([
      expect.objectContaining({
        pointer: '/response/body/status',
        recorded: '"UNKNOWN"',
        replayed: '"PENDING"',
      }),
    ]);
    const status = compareAnswers(json(201, {}), json(200, {}), { ids });
    expect(status.differences.map((d) => d.pointer)).toEqual(['/response/status']);
  });

  it('maps an assigned id learnt from one answer, and refuses a second id for it later', () => {
    const ids = new IdMap();
    const first = compareAnswers(
      json(201, { service_account_number: 'A-1' }),
      json(201, { service_account_number: 'A-9' }),
      { ids },
    );
    expect(first.same).toBe(true);
    expect(first.noise.get('assigned-id')).toBe(1);
    expect(ids.get('A-1')).toBe('A-9');
    const later = compareAnswers(
      json(200, [{ external_account_number: 'X', service_account_number: 'A-1' }]),
      json(200, [{ external_account_number: 'X', service_account_number: 'A-7' }]),
      { ids },
    );
    expect(later.differences.map((d) => d.pointer)).toEqual([
      '/response/body/0/service_account_number',
    ]);
    // A field that is no assigned id does not learn: it differs.
    expect(
      compareAnswers(json(200, { status: 'A' }), json(200, { status: 'B' }), { ids }).same,
    ).toBe(false);
  });

  it('takes date-times equal up to format, and within the clock tolerance only', () => {
    const ids = new IdMap();
    const format = compareAnswers(
      json(200, { created_at: '2026-11-01T12:00:00Z' }),
      json(200, { created_at: '2026-11-01T12:00:00.000+00:00' }),
      { ids },
    );
    expect(format.noise.get('timestamp-format')).toBe(1);
    expect(format.same).toBe(true);
    const near = compareAnswers(
      json(200, { created_at: '2026-11-01T12:00:01Z' }),
      json(200, { created_at: '2026-11-01T12:00:00Z' }),
      { ids },
    );
    expect(near.noise.get('timestamp-clock')).toBe(1);
    const far = compareAnswers(
      json(200, { created_at: '2026-11-01T12:00:05Z' }),
      json(200, { created_at: '2026-11-01T12:00:00Z' }),
      { ids },
    );
    expect(far.differences[0]?.why).toMatch(/beyond the clock tolerance of 2000 ms/);
  });

  it('compares lists as multisets where the reference leaves the order open, in order where the spec defines it', () => {
    const ids = new IdMap();
    const a = [
      { mpxn: '1', status: 'PRE_REGISTRATION' },
      { mpxn: '2', status: 'PRE_REGISTRATION' },
    ];
    const swapped = [a[1], a[0]];
    const list = compareAnswers(json(200, a), json(200, swapped), {
      ids,
      operationId: 'getMeterpointStatusesForAccount',
    });
    expect(list.same).toBe(true);
    expect(list.noise.get('order-open')).toBe(1);
    const notes = compareAnswers(json(201, a), json(201, swapped), {
      ids,
      operationId: 'createNotes',
    });
    expect(notes.same).toBe(false);
    const missing = compareAnswers(json(200, a), json(200, [a[0]]), { ids });
    expect(missing.differences).toEqual([
      expect.objectContaining({ pointer: '/response/body/1', replayed: '(absent)' }),
    ]);
  });

  it('rests its ordered answers on what the spec says of their order', () => {
    const text = JSON.stringify(openapiDocument);
    expect(ORDERED_ANSWERS.has('createNotes')).toBe(true);
    expect(text).toContain(
      'One result per posted note, in the order of the request (NOTE-3..NOTE-5).',
    );
    expect(text).toContain('One result per posted transaction, in the order of the request');
  });

  it('ignores transport headers but compares Content-Type and the documented ones', () => {
    const ids = new IdMap();
    const transport = compareAnswers(
      json(200, {}, [
        ['date', 'Mon'],
        ['x-request-id', '1'],
      ]),
      json(200, {}, [['date', 'Tue']]),
      { ids },
    );
    expect(transport.same).toBe(true);
    const media = compareAnswers(
      { status: 200, headers: [['Content-Type', 'application/json; charset=utf-8']], body: '{}' },
      { status: 200, headers: [['content-type', 'text/plain']], body: '{}' },
      { ids },
    );
    expect(media.differences.map((d) => d.pointer)).toEqual(['/response/headers/content-type']);
    const retry = compareAnswers(json(429, {}, [['retry-after', '60']]), json(429, {}), {
      ids,
      documentedHeaders: ['retry-after'],
    });
    expect(retry.differences.map((d) => d.pointer)).toEqual(['/response/headers/retry-after']);
  });

  it('masks secrets and personal data in the values a difference shows', () => {
    const ids = new IdMap();
    const result = compareAnswers(
      json(200, { customers: [{ email: 'bob@example.com' }], detail: 'x' }),
      json(200, { customers: [{ email: 'ann@example.com' }], detail: 'y' }),
      { ids, operationId: 'validateAccount' },
    );
    const text = JSON.stringify(result.differences);
    expect(text).not.toContain('bob@example.com');
    expect(text).not.toContain('ann@example.com');
    expect(result.differences.map((d) => d.pointer)).toContain('/response/body/customers/0/email');
  });

  it('treats a value the recording redacted as not comparable', () => {
    const ids = new IdMap();
    const result = compareAnswers(
      json(200, { data: { obtainKrakenToken: { token: '[REDACTED:token:1]' } } }),
      json(200, { data: { obtainKrakenToken: { token: 'eyJ.real' } } }),
      { ids },
    );
    expect(result.same).toBe(true);
    expect(result.noise.get('redacted-in-recording')).toBe(1);
    // The pseudonym now stands for the token the target gave; a bare marker stands for none.
    expect(ids.get('[REDACTED:token:1]')).toBe('eyJ.real');
    compareAnswers(
      json(200, { data: { obtainKrakenToken: { token: '[REDACTED]' } } }),
      json(200, { data: { obtainKrakenToken: { token: 'eyJ.other' } } }),
      { ids },
    );
    expect(ids.get('[REDACTED]')).toBeUndefined();
  });

  it('stops at a hostile nesting depth instead of overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    const ctx = compareContext(new IdMap());
    expect(compareValues(deep, deep, '', '', ctx)).toBe(true);
    expect(compareValues(deep, [deep], '', '', ctx)).toBe(false);
  });
});

describe('IdMap', () => {
  it('keeps one replayed id per recorded one, both ways, and forgets the oldest past its cap', () => {
    const ids = new IdMap(2);
    ids.set('a', '1');
    expect(ids.unbound('a', '2')).toBe(false);
    expect(ids.unbound('b', '1')).toBe(false);
    ids.set('b', '2');
    ids.set('c', '3');
    expect(ids.get('a')).toBeUndefined();
    expect([ids.get('b'), ids.get('c'), ids.size]).toEqual(['2', '3', 2]);
    const proto = new IdMap();
    proto.set('__proto__', 'x');
    expect(proto.get('__proto__')).toBe('x');
    expect(proto.get('constructor')).toBeUndefined();
  });
});
