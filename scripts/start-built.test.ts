/**
 * `npm start` in a clone (scripts/start-built.mjs, decision 019): a first start answers from the
 * sources at once and builds in the background, saying so; the next start runs the build; a
 * changed source is named; one build runs at a time. Run on a stand-in clone whose build and
 * mock only print what ran, so that the test checks the choices, not the kit's compile.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const made: string[] = [];

/** A clone with the start script, a mock that prints where it ran from, and a build of it. */
function standInClone(): string {
  const dir = mkdtempSync(join(tmpdir(), 'start-built-'));
  made.push(dir);
  mkdirSync(join(dir, 'scripts'));
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(root, 'scripts/start-built.mjs'), join(dir, 'scripts/start-built.mjs'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(
    join(dir, 'bin/data-import-mock.ts'),
    "const args: string[] = process.argv.slice(2);\nconsole.log('from the sources ' + args.join(' '));\n",
  );
  writeFileSync(
    join(dir, 'build.mjs'),
    `import { mkdirSync, writeFileSync } from 'node:fs';
mkdirSync('dist/bin', { recursive: true });
writeFileSync('dist/bin/data-import-mock.js', "console.log('compiled ' + process.argv.slice(2).join(' '));\\n");
writeFileSync('dist/.build-complete', 'done\\n');
console.log('built');
`,
  );
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'stand-in', type: 'module', scripts: { build: 'node build.mjs' } }),
  );
  // Sources older than any build made from now on.
  const past = new Date(Date.now() - 3_600_000);
  for (const file of ['package.json', 'bin/data-import-mock.ts', 'bin'])
    utimesSync(join(dir, file), past, past);
  return dir;
}

function start(dir: string) {
  const run = spawnSync(process.execPath, ['scripts/start-built.mjs', '--port', '4999'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Waits for the background build to end: its lock gone (polled, no time limit of its own). */
async function buildEnded(dir: string) {
  while (existsSync(join(dir, '.start-build.lock'))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm start in a clone', () => {
  test('a first start runs from the sources at once, says so, and builds for the next start', async () => {
    const dir = standInClone();
    const first = start(dir);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('from the sources --port 4999');
    expect(first.stderr).toContain(
      'npm start: no compiled build in this clone yet; starting from the sources through tsx, building dist/ in the background for the next start',
    );
    await buildEnded(dir);
    expect(existsSync(join(dir, 'dist/.build-complete'))).toBe(true);

    const second = start(dir);
    expect(second.stdout).toContain('compiled --port 4999');
    expect(second.stderr).toBe('');
  });

  test('a build without its completion mark is not run', async () => {
    const dir = standInClone();
    mkdirSync(join(dir, 'dist/bin'), { recursive: true });
    writeFileSync(join(dir, 'dist/bin/data-import-mock.js'), "console.log('half-written');\n");
    const run = start(dir);
    expect(run.stdout).toContain('from the sources');
    expect(run.stdout).not.toContain('half-written');
    await buildEnded(dir);
  });

  test('a source newer than the build is named, and the mock runs from the sources', async () => {
    const dir = standInClone();
    start(dir);
    await buildEnded(dir);
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'bin/data-import-mock.ts'), future, future);
    const run = start(dir);
    expect(run.stdout).toContain('from the sources');
    expect(run.stderr).toContain('sources changed since the last build (bin)');
    await buildEnded(dir);
  });

  test('one build runs at a time: a start beside a running build does not start another', () => {
    const dir = standInClone();
    mkdirSync(join(dir, '.start-build.lock'));
    const run = start(dir);
    expect(run.stdout).toContain('from the sources');
    expect(run.stderr).toContain('a build is already running');
    expect(existsSync(join(dir, 'dist'))).toBe(false);
  });
});
