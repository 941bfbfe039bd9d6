/**
 * The standalone mock's command line, spawned as a user runs it (`data-import-mock`, under tsx):
 * every bad path or value ends the command at once with one line naming the option and exit code
 * 2, as its help promises; nothing starts, and no stack trace is printed.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { startMock } from './server/crash-trial.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mock-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A regular file, to stand where a folder is expected. */
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'not a folder\n');

/**
 * Runs the command on a free loopback port. A command that starts listening (its banner) is
 * stopped at once and reported as `started`: the test then fails on its exit code, not on a hang.
 */
function runMock(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | 'started'; err: string }> {
  const port = env.PORT ? [] : ['--port', '0'];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bin/data-import-mock.ts', ...port, '--host', '127.0.0.1', ...args],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  let started = false;
  child.stdout.on('data', (chunk) => {
    out += chunk;
    if (!started && out.includes('Data-Import mock on')) {
      started = true;
      child.kill('SIGTERM');
    }
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ code: started ? 'started' : (code ?? -1), err }));
  });
}

/** One line on stderr, naming the option, with no stack trace. */
function expectOneLine(err: string, pattern: RegExp): void {
  expect(err).toMatch(pattern);
  expect(err).not.toMatch(/\n\s+at /);
  expect(err.trim().split('\n')).toHaveLength(1);
}

describe('data-import-mock start-up', () => {
  test.each([
    [
      'a --data-dir under a file',
      ['--data-dir', join(aFile, 'store')],
      /--data-dir .*a-file is a file, not a folder/,
    ],
    ['a --data-dir that is a file', ['--data-dir', aFile], /--data-dir .*is a file, not a folder/],
    [
      'a --data-dir the file system refuses (/proc)',
      ['--data-dir', '/proc/kit-store'],
      /--data-dir \/proc\/kit-store: cannot create the folder \/proc\/kit-store \(ENOENT/,
    ],
    [
      'a --state-file under a file',
      ['--state-file', join(aFile, 'state.json')],
      /--state-file .*a-file is a file, not a folder/,
    ],
    [
      'a --state-file in a folder that does not exist',
      ['--state-file', join(dir, 'none', 'state.json')],
      /--state-file .*the folder .*none does not exist/,
    ],
    [
      'a --state-file that is a folder',
      ['--state-file', dir],
      /--state-file .*is not a regular file/,
    ],
    [
      'a --state-file where nothing can be written (/proc)',
      ['--state-file', '/proc/kit-state.json'],
      /--state-file \/proc\/kit-state\.json: cannot write in \/proc/,
    ],
    [
      'a --config that does not exist',
      ['--config', join(dir, 'none.yaml')],
      /--config .*none\.yaml: cannot read it \(ENOENT/,
    ],
    [
      'an --import-state that does not exist',
      ['--data-dir', join(dir, 'store'), '--import-state', join(dir, 'none.json')],
      /--import-state .*none\.json: cannot read it \(ENOENT/,
    ],
  ])(
    '%s ends with exit code 2 and one line naming the option',
    async (_name, args, message) => {
      const { code, err } = await runMock(args);
      expect(code).toBe(2);
      expectOneLine(err, message);
    },
    0,
  );

  test.each([
    ['--cors-origins', 'not a url'],
    ['--cors-origins', 'https://app.example.com/path'],
    ['--control-origins', 'ftp://files.example.com'],
  ])(
    '%s %s is refused with exit code 2: it is not an origin',
    async (option, value) => {
      const { code, err } = await runMock([option, value]);
      expect(code).toBe(2);
      expectOneLine(err, new RegExp(`${option}: ".*" is not an origin`));
    },
    0,
  );

  test.each([
    ['http://mock.internal'],
    ['mock.internal/console'],
    ['mock.internal:4010'],
    ['mock internal'],
    ['localhost,mock..internal'],
  ])(
    '--allowed-hosts %s is refused with exit code 2: it is not a list of host names',
    async (value) => {
      const { code, err } = await runMock(['--allowed-hosts', value]);
      expect(code).toBe(2);
      expectOneLine(err, /--allowed-hosts: ".*" is not a host name/);
    },
    0,
  );

  test('--allowed-hosts takes host names and IP addresses, IPv6 bare or bracketed', async () => {
    const { code } = await runMock([
      '--allowed-hosts',
      'mock.internal, Kit-Mock_1 ,192.168.1.5,[fe80::1],::1,mock.internal.',
    ]);
    expect(code).toBe('started');
  }, 0);

  test('--store-memory without --data-dir is refused with exit code 2: there is no store to budget', async () => {
    const { code, err } = await runMock(['--store-memory', '64']);
    expect(code).toBe(2);
    expectOneLine(err, /--store-memory .*--data-dir/);
  }, 0);

  test.each([
    ['PORT', 'abc', [] as string[], /PORT=abc: must be a port number 0-65535/],
    [
      'STORE_MEMORY_MIB',
      'lots',
      ['--data-dir', join(dir, 'store-env')],
      /STORE_MEMORY_MIB=lots: must be a whole number of MiB/,
    ],
    [
      'STORE_RESERVE_MIB',
      'abc',
      ['--data-dir', join(dir, 'store-env')],
      /STORE_RESERVE_MIB=abc: must be a whole number of MiB, 0-1048576/,
    ],
    [
      'STORE_RESERVE_MIB',
      '-5',
      ['--data-dir', join(dir, 'store-env')],
      /STORE_RESERVE_MIB=-5: must be a whole number of MiB, 0-1048576/,
    ],
    [
      'STORE_RESERVE_MIB',
      '67108864',
      ['--data-dir', join(dir, 'store-env')],
      /STORE_RESERVE_MIB=67108864: must be a whole number of MiB, 0-1048576/,
    ],
  ])(
    '%s=%s in the environment is refused with exit code 2, as the option would be',
    async (name, value, args, message) => {
      const { code, err } = await runMock(args, { [name]: value });
      expect(code).toBe(2);
      expectOneLine(err, message);
    },
    0,
  );

  test.each([
    ['STORE_RESERVE_MIB', '64'],
    ['STORE_MEMORY_MIB', '64'],
    ['STORE_MEMORY_CHECK_MS', '0'],
  ])(
    '%s without --data-dir is refused with exit code 2, as --store-memory is: there is no store',
    async (name, value) => {
      const { code, err } = await runMock([], { [name]: value });
      expect(code).toBe(2);
      expectOneLine(err, new RegExp(`${name}=${value} .*--data-dir`));
    },
    0,
  );

  test('[GEN-9] STORE_RESERVE_MIB reaches the store: with a reserve larger than the free room, a change is refused with 503', async () => {
    const server = await startMock(['--data-dir', join(dir, 'store-reserve')], {
      STORE_RESERVE_MIB: '1048576',
    });
    try {
      // Obtaining a token is a change (a POST) like any other.
      const answer = await fetch(`${server.base}/v1/graphql/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } }',
        }),
      });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toMatch(/^[0-9]+$/);
      expect(await answer.json()).toEqual({
        detail: expect.stringMatching(
          /MiB free for the store, less than its reserve of 1048576 MiB/,
        ),
        code: 'storage_unavailable',
        errors: [],
      });
    } finally {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
  }, 0);

  test('a --dialect other than reference or platform is refused with exit code 2', async () => {
    const { code, err } = await runMock(['--dialect', 'kraken']);
    expect(code).toBe(2);
    expect(err).toMatch(/--dialect.*must be one of reference, platform/);
  }, 0);

  test('a configuration value out of its choices gets a message listing the choices', async () => {
    const config = join(dir, 'bad.yaml');
    writeFileSync(
      config,
      'api_keys: [{key: kit-test-key-1, organisation: Org}]\noperations_teams: [T]\nsuppliers:\n  - {code: S, status: Running}\n',
    );
    const { code, err } = await runMock(['--config', config]);
    expect(code).toBe(2);
    expect(err).toMatch(
      /suppliers\.0\.status: "Running" is not a valid choice\. Choices: Ongoing, Paused, Complete\./,
    );
  }, 0);
});
