import { describe, expect, it } from 'vitest';
import { isServiceCall, readHar } from './har.ts';

/** A minimal HAR entry with the given marks. */
function entry(method: string, marks: Record<string, unknown> = {}, headers: object[] = []) {
  return {
    startedDateTime: '2026-11-26T21:00:00.000Z',
    request: { method, url: 'https://svc.example/v1/data-import/validate-account/', headers },
    response: { status: 204, headers: [], content: {} },
    ...marks,
  };
}

async function methodsRead(entries: unknown[]): Promise<string[]> {
  const text = JSON.stringify({ log: { version: '1.2', entries } });
  const out: string[] = [];
  async function* one() {
    yield text;
  }
  for await (const e of readHar(one(), 'x.har')) out.push(`${e.request.method}`);
  return out;
}

describe('isServiceCall', () => {
  it("passes over what Chromium's recorders mark as the page's own loads", () => {
    for (const type of [
      'document',
      'stylesheet',
      'script',
      'image',
      'font',
      'other',
      'preflight',
    ]) {
      expect(isServiceCall(entry('GET', { _resourceType: type }))).toBe(false);
    }
    for (const type of ['fetch', 'xhr']) {
      expect(isServiceCall(entry('POST', { _resourceType: type }))).toBe(true);
    }
    // Playwright's API requests and proxies' entries carry no resource type.
    expect(isServiceCall(entry('POST'))).toBe(true);
  });

  it("passes over an answer from the browser's cache (DevTools' _fromCache)", () => {
    expect(isServiceCall(entry('GET', { _resourceType: 'fetch', _fromCache: 'disk' }))).toBe(false);
    expect(isServiceCall(entry('GET', { _resourceType: 'fetch', _fromCache: 'memory' }))).toBe(
      false,
    );
  });

  it('passes over a CORS preflight a proxy recorded, and reads any other OPTIONS', async () => {
    const preflight = entry('OPTIONS', {}, [
      { name: 'Origin', value: 'https://app.example' },
      { name: 'Access-Control-Request-Method', value: 'POST' },
    ]);
    expect(await methodsRead([preflight, entry('OPTIONS'), entry('POST')])).toEqual([
      'OPTIONS',
      'POST',
    ]);
  });
});
