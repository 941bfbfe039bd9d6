import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import ts from 'typescript';
import { afterEach, describe, expect, test } from 'vitest';
import { cachedBuild, PACKED_SOURCES } from './consumer-project.ts';

const dirs: string[] = [];
function cacheDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kit-cache-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the packed sources', () => {
  test('cover every directory and file the build compiles, so no change reuses a stale tarball', () => {
    const path = new URL('../tsconfig.build.json', import.meta.url);
    const config = ts.parseConfigFileTextToJson(path.pathname, readFileSync(path, 'utf8'));
    const include = (config.config as { include: string[] }).include;
    const covered = (entry: string) =>
      PACKED_SOURCES.some((source) => entry === source || entry.startsWith(`${source}/`));
    expect(include.filter((entry) => !covered(entry))).toEqual([]);
  });
});

describe('cachedBuild', () => {
  test('builds once for callers that ask at the same time, and shares the result', async () => {
    const cache = cacheDir();
    let builds = 0;
    const build = async (dir: string) => {
      builds++;
      await sleep(300);
      writeFileSync(join(dir, 'out'), 'built');
    };
    const entries = await Promise.all([1, 2, 3].map(() => cachedBuild(cache, 'k1', build)));
    expect(builds).toBe(1);
    expect(new Set(entries)).toEqual(new Set([join(cache, 'k1')]));
    expect(existsSync(join(cache, 'k1', 'out'))).toBe(true);
    expect(await cachedBuild(cache, 'k1', build)).toBe(join(cache, 'k1'));
    expect(builds).toBe(1);
  });

  test('builds again for other sources and keeps only the newest build', async () => {
    const cache = cacheDir();
    await cachedBuild(cache, 'old', async () => {});
    await cachedBuild(cache, 'new', async () => {});
    expect(readdirSync(cache)).toEqual(['new']);
  });

  test('takes over a lock whose process is gone', async () => {
    const cache = cacheDir();
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
      encoding: 'utf8',
    });
    mkdirSync(join(cache, 'lock'));
    writeFileSync(join(cache, 'lock', 'pid'), gone.stdout.trim());
    expect(await cachedBuild(cache, 'k', async () => {})).toBe(join(cache, 'k'));
    expect(existsSync(join(cache, 'lock'))).toBe(false);
  });

  test('a failed build leaves no result and releases the lock for the next caller', async () => {
    const cache = cacheDir();
    await expect(
      cachedBuild(cache, 'k', async () => {
        throw new Error('npm pack failed');
      }),
    ).rejects.toThrow('npm pack failed');
    expect(readdirSync(cache).filter((name) => name !== 'k.building')).toEqual([]);
    expect(await cachedBuild(cache, 'k', async () => {})).toBe(join(cache, 'k'));
  });
});
