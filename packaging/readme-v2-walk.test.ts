/**
 * Keeps the README's V2 walk true (decision 028): its commands are run exactly as printed, in one
 * bash session after the two walks it continues (they set `$B`, `$JSON`, `token` and
 * `account.json`, and import the account the V2 one must not collide with), against a fresh mock
 * on a free loopback port, and every printed answer is compared with what the mock said. The
 * packed package runs the same commands in packaging/consumer.test.ts; this test needs no pack, so
 * a change to the mock's V2 answers fails here at once.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createMockServer } from '../mocks/adapters/node-server.ts';
import { createDataImportMock } from '../mocks/create-mock.ts';
import { nodeEnv } from '../mocks/node-env.ts';
import { consumerEnv, HANG_GUARD_MS, root } from './consumer-project.ts';
import {
  matchesSample,
  readmeExamples,
  type ShellCommand,
  sessionAnswers,
  sessionScript,
  shellCommands,
} from './readme-examples.ts';

const README_BASE = 'http://127.0.0.1:4010';
const HEADING = '### Migrating with V2: schedule, poll until PROCESSED, then the v1 calls';
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'readme-v2-walk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The README's shell examples up to the V2 walk, and the V2 walk's own (by README line). */
function walks() {
  const headingLine = readme.split('\n').indexOf(HEADING) + 1;
  expect(headingLine, HEADING).toBeGreaterThan(0);
  const shell = readmeExamples(readme).filter((e) => e.kind === 'sh');
  const v2 = shell.find((e) => e.line > headingLine);
  expect(v2, 'a readme-test sh block under the V2 heading').toBeDefined();
  return { before: shell.filter((e) => e.line < headingLine), v2: v2! };
}

/**
 * The first walk reads the platform's example account from the package
 * (`data-import-contract-kit/spec/openapi.json`): here a stand-in package in the session's folder
 * gives the spec's bundle, the file the package ships under that name.
 */
function standInPackage() {
  const pkg = join(dir, 'node_modules', 'data-import-contract-kit');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({
      name: 'data-import-contract-kit',
      exports: { './spec/openapi.json': './openapi.json' },
    }),
  );
  copyFileSync(join(root, 'spec', 'dist', 'openapi.json'), join(pkg, 'openapi.json'));
}

/** Runs bash to its end (the mock answers in this process, so it must not be blocked). */
function bash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd: dir, env: consumerEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the README's V2 walk", () => {
  test('runs as printed after the walks it continues, and the mock answers what it shows', {
    timeout: HANG_GUARD_MS,
  }, async () => {
    const { before, v2 } = walks();
    standInPackage();
    const mock = createDataImportMock({ env: nodeEnv() });
    const server = createMockServer(mock.service);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const commandsOf = (code: string, line: number) =>
      shellCommands(code.replaceAll(README_BASE, base), line);
    const earlier = before.flatMap((e) => commandsOf(e.code, e.line));
    const own = commandsOf(v2.code, v2.line);
    const commands: ShellCommand[] = [...earlier, ...own];
    let result: Awaited<ReturnType<typeof bash>>;
    try {
      result = await bash(sessionScript(commands));
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const answers = sessionAnswers(result.stdout);
    const stoppedAt = commands[answers.length];
    expect(
      result.code,
      `README line ${stoppedAt?.line}: ${stoppedAt?.command}\n${result.stderr.slice(-3000)}`,
    ).toBe(0);
    const printed = commands.map((c, i) => ({ ...c, printed: answers[i] ?? '' }));
    const mismatches = printed
      .filter((c) => c.sample !== undefined && !matchesSample(c.printed, c.sample))
      .map(
        (c) =>
          `README line ${c.line}: ${c.command}\n  sample:  ${c.sample}\n  printed: ${c.printed}`,
      );
    expect(mismatches).toEqual([]);

    // Beyond the samples: the walk shows a task that ran in its window and whose identifier is
    // the account the v1 calls reach.
    const ownPrinted = printed.slice(earlier.length);
    expect(ownPrinted.filter((c) => c.sample !== undefined).length).toBeGreaterThanOrEqual(8);
    const status = JSON.parse(
      ownPrinted.find((c) => c.command.startsWith('curl -s $B/v2/data-import/accounts/'))!.printed,
    );
    const transfer = JSON.parse(
      ownPrinted.find((c) => c.command.includes('/v1/data-import/account-transfer-status/'))!
        .printed,
    );
    expect(status.kraken_identifier).toMatch(/^A-[0-9A-F]{8}$/);
    expect(transfer.service_account_number).toBe(status.kraken_identifier);
    const task = mock.service.state.accounts.get('DEMO_ENERGY/EXTERNAL-V2-1')?.v2Task;
    expect(task?.status).toBe('PROCESSED');
    expect(task?.events.map((e) => e.occurredAt)).toEqual([
      task?.createdAt,
      task?.windowStart,
      task?.windowStart,
    ]);
  });
});
