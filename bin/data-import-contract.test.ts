/**
 * The contract command spawned as a supplier's CI runs it (`data-import-contract`, under tsx): a
 * setting it cannot run with ends the command before the run, with one line naming the setting
 * and exit code 2, instead of a run that hangs, loses its reports or quietly uses NaN.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const dir = mkdtempSync(join(tmpdir(), 'contract-command-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'not a folder\n');

/** Runs the command with these settings (and a target nothing listens on); `--list` runs nothing. */
function runContract(env: Record<string, string>): Promise<{ code: number; err: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(TEST_|PW_|PLAYWRIGHT_|CONTRACT_|BASE_URL|API_KEY|ACCESS_TOKEN)/.test(k),
    ),
  );
  const child = spawn(
    process.execPath,
    // From a folder of its own, as a supplier runs it: tsx is named by its path.
    ['--import', tsx, join(root, 'bin/data-import-contract.ts'), '--list'],
    {
      cwd: dir,
      env: {
        ...clean,
        BASE_URL: 'http://127.0.0.1:9',
        CONTRACT_MODE: 'safe',
        API_KEY: 'k',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let err = '';
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ code: code ?? -1, err }));
  });
}

describe('data-import-contract settings', () => {
  test.each([
    [
      'CONTRACT_REPORTS_DIR',
      '/proc/kit-reports',
      /CONTRACT_REPORTS_DIR \/proc\/kit-reports: cannot create or write the folder \(ENOENT/,
    ],
    [
      'CONTRACT_REPORTS_DIR',
      join(aFile, 'reports'),
      /CONTRACT_REPORTS_DIR .*a-file is a file, not a folder/,
    ],
    [
      'CONTRACT_WORKERS',
      'abc',
      /CONTRACT_WORKERS must be a whole number from 1 to 64 \(received "abc"\)/,
    ],
    ['CONTRACT_SEED', '-3', /CONTRACT_SEED must be a whole number/],
    [
      'CONTRACT_TEST_TIMEOUT_MS',
      'abc',
      /CONTRACT_TEST_TIMEOUT_MS must be a whole number from 0 to 86400000 \(received "abc"\)/,
    ],
    ['CONTRACT_REQUEST_TIMEOUT_MS', '-1', /CONTRACT_REQUEST_TIMEOUT_MS must be a whole number/],
    ['CONTRACT_V2', 'yes', /CONTRACT_V2 must be one of on, off, auto \(received "yes"\)/],
  ])(
    '%s=%s stops the command with exit code 2 and one line',
    async (name, value, message) => {
      const { code, err } = await runContract({ [name]: value });
      expect(code).toBe(2);
      expect(err).toMatch(message);
      expect(err).not.toMatch(/\n\s+at /);
    },
    0,
  );
});
