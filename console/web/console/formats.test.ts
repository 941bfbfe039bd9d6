import { describe, expect, it } from 'vitest';
import {
  callText,
  clockText,
  countsText,
  exportFileName,
  faultRows,
  freezeLabel,
  MESSAGES_SHOWN,
  noteSuffix,
  outcomeText,
  paymentText,
  pretty,
  reportText,
  serviceMessages,
  succeeded,
  transactionCells,
  transferStatusText,
} from './formats.ts';

describe('pretty', () => {
  it('indents JSON by two spaces and says (none) for no body', () => {
    expect(pretty({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(pretty(undefined)).toBe('(none)');
    expect(pretty(null)).toBe('null');
  });
});

describe('serviceMessages', () => {
  it('quotes every detail and error_detail word for word, in the order sent, each once', () => {
    const body = {
      detail: 'Account not found.',
      items: [
        { mpxn: '1', error_detail: 'Flow rejected by the industry' },
        { mpxn: '2', error_detail: 'Flow rejected by the industry' },
        { nested: { error_detail: 'Transaction refused' } },
      ],
    };
    expect(serviceMessages(body)).toBe(
      'Account not found. · Flow rejected by the industry · Transaction refused',
    );
  });

  it(`quotes the first ${MESSAGES_SHOWN} and counts the rest`, () => {
    const body = Array.from({ length: MESSAGES_SHOWN + 2 }, (_, i) => ({ detail: `m${i}` }));
    expect(serviceMessages(body)).toBe('m0 · m1 · m2 · m3 · m4 · and 2 more');
  });

  it('ignores a detail that is not text and bodies that are not objects', () => {
    expect(serviceMessages({ detail: 42, error_detail: null })).toBe('');
    expect(serviceMessages('detail')).toBe('');
    expect(serviceMessages(undefined)).toBe('');
  });

  it('stops at a bounded depth, so a deeply nested body cannot recurse without end', () => {
    let deep: unknown = { detail: 'too deep' };
    for (let i = 0; i < 10_000; i++) deep = { next: deep };
    expect(serviceMessages(deep)).toBe('');
    expect(serviceMessages({ a: { b: { c: { d: { e: { detail: 'found' } } } } } })).toBe('found');
  });
});

describe('reportText', () => {
  it('says what was done and the status, then what the service said', () => {
    expect(reportText('Stage EXTERNAL-1234', { status: 201, body: {} })).toBe(
      'Stage EXTERNAL-1234: 201',
    );
    expect(reportText('Process', { status: 400, body: { detail: 'Team not found.' } })).toBe(
      'Process: 400 Team not found.',
    );
  });
});

describe('succeeded', () => {
  it('takes every status under 400 as a success', () => {
    expect(succeeded({ status: 399, body: undefined })).toBe(true);
    expect(succeeded({ status: 400, body: undefined })).toBe(false);
  });
});

describe('callText', () => {
  it('shows the request, the status and the body', () => {
    expect(callText('GET /x/', { status: 200, body: { ok: true } })).toBe(
      'GET /x/ → 200\n{\n  "ok": true\n}',
    );
  });
});

describe('clockText and freezeLabel', () => {
  it('marks a frozen clock and offers to let it run', () => {
    expect(clockText({ now: '2026-01-01T00:00:00.000Z', frozen: true })).toBe(
      '2026-01-01T00:00:00.000Z (frozen)',
    );
    expect(clockText({ now: '2026-01-01T00:00:00.000Z', frozen: false })).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(freezeLabel(true)).toBe('Let the clock run');
    expect(freezeLabel(false)).toBe('Freeze the clock');
  });
});

describe('exportFileName', () => {
  it('names the export by its time, without characters a file system refuses', () => {
    expect(exportFileName(new Date('2026-11-26T17:05:09.123Z'))).toBe(
      'mock-state-2026-11-26T17-05-09-123Z.json',
    );
  });
});

describe('countsText', () => {
  it('gives each kind and how many of the matches are listed', () => {
    expect(
      countsText({ total: 7, counts: { staged: 3, imported: 2, skipped: 2 }, items: [] }),
    ).toBe('Staged 3 · Imported 2 · Skipped 2 · Listed 0 of 7');
  });
});

describe('faultRows', () => {
  it('lists the supplier faults first, naming no account, then the account faults', () => {
    expect(
      faultRows({
        suppliers: [{ import_supplier_code: 'A', kind: 'persistent', remaining: null }],
        accounts: [
          {
            import_supplier_code: 'B',
            external_account_number: 'X-1',
            kind: 'intermittent',
            remaining: 2,
          },
        ],
      }),
    ).toEqual([
      {
        import_supplier_code: 'A',
        external_account_number: '',
        kind: 'persistent',
        remaining: null,
      },
      {
        import_supplier_code: 'B',
        external_account_number: 'X-1',
        kind: 'intermittent',
        remaining: 2,
      },
    ]);
  });
});

describe('transferStatusText', () => {
  it('shows the status of a 200 and the status code and detail otherwise', () => {
    expect(transferStatusText({ status: 200, body: { status: 'COMPLETED' } })).toBe('COMPLETED');
    expect(transferStatusText({ status: 200, body: {} })).toBe('?');
    expect(transferStatusText({ status: 404, body: { detail: 'Not found.' } })).toBe(
      '404 Not found.',
    );
    expect(transferStatusText({ status: 500, body: {} })).toBe('500 ');
  });
});

describe('outcomeText', () => {
  it('gives the outcome and when it takes effect, or nothing', () => {
    expect(outcomeText({ kind: 'rejected', at: '2026-01-02T00:00:00Z' })).toBe(
      'rejected at 2026-01-02T00:00:00Z',
    );
    expect(outcomeText({ kind: 'accepted', at: null })).toBe('accepted');
    expect(outcomeText(null)).toBe('');
  });
});

describe('noteSuffix', () => {
  it('gives when the note was made and its origin in words', () => {
    expect(
      noteSuffix({
        body: 'b',
        created_at: '2026-01-01T00:00:00Z',
        document_paths: [],
        is_pinned: false,
        unpin_at: null,
        pinned_now: false,
        origin: 'transaction_moved',
      }),
    ).toBe(' (2026-01-01T00:00:00Z, transaction moved)');
  });
});

describe('transactionCells', () => {
  it('gives id, date, type, amount and reason, empty when absent', () => {
    const cells = transactionCells({
      transaction_data: { transaction_id: 'T1', transaction_date: '2026-01-01', amount: 1250 },
      added_at: '2026-01-01T00:00:00Z',
    } as never);
    expect(cells).toEqual(['T1', '2026-01-01', '', '1250', '']);
  });
});

describe('paymentText', () => {
  it('gives vendor, type, reference and time, ready for the button after it', () => {
    expect(
      paymentText({
        vendor: 'STRIPE',
        type: 'CARD',
        reference: 'pm_1',
        created_at: '2026-01-01T00:00:00Z',
      }),
    ).toBe('STRIPE CARD pm_1 (2026-01-01T00:00:00Z) ');
  });
});
