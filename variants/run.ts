/**
 * `npm run contract:variants`: runs the contract suite, in safe and in full mode, against every
 * legitimate variant of the mock (variants.ts: a rewriting proxy in front of a fresh mock) and
 * prints how many it passed, beside the kill rate of the last mutation run (mutation/, wrong
 * variants): the suite is strong when it kills every wrong variant and passes every legitimate
 * one. Writes reports/variants.json and reports/suite-strength.md. Loopback only; every run is
 * bounded by a timeout.
 *
 * Usage: npm run contract:variants [-- [--dialect platform] <variant id> ...]
 * The dialect (`--dialect`, else CONTRACT_DIALECT; decision 026) is the one the proxy answers in
 * (the variant rewrites the reference's answer, the platform's mapping follows) and the suite
 * reads; a platform run writes reports/variants-platform.json and leaves the reference's
 * strength report as it is.
 * Ports: VARIANTS_PORT (the mock; the proxy listens on the next port), default 4370.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dialectArguments, proxyInDialect, startMockProcess } from './harness.ts';
import { startProxy } from './proxy.ts';
import { strengthReport, writeStrength } from './strength.ts';
import { variants } from './variants.ts';

const MOCK_PORT = Number(process.env.VARIANTS_PORT ?? 4370);
const PROXY_PORT = MOCK_PORT + 1;
// Only stops a hang: a full run takes four minutes and more on a loaded two-core machine, and a
// run cut short reads as a failure of the suite (as mutation/run.ts).
const RUN_TIMEOUT_MS = 900_000;
const MODES = ['safe', 'full'] as const;
const { dialect, ids: selected } = dialectArguments(process.argv.slice(2));
// A platform run keeps its reports beside the reference's, not over them.
const runName = (id: string, mode: string) =>
  dialect === 'reference' ? `${id}-${mode}` : `${id}-${mode}-${dialect}`;
const chosen = selected.length ? variants.filter((v) => selected.includes(v.id)) : variants;
const unknown = selected.filter((id) => !variants.some((v) => v.id === id));
if (unknown.length) {
  console.error(`unknown variant(s): ${unknown.join(', ')}`);
  process.exit(2);
}

function serveMock(): Promise<ChildProcess> {
  return startMockProcess(
    ['--import', 'tsx', 'bin/data-import-mock.ts', '--port', String(MOCK_PORT), '--quiet'],
    MOCK_PORT,
    'the mock',
  );
}

interface RunResult {
  mode: (typeof MODES)[number];
  passed: boolean;
  tests: { passed: number; failed: number; skipped: number };
  softFindings: { platform: number; kit: number };
  failures: string[];
  didNotRun?: string;
}

/** Runs a child process to its end (asynchronously: the proxy serves from this process). */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve) => {
    // Its own process group, so that a hang is stopped with the test runner and its workers,
    // not only npx (whose orphans would hold the pipe open and load the machine).
    const child = spawn(command, args, {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr = (stderr + d).slice(-10_000);
    });
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, RUN_TIMEOUT_MS);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stderr });
    });
  });
}

async function runSuite(
  id: string,
  mode: RunResult['mode'],
  env: Record<string, string>,
): Promise<RunResult> {
  const reports = join('reports', 'variants', runName(id, mode), 'reports');
  rmSync(join('reports', 'variants', runName(id, mode)), { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(CONTRACT_|BASE_URL|API_KEY|ACCESS_TOKEN|OBTAIN_TOKEN_|IMPORT_SUPPLIER)/.test(k),
    ),
  );
  const result = await run('npx', ['--no-install', 'playwright', 'test'], {
    ...clean,
    BASE_URL: `http://127.0.0.1:${PROXY_PORT}`,
    CONTRACT_MODE: mode,
    API_KEY: 'demo-api-key',
    CONTRACT_REPORTS_DIR: reports,
    CONTRACT_DIALECT: dialect,
    ...env,
  });
  const read = (file: string) =>
    existsSync(join(reports, file)) ? JSON.parse(readFileSync(join(reports, file), 'utf8')) : {};
  const playwright = read('playwright.json') as {
    stats?: { expected?: number; unexpected?: number; skipped?: number; flaky?: number };
    suites?: unknown[];
  };
  const summary = read('conformance-summary.json') as {
    sources?: { platform?: { softFindings?: number }; kit?: { softFindings?: number } };
    didNotRun?: string;
  };
  const failures: string[] = [];
  const walk = (
    suite: { title?: string; suites?: unknown[]; specs?: unknown[] },
    path: string[],
  ) => {
    for (const spec of (suite.specs ?? []) as { title: string; ok: boolean }[]) {
      if (!spec.ok) failures.push([...path, spec.title].filter(Boolean).join(' › '));
    }
    for (const child of (suite.suites ?? []) as { title?: string }[]) {
      walk(child, [...path, child.title ?? '']);
    }
  };
  for (const suite of (playwright.suites ?? []) as { title?: string }[]) walk(suite, []);
  const stats = playwright.stats ?? {};
  return {
    mode,
    passed: result.status === 0,
    tests: {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: stats.unexpected ?? (result.status === 0 ? 0 : 1),
      skipped: stats.skipped ?? 0,
    },
    softFindings: {
      platform: summary.sources?.platform?.softFindings ?? 0,
      kit: summary.sources?.kit?.softFindings ?? 0,
    },
    failures: failures.length
      ? failures
      : result.status === 0
        ? []
        : [
            `exit ${result.status ?? result.signal}: ${result.stderr.split('\n').slice(-5).join(' ')}`,
          ],
    ...(summary.didNotRun ? { didNotRun: summary.didNotRun } : {}),
  };
}

const rows: { id: string; description: string; cites: string; runs: RunResult[] }[] = [];
for (const variant of chosen) {
  const mock = await serveMock();
  const proxy = await startProxy(
    proxyInDialect(dialect, variant.handle),
    `http://127.0.0.1:${MOCK_PORT}`,
    PROXY_PORT,
  );
  const runs: RunResult[] = [];
  try {
    // Safe first, on the fresh mock: its supplier has no accounts yet, as a new supplier's.
    for (const mode of MODES) runs.push(await runSuite(variant.id, mode, variant.env ?? {}));
  } finally {
    await proxy.close();
    mock.kill();
    await new Promise((r) => mock.once('exit', r));
  }
  rows.push({ id: variant.id, description: variant.description, cites: variant.cites, runs });
  const line = runs
    .map(
      (r) =>
        `${r.mode} ${r.passed ? 'passed' : 'FAILED'} (${r.tests.passed} passed, ${r.tests.failed} failed, ${r.tests.skipped} skipped; soft: ${r.softFindings.platform} platform, ${r.softFindings.kit} kit)`,
    )
    .join('; ');
  console.log(`${runs.every((r) => r.passed) ? 'passed  ' : 'FAILED  '} ${variant.id}: ${line}`);
  for (const r of runs) for (const f of r.failures.slice(0, 8)) console.log(`    ${r.mode}: ${f}`);
}

if (dialect === 'reference') {
  const report = strengthReport({ variants: rows, complete: !selected.length });
  writeStrength(report);
  console.log(`\n${report.lines.join('\n')}`);
} else {
  const passed = rows.filter((r) => r.runs.every((run) => run.passed)).length;
  console.log(`\nlegitimate variants passed (${dialect} dialect): ${passed}/${rows.length}`);
  mkdirSync('reports', { recursive: true });
  const half = { finishedAt: new Date().toISOString(), complete: !selected.length, rows };
  writeFileSync(`reports/variants-${dialect}.json`, `${JSON.stringify(half, null, 2)}\n`);
}
process.exit(rows.every((r) => r.runs.every((run) => run.passed)) ? 0 : 1);
