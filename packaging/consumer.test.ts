/**
 * The kit as its users get it: the packed tarball (packaging/consumer-project.ts builds it once
 * per state of the sources), installed into fresh `npm init -y` projects outside the repository,
 * one CommonJS (npm's default) and one `"type": "module"`, by the README's own install commands.
 * There, the public entries load in plain Node, the four commands answer, and the README's
 * examples run exactly as printed, in order, against a fresh `data-import-mock` (the only change
 * is the port: the README's 4010 becomes a free one): the in-process test file under Vitest and
 * under Jest's ESM mode, and its TypeScript under `strict` with `skipLibCheck` true (as printed)
 * and false.
 *
 * No test here has a time limit that load can reach: each has a hang guard of many minutes.
 * Everything lives in one temporary directory that is removed afterwards; npm's own download
 * cache is used as npm always does.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  consumerProject,
  failure,
  HANG_GUARD_MS,
  type PackedKit,
  type ProjectType,
  packedKit,
  root,
  run,
  startMock,
  stop,
} from './consumer-project.ts';
import {
  matchesSample,
  readmeExamples,
  sessionAnswers,
  sessionScript,
  shellCommands,
} from './readme-examples.ts';

const kit = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  devDependencies: Record<string, string>;
};
const README_BASE = 'http://127.0.0.1:4010';
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const examples = readmeExamples(readme);
const installs = examples.filter((e) => e.kind === 'install').flatMap((e) => shellCommands(e.code));
const PROJECT_TYPES: readonly ProjectType[] = ['commonjs', 'module'];
/** A hang guard for a test, past every guard of the steps it runs. */
const GUARD = { timeout: 3 * HANG_GUARD_MS };

let work: string;
let packed: PackedKit;
const projects = new Map<ProjectType, string>();
const started: ChildProcess[] = [];

/** The project of one module system (made in beforeAll). */
function project(type: ProjectType): string {
  const dir = projects.get(type);
  if (!dir) throw new Error(`no ${type} project`);
  return dir;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kit-consumer-'));
  packed = await packedKit();
  await Promise.all(
    PROJECT_TYPES.map(async (type) => {
      const dir = join(work, `app-${type}`);
      await consumerProject(
        dir,
        type,
        packed,
        installs.map((c) => c.command),
      );
      for (const example of examples.filter((e) => e.kind === 'file')) {
        writeFileSync(join(dir, example.name as string), example.code);
      }
      projects.set(type, dir);
    }),
  );
}, 3 * HANG_GUARD_MS);

afterAll(() => {
  for (const child of started) stop(child);
  if (work) rmSync(work, { recursive: true, force: true });
}, HANG_GUARD_MS);

describe('the packed package', GUARD, () => {
  test('holds the built entries, bins, documents and licence, and no tests or harness', () => {
    for (const file of [
      'package.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/spec/index.js',
      'dist/spec/index.d.ts',
      'dist/spec/index.js.map',
      'dist/mocks/index.js',
      'dist/mocks/node.d.ts',
      'dist/fixtures/index.d.ts',
      'dist/spec/dist/openapi.json',
      'dist/spec/dist/openapi.yaml',
      'dist/bin/data-import-mock.js',
      'dist/bin/data-import-fixtures.js',
      'dist/bin/data-import-contract.js',
      'dist/bin/data-import-traffic.js',
      'dist/playwright.config.js',
      'dist/contract-tests/lifecycle.spec.js',
    ]) {
      expect(packed.files, file).toContain(file);
    }
    const unwanted = packed.files.filter(
      (path) =>
        /\.test\.|test-helper|test-support|test-client|(^|\/)bench\.|\.ts$/.test(
          path.replace(/\.d\.ts$/, '.d'),
        ) ||
        /^(mutation|benchmarks|scripts|spec|mocks|fixtures|contract-tests|docs|packaging|bin)\//.test(
          path,
        ),
    );
    expect(unwanted).toEqual([]);
  });

  test('every export of package.json points at a packed file', () => {
    const manifest = JSON.parse(
      readFileSync(join(project('module'), 'node_modules', kit.name, 'package.json'), 'utf8'),
    ) as { exports: Record<string, Conditions>; bin: Record<string, string> };
    const targets = Object.values(manifest.exports).flatMap(targetsOf);
    expect(targets).toContain('./dist/types-require/mocks/index.d.ts');
    for (const target of [...targets, ...Object.values(manifest.bin)]) {
      expect(packed.files, target).toContain(target.replace(/^\.\//, ''));
    }
  });

  test('its dependencies are what its built code imports, with msw as a peer', () => {
    const dir = join(project('module'), 'node_modules', kit.name);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
    };
    const imported = new Set<string>();
    for (const file of packed.files.filter((path) => path.endsWith('.js'))) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        // Import and export statements and dynamic imports; JSDoc examples are not code.
        if (!/^\s*(import|export)\b|\bimport\(/.test(line)) continue;
        for (const match of line.matchAll(
          /(?:from\s*|import\(\s*|^\s*import\s+)['"]([^'"]+)['"]/g,
        )) {
          const specifier = match[1] as string;
          if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
          imported.add(
            specifier
              .split('/')
              .slice(0, specifier.startsWith('@') ? 2 : 1)
              .join('/'),
          );
        }
      }
    }
    expect(Object.keys(manifest.peerDependencies)).toEqual(['msw']);
    expect([...imported].sort()).toEqual(
      [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)].sort(),
    );
  });

  test('its entries load in plain Node, as ES modules and through require()', async () => {
    const script = [
      `const kit = await import('${kit.name}');`,
      `const mocks = await import('${kit.name}/mocks');`,
      `const node = await import('${kit.name}/mocks/node');`,
      `const fixtures = await import('${kit.name}/fixtures');`,
      `const { dataImport } = await import('${kit.name}/spec');`,
      `const { createRequire } = await import('node:module');`,
      'const require = createRequire(import.meta.url);',
      `const doc = require('${kit.name}/spec/openapi.json');`,
      `const viaRequire = require('${kit.name}/mocks');`,
      'const account = fixtures.domesticAccount({ seed: 1 });',
      'console.log(JSON.stringify({',
      '  same: kit.createDataImportMock === mocks.createDataImportMock,',
      '  server: typeof node.createMockServer, required: typeof viaRequire.createDataImportMock,',
      "  openapi: doc.openapi, errors: dataImport.validateRequestBody('validateAccount', account).length,",
      '}));',
    ].join('\n');
    const result = await run('node', ['--input-type=module', '-e', script], {
      cwd: project('module'),
    });
    expect(result.code, failure('node', result)).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      same: true,
      server: 'function',
      required: 'function',
      openapi: '3.1.0',
      errors: 0,
    });
  });

  test('its entries load through require() in a CommonJS project', async () => {
    const script = [
      `const kit = require('${kit.name}');`,
      `const node = require('${kit.name}/mocks/node');`,
      `const { domesticAccount } = require('${kit.name}/fixtures');`,
      `const { dataImport } = require('${kit.name}/spec');`,
      "const errors = dataImport.validateRequestBody('validateAccount', domesticAccount({ seed: 1 }));",
      'console.log(JSON.stringify({ mock: typeof kit.createDataImportMock, server: typeof node.createMockServer, errors: errors.length }));',
    ].join('\n');
    const result = await run('node', ['-e', script], { cwd: project('commonjs') });
    expect(result.code, failure('node', result)).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ mock: 'function', server: 'function', errors: 0 });
  });

  test('the commands answer --help and --version, and a bad argument exits 2', async () => {
    for (const bin of [
      'data-import-mock',
      'data-import-fixtures',
      'data-import-contract',
      'data-import-traffic',
    ]) {
      const help = await run('npx', ['--no-install', bin, '--help'], { cwd: project('module') });
      expect(help.code, failure(`${bin} --help`, help)).toBe(0);
      expect(help.stdout).toContain(`Usage: ${bin}`);
      const version = await run('npx', ['--no-install', bin, '--version'], {
        cwd: project('module'),
      });
      expect(version.stdout.trim()).toBe(kit.version);
    }
    const badPort = await run('npx', ['--no-install', 'data-import-mock', '--port', 'x'], {
      cwd: project('module'),
    });
    expect(badPort.code).toBe(2);
    const badKind = await run('npx', ['--no-install', 'data-import-fixtures', 'no-such-kind'], {
      cwd: project('module'),
    });
    expect(badKind.code).toBe(2);
    const noTarget = await run('npx', ['--no-install', 'data-import-contract'], {
      cwd: project('module'),
    });
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toContain('--base-url');
    const noKey = await run(
      'npx',
      [
        '--no-install',
        'data-import-contract',
        '--base-url',
        'http://127.0.0.1:9',
        '--mode',
        'safe',
      ],
      { cwd: project('module') },
    );
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('API_KEY');
  });

  test('data-import-fixtures domestic-account --count 3 gives three accounts the mock accepts', async () => {
    const mock = await startMock(project('module'), 'npx --no-install data-import-mock');
    started.push(mock.child);
    const result = await run(
      'npx',
      ['--no-install', 'data-import-fixtures', 'domestic-account', '--count', '3'],
      { cwd: project('module') },
    );
    expect(result.code, failure('data-import-fixtures', result)).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    const login = await fetch(`${mock.base}/v1/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
        variables: { input: { APIKey: 'demo-api-key' } },
      }),
    });
    const token = ((await login.json()) as { data: { obtainKrakenToken: { token: string } } }).data
      .obtainKrakenToken.token;
    for (const line of lines) {
      const answer = await fetch(`${mock.base}/v1/data-import/validate-account/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
        body: line,
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
    }
    stop(mock.child);
  });
});

describe('the README, from the package', GUARD, () => {
  test('has an example for each user: in-process under Vitest and Jest, standalone, CI and QA', () => {
    const shell = examples.filter((e) => e.kind === 'sh').map((e) => e.code);
    expect(examples.filter((e) => e.kind === 'start')).toHaveLength(1);
    expect(examples.some((e) => e.kind === 'file' && e.name?.endsWith('.test.ts'))).toBe(true);
    expect(examples.some((e) => e.kind === 'file' && e.name === 'tsconfig.json')).toBe(true);
    expect(shell.some((c) => c.includes('npx vitest run'))).toBe(true);
    expect(shell.some((c) => /^NODE_OPTIONS=--experimental-vm-modules npx jest /m.test(c))).toBe(
      true,
    );
    expect(shell.some((c) => /^npx tsc$/m.test(c))).toBe(true);
    expect(shell.some((c) => c.includes('$B/v1/data-import/'))).toBe(true);
    expect(shell.some((c) => c.includes('npx data-import-contract'))).toBe(true);
    expect(shell.some((c) => c.includes('npx data-import-fixtures'))).toBe(true);
  });

  test('its install commands install every package its examples use, at the tested versions', () => {
    const installed = new Map<string, string>();
    for (const { command } of installs) {
      expect(command).toMatch(/^npm install --save-dev /);
      for (const spec of command.split(/\s+/).slice(3)) {
        const at = spec.lastIndexOf('@');
        installed.set(at > 0 ? spec.slice(0, at) : spec, at > 0 ? spec.slice(at + 1) : '');
      }
    }
    const used = new Set<string>([kit.name]);
    for (const example of examples) {
      for (const match of example.code.matchAll(/from '((?:@[^/']+\/)?[^/'.][^/']*)/g))
        used.add(match[1] as string);
      for (const match of example.code.matchAll(/\bnpx (?:--no-install )?([a-z][\w-]*)/g))
        used.add(match[1] as string);
    }
    const bins: Record<string, string> = {
      'data-import-mock': kit.name,
      'data-import-fixtures': kit.name,
      'data-import-contract': kit.name,
      tsc: 'typescript',
    };
    const packages = [...used].map((name) => bins[name] ?? name);
    expect(packages.filter((name) => !installed.has(name))).toEqual([]);
    for (const name of ['msw', 'vitest', 'typescript'])
      expect(installed.get(name), name).toBe(kit.devDependencies[name]);
  });

  // The two projects side by side (the concurrent tests of a suite run together, the suites in
  // turn): first the README's walk in each, then, once no walk writes there, the type checks.
  describe('its examples run as printed, in order, against a fresh data-import-mock', () => {
    for (const type of PROJECT_TYPES)
      test.concurrent(`in a fresh ${type} project`, async ({ expect }) => {
        const dir = project(type);
        const [start] = examples.filter((e) => e.kind === 'start');
        const mock = await startMock(dir, (start?.code ?? '').trim());
        started.push(mock.child);
        const commands = examples
          .filter((e) => e.kind === 'sh')
          .flatMap((e) => shellCommands(e.code.replaceAll(README_BASE, mock.base), e.line));
        const result = await run('bash', ['-c', sessionScript(commands)], { cwd: dir });
        stop(mock.child);
        const answers = sessionAnswers(result.stdout);
        const stoppedAt = commands[answers.length];
        expect(
          result.code,
          failure(`README line ${stoppedAt?.line}: ${stoppedAt?.command}`, result),
        ).toBe(0);
        const mismatches = commands
          .map((c, i) => ({ ...c, printed: answers[i] ?? '' }))
          .filter((c) => c.sample !== undefined && !matchesSample(c.printed, c.sample))
          .map(
            (c) =>
              `README line ${c.line}: ${c.command}\n  sample:  ${c.sample}\n  printed: ${c.printed}`,
          );
        expect(mismatches).toEqual([]);
      });
  });

  describe('its TypeScript and every public entry type-check under strict, with skipLibCheck true and false', () => {
    for (const type of PROJECT_TYPES)
      test.concurrent(`in a fresh ${type} project`, async ({ expect }) => {
        const dir = project(type);
        writeFileSync(join(dir, 'entries.ts'), ENTRIES);
        const failed: string[] = [];
        for (const skipLibCheck of [true, false]) {
          const config = `tsconfig.skiplibcheck-${skipLibCheck}.json`;
          writeFileSync(
            join(dir, config),
            JSON.stringify({ extends: './tsconfig.json', compilerOptions: { skipLibCheck } }),
          );
          const tsc = await run('npx', ['--no-install', 'tsc', '-p', config], { cwd: dir });
          if (tsc.code !== 0) failed.push(failure(`tsc -p ${config} (${type})`, tsc));
        }
        expect(failed).toEqual([]);
      });
  });
});

/** The exported files of an export's conditions, however nested. */
type Conditions = string | { [condition: string]: Conditions };
function targetsOf(conditions: Conditions): string[] {
  return typeof conditions === 'string'
    ? [conditions]
    : Object.values(conditions).flatMap(targetsOf);
}

/**
 * Every public entry used with its types: what a TypeScript consumer may import, including the
 * Node-only entry (whose data directory must not bring lmdb's declarations along) and a
 * builder's account identity, which is always set.
 */
const ENTRIES = [
  `import * as kit from '${kit.name}';`,
  `import { type components, dataImport } from '${kit.name}/spec';`,
  `import { type DataImportMock, createDataImportMock } from '${kit.name}/mocks';`,
  `import { createMockServer, type DataDir, openDataDir } from '${kit.name}/mocks/node';`,
  `import { businessAccount, domesticAccount, invalidTwins } from '${kit.name}/fixtures';`,
  `import { setupServer } from 'msw/node';`,
  "type Account = components['schemas']['Account'];",
  'const account: Account = domesticAccount({ seed: 1 });',
  'const external: string = domesticAccount({ seed: 1 }).external_account_number;',
  'const business: string = businessAccount({ seed: 1 }).external_account_number;',
  'const mock: DataImportMock = createDataImportMock();',
  'const server = setupServer(...mock.handlers);',
  'const open: (path: string) => DataDir = openDataDir;',
  "const errors: unknown[] = dataImport.validateRequestBody('validateAccount', account);",
  "export const all = [kit.dataImport, server, createMockServer, open, external, business, errors, invalidTwins('domestic-account')];",
  '',
].join('\n');
