/**
 * The report scan itself (reporting/secret-scan.ts), on planted secrets: the conformance-summary
 * reporter runs it over reports/ and test-results/ after every run and fails the run on a hit;
 * this proves that a hit is found and redacted, also inside the HTML report's embedded zip.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestCase, TestResult, TestStep } from '@playwright/test/reporter';
import { expect, test } from '../fixtures.ts';
import ConformanceSummaryReporter from '../reporters/conformance-summary.ts';
import { scanAndRedact, zipEntries, zipOf } from '../reporting/secret-scan.ts';
import { safeFetch } from '../support/api-client.ts';
import { REDACTED, redactHeaders, redactJson } from '../support/redact.ts';

const KEY = 'sk_live_planted_api_key_0123456789';
// Built at run time: a JWT-shaped literal in this file would show in the reports' code snippets,
// which the real scan after the run would (rightly) report.
const JWT = ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiJwbGFudGVkIn0', 'c2lnbmF0dXJlLXBsYW50ZWQ'].join(
  '.',
);

test.describe('secret scan', () => {
  test('finds and redacts a planted API key and token in reports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-scan-'));
    writeFileSync(join(dir, 'junit.xml'), `<failure>key ${KEY} token ${JWT}</failure>`);
    writeFileSync(join(dir, 'clean.json'), '{"ok": true}');
    const hits = scanAndRedact([dir], [{ label: 'API_KEY', value: KEY }]);
    expect(hits.map((h) => h.what).sort()).toEqual(['API_KEY', 'a JWT-shaped token']);
    const after = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(after).not.toContain(KEY);
    expect(after).not.toContain(JWT);
    expect(after).toContain(REDACTED);
  });

  test('finds and redacts a token inside the HTML report’s embedded zip', () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-scan-'));
    const archive = zipOf([
      { name: 'data.json', data: Buffer.from(`{"error": "authorization: Token ${JWT}"}`) },
      { name: 'clean.json', data: Buffer.from('{"ok": true}') },
    ]);
    expect(zipEntries(archive)[0]?.data.toString()).toContain(JWT);
    const html = (zip: Buffer) =>
      `<script>window.data = "data:application/zip;base64,${zip.toString('base64')}";</script>`;
    writeFileSync(join(dir, 'index.html'), html(archive));
    const hits = scanAndRedact([dir], []);
    expect(hits.map((h) => h.what)).toEqual(['a JWT-shaped token (embedded report data)']);
    const after = readFileSync(join(dir, 'index.html'), 'latin1');
    const base64 = /base64,([A-Za-z0-9+/=]+)/.exec(after)?.[1] ?? '';
    const entries = zipEntries(Buffer.from(base64, 'base64'));
    expect(entries.map((e) => e.name)).toEqual(['data.json', 'clean.json']);
    expect(entries[0]?.data.toString()).toBe(`{"error": "authorization: Token ${REDACTED}"}`);
    expect(entries[1]?.data.toString()).toBe('{"ok": true}');
  });

  test('a failed request’s error carries no token (Playwright’s call log lists headers)', async ({
    request,
  }) => {
    // Not a secret of the run, and not JWT-shaped: Playwright also records this failed step with
    // its call log, and the scan after the run would report a real token there (and redact it).
    const token = 'planted-opaque-token-0000';
    const error = await safeFetch(request, 'http://127.0.0.1:9/v1/data-import/validate-account/', {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      timeout: 2_000,
    }).catch((e: Error) => e);
    expect(error instanceof Error).toBe(true);
    expect((error as Error).message).not.toContain(token);
    expect((error as Error).message).toContain(REDACTED);
  });

  test('the reporter redacts a failed step’s call log before any report is written', () => {
    // Playwright records the failed `request.fetch` step itself, with the headers in its call
    // log, whatever safeFetch rethrows: the reporter scrubs that record as the step ends.
    const reporter = new ConformanceSummaryReporter({
      outputDir: mkdtempSync(join(tmpdir(), 'r-')),
    });
    const token = 'planted-opaque-token-1111';
    const log = (value: string) =>
      `apiRequestContext.fetch: connect ECONNREFUSED\nCall log:\n\u001b[2m    - authorization: Token ${value}\u001b[22m\n\u001b[2m    - cookie: session=${value}\u001b[22m\n\u001b[2m    - accept: */*\u001b[22m`;
    const step = {
      error: { message: log(token), stack: log(token), cause: { message: log(token) } },
    } as unknown as TestStep;
    reporter.onStepEnd({} as TestCase, {} as TestResult, step);
    const written = JSON.stringify(step);
    expect(written).not.toContain(token);
    expect(written).toContain(`authorization: ${REDACTED}`);
    expect(written).toContain(`cookie: ${REDACTED}`);
    expect(written).toContain('accept: */*');
  });

  test('exchanges are redacted before they are attached', () => {
    expect(
      redactJson({ data: { obtainKrakenToken: { token: 'abc.def.ghi', refreshToken: 'xyz' } } }),
    ).toEqual({ data: { obtainKrakenToken: { token: REDACTED, refreshToken: REDACTED } } });
    expect(redactJson({ variables: { input: { APIKey: KEY } } })).toEqual({
      variables: { input: { APIKey: REDACTED } },
    });
    expect(redactHeaders({ authorization: `Token ${JWT}`, accept: 'application/json' })).toEqual({
      authorization: REDACTED,
      accept: 'application/json',
    });
  });
});
