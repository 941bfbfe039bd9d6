import {
  fsyncSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createTestClient } from '../test-client.ts';
import {
  createStateWriter,
  loadStateFile,
  removeStaleTemporaries,
  StateFileError,
  tokenLogOf,
} from './state-file.ts';

function tempFile(name: string): string {
  return join(mkdtempSync(join(tmpdir(), 'kit-state-')), name);
}

describe('--state-file', () => {
  test('an acknowledged change is on disk before the answer, and a restart serves it', async () => {
    const path = tempFile('state.json');
    const client = createTestClient({ onChange: createStateWriter(path) });
    await client.login();
    const account = client.account();
    expect((await client.stage(account)).status).toBe(201);
    // No wait: the answer above was only given once the file was written.
    const restarted = createTestClient({ state: loadStateFile(path) });
    await restarted.login();
    const status = await restarted.call(
      'GET',
      `/v1/data-import/account-transfer-status/DEMO_ENERGY/${account.external_account_number}/`,
    );
    expect(status).toEqual({
      status: 200,
      body: { status: 'UNKNOWN', service_account_number: '' },
    });
  });

  test('writes are serialised: the file ends with the newest state', async () => {
    const path = tempFile('state.json');
    const write = createStateWriter(path);
    const client = createTestClient();
    const state = client.mock.state;
    const writes = [];
    for (let i = 1; i <= 20; i++) {
      state.accountSequence = i;
      writes.push(write(state));
    }
    await Promise.all(writes);
    expect(loadStateFile(path)?.accountSequence).toBe(20);
  });

  test('the file is the snake_case state document, with readable account keys', async () => {
    const path = tempFile('state.json');
    const client = createTestClient({ onChange: createStateWriter(path) });
    await client.login();
    const account = client.account();
    await client.stage(account);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('\\u0000');
    const document = JSON.parse(text);
    expect(document).toMatchObject({
      version: 1,
      api_keys: expect.any(Array),
      account_sequence: 0,
    });
    expect(Object.keys(document.accounts)).toEqual([
      `DEMO_ENERGY/${account.external_account_number}`,
    ]);
    expect(document.accounts[`DEMO_ENERGY/${account.external_account_number}`].data).toEqual(
      account,
    );
  });

  test('a file of the earlier camelCase form with NUL-separated keys still loads', async () => {
    const client = createTestClient();
    await client.login();
    const account = client.account();
    await client.stage(account);
    const legacy = JSON.parse(
      JSON.stringify(client.mock.state).replaceAll('DEMO_ENERGY/', 'DEMO_ENERGY\\u0000'),
    );
    delete legacy.revision;
    const path = tempFile('legacy.json');
    writeFileSync(path, JSON.stringify(legacy));
    const loaded = loadStateFile(path)!;
    expect([...loaded.accounts.entries()].map(([key]) => key)).toEqual([
      `DEMO_ENERGY/${account.external_account_number}`,
    ]);
    expect(loaded.accounts.get(`DEMO_ENERGY/${account.external_account_number}`)?.data).toEqual(
      account,
    );
  });

  test('no file yet gives no state', () => {
    expect(loadStateFile(tempFile('missing.json'))).toBeUndefined();
  });

  test.each([
    ['not JSON', '{"version": 1, '],
    ['not a state export', '{"hello": "world"}'],
  ])('a corrupt file (%s) is a clear error at start and is never overwritten', (_kind, text) => {
    const path = tempFile('state.json');
    writeFileSync(path, text);
    expect(() => loadStateFile(path)).toThrow(StateFileError);
    expect(() => loadStateFile(path)).toThrow(path);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});

describe('--state-file on a failing disk', () => {
  const io = (fault: 'short' | 'enospc' | 'fsync') => {
    let failing = true;
    return {
      heal: () => {
        failing = false;
      },
      io: {
        writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number {
          if (!failing) return writeSync(fd, buffer, offset, length);
          if (fault === 'enospc') {
            throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
              code: 'ENOSPC',
            });
          }
          // A disk with room for a few bytes takes part of the write, then none.
          return fault === 'short' && offset === 0
            ? writeSync(fd, buffer, offset, Math.min(length, 10))
            : fault === 'fsync'
              ? writeSync(fd, buffer, offset, length)
              : 0;
        },
        fsyncSync(fd: number): void {
          if (failing && fault === 'fsync') {
            throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
          }
          fsyncSync(fd);
        },
      },
    };
  };

  test.each([
    ['a short write', 'short'],
    ['no space left', 'enospc'],
    ['a failing fsync', 'fsync'],
  ] as const)(
    '[GEN-9] %s refuses the change with 503 and Retry-After, keeps the previous file and the state, and the next write works once the disk does',
    async (_name, fault) => {
      const path = tempFile('state.json');
      const disk = io(fault);
      const healthy = createStateWriter(path);
      const client = createTestClient({ onChange: healthy });
      const token = await client.login();
      const kept = client.account();
      expect((await client.stage(kept)).status).toBe(201);
      const before = readFileSync(path, 'utf8');

      // The same state, now written through the failing disk.
      const failing = createTestClient({
        state: loadStateFile(path),
        onChange: createStateWriter(path, disk.io),
      });
      // ObtainToken writes a token: it is refused alike.
      expect(
        (
          await failing.call('POST', '/v1/graphql/', {
            query: 'mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } }',
          })
        ).status,
      ).toBe(503);
      const stage = (account: unknown) =>
        failing.call('POST', '/v1/data-import/account-import-process/create-or-update/', account, {
          token,
        });
      const refused = failing.account({ external_account_number: 'REFUSED-1' });
      const snapshot = failing.snapshot();
      const answers = await Promise.all([
        stage(refused),
        stage(failing.account({ external_account_number: 'REFUSED-2' })),
      ]);
      for (const answer of answers) {
        expect(answer).toEqual({
          status: 503,
          headers: { 'retry-after': '5' },
          body: {
            detail: expect.stringContaining('could not be stored'),
            code: 'storage_unavailable',
            errors: [],
          },
        });
      }
      // The previous file is there, whole; no temporary file is left; the state went back.
      expect(readFileSync(path, 'utf8')).toBe(before);
      expect(readdirSync(dirname(path)).sort()).toEqual(['state.json', 'state.json.tokens']);
      expect(failing.snapshot()).toBe(snapshot);

      disk.heal();
      const healed = await stage(refused);
      expect(healed, JSON.stringify(healed)).toMatchObject({ status: 201 });
      const reloaded = loadStateFile(path)!;
      expect(reloaded.accounts.has(`DEMO_ENERGY/${kept.external_account_number}`)).toBe(true);
      expect(reloaded.accounts.has(`DEMO_ENERGY/${refused.external_account_number}`)).toBe(true);
    },
  );

  test('temporary files of writers no longer running are removed at start', () => {
    const path = tempFile('state.json');
    const stale = join(dirname(path), '.state.json.999999999.tmp');
    const live = join(dirname(path), `.state.json.${process.pid}.tmp`);
    writeFileSync(stale, '{"half":');
    writeFileSync(live, '{}');
    expect(removeStaleTemporaries(path)).toEqual(['.state.json.999999999.tmp']);
    expect(readdirSync(dirname(path)).sort()).toEqual([`.state.json.${process.pid}.tmp`]);
  });
});

describe('--state-file tokens', () => {
  test('[AUTH-1][AUTH-2] an ObtainToken appends its tokens to the token log and leaves the state document as it is; a restart serves them', async () => {
    const path = tempFile('state.json');
    const client = createTestClient({ onChange: createStateWriter(path) });
    await client.login();
    await client.stage(client.account());
    const inode = statSync(path).ino;
    const document = readFileSync(path, 'utf8');
    const lines = () => readFileSync(tokenLogOf(path), 'utf8').trim().split('\n');
    const before = lines().length;
    let token = '';
    for (let i = 0; i < 50; i++) token = await client.login();
    // One line per token (access and refresh), appended; the document was not written again.
    expect(lines().length).toBe(before + 100);
    expect(statSync(path).ino).toBe(inode);
    expect(readFileSync(path, 'utf8')).toBe(document);
    expect(JSON.parse(document).tokens).toEqual({});

    const restarted = createTestClient({ state: loadStateFile(path) });
    expect(Object.keys(restarted.mock.state.tokens)).toHaveLength(102);
    const listed = await restarted.call(
      'GET',
      '/v1/data-import/all-account-import-processes/DEMO_ENERGY/',
      undefined,
      { token },
    );
    expect(listed.status).toBe(200);
  });

  test('[AUTH-3] tokens gone are logged as gone, and the log is written again without them at start', async () => {
    const path = tempFile('state.json');
    const client = createTestClient({ onChange: createStateWriter(path) });
    const first = await client.obtainToken();
    // A refresh token is spent when used: its line is followed by one saying it is gone.
    await client.obtainToken({ refreshToken: first.data.obtainKrakenToken!.refreshToken });
    const log = readFileSync(tokenLogOf(path), 'utf8').trim().split('\n');
    expect(log.map((line) => JSON.parse(line)[0])).toEqual(['+', '+', '+', '+', '-']);
    createStateWriter(path);
    const compacted = readFileSync(tokenLogOf(path), 'utf8').trim().split('\n');
    expect(compacted.map((line) => JSON.parse(line)[0])).toEqual(['+', '+', '+']);
    expect(Object.keys(loadStateFile(path)!.tokens)).toHaveLength(3);
  });
});
