#!/usr/bin/env node
/**
 * `npm start` in a clone: the standalone mock as the package runs it, compiled
 * (`dist/bin/data-import-mock.js`), so that starting it does not compile the kit's TypeScript
 * first (decision 016: a restart on a large store answers within 2 s). `npm run build` runs
 * first when a source file is newer than dist/; when the build fails (a type error while
 * editing), the mock runs from its sources through tsx instead, as before. Plain JavaScript, so
 * that nothing compiles it either.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = `${root}dist/bin/data-import-mock.js`;
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

const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
const stale = sources.some((source) => newest(`${root}${source}`) > builtAt);
let built = !stale;
if (stale) {
  console.error('npm start: sources changed since the last build; running npm run build');
  built =
    spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }).status === 0;
}
if (built) {
  await import(pathToFileURL(entry).href);
} else {
  console.error('npm start: the build failed; starting from the sources through tsx');
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', `${root}bin/data-import-mock.ts`, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}
