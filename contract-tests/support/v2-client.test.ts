import { describe, expect, test } from 'vitest';
import { judgeResponse } from './conformance.ts';
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
  test('a platform fact the v1 judge would only annotate fails V2 against any target', () => {
    const body = status({ kraken_identifier: 'not-an-account-number' });
    expect(judgeResponse(OP, 200, JSON_TYPE, body, 'full').kind).toBe('soft');
    expect(judgeV2Response(OP, 200, JSON_TYPE, body, 'full').kind).toBe('fail');
  });

  test('a kit reading (the closed status set) is a soft kit finding outside mock mode, hard in it', () => {
    const body = status({ status: 'WAITING_FOR_WINDOW', kraken_identifier: null });
    expect(judgeV2Response(OP, 200, JSON_TYPE, body, 'full').kind).toBe('soft-kit');
    expect(judgeV2Response(OP, 200, JSON_TYPE, body, 'mock').kind).toBe('fail');
  });

  test('additions are no finding outside mock mode, and the platform’s shape passes', () => {
    expect(judgeV2Response(OP, 200, JSON_TYPE, status({ task_id: 't' }), 'full').kind).toBe('pass');
    expect(judgeV2Response(OP, 200, JSON_TYPE, status(), 'mock').kind).toBe('pass');
  });
});
