import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REDACTED } from '../support/redact.ts';
import { redactSecrets, scanAndRedact, secretsOfRun, zipEntries, zipOf } from './secret-scan.ts';

const KEY = 'sk_live_unit_api_key_0123456789';
// Built at run time, so that no JWT-shaped literal sits in the sources.
const JWT = ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiJ1bml0In0', 'c2lnbmF0dXJl'].join('.');
const embedded = (zip: Buffer) =>
  `window.data = "data:application/zip;base64,${zip.toString('base64')}";`;

describe('redactSecrets', () => {
  it('replaces every occurrence of a secret and counts them under its label', () => {
    const { text, found } = redactSecrets(`a ${KEY} b ${KEY} c`, [
      { label: 'API_KEY', value: KEY },
    ]);
    expect(text).toBe(`a ${REDACTED} b ${REDACTED} c`);
    expect([...found]).toEqual([['API_KEY', 2]]);
  });

  it('replaces JWT-shaped strings that are no registered secret', () => {
    const { text, found } = redactSecrets(`Token ${JWT}.`, []);
    expect(text).toBe(`Token ${REDACTED}.`);
    expect([...found]).toEqual([['a JWT-shaped token', 1]]);
  });

  it('leaves a text without secrets as it is and reports nothing', () => {
    const clean = '{"ok": true, "token": "short", "eyJ": "not a jwt"}';
    const { text, found } = redactSecrets(clean, [{ label: 'API_KEY', value: KEY }]);
    expect(text).toBe(clean);
    expect(found.size).toBe(0);
  });

  it('ignores secrets shorter than 8 characters, which would match by chance', () => {
    const { text, found } = redactSecrets('the word secret', [
      { label: 'API_KEY', value: 'secret' },
    ]);
    expect(text).toBe('the word secret');
    expect(found.size).toBe(0);
  });

  it('redacts inside the embedded zip and names the hit as embedded report data', () => {
    const zip = zipOf([
      { name: 'data.json', data: Buffer.from(`{"key": "${KEY}"}`) },
      { name: 'clean.json', data: Buffer.from('{"ok": true}') },
    ]);
    const { text, found } = redactSecrets(embedded(zip), [{ label: 'API_KEY', value: KEY }]);
    expect([...found]).toEqual([['API_KEY (embedded report data)', 1]]);
    const base64 = /base64,([A-Za-z0-9+/=]+)/.exec(text)?.[1] ?? '';
    const entries = zipEntries(Buffer.from(base64, 'base64'));
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual([
      ['data.json', `{"key": "${REDACTED}"}`],
      ['clean.json', '{"ok": true}'],
    ]);
  });

  it('leaves an embedded zip without secrets byte for byte', () => {
    const page = embedded(zipOf([{ name: 'a.json', data: Buffer.from('{"ok": true}') }]));
    expect(redactSecrets(page, [{ label: 'API_KEY', value: KEY }]).text).toBe(page);
  });

  it('leaves embedded data that is no zip as it is', () => {
    const page = 'window.data = "data:application/zip;base64,AAAAAAAA";';
    const { text, found } = redactSecrets(page, [{ label: 'API_KEY', value: KEY }]);
    expect(text).toBe(page);
    expect(found.size).toBe(0);
  });
});

describe('scanAndRedact', () => {
  it('redacts the files that hold a secret in place, names them, and leaves the others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scan-unit-'));
    writeFileSync(join(dir, 'leak.xml'), `<failure>${KEY} and ${JWT}</failure>`);
    writeFileSync(join(dir, 'clean.json'), '{"ok": true}');
    const hits = scanAndRedact([dir, join(dir, 'missing')], [{ label: 'API_KEY', value: KEY }]);
    expect(hits).toEqual([
      { file: join(dir, 'leak.xml'), what: 'API_KEY', count: 1 },
      { file: join(dir, 'leak.xml'), what: 'a JWT-shaped token', count: 1 },
    ]);
    expect(readFileSync(join(dir, 'leak.xml'), 'utf8')).toBe(
      `<failure>${REDACTED} and ${REDACTED}</failure>`,
    );
    expect(readFileSync(join(dir, 'clean.json'), 'utf8')).toBe('{"ok": true}');
  });
});

describe('secretsOfRun', () => {
  it('labels the settings’ secrets by variable and the registered tokens without naming them', () => {
    expect(secretsOfRun({ apiKey: KEY, accessToken: undefined }, ['registered-token-1'])).toEqual([
      { label: 'API_KEY', value: KEY },
      { label: 'ACCESS_TOKEN', value: '' },
      { label: 'EXPIRED_TOKEN', value: '' },
      { label: 'a token of the run', value: 'registered-token-1' },
    ]);
  });
});
