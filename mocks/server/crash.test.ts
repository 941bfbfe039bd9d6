import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openapiDocument } from '../../spec/index.ts';
import { crashTrial, startMock, token } from './crash-trial.ts';
import { openDataDir } from './data-dir.ts';

const account = (openapiDocument.components as Record<string, Record<string, { value: unknown }>>)
  .examples!.DomesticAccount!.value as Record<string, unknown>;

describe('--data-dir under kill -9', () => {
  test('[GEN-9] no acknowledged stage or process is lost and the store opens cleanly', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kit-crash-'));
    for (const trial of [1]) {
      const result = await crashTrial({ dataDir, account, trial, clients: 6, killAfterMs: 700 });
      expect(result.reopened).toBe(true);
      expect(result.acknowledged).toBeGreaterThan(0);
      expect(result.lost).toEqual([]);
    }
  });

  test('[GEN-9] nothing acknowledged is lost when the kill meets a store letting go of its map', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kit-crash-recycle-'));
    // A budget every look exceeds, looked at on every request: the map is let go all the time.
    const env = { STORE_MEMORY_MIB: '1', STORE_MEMORY_CHECK_MS: '0' };
    const result = await crashTrial({
      dataDir,
      account,
      trial: 1,
      clients: 6,
      killAfterMs: 700,
      env,
    });
    expect(result.reopened).toBe(true);
    expect(result.acknowledged).toBeGreaterThan(20);
    expect(result.lost).toEqual([]);
  });

  test('[GEN-9] after a kill -9 the revision and the account records are those of the same commit', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kit-crash-revision-'));
    // Every staging of a new account moves the revision by one, in the transaction that holds the
    // account: after each kill, revision and account count have moved together. Three kills, as a
    // kill lands between two transactions only some of the time.
    for (const round of [1, 2, 3]) {
      const trial = await revisionTrial(dataDir, round);
      expect(trial.acknowledged).toBeGreaterThan(0);
      expect(trial.accountsAdded).toBeGreaterThanOrEqual(trial.acknowledged);
      expect(trial.revisionMoved).toBe(trial.accountsAdded);
    }
  });
});

/** How many accounts a data directory holds, read by opening it in this process. */
async function accountsIn(dataDir: string): Promise<{ accounts: number; revision: number }> {
  const dir = openDataDir(dataDir);
  try {
    return { accounts: dir.state?.accounts.size ?? 0, revision: dir.state?.revision ?? 0 };
  } finally {
    await dir.close();
  }
}

/**
 * Stages new accounts from six clients on a server of `dataDir` and kills it under load; then
 * reads the store: how many acknowledged, how many accounts it gained, how far its revision moved.
 */
async function revisionTrial(dataDir: string, round: number) {
  const before = await accountsIn(dataDir);
  const server = await startMock(['--data-dir', dataDir]);
  const headers = {
    'content-type': 'application/json',
    authorization: `Token ${await token(server.base)}`,
  };
  const exported = await (await fetch(`${server.base}/__mock/state`)).json();
  const startRevision = (exported as { revision: number }).revision;
  let killed = false;
  let acknowledged = 0;
  const client = async (c: number) => {
    for (let i = 0; !killed && i < 100_000; i++) {
      try {
        const answer = await fetch(
          `${server.base}/v1/data-import/account-import-process/create-or-update/`,
          {
            method: 'POST',
            headers,
            body: JSON.stringify({
              ...account,
              external_account_number: `REV-${round}-${c}-${i}`,
              references: undefined,
            }),
          },
        );
        if (answer.status !== 201) throw new Error(`stage answered ${answer.status}`);
        acknowledged += 1;
      } catch (error) {
        if (!killed) throw error;
      }
    }
  };
  const load = Promise.all(Array.from({ length: 6 }, (_, c) => client(c)));
  for (let waited = 0; acknowledged < 20 && waited < 600; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  killed = true;
  server.child.kill('SIGKILL');
  await Promise.all([load, once(server.child, 'exit')]);
  const after = await accountsIn(dataDir);
  return {
    acknowledged,
    accountsAdded: after.accounts - before.accounts,
    revisionMoved: after.revision - startRevision,
  };
}
