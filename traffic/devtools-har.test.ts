/**
 * A HAR as Chromium DevTools writes it with "Save all as HAR" (traffic/devtools-save-all.har,
 * made from real answers of the mock by devtools-har.test-helper.ts): the reader takes the
 * entries a page's script sent, with their bodies (JSON, a form, a base64-encoded answer), and
 * passes over what the browser did on its own (the page, a CORS preflight, a cache hit).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataImport } from '../spec/index.ts';
import { TrafficChecker } from './checker.ts';
import { readTrafficFile } from './cli.ts';
import { devtoolsHar } from './devtools-har.test-helper.ts';
import type { Exchange } from './exchange.ts';

const FIXTURE = join(import.meta.dirname, 'devtools-save-all.har');

async function read(): Promise<Exchange[]> {
  const out: Exchange[] = [];
  for await (const e of readTrafficFile(FIXTURE)) out.push(e);
  return out;
}

describe('HAR written by Chromium DevTools', () => {
  it('reads the calls the page sent, with their bodies', async () => {
    const exchanges = await read();
    expect(exchanges.map((e) => `${e.request.method} ${new URL(e.request.url).pathname}`)).toEqual([
      'POST /v1/data-import/validate-account/',
      'POST /v1/data-import/account-import-process/create-or-update/',
      'GET /v1/data-import/pending-account-import-processes/DEMO_ENERGY/',
      'POST /v1/data-import/account-import-process/process/',
      'GET /v1/data-import/account-transfer-status/DEMO_ENERGY/DEVTOOLS-1/',
      'POST /v1/data-import/validate-account/',
      'POST /v1/data-import/notes/create/',
    ]);
    const [, staged, , processed, status, form, notes] = exchanges;
    expect(JSON.parse(staged!.request.body).external_account_number).toBe('DEVTOOLS-1');
    const number = JSON.parse(processed!.response.body).service_account_number;
    // content.text in base64, decoded.
    expect(JSON.parse(status!.response.body)).toEqual({
      status: 'PENDING',
      service_account_number: number,
    });
    // A form: postData.text as sent (DevTools also lists it as params).
    expect(form!.request.body).toBe(
      'import_supplier=DEMO_ENERGY&external_account_number=DEVTOOLS-1&note=caf%C3%A9',
    );
    expect(form!.response.status).toBe(415);
    expect(JSON.parse(notes!.request.body).notes[0].body).toBe('Moved in – keys with neighbour ☕');
    // HTTP/2 pseudo-headers are not headers.
    expect(staged!.request.headers.some(([n]) => n.startsWith(':'))).toBe(false);
  });

  it('finds nothing in what the mock answered (the cache hit is not judged as a new answer)', async () => {
    const checker = new TrafficChecker(dataImport);
    for (const e of await read()) checker.check(e);
    const result = checker.result();
    expect(result.exchanges).toBe(7);
    expect(result.groups).toEqual([]);
  });

  it('is what the maker makes from the mock today', async () => {
    const made = (await devtoolsHar()) as { log: { entries: Record<string, unknown>[] } };
    const kept = JSON.parse(readFileSync(FIXTURE, 'utf8')) as typeof made;
    const shape = (doc: typeof made) =>
      doc.log.entries.map((e) => [
        (e.request as { method: string }).method,
        (e.response as { status: number }).status,
        e._resourceType,
        e._fromCache,
      ]);
    expect(shape(made)).toEqual(shape(kept));
  });
});
