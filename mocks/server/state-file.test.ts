import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createTestClient } from '../test-client.ts';
import { createStateWriter, loadStateFile, StateFileError } from './state-file.ts';

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
