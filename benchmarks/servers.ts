/**
 * `npm run bench`: the performance record of the mock, every figure side by side in one run on one
 * machine (decisions 004 and 009). Each server runs in a process of its own and this process is
 * the load generator (autocannon), so the two never share a thread:
 *
 * - the ceiling: bare node:http that reads the body, `JSON.parse`s it and answers it back with
 *   `JSON.stringify` (GET: a 10,000-item list stringified per request);
 * - the standalone mock (`npm start`), state in memory;
 * - the standalone mock with `--data-dir`: every acknowledged change committed to disk first;
 * - the same service through MSW's `getResponse` behind node:http;
 * - `prism mock` on the kit's spec (stateless, static examples, `-v silent`).
 *
 * Scenarios: validate-account and create-or-update with the spec's domestic example and with a
 * large generated account, ObtainToken, transactions/create with 50 transactions, the same three
 * operations with 10,000 distinct generated bodies sent round-robin (`BENCH_DISTINCT_ACCOUNTS`;
 * the transactions spread over 200 imported accounts, `BENCH_TRANSACTION_ACCOUNTS`),
 * and the all-processes list with 10,000 accounts staged. It prints req/s, p50, p99 and peak RSS with the
 * ratios to the ceiling, to Prism and to MSW, checks the targets, and writes Markdown and JSON to
 * `benchmarks/results/`. Every server runs from the start, and each scenario is measured on all
 * of them in turn, so that the figures of one scenario come from the same minutes. The machine may
 * be shared: absolute figures drift between runs, the ratios within one run are what to read.
 * `BENCH_SECONDS` (default 5) bounds each measurement; the servers listen on ports the system has
 * free, or on consecutive ones from `BENCH_PORT`. `BENCH_SCENARIOS` and `BENCH_TARGETS` (ids,
 * comma-separated) measure only some scenarios on some servers, side by side as in the whole run,
 * for a change that touches one of them; such a run is written under `BENCH_RECORD` (default
 * `servers-subset`), never over the whole record.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildPackage } from './compiled.ts';
import {
  DISTINCT_ACCOUNTS,
  distinctAccounts,
  distinctTransactions,
  exampleAccount,
  fiftyTransactions,
  largeAccount,
  largeAccountAs,
  obtainToken,
  processRequest,
  TRANSACTION_ACCOUNTS,
  transactionAccounts,
} from './payloads.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 2;
/** A fresh server compiles its validators and warms its JIT on the first requests. */
const FIRST_WARMUP_SECONDS = 5;
const CONNECTIONS = 20;
const LISTED_ACCOUNTS = Number(process.env.BENCH_LISTED_ACCOUNTS ?? 10_000);
/** Consecutive ports from BENCH_PORT when it is set; otherwise ports the system has free. */
const BASE_PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const RESULTS = join(import.meta.dirname, 'results');
/** The ids a comma-separated variable names, or undefined (all) when it is unset or empty. */
function chosen(name: string): Set<string> | undefined {
  const ids = (process.env[name] ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return ids.length > 0 ? new Set(ids) : undefined;
}
const ONLY_SCENARIOS = chosen('BENCH_SCENARIOS');
const ONLY_TARGETS = chosen('BENCH_TARGETS');
/** A partial run has a record of its own, so that it never passes for the whole one. */
const RECORD =
  process.env.BENCH_RECORD ?? (ONLY_SCENARIOS || ONLY_TARGETS ? 'servers-subset' : 'servers');

type TargetId = 'ceiling' | 'standalone' | 'data-dir' | 'msw' | 'prism';

interface Target {
  id: TargetId;
  name: string;
  command: (port: number) => string[];
  /** Issues real tokens and keeps state (the mock), or answers anything (ceiling, Prism). */
  stateful: boolean;
}

const dataDir = mkdtempSync(join(tmpdir(), 'kit-bench-data-'));
const tsx = ['node', '--import', 'tsx'];
// The mock runs as the package runs it (`npm start`, the published bin): compiled, built first, so
// that no TypeScript loader sits on the request path (decision 016).
const server = ['node', 'dist/bin/data-import-mock.js'];
buildPackage();
const allTargets: Target[] = [
  {
    id: 'ceiling',
    name: 'ceiling: bare node:http, parse and echo',
    command: () => [...tsx, 'benchmarks/ceiling-server.ts'],
    stateful: false,
  },
  {
    id: 'standalone',
    name: 'standalone mock (state in memory)',
    command: (port) => [...server, '--quiet', '--port', String(port)],
    stateful: true,
  },
  {
    id: 'data-dir',
    name: 'standalone mock --data-dir (durable store)',
    command: (port) => [...server, '--quiet', '--port', String(port), '--data-dir', dataDir],
    stateful: true,
  },
  {
    id: 'msw',
    name: 'MSW handlers via getResponse over node:http',
    command: () => [...tsx, 'benchmarks/msw-server.ts'],
    stateful: true,
  },
  {
    id: 'prism',
    name: 'prism mock -v silent on the kit spec (stateless)',
    command: (port) => [
      'node_modules/.bin/prism',
      'mock',
      'spec/dist/openapi.json',
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-v',
      'silent',
    ],
    stateful: false,
  },
];
const targets = allTargets.filter((t) => !ONLY_TARGETS || ONLY_TARGETS.has(t.id));

interface Scenario {
  id: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Different bodies sent round-robin, one per request (the distinct-accounts scenarios). */
  bodies?: readonly string[];
}

const json = (value: unknown) => JSON.stringify(value);
process.stdout.write(`generating ${DISTINCT_ACCOUNTS} distinct accounts\n`);
const accounts = distinctAccounts();
const importedForTransactions = transactionAccounts();
const allScenarios: Scenario[] = [
  {
    id: 'validate-example',
    name: `validate-account, the spec's example account (${json(exampleAccount).length} B)`,
    method: 'POST',
    path: '/v1/data-import/validate-account/',
    body: json(exampleAccount),
  },
  {
    id: 'validate-large',
    name: `validate-account, a large account: 3 customers, 6 meter points (${json(largeAccount).length} B)`,
    method: 'POST',
    path: '/v1/data-import/validate-account/',
    body: json(largeAccount),
  },
  {
    id: 'stage-example',
    name: 'create-or-update, the example account (restaged: 200, replaces it)',
    method: 'POST',
    path: '/v1/data-import/account-import-process/create-or-update/',
    body: json({ ...exampleAccount, external_account_number: 'BENCH-STAGE-1' }),
  },
  {
    id: 'stage-large',
    name: 'create-or-update, the large account (restaged)',
    method: 'POST',
    path: '/v1/data-import/account-import-process/create-or-update/',
    body: json(largeAccountAs('BENCH-STAGE-2')),
  },
  {
    id: 'obtain-token',
    name: 'ObtainToken (GraphQL mutation)',
    method: 'POST',
    path: '/v1/graphql/',
    body: json(obtainToken),
  },
  {
    id: 'transactions-50',
    name: `transactions/create, 50 transactions (${json(fiftyTransactions).length} B; replayed: already exists)`,
    method: 'POST',
    path: '/v1/data-import/transactions/create/',
    body: json(fiftyTransactions),
  },
  // A real migration sends a different account each time: distinct phone numbers, postcodes and
  // meter points, which no memo of a format check has seen (decision 027).
  {
    id: 'validate-distinct',
    name: `validate-account, ${DISTINCT_ACCOUNTS.toLocaleString('en-GB')} distinct accounts round-robin (both forms, every population)`,
    method: 'POST',
    path: '/v1/data-import/validate-account/',
    bodies: accounts,
  },
  {
    id: 'stage-distinct',
    name: `create-or-update, the same ${DISTINCT_ACCOUNTS.toLocaleString('en-GB')} distinct accounts round-robin (created, then restaged)`,
    method: 'POST',
    path: '/v1/data-import/account-import-process/create-or-update/',
    bodies: accounts,
  },
  {
    id: 'transactions-distinct',
    name: `transactions/create, ${DISTINCT_ACCOUNTS.toLocaleString('en-GB')} distinct requests round-robin over ${TRANSACTION_ACCOUNTS} imported accounts (${Math.ceil(DISTINCT_ACCOUNTS / TRANSACTION_ACCOUNTS)} batches each, then replayed)`,
    method: 'POST',
    path: '/v1/data-import/transactions/create/',
    bodies: distinctTransactions(DISTINCT_ACCOUNTS, importedForTransactions),
  },
  {
    id: 'list-10k',
    name: `all-account-import-processes with ${LISTED_ACCOUNTS.toLocaleString('en-GB')} accounts staged`,
    method: 'GET',
    path: '/v1/data-import/all-account-import-processes/DEMO_ENERGY/',
  },
];
const scenarios = allScenarios.filter((s) => !ONLY_SCENARIOS || ONLY_SCENARIOS.has(s.id));

interface Row {
  target: TargetId;
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and socket errors and timeouts. */
  failures: number;
  peakRssMiB: number | null;
}

function readRssPeak(pid: number | undefined): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** Linux: writing 5 to clear_refs resets the peak RSS, so each scenario gets its own peak. */
function resetRssPeak(pid: number | undefined): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not permitted: the peak is then the process's peak so far.
  }
}

/**
 * A loopback port the system has free now (listened on with port 0, then released): machines
 * shared with other runs have no fixed port range to spare.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function start(target: Target, port: number): Promise<ChildProcess> {
  const [command, ...args] = target.command(port);
  const child = spawn(command!, args, {
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port) },
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/v1/data-import/validate-account/`, { method: 'HEAD' });
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${target.name} did not start`);
}

async function post(base: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * Moves a stateful mock's clock past every token's lifetime and obtains the benchmark's token
 * again. The ObtainToken scenario issues thousands of tokens a second, and the mock refuses
 * ObtainToken with 429 at its cap of live tokens (AUTH-1, decision 022): without this the
 * scenario would measure refusals once the cap is reached, and the next scenarios would start
 * with a table of 20,000 tokens.
 */
async function expireTokens(base: string): Promise<string> {
  const response = await fetch(`${base}/__mock/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_seconds: 8 * 24 * 3600 }),
  });
  if (!response.ok) throw new Error(`advancing the clock answered ${response.status}`);
  return (await post(base, '/v1/graphql/', obtainToken)).body.data.obtainKrakenToken.token;
}

/** Stages `count` copies of the example account, 16 at a time. */
async function stageMany(base: string, token: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const answer = await post(
        base,
        '/v1/data-import/account-import-process/create-or-update/',
        { ...exampleAccount, external_account_number: `BENCH-LIST-${n}` },
        token,
      );
      if (answer.status !== 201) throw new Error(`staging answered ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/**
 * Stages and processes each account, 16 at a time: the accounts the distinct transactions go to
 * must be imported (TXN-10).
 */
async function importMany(base: string, token: string, list: readonly Record<string, unknown>[]) {
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const account = list[next++]!;
      const staged = await post(
        base,
        '/v1/data-import/account-import-process/create-or-update/',
        account,
        token,
      );
      const processed = await post(
        base,
        '/v1/data-import/account-import-process/process/',
        processRequest(String(account.external_account_number)),
        token,
      );
      if (staged.status !== 201 || processed.status !== 201) {
        throw new Error(`importing answered ${staged.status} and ${processed.status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

async function load(base: string, scenario: Scenario, token: string, seconds: number) {
  const bodies = scenario.bodies;
  let next = 0;
  return autocannon({
    url: `${base}${scenario.path}`,
    method: scenario.method,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    body: scenario.body,
    // autocannon asks for each request's body when it sends it: the next body in turn.
    ...(bodies
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const body = bodies[next++ % bodies.length];
                return { ...request, body };
              },
            },
          ],
        }
      : {}),
  });
}

const startedAt = new Date();
const loadBefore = loadavg();
const results = new Map<string, Row[]>(scenarios.map((s) => [s.id, []]));

// Every server is started first and the scenarios then go round them, so that the servers of one
// scenario are measured within the same minute: on a shared machine the load drifts, and ratios
// measured minutes apart would say more about the drift than about the servers.
interface Running {
  target: Target;
  child: ChildProcess;
  base: string;
  token: string;
  warm: boolean;
}
const running: Running[] = [];
for (const [index, target] of targets.entries()) {
  const port = BASE_PORT === undefined ? await freePort() : BASE_PORT + index;
  process.stdout.write(`${target.name}: starting\n`);
  const child = await start(target, port);
  const base = `http://127.0.0.1:${port}`;
  let token = 'any-token';
  if (target.stateful) {
    token = (await post(base, '/v1/graphql/', obtainToken)).body.data.obtainKrakenToken.token;
    // The account transactions/create adds to: staged and processed once.
    await post(
      base,
      '/v1/data-import/account-import-process/create-or-update/',
      largeAccount,
      token,
    );
    await post(
      base,
      '/v1/data-import/account-import-process/process/',
      processRequest(String(largeAccount.external_account_number)),
      token,
    );
    await importMany(base, token, importedForTransactions);
  }
  running.push({ target, child, base, token, warm: false });
}
for (const scenario of scenarios) {
  process.stdout.write(`${scenario.id}\n`);
  for (const server of running) {
    const { target, child, base, token } = server;
    if (scenario.id === 'list-10k' && target.stateful) {
      await stageMany(base, token, LISTED_ACCOUNTS);
    }
    const fresh = scenario.id === 'obtain-token' && target.stateful;
    if (fresh) server.token = await expireTokens(base);
    await load(base, scenario, server.token, server.warm ? WARMUP_SECONDS : FIRST_WARMUP_SECONDS);
    server.warm = true;
    if (fresh) server.token = await expireTokens(base);
    resetRssPeak(child.pid);
    const result = await load(base, scenario, server.token, SECONDS);
    if (fresh) server.token = await expireTokens(base);
    const row: Row = {
      target: target.id,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.non2xx + result.errors + result.timeouts,
      peakRssMiB: readRssPeak(child.pid),
    };
    results.get(scenario.id)!.push(row);
    process.stdout.write(
      `  ${target.id}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, peak ${row.peakRssMiB} MiB${row.failures ? `, ${row.failures} failures` : ''}\n`,
    );
  }
}
for (const { child } of running) child.kill('SIGKILL');
rmSync(dataDir, { recursive: true, force: true });
const loadAfter = loadavg();

// ---- Ratios, targets and the record ----

const ratio = (a: number | undefined, b: number | undefined) =>
  a && b ? Math.round((a / b) * 100) / 100 : null;
const rowOf = (scenario: string, target: TargetId) =>
  results.get(scenario)!.find((r) => r.target === target);

interface Check {
  target: string;
  measured: string;
  met: boolean;
}
const checks: Check[] = [];
for (const scenario of [
  'validate-example',
  'stage-example',
  'transactions-50',
  'validate-distinct',
  'stage-distinct',
  'transactions-distinct',
]) {
  const mock = results.has(scenario) ? rowOf(scenario, 'standalone') : undefined;
  // A partial run checks only the scenarios it measured on the standalone mock.
  if (!mock) continue;
  const ceiling = rowOf(scenario, 'ceiling');
  const toCeiling = ratio(mock.rps, ceiling?.rps) ?? 0;
  const toMsw = ratio(mock.rps, rowOf(scenario, 'msw')?.rps) ?? 0;
  const toPrism = ratio(mock.rps, rowOf(scenario, 'prism')?.rps) ?? 0;
  const measured = (target: TargetId) => rowOf(scenario, target) !== undefined;
  const found: Check[] = [
    {
      target: `${scenario}: standalone >= 0.6x the ceiling`,
      measured: `${toCeiling}x`,
      met: toCeiling >= 0.6,
    },
    { target: `${scenario}: standalone >= 4x MSW`, measured: `${toMsw}x`, met: toMsw >= 4 },
    {
      target: `${scenario}: standalone >= 4x prism mock`,
      measured: `${toPrism}x`,
      met: toPrism >= 4,
    },
    {
      target: `${scenario}: standalone p99 <= 2x the ceiling's at ${CONNECTIONS} connections`,
      measured: `${mock.p99} ms (ceiling ${ceiling?.p99 ?? '?'} ms)`,
      met: ceiling !== undefined && mock.p99 <= 2 * ceiling.p99,
    },
  ];
  // A partial run checks only against the servers it measured.
  const against: TargetId[] = ['ceiling', 'msw', 'prism', 'ceiling'];
  checks.push(...found.filter((_, i) => !ONLY_TARGETS || measured(against[i]!)));
}

function versionOf(name: string): string {
  try {
    return JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')).version;
  } catch {
    return '?';
  }
}
function git(command: string): string {
  try {
    return execSync(`git ${command}`, { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}

const machine = {
  cpu: cpus()[0]?.model ?? '?',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  loadAverageBefore: loadBefore.map((n) => Math.round(n * 100) / 100),
  loadAverageAfter: loadAfter.map((n) => Math.round(n * 100) / 100),
};
const versions = {
  node: process.version,
  msw: versionOf('msw'),
  '@stoplight/prism-cli': versionOf('@stoplight/prism-cli'),
  lmdb: versionOf('lmdb'),
  autocannon: versionOf('autocannon'),
  'libphonenumber-js': versionOf('libphonenumber-js'),
  ajv: versionOf('ajv'),
};
const record = {
  startedAt: startedAt.toISOString(),
  commit: git('rev-parse --short HEAD'),
  secondsPerMeasurement: SECONDS,
  connections: CONNECTIONS,
  machine,
  versions,
  targets: Object.fromEntries(targets.map((t) => [t.id, t.name])),
  scenarios: scenarios.map((s) => ({
    id: s.id,
    name: s.name,
    rows: results.get(s.id)!.map((row) => ({
      ...row,
      toCeiling: ratio(row.rps, rowOf(s.id, 'ceiling')?.rps),
      toPrism: ratio(row.rps, rowOf(s.id, 'prism')?.rps),
      toMsw: ratio(row.rps, rowOf(s.id, 'msw')?.rps),
    })),
  })),
  checks,
};

const lines: string[] = [
  '# Server benchmark: one run, side by side',
  '',
  `Run ${record.startedAt} at commit ${record.commit}: ${CONNECTIONS} connections, ${SECONDS} s per measurement after ${WARMUP_SECONDS} s of warm-up (${FIRST_WARMUP_SECONDS} s for a server's first), each server in its own process, autocannon in another; each scenario measured on every server in turn, within the same minutes.`,
  '',
  `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; load average ${machine.loadAverageBefore.join(' / ')} before and ${machine.loadAverageAfter.join(' / ')} after. The machine is shared with other test runs, so absolute figures are noisy: **the ratios within this one run are what count.**`,
  '',
  `Versions: ${Object.entries(versions)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}.`,
  '',
  '## Targets',
  '',
  '| target | measured | met |',
  '|---|---|---|',
  ...checks.map((c) => `| ${c.target} | ${c.measured} | ${c.met ? 'yes' : '**no**'} |`),
  '',
];
for (const scenario of record.scenarios) {
  lines.push(
    `## ${scenario.name}`,
    '',
    '| server | req/s | p50 ms | p99 ms | failures | peak RSS MiB | vs ceiling | vs Prism | vs MSW |',
    '|---|---|---|---|---|---|---|---|---|',
    ...scenario.rows.map(
      (r) =>
        `| ${record.targets[r.target]} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.failures} | ${r.peakRssMiB ?? '?'} | ${r.toCeiling ?? '-'}x | ${r.toPrism ?? '-'}x | ${r.toMsw ?? '-'}x |`,
    ),
    '',
  );
}
lines.push(
  'Notes: Prism is stateless and answers its static examples (it validates the request, keeps nothing); the ceiling validates nothing. For ObtainToken and the list, the ceiling echoes the body or a 10,000-item list held in memory. Failures are answers other than 2xx: the stateful mock answers every scenario with 200 or 201, except that ObtainToken is refused with 429 at the cap of 20,000 live token records (AUTH-1, decision 022), which a run faster than 2,000 a second reaches within its 5 s; the mock clock is moved past the lifetime of every token before the warm-up and before the measurement.',
  '',
);
const markdown = lines.join('\n');
mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, `${RECORD}.json`), `${JSON.stringify(record, null, 2)}\n`);
writeFileSync(join(RESULTS, `${RECORD}.md`), markdown);
console.log(`\n${markdown}`);
console.log(`Written: ${join(RESULTS, `${RECORD}.md`)} and ${RECORD}.json`);
