/**
 * The kit as its users get it: the packed tarball (packaging/consumer-project.ts builds it once
 * per state of the sources), then a fresh project outside the repository that installs only the
 * tarball, msw and vitest from the registry. There, the public entries load in plain Node, a
 * TypeScript consumer type-checks, the three commands answer, and the README's examples run
 * exactly as printed, in order, against a fresh `data-import-mock` (the only change is the port:
 * the README's 4010 becomes a free one).
 *
 * No test here has a time limit that load can reach: each has a hang guard of many minutes.
 * Everything lives in one temporary directory that is removed afterwards; npm's own download
 * cache is used as npm always does.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  failure,
  HANG_GUARD_MS,
  type PackedKit,
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
/** A hang guard for a test, past every guard of the steps it runs. */
const GUARD = { timeout: 3 * HANG_GUARD_MS };

let work: string;
let app: string;
let packed: PackedKit;
const started: ChildProcess[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kit-consumer-'));
  packed = await packedKit();
  app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  // The versions the kit itself is tested with: the latest majors need a newer Node.
  const install = await run(
    'npm',
    [
      'install',
      packed.tarball,
      `msw@${kit.devDependencies.msw}`,
      `vitest@${kit.devDependencies.vitest}`,
    ],
    { cwd: app },
  );
  expect(install.code, failure('npm install', install)).toBe(0);
}, 3 * HANG_GUARD_MS);

afterAll(() => {
  for (const child of started) stop(child);
  if (work) rmSync(work, { recursive: true, force: true });
});

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
      readFileSync(join(app, 'node_modules', kit.name, 'package.json'), 'utf8'),
    ) as { exports: Record<string, string | Record<string, string>>; bin: Record<string, string> };
    const targets = Object.values(manifest.exports).flatMap((t) =>
      typeof t === 'string' ? [t] : Object.values(t),
    );
    for (const target of [...targets, ...Object.values(manifest.bin)]) {
      expect(packed.files, target).toContain(target.replace(/^\.\//, ''));
    }
  });

  test('its dependencies are what its built code imports, with msw as a peer', () => {
    const dir = join(app, 'node_modules', kit.name);
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
    const result = await run('node', ['--input-type=module', '-e', script], { cwd: app });
    expect(result.code, failure('node', result)).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      same: true,
      server: 'function',
      required: 'function',
      openapi: '3.1.0',
      errors: 0,
    });
  });

  test('the commands answer --help and --version, and a bad argument exits 2', async () => {
    for (const bin of ['data-import-mock', 'data-import-fixtures', 'data-import-contract']) {
      const help = await run('npx', ['--no-install', bin, '--help'], { cwd: app });
      expect(help.code, failure(`${bin} --help`, help)).toBe(0);
      expect(help.stdout).toContain(`Usage: ${bin}`);
      const version = await run('npx', ['--no-install', bin, '--version'], { cwd: app });
      expect(version.stdout.trim()).toBe(kit.version);
    }
    const badPort = await run('npx', ['--no-install', 'data-import-mock', '--port', 'x'], {
      cwd: app,
    });
    expect(badPort.code).toBe(2);
    const badKind = await run('npx', ['--no-install', 'data-import-fixtures', 'no-such-kind'], {
      cwd: app,
    });
    expect(badKind.code).toBe(2);
    const noTarget = await run('npx', ['--no-install', 'data-import-contract'], { cwd: app });
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
      { cwd: app },
    );
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('API_KEY');
  });

  test('data-import-fixtures domestic-account --count 3 gives three accounts the mock accepts', async () => {
    const mock = await startMock(app, 'npx --no-install data-import-mock');
    started.push(mock.child);
    const result = await run(
      'npx',
      ['--no-install', 'data-import-fixtures', 'domestic-account', '--count', '3'],
      { cwd: app },
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
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const examples = readmeExamples(readme);

  test('has an example for each user: in-process, standalone, CI and QA', () => {
    const shell = examples.filter((e) => e.kind === 'sh').map((e) => e.code);
    expect(examples.filter((e) => e.kind === 'start')).toHaveLength(1);
    expect(examples.some((e) => e.kind === 'file' && e.name?.endsWith('.test.ts'))).toBe(true);
    expect(shell.some((c) => c.includes('npx vitest run'))).toBe(true);
    expect(shell.some((c) => c.includes('$B/v1/data-import/'))).toBe(true);
    expect(shell.some((c) => c.includes('npx data-import-contract'))).toBe(true);
    expect(shell.some((c) => c.includes('npx data-import-fixtures'))).toBe(true);
  });

  test('its examples run as printed, in order, against a fresh data-import-mock', async () => {
    for (const example of examples.filter((e) => e.kind === 'file')) {
      writeFileSync(join(app, example.name as string), example.code);
    }
    const [start] = examples.filter((e) => e.kind === 'start');
    const mock = await startMock(app, (start?.code ?? '').trim());
    started.push(mock.child);
    const commands = examples
      .filter((e) => e.kind === 'sh')
      .flatMap((e) => shellCommands(e.code.replaceAll(README_BASE, mock.base), e.line));
    const result = await run('bash', ['-c', sessionScript(commands)], { cwd: app });
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
    stop(mock.child);
  });

  test('its TypeScript example type-checks in a strict NodeNext project, without @types/node', async () => {
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
        },
        include: ['*.ts'],
      }),
    );
    for (const example of examples.filter((e) => e.kind === 'file')) {
      writeFileSync(join(app, example.name as string), example.code);
    }
    writeFileSync(
      join(app, 'entries.ts'),
      [
        `import * as kit from '${kit.name}';`,
        `import { type components, dataImport } from '${kit.name}/spec';`,
        `import { type DataImportMock, createDataImportMock } from '${kit.name}/mocks';`,
        `import { domesticAccount, invalidTwins } from '${kit.name}/fixtures';`,
        "type Account = components['schemas']['Account'];",
        'const account: Account = domesticAccount({ seed: 1 });',
        'const mock: DataImportMock = createDataImportMock();',
        "const errors: unknown[] = dataImport.validateRequestBody('validateAccount', account);",
        "export const all = [kit.dataImport, mock.handlers, errors, invalidTwins('domestic-account')];",
        '',
      ].join('\n'),
    );
    // The repository's TypeScript, run on the consumer's files: it resolves everything from the
    // consumer's node_modules.
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run('node', [tsc, '-p', app], { cwd: app });
    expect(result.code, failure('tsc --noEmit', result)).toBe(0);
  });
});
