/**
 * `npm run traffic:proof`: the proof that the traffic proxy judges the kit's own mock clean
 * (decision 029, "The proxy"). One mock (the `data-import-mock` bin, in a process of its own)
 * behind one checking proxy with a redacted recording; through it, in order:
 *
 * 1. the README's two walks (a supplier's first ten minutes, then to a COMPLETED transfer), run
 *    as printed with `B` pointing at the proxy, each answer compared with the README's sample;
 * 2. the contract suite in full mode (`playwright test` with BASE_URL at the proxy);
 * 3. `data-import-fixtures send` of N generated accounts, staged and processed (10,000 here;
 *    `PROOF_ACCOUNTS` changes it).
 *
 * It fails (exit 1) on any error finding, any failed step, or a token or API key in the
 * recording. Reports: `reports/traffic-proof/` (the proxy's reports, the suite's, the recording).
 * Ports: PROOF_MOCK_PORT (4551) and PROOF_PROXY_PORT (4552), loopback only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  matchesSample,
  readmeExamples,
  sessionAnswers,
  sessionScript,
  shellCommands,
} from '../packaging/readme-examples.ts';
import type { CheckerResult } from '../traffic/checker.ts';
import { writeReports } from '../traffic/cli.ts';
import { startTrafficProxy } from '../traffic/proxy.ts';
import { openRecording, type RecordingSummary } from '../traffic/record.ts';
import { totals } from '../traffic/reports.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Settings of this process that must not leak into the suite run as a child. */
const OWN_SETTINGS =
  /^(TEST_|PW_|PLAYWRIGHT_|CONTRACT_|BASE_URL|API_KEY|ACCESS_TOKEN|FORCE_COLOR|VITEST)/;

/** What the proof runs. */
export interface ProofOptions {
  /** Accounts `fixtures send` stages and processes through the proxy (0: none). */
  accounts: number;
  /** Run the README's walks. */
  walks: boolean;
  /** Playwright arguments for the suite (file filters); undefined runs none, [] the whole. */
  suite?: string[];
  mockPort: number;
  proxyPort: number;
  /** Where the reports, the recording and the suite's reports go (emptied first). */
  dir: string;
  log?: (line: string) => void;
}

/** One step and how it ended. */
export interface ProofStep {
  name: string;
  ok: boolean;
  detail: string;
}

/** What the proof saw. */
export interface ProofResult {
  steps: ProofStep[];
  result: CheckerResult;
  recording: RecordingSummary;
  /** Secrets found in the recording (must be none). */
  leaks: string[];
}

/** A free loopback port (for the proof in `npm test`, where fixed ports could clash). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command to its end (output kept); the hang guard only stops one that never ends. */
function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  hangGuardMs = 3_600_000,
): Promise<{ code: number | null; output: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !OWN_SETTINGS.test(k)),
  ) as Record<string, string>;
  const child = spawn(command, args, {
    cwd: root,
    env: { ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), hangGuardMs);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Starts the mock bin and waits (bounded) until it answers. */
async function startMock(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bin/data-import-mock.ts', '--port', String(port), '--quiet'],
    { cwd: root, stdio: 'ignore' },
  );
  for (let i = 0; i < 1200; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/__mock/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the mock did not start on port ${port}`);
}

/**
 * The README's walks (the `sh` examples that talk to the mock with curl), as printed but with
 * `B` at the proxy and the spec example read from the clone; every answer checked against its
 * sample.
 */
async function walks(proxyUrl: string, dir: string): Promise<ProofStep> {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const blocks = readmeExamples(readme).filter((e) => e.kind === 'sh' && e.code.includes('curl'));
  const commands = blocks.flatMap((b) => shellCommands(b.code, b.line));
  const spec = JSON.stringify(join(root, 'spec/dist/openapi.json'));
  const script = sessionScript(
    commands.map((c) => ({
      ...c,
      command: c.command
        .replace(/^B=http:\/\/127\.0\.0\.1:\d+$/, `B=${proxyUrl}`)
        .replace('require("data-import-contract-kit/spec/openapi.json")', `require(${spec})`),
    })),
  );
  const work = join(dir, 'walks');
  mkdirSync(work, { recursive: true });
  const { code, output } = await run('bash', ['-c', `cd ${JSON.stringify(work)} && ${script}`]);
  const answers = sessionAnswers(`\n${output}`);
  const wrong = commands.filter(
    (c, i) => c.sample !== undefined && !matchesSample(answers[i] ?? '', c.sample),
  );
  return {
    name: `README walks (${blocks.length} blocks, ${commands.length} commands)`,
    ok: code === 0 && wrong.length === 0 && answers.length === commands.length,
    detail:
      wrong.length > 0
        ? `answers differ from the README at lines ${wrong.map((c) => c.line).join(', ')}`
        : `exit ${code}`,
  };
}

/** The contract suite in full mode with the proxy as its target. */
async function suite(proxyUrl: string, dir: string, args: string[]): Promise<ProofStep> {
  const { code, output } = await run('npx', ['--no-install', 'playwright', 'test', ...args], {
    BASE_URL: proxyUrl,
    CONTRACT_MODE: 'full',
    API_KEY: 'demo-api-key',
    CONTRACT_REPORTS_DIR: join(dir, 'contract'),
    CI: 'true',
  });
  const summary = output.match(/^\s+\d+ (passed|failed|skipped|flaky).*$/gm) ?? [];
  return {
    name: `contract suite, full mode${args.length > 0 ? ` (${args.join(' ')})` : ''}`,
    ok: code === 0,
    detail: summary.map((l) => l.trim()).join(', ') || output.slice(-2000),
  };
}

/** `data-import-fixtures send` of `count` generated accounts, processed, through the proxy. */
async function send(proxyUrl: string, dir: string, count: number): Promise<ProofStep> {
  const file = join(dir, `accounts-${count}.ndjson`);
  const fixtures = ['--import', 'tsx', 'bin/data-import-fixtures.ts'];
  const made = await run(process.execPath, [
    ...fixtures,
    'domestic-account',
    '--count',
    String(count),
    '--seed',
    '2026',
    '--out',
    file,
  ]);
  if (made.code !== 0) return { name: 'fixtures generate', ok: false, detail: made.output };
  const sent = await run(process.execPath, [
    ...fixtures,
    'send',
    file,
    '--base-url',
    proxyUrl,
    '--api-key',
    'demo-api-key',
    '--process',
    '--concurrency',
    '16',
  ]);
  return {
    name: `fixtures send of ${count} accounts (staged and processed)`,
    ok: sent.code === 0,
    detail: sent.output.trim().split('\n').slice(-2).join(' '),
  };
}

/** Secrets the recording must not hold: the API key used and any JWT. */
function leaksIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const leaks: string[] = [];
  if (text.includes('demo-api-key')) leaks.push('the API key demo-api-key');
  if (/eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\./.test(text)) leaks.push('a JWT');
  return leaks;
}

/** Runs the proof: the mock, the proxy with its recording, the steps, the reports. */
export async function runProxyProof(options: ProofOptions): Promise<ProofResult> {
  const log = options.log ?? (() => {});
  rmSync(options.dir, { recursive: true, force: true });
  mkdirSync(options.dir, { recursive: true });
  const mock = await startMock(options.mockPort);
  const file = join(options.dir, 'proof.ndjson');
  const recorder = await openRecording(file);
  const proxy = await startTrafficProxy({
    target: `http://127.0.0.1:${options.mockPort}`,
    port: options.proxyPort,
    recorder,
    log,
  });
  const started = Date.now();
  const steps: ProofStep[] = [];
  try {
    const step = async (s: Promise<ProofStep>) => {
      const done = await s;
      log(`${done.ok ? 'ok' : 'FAILED'}: ${done.name}: ${done.detail}`);
      steps.push(done);
    };
    if (options.walks) await step(walks(proxy.url, options.dir));
    if (options.suite) await step(suite(proxy.url, options.dir, options.suite));
    if (options.accounts > 0) await step(send(proxy.url, options.dir, options.accounts));
  } finally {
    mock.kill('SIGTERM');
  }
  const result = await proxy.close();
  const recording = await recorder.close();
  await writeReports({ inputs: [proxy.url], started, finished: Date.now(), result }, options.dir, [
    'json',
    'markdown',
    'junit',
    'sarif',
    'html',
  ]);
  return { steps, result, recording, leaks: leaksIn(file) };
}

/** The error findings of a proof (the proof holds when there are none). */
export function errorGroups(result: CheckerResult) {
  return result.groups.filter((g) => g.severity === 'error');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const accounts = Number(process.env.PROOF_ACCOUNTS ?? 10_000);
  const proof = await runProxyProof({
    accounts: Number.isInteger(accounts) && accounts >= 0 && accounts <= 1_000_000 ? accounts : 0,
    walks: true,
    suite: [],
    mockPort: Number(process.env.PROOF_MOCK_PORT ?? 4551),
    proxyPort: Number(process.env.PROOF_PROXY_PORT ?? 4552),
    dir: join(root, 'reports', 'traffic-proof'),
    log: (line) => console.log(line),
  });
  const t = totals({ inputs: [], started: 0, finished: 0, result: proof.result });
  console.log(
    `proxy: ${t.exchanges} exchanges checked, ${t.errors} error findings, ${t.warnings} warnings in ${t.groups} groups; ${proof.recording.recorded} exchanges recorded, leaks: ${proof.leaks.length === 0 ? 'none' : proof.leaks.join(', ')}`,
  );
  for (const g of errorGroups(proof.result))
    console.log(`  error ${g.rule} ${g.operation} ${g.pointer} (${g.count}x): ${g.first.message}`);
  const ok =
    proof.steps.every((s) => s.ok) &&
    errorGroups(proof.result).length === 0 &&
    proof.leaks.length === 0 &&
    proof.recording.failure === undefined;
  process.exitCode = ok ? 0 : 1;
}
