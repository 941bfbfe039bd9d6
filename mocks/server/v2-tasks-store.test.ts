import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createTestClient, TEST_NOW } from '../test-client.ts';
import { openDataDir } from './data-dir.ts';

const HOUR = 3600 * 1000;
const at = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** A client on a data directory as `npm start -- --data-dir` opens it. */
async function clientOn(path: string) {
  const dir = openDataDir(path);
  const client = createTestClient({ state: dir.state, onChange: dir.write });
  if (!dir.state) await dir.write(client.mock.state);
  await client.login();
  return { dir, client };
}

describe('--data-dir and V2 tasks (decision 028)', () => {
  test('a scheduled task, its run and the pending failure survive restarts', async () => {
    const path = mkdtempSync(join(tmpdir(), 'kit-v2-store-'));
    const first = await clientOn(path);
    const account = first.client.account();
    const ext = account.external_account_number!;
    const task_params = { schedule_window_start: at(TEST_NOW + HOUR) };
    const scheduled = await first.client.call('POST', '/v2/data-import/accounts/', {
      payload: account,
      task_params,
    });
    expect(scheduled.status).toBe(201);
    await first.dir.close();

    const second = await clientOn(path);
    const statusPath = `/v2/data-import/accounts/DEMO_ENERGY/${ext}/`;
    expect((await second.client.call('GET', statusPath)).body).toMatchObject({ status: 'PENDING' });
    second.client.advance(HOUR);
    await second.client.login();
    const ran = await second.client.call('GET', statusPath);
    expect(ran.body).toMatchObject({ status: 'PROCESSED' });
    await second.dir.close();

    const third = await clientOn(path);
    expect((await third.client.call('GET', statusPath)).body).toEqual(ran.body);
    expect(third.client.mock.state.accounts.get(`DEMO_ENERGY/${ext}`)?.status).toBe('imported');
    await third.dir.close();
  });
});
