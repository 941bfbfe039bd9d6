/**
 * The package's lmdb-free data directory types (`mocks/node.ts`) hold every member of the store's
 * own (`mocks/server/data-dir.ts`), so that a package user of `openDataDir` can do what `npm
 * start` does, such as keep a reserve of free room (decision 021). The type assertions below are
 * checked by `tsc --noEmit`: a member added to one side and not the other fails the type check;
 * the test proves that the options reach the store through the public function.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type * as Public from './node.ts';
import { openDataDir } from './node.ts';
import type * as Store from './server/data-dir.ts';

/** `true` only when A and B are the same type (each member alike, none missing on either side). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when given `true`. */
function holds<T extends true>(): T | undefined {
  return undefined;
}

// The options: the same members of the same types, both ways.
holds<Same<Public.DataDirOptions, Store.DataDirOptions>>();
// The directory: the same members, of the same types but for `accounts`, which the store gives
// as its own class and the package as the domain's interface that class implements.
holds<Same<keyof Public.DataDir, keyof Store.DataDir>>();
holds<Same<Omit<Public.DataDir, 'accounts'>, Omit<Store.DataDir, 'accounts'>>>();
holds<Store.DataDir extends Public.DataDir ? true : false>();
holds<Same<Parameters<typeof openDataDir>, Parameters<typeof Store.openDataDir>>>();

describe('openDataDir (the package surface)', () => {
  test('[GEN-9] its reserve of free room reaches the store: below it, writes are refused', async () => {
    const path = mkdtempSync(join(tmpdir(), 'kit-public-data-dir-'));
    let free = 10;
    const dir = openDataDir(path, { memoryBudgetMiB: 0, reserveMiB: 64, freeMiB: () => free });
    try {
      expect(dir.refuseWrites()).toBe(
        '10.0 MiB free for the store, less than its reserve of 64 MiB',
      );
      free = 100;
      expect(dir.refuseWrites()).toBeUndefined();
    } finally {
      await dir.close();
      rmSync(path, { recursive: true, force: true });
    }
  });
});
