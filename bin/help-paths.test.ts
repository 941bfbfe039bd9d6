/**
 * What the commands' help texts and the README cite must be there for a package user: every
 * document path resolves under the package's dist/ as the build lays it out (the build's own
 * copy step, scripts/build-documents.ts, run into a folder of the test's), every decision is
 * cited by its file, and every profile name the fixtures' help lists is a shipped profile.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyDocuments } from '../scripts/build-documents.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = mkdtempSync(join(tmpdir(), 'kit-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** A path a text cites into the kit's documents. */
const CITED = /\b(?:docs|fixtures|contract-tests|spec)\/[\w./-]*\w/g;

function helpOf(bin: string, args: string[] = []): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', `bin/${bin}.ts`, ...args, '--help'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk) => {
    text += chunk;
  });
  return new Promise((resolve) => child.on('close', () => resolve(text)));
}

let helps: Record<string, string> = {};

beforeAll(async () => {
  copyDocuments(root, `${dist}/`);
  const entries = await Promise.all(
    [
      ['data-import-mock', []],
      ['data-import-contract', []],
      ['data-import-fixtures', []],
      ['data-import-fixtures', ['generate']],
      ['data-import-fixtures', ['check']],
      ['data-import-fixtures', ['send']],
    ].map(async ([bin, args]) => {
      const list = args as string[];
      return [`${bin} ${list.join(' ')}`.trim(), await helpOf(bin as string, list)] as const;
    }),
  );
  helps = Object.fromEntries(entries);
}, 0);

describe('what the help texts cite', () => {
  test('each help text is there', () => {
    for (const [command, text] of Object.entries(helps)) expect(text, command).toMatch(/Usage/);
  });

  test('a decision is cited by its file, which the package ships under dist/', () => {
    const cited = Object.values(helps).flatMap((text) => text.match(CITED) ?? []);
    expect(cited).toContain('docs/decisions/012-durable-store-and-performance-record.md');
    for (const path of cited) expect(existsSync(join(dist, path)), path).toBe(true);
    for (const [command, text] of Object.entries(helps)) {
      expect(text, `${command} cites a decision by number only`).not.toMatch(/decision \d{3}/i);
    }
  });

  test('every profile name the fixtures help offers is a shipped profile', () => {
    const listed = /name of a shipped one \(([^)]+)\)/.exec(
      helps['data-import-fixtures generate']!.replace(/\s+/g, ' '),
    );
    const names = listed?.[1]?.split(', ') ?? [];
    expect(names).toContain('london-dual-fuel-smart');
    for (const name of names) {
      expect(existsSync(join(dist, 'fixtures/profiles', `${name}.yaml`)), name).toBe(true);
    }
  });
});

describe('what the README cites', () => {
  test('the decisions and the fixtures, suite and platform documents it names ship under dist/', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const documents = [...new Set(readme.match(CITED) ?? [])].filter((path) =>
      /^docs\/decisions\/.+\.md$|README\.md$|^spec\/[A-Z]+\.md$/.test(path),
    );
    expect(documents).toEqual(
      expect.arrayContaining(['fixtures/README.md', 'contract-tests/README.md']),
    );
    for (const path of documents) expect(existsSync(join(dist, path)), path).toBe(true);
  });
});
