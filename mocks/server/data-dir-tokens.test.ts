/**
 * The token table in the `--data-dir` store (decision 027): a write brings the stored tokens in
 * line with the table only when the table moved, so that a staging on a mock holding thousands of
 * live tokens does not walk them all. Counted by listing the table's keys, not timed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createTestClient } from '../test-client.ts';
import { openDataDir } from './data-dir.ts';

/** A client on a data directory as `npm start -- --data-dir` opens it. */
async function clientOn(path: string) {
  const dir = openDataDir(path);
  const client = createTestClient({ state: dir.state, onChange: dir.write });
  if (!dir.state) await dir.write(client.mock.state);
  return { dir, client };
}

/** Puts a table in the state that counts how often its keys are listed. */
function listedTable(state: { tokens: Record<string, unknown> }): () => number {
  let lists = 0;
  state.tokens = new Proxy(
    { ...state.tokens },
    {
      ownKeys(target) {
        lists += 1;
        return Reflect.ownKeys(target);
      },
    },
  );
  return () => lists;
}

describe('--data-dir: tokens', () => {
  test('[AUTH-1] a staging does not walk the token table when no token changed, and a token issued is still written and read back', async () => {
    const path = mkdtempSync(join(tmpdir(), 'kit-data-dir-tokens-'));
    const first = await clientOn(path);
    const lists = listedTable(first.client.mock.state as never);
    await first.client.login();
    const afterLogin = lists();
    for (let i = 0; i < 20; i++) {
      expect((await first.client.stage(first.client.account())).status).toBe(201);
    }
    // Twenty stagings with no token issued: none of them lists the table (one each before).
    expect(lists() - afterLogin).toBe(0);
    const token = await first.client.login();
    expect(lists()).toBeGreaterThan(afterLogin);
    await first.dir.close();

    const second = await clientOn(path);
    const tokens = Object.keys(second.client.mock.state.tokens);
    // Two logins, an access and a refresh record each, all written although the stagings skipped.
    expect(tokens).toHaveLength(4);
    const listed = await second.client.call(
      'GET',
      '/v1/data-import/all-account-import-processes/DEMO_ENERGY/',
      undefined,
      { token },
    );
    expect(listed.status).toBe(200);
    await second.dir.close();
  });
});
