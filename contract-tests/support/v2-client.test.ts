import { describe, expect, test } from 'vitest';
import { judgeV2Response } from './v2-client.ts';

const JSON_TYPE = 'application/json';
const OP = 'getV2AccountImportStatus';

/** A status body as the platform's ImportStatusResponse gives it, with `change` applied. */
function status(change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    status: 'PROCESSED',
    kraken_identifier: 'A-1B2C3D4E',
    created_at: '2026-11-25T10:00:00Z',
    modified_at: '2026-11-25T10:00:00Z',
    latest_event: {
      event: 'EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED',
      occurred_at: '2026-11-25T10:00:00Z',
      data: null,
    },
    latest_error: null,
    ...change,
  };
}

describe('judging a V2 answer: the platform is its only source (decision 028)', () => {
  test('a platform fact (created_at a date-time) fails V2 against any target', () => {
    const body = status({ created_at: 'the day before yesterday' });
    expect(judgeV2Response(OP, 200, JSON_TYPE, body, 'full').kind).toBe('fail');
    expect(judgeV2Response(OP, 200, JSON_TYPE, body, 'safe').kind).toBe('fail');
  });

  test('a kit reading (the closed status set) is a soft kit finding outside mock mode, hard in it', () => {
    const body = status({ status: 'WAITING_FOR_WINDOW', kraken_identifier: null });
    expect(judgeV2Response(OP, 200, JSON_TYPE, body, 'full').kind).toBe('soft-kit');
    expect(judgeV2Response(OP, 200, JSON_TYPE, body, 'mock').kind).toBe('fail');
  });

  test('an identifier in another form than A-XXXXXXXX is a soft kit finding: the form is the kit’s reading, the platform’s own example is INTERNAL-KRAKEN-IDENTIFIER', () => {
    const body = status({ kraken_identifier: 'INTERNAL-KRAKEN-IDENTIFIER' });
    expect(judgeV2Response(OP, 200, JSON_TYPE, body, 'full').kind).toBe('soft-kit');
    expect(judgeV2Response(OP, 200, JSON_TYPE, body, 'mock').kind).toBe('fail');
    const wrongType = status({ kraken_identifier: 42 });
    expect(judgeV2Response(OP, 200, JSON_TYPE, wrongType, 'full').kind).toBe('fail');
  });

  test('additions are no finding outside mock mode, and the platform’s shape passes', () => {
    expect(judgeV2Response(OP, 200, JSON_TYPE, status({ task_id: 't' }), 'full').kind).toBe('pass');
    expect(judgeV2Response(OP, 200, JSON_TYPE, status(), 'mock').kind).toBe('pass');
  });
});
