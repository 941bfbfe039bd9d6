import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openapiDocument } from '../../spec/index.ts';
import { crashTrial } from './crash-trial.ts';

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
});
