/**
 * What the packaging tests share: the packed kit, built once per state of the sources, and fresh
 * consumer projects that install it the way the README says.
 *
 * No step here is bounded by a limit that a busy machine can reach: readiness is awaited by
 * watching for what the step prints, and every child process has a hang guard of many minutes,
 * a backstop against a process that never ends, not a deadline.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** The repository's root directory. */
export const root = fileURLToPath(new URL('..', import.meta.url));

/** How long a child process may run before it is taken for hung: a backstop, not a limit. */
export const HANG_GUARD_MS = 20 * 60_000;

/** What a finished child process printed. */
export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment of everything the consumer runs: the machine's basics only, so that nothing of
 * the repository leaks in (npm's `npm_config_*` of `npm test`, the repository's node_modules/.bin
 * on PATH, the contract suite's settings). npm uses its download cache first and skips the audit
 * and funding calls, as settings of the environment, so the README's commands stay as printed.
 */
export function consumerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .join(delimiter);
  const keep = ['HOME', 'TMPDIR', 'LANG', 'CI', 'npm_config_registry', 'npm_config_cache'];
  const env: NodeJS.ProcessEnv = {
    PATH: path,
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  for (const name of keep) if (process.env[name]) env[name] = process.env[name];
  return { ...env, ...extra };
}

/** Runs a command to its end (or to the hang guard) and returns what it printed. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? consumerEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const guard = setTimeout(() => {
      stop(child);
      reject(new Error(`${command} ${args.join(' ')} hung\n${stdout}\n${stderr}`));
    }, HANG_GUARD_MS);
    child.on('error', (error) => {
      clearTimeout(guard);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Stops a process a test started, with the processes it started (its own group). */
export function stop(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** A running `data-import-mock` and its base URL. */
export interface StartedMock {
  child: ChildProcess;
  base: string;
}

/**
 * Starts the mock with a shell command line (a free port is added) and resolves once its banner
 * says where it listens; a mock that stops first rejects with what it printed.
 */
export function startMock(cwd: string, commandLine: string): Promise<StartedMock> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `exec ${commandLine} --port 0`], {
      cwd,
      env: consumerEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    const guard = setTimeout(() => {
      stop(child);
      reject(new Error(`the mock did not start:\n${out}`));
    }, HANG_GUARD_MS);
    const onData = (chunk: Buffer) => {
      out += chunk;
      const banner = /Data-Import mock on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (banner) {
        clearTimeout(guard);
        resolve({ child, base: banner[1] as string });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => {
      clearTimeout(guard);
      reject(new Error(`the mock stopped (exit ${code}):\n${out}`));
    });
  });
}

/** A failure message with the end of what the command printed. */
export function failure(what: string, result: Result): string {
  return `${what} exited ${result.code}\n--- stdout\n${result.stdout.slice(-6000)}\n--- stderr\n${result.stderr.slice(-6000)}`;
}

/** The packed kit: its tarball and the files `npm pack` put in it. */
export interface PackedKit {
  tarball: string;
  files: string[];
}

/**
 * What the build reads: the directories compiled from (every `include` of tsconfig.build.json, a
 * unit test holds it) and the files beside them. A source left out here would let a change reuse
 * a stale cached tarball.
 */
export const PACKED_SOURCES = [
  'package.json',
  'package-lock.json',
  'README.md',
  'LICENSE',
  'CHANGELOG.md',
  'tsconfig.json',
  'tsconfig.build.json',
  'index.ts',
  'playwright.config.ts',
  'scripts/build.ts',
  'scripts/build-documents.ts',
  'bin',
  'spec',
  'mocks',
  'fixtures',
  'contract-tests',
  'traffic',
  'console',
  'docs',
];

/** A digest of every source file the packed package is built from (git's view of the tree). */
async function sourcesKey(): Promise<string> {
  const listed = await run(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...PACKED_SOURCES],
    { cwd: root, env: process.env },
  ).catch((error: Error) => ({ code: null, stdout: '', stderr: error.message }));
  // Outside a git checkout nothing tells the sources apart: a key of its own builds afresh.
  if (listed.code !== 0) return `unlisted-${process.pid}-${Date.now()}`;
  const hash = createHash('sha256');
  for (const file of listed.stdout.split('\0').filter(Boolean).sort()) {
    hash.update(`${file}\0`);
    hash.update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : 'deleted');
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** True while the process of that id runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let packing: Promise<PackedKit> | undefined;

/**
 * The kit as `npm pack` makes it, built once per state of the sources: `npm pack` builds (its
 * `prepack`), so the tarball is cached under node_modules/.cache, keyed by a digest of the
 * sources, and every test file, worker and run of the same sources shares it.
 */
export function packedKit(): Promise<PackedKit> {
  packing ??= (async () => {
    const cache = join(root, 'node_modules', '.cache', 'data-import-kit-pack');
    const entry = await cachedBuild(cache, await sourcesKey(), async (dir) => {
      const pack = await run('npm', ['pack', '--json', '--pack-destination', dir], {
        cwd: root,
        env: consumerEnv(),
      });
      if (pack.code !== 0) throw new Error(failure('npm pack', pack));
      const [info] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[\n'))) as {
        filename: string;
        files: { path: string }[];
      }[];
      if (!info) throw new Error(failure('npm pack gave no package', pack));
      const packed: PackedKit = { tarball: info.filename, files: info.files.map((f) => f.path) };
      writeFileSync(join(dir, 'pack.json'), JSON.stringify(packed));
    });
    const info = JSON.parse(readFileSync(join(entry, 'pack.json'), 'utf8')) as PackedKit;
    return { tarball: join(entry, info.tarball), files: info.files };
  })();
  return packing;
}

/**
 * The directory `cache/key`, made by `build` unless it exists, and made once however many
 * processes ask at the same time: a lock directory (atomic to create) lets one build while the
 * others poll for the result; a lock whose process is gone is taken over. A finished build is
 * renamed into place, so a directory under its key is always complete; older keys are removed.
 */
export async function cachedBuild(
  cache: string,
  key: string,
  build: (dir: string) => Promise<void>,
): Promise<string> {
  mkdirSync(cache, { recursive: true });
  const entry = join(cache, key);
  const lock = join(cache, 'lock');
  const started = Date.now();
  for (;;) {
    if (existsSync(entry)) return entry;
    try {
      mkdirSync(lock);
    } catch {
      const owner = Number(readFileOr(join(lock, 'pid'), '0'));
      // A lock without an owner for a minute lost its process between the two steps above.
      const orphan = owner === 0 && Date.now() - mtimeOr(lock, Date.now()) > 60_000;
      if ((owner > 0 && !alive(owner)) || orphan) rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > HANG_GUARD_MS) throw new Error(`${lock} was never released`);
      await sleep(500);
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      if (existsSync(entry)) return entry;
      const building = `${entry}.building`;
      rmSync(building, { recursive: true, force: true });
      mkdirSync(building);
      await build(building);
      // Older builds are of sources that no longer exist.
      for (const old of readdirSync(cache)) {
        if (old !== 'lock' && old !== `${key}.building`)
          rmSync(join(cache, old), { recursive: true, force: true });
      }
      renameSync(building, entry);
      return entry;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

function mtimeOr(path: string, fallback: number): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return fallback;
  }
}

function readFileOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
}

/** The module system of a fresh project: `npm init -y`'s default, or ES modules. */
export type ProjectType = 'commonjs' | 'module';

/**
 * A fresh project as a user makes one, `npm init -y` (plus `"type": "module"` for the ES module
 * variant), that runs the README's install commands as printed, with the kit's name standing
 * for the packed tarball.
 */
export async function consumerProject(
  dir: string,
  type: ProjectType,
  kit: PackedKit,
  installs: readonly string[],
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const init = await run('npm', ['init', '-y'], { cwd: dir });
  if (init.code !== 0) throw new Error(failure('npm init -y', init));
  if (type === 'module') {
    const set = await run('npm', ['pkg', 'set', 'type=module'], { cwd: dir });
    if (set.code !== 0) throw new Error(failure('npm pkg set type=module', set));
  }
  for (const command of installs) {
    const line = command.replace(/(?<=\s)data-import-contract-kit(?=\s|$)/, kit.tarball);
    const install = await run('bash', ['-c', line], { cwd: dir });
    if (install.code !== 0) throw new Error(failure(`${type} project: ${command}`, install));
  }
}
