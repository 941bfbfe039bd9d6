#!/usr/bin/env node
/**
 * `npm start` in a clone: the standalone mock as the package runs it, compiled
 * (`dist/bin/data-import-mock.js`), so that starting it does not compile the kit's TypeScript
 * first (decision 016: a restart on a large store answers within 2 s).
 *
 * When there is no complete build yet (a fresh clone) or a source file is newer than it, the mock
 * starts from its sources through tsx at once, which answers about as soon, and `npm run build`
 * runs in the background (one at a time, at low priority, its output in `dist-build.log`) so that
 * the next start is compiled: a first start never waits for a build (decision 019). A build is
 * complete when its last step wrote `dist/.build-complete`: a start never runs a half-written
 * dist/. Plain JavaScript, so that nothing compiles it either.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = `${root}dist/bin/data-import-mock.js`;
const complete = `${root}dist/.build-complete`;
const lock = `${root}.start-build.lock`;
const log = `${root}dist-build.log`;
/** A build lock older than this was left by a build that was killed. */
const STALE_LOCK_MS = 15 * 60_000;
// What tsconfig.build.json compiles, and what changes the build itself.
const sources = [
  'index.ts',
  'bin',
  'spec',
  'mocks',
  'fixtures',
  'contract-tests',
  'console/server',
  'console/web',
  'docs/reference',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts/build.ts',
];

/** The newest modification time under a path, in ms (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    latest = Math.max(latest, newest(`${path}/${name}`));
  }
  return latest;
}

/** Takes the build lock (a directory: made atomically), or says why not. */
function takeLock() {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    if (Date.now() - statSync(lock).mtimeMs < STALE_LOCK_MS) return false;
    rmSync(lock, { recursive: true, force: true });
    return takeLock();
  }
}

/** Runs `npm run build` detached and at low priority; it frees the lock when it ends. */
function buildInBackground() {
  if (!takeLock()) return 'a build is already running';
  const out = openSync(log, 'w');
  const child = spawn(
    'sh',
    ['-c', 'nice -n 10 npm run --silent build; status=$?; rmdir "$1"; exit $status', 'build', lock],
    { cwd: root, detached: true, stdio: ['ignore', out, out] },
  );
  child.unref();
  return 'building dist/ in the background for the next start (its output: dist-build.log)';
}

const builtAt = existsSync(complete) && existsSync(entry) ? statSync(complete).mtimeMs : 0;
const changed = sources.filter((source) => newest(`${root}${source}`) > builtAt);
if (builtAt > 0 && changed.length === 0) {
  await import(pathToFileURL(entry).href);
} else {
  const why =
    builtAt === 0
      ? 'no compiled build in this clone yet'
      : `sources changed since the last build (${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ', …' : ''})`;
  console.error(`npm start: ${why}; starting from the sources through tsx, ${buildInBackground()}`);
  const mock = spawn(
    process.execPath,
    ['--import', 'tsx', `${root}bin/data-import-mock.ts`, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  // A signal meant for the mock (npm passes Ctrl-C and kill on to this process only) reaches it,
  // and its exit code is this one's.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => mock.kill(signal));
  }
  mock.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
}
