/**
 * What the two traffic proofs share (decision 029, "The proxy"): the kit's checking proxy
 * (traffic/proxy.ts, in this process) in front of a mutant or a variant of the mock, the contract
 * suite's traffic through it, and the proxy's error findings read back. The proxy judges from
 * traffic alone: it never sees which mutant or variant stands behind it.
 * Harness code only; loopback only; every suite run is bounded by a timeout.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckerResult } from '../traffic/checker.ts';
import type { FindingGroup } from '../traffic/findings.ts';
import { startTrafficProxy } from '../traffic/proxy.ts';

/** How long one suite run may take before it is stopped (the findings so far still count). */
const RUN_TIMEOUT_MS = 300_000;
/** Settings of this process that must not leak into the suite run as a child. */
const OWN_SETTINGS =
  /^(TEST_|PW_|PLAYWRIGHT_|CONTRACT_|BASE_URL|API_KEY|ACCESS_TOKEN|OBTAIN_TOKEN_|IMPORT_SUPPLIER|FORCE_COLOR|VITEST)/;

/** One suite run through the checking proxy. */
export interface ProxiedRun {
  /** The suite's own summary line (passed, failed, skipped). */
  summary: string;
  /** Whether the suite run ended by itself (not stopped by the timeout). */
  finished: boolean;
  exchanges: number;
  /** The proxy's error findings (reference rules broken), by (rule, operation, pointer). */
  errors: FindingGroup[];
  /** How many warning groups the proxy reported (platform facts, kit assumptions). */
  warnings: number;
  /** The warning groups themselves (a platform-only operation's findings are all warnings). */
  warningGroups: FindingGroup[];
}

/** The key a finding group is compared by across runs: (rule, operation, pointer). */
export function groupKey(group: Pick<FindingGroup, 'rule' | 'operation' | 'pointer'>): string {
  return `${group.rule} ${group.operation} ${group.pointer}`;
}

/** The error groups of `run` that `baseline` (the unmutated mock, same selection) did not show. */
export function newErrors(run: ProxiedRun, baseline: ProxiedRun): FindingGroup[] {
  const known = new Set(baseline.errors.map(groupKey));
  return run.errors.filter((g) => !known.has(groupKey(g)));
}

/** The `--grep` that selects the describes of `operations` (as mutation/run.ts selects them). */
export function grepFor(operations: string[]): string {
  return operations.map((op) => `${op} \\(`).join('|');
}

/** Runs the whole suite (never stopping at a failure, so the proxy sees all of its traffic). */
function playwright(
  args: string[],
  env: Record<string, string>,
): Promise<{ output: string; finished: boolean }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !OWN_SETTINGS.test(k)),
  ) as Record<string, string>;
  const child = spawn(
    'npx',
    ['--no-install', 'playwright', 'test', '--reporter=dot', '--retries=0', ...args],
    // Its own process group, so that the timeout stops the test runner and its workers with
    // npx: killing npx alone left Playwright running, holding the pipes open, and the run waited.
    { env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let stopped = false;
  const timer = setTimeout(() => {
    stopped = true;
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  }, RUN_TIMEOUT_MS);
  return new Promise((resolve) => {
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ output, finished: !stopped });
    });
  });
}

/** What one run through the proxy needs. */
export interface ProxiedRunOptions {
  /** The service behind the proxy (a mutant's or a variant's URL). */
  target: string;
  proxyPort: number;
  /** Playwright filters (`--grep ...`), [] for the whole suite. */
  args: string[];
  /** Extra settings for the suite (a variant's). */
  env?: Record<string, string>;
  /** Where the suite's reports go. */
  reportsDir: string;
}

/** Runs the suite in full mode with the checking proxy in front of `target`. */
export async function runThroughProxy(options: ProxiedRunOptions): Promise<ProxiedRun> {
  mkdirSync(options.reportsDir, { recursive: true });
  const proxy = await startTrafficProxy({ target: options.target, port: options.proxyPort });
  let ran: { output: string; finished: boolean };
  let result: CheckerResult;
  try {
    ran = await playwright(options.args, {
      BASE_URL: proxy.url,
      CONTRACT_MODE: 'full',
      API_KEY: 'demo-api-key',
      CONTRACT_REPORTS_DIR: options.reportsDir,
      CI: 'true',
      ...(options.env ?? {}),
    });
  } finally {
    result = await proxy.close();
  }
  const summary = (ran.output.match(/^\s+\d+ (passed|failed|skipped|flaky|did not run).*$/gm) ?? [])
    .map((l) => l.trim())
    .join(', ');
  return {
    summary: summary || ran.output.slice(-300).trim(),
    finished: ran.finished,
    exchanges: result.exchanges,
    errors: result.groups.filter((g) => g.severity === 'error'),
    warnings: result.groups.filter((g) => g.severity === 'warning').length,
    warningGroups: result.groups.filter((g) => g.severity === 'warning'),
  };
}

/** One line of an error group for a report: rule, operation, pointer, count, first message. */
export function describeGroup(g: FindingGroup): string {
  return `${g.rule} ${g.operation} ${g.pointer} (${g.count}x): ${g.first.message}`;
}

/** Writes `reports/<name>.json` and `reports/<name>.md`. */
export function writeResults(name: string, json: unknown, markdown: string[]): void {
  mkdirSync('reports', { recursive: true });
  writeFileSync(join('reports', `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(join('reports', `${name}.md`), `${markdown.join('\n')}\n`);
}
