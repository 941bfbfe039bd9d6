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
  }, 120_000);
});
