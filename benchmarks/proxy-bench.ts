/**
 * `npm run bench:proxy` (and the last step of `npm run bench`): the traffic proxy's overhead
 * against a direct connection, side by side in one run (decision 029). One mock
 * (`data-import-mock`) and one proxy in front of it (`data-import-traffic proxy`, checking every
 * exchange), each in a process of its own; this process is the client. validate-account with the
 * spec's domestic example:
 *
 * - latency: one kept-alive connection, requests one at a time, in alternating blocks (direct,
 *   proxy, direct, ...) so both see the same minutes; p50 and p99 of each and the p50 overhead
 *   (goal: under 1 ms);
 * - throughput: autocannon with 20 connections, alternating runs; requests per second and the
 *   ratio proxy / direct (goal: at least 0.8).
 *
 * - CPU: the CPU time the mock and the proxy (all its threads, and its forwarding thread alone)
 *   used per request in each throughput run, read from /proc: what the proxy costs whatever the
 *   machine's load.
 *
 * Figures drift on a shared machine: the side-by-side ratios are what to read. Writes
 * `benchmarks/results/proxy.md` and `.json`. Ports: BENCH_PROXY_MOCK_PORT (4553),
 * BENCH_PROXY_PORT (4554); BENCH_SECONDS (5) bounds each throughput run. A baseline build
 * (BENCH_PROXY_BASELINE) and profiles (BENCH_PROXY_PROFILE) are described below.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { exampleAccount, obtainToken } from './payloads.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MOCK_PORT = Number(process.env.BENCH_PROXY_MOCK_PORT ?? 4553);
const PROXY_PORT = Number(process.env.BENCH_PROXY_PORT ?? 4554);
/**
 * With BENCH_PROXY_PROFILE=DIR each proxy runs under `--cpu-prof`: one profile per thread (the
 * forwarding thread and the checker's), in DIR/current and DIR/baseline.
 */
const PROFILE_DIR = process.env.BENCH_PROXY_PROFILE;
/**
 * With BENCH_PROXY_BASELINE=TREE a proxy started from another checkout of the kit (with its own
 * node_modules, e.g. `git archive` of an earlier commit) is measured in the same blocks, on
 * BENCH_PROXY_BASELINE_PORT (4555): a change is judged before and after under the same load.
 * A value that is no directory is a commit of this repository (BENCH_PROXY_BASELINE=b493487):
 * its tree is written to a temporary directory with `git archive`, beside this node_modules.
 */
const BASELINE = baselineTree(process.env.BENCH_PROXY_BASELINE);
const BASELINE_LABEL = process.env.BENCH_PROXY_BASELINE_LABEL ?? process.env.BENCH_PROXY_BASELINE;
const BASELINE_PORT = Number(process.env.BENCH_PROXY_BASELINE_PORT ?? 4555);
/**
 * With BENCH_PROXY_FLOOR=1 a bare gateway that only forwards (forwarding-floor.ts) is measured in
 * the same blocks, on BENCH_PROXY_FLOOR_PORT (4556): the throughput any proxy on node:http allows.
 */
const FLOOR = process.env.BENCH_PROXY_FLOOR === '1';
const FLOOR_PORT = Number(process.env.BENCH_PROXY_FLOOR_PORT ?? 4556);
/** Alternating throughput runs of each side (BENCH_RUNS, 2 by default). */
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const BLOCKS = 10;
const BLOCK_REQUESTS = 200;
const CONNECTIONS = 20;
const PATH = '/v1/data-import/validate-account/';
const BODY = JSON.stringify(exampleAccount);

/** The baseline's tree: a directory as given, or a commit written out with `git archive`. */
function baselineTree(value: string | undefined): string | undefined {
  if (value === undefined || value === '' || existsSync(value)) return value || undefined;
  const tree = mkdtempSync(join(tmpdir(), 'kit-proxy-baseline-'));
  const archive = spawnSync('git', ['archive', '--format=tar', value], {
    cwd: root,
    maxBuffer: 1024 * 1024 * 1024,
  });
  if (archive.status !== 0) {
    throw new Error(
      `BENCH_PROXY_BASELINE=${value} is no directory and no commit: ${archive.stderr}`,
    );
  }
  const untar = spawnSync('tar', ['-x', '-C', tree], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`cannot write the tree of ${value}: ${untar.stderr}`);
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  return tree;
}

function start(args: string[], flags: string[] = [], cwd = root): ChildProcess {
  return spawn(process.execPath, [...flags, '--import', 'tsx', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** Waits (bounded) until a server answers on the port. */
async function ready(port: number): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/__mock/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing answers on port ${port}`);
}

async function token(port: number): Promise<string> {
  const answer = await fetch(`http://127.0.0.1:${port}/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(obtainToken),
  });
  const body = (await answer.json()) as { data: { obtainKrakenToken: { token: string } } };
  return body.data.obtainKrakenToken.token;
}

/** Milliseconds of each of `count` sequential requests on one kept-alive connection. */
async function sequential(port: number, auth: string, count: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const began = process.hrtime.bigint();
    await new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: PATH,
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(BODY),
            authorization: auth,
          },
        },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
          res.resume();
          res.on('end', () => resolve());
        },
      );
      req.on('error', reject);
      req.end(BODY);
    });
    times.push(Number(process.hrtime.bigint() - began) / 1e6);
  }
  agent.destroy();
  return times;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/**
 * CPU time a process has used so far, in ms (Linux: utime + stime of /proc/PID/stat, all its
 * threads; undefined elsewhere). Per request it is what the proxy costs whatever the machine's
 * load, where requests per second also measure how the scheduler shares two cores. With
 * `thread`, the main thread's alone (/proc/PID/task/PID/stat): the proxy's forwarding thread,
 * whose share of the whole separates forwarding from checking (the checker's thread and V8's
 * helper threads, mostly its garbage collection).
 */
function cpuMs(pid: number | undefined, thread = false): number | undefined {
  try {
    const stat = readFileSync(
      thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`,
      'utf8',
    );
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU ms each thread of a process has used so far (/proc/PID/task/TID/stat), by thread id; empty
 * where /proc is not. The proxy's threads are all named `node`: its checker is told apart as the
 * busiest thread other than the main one over a throughput run (V8's helper threads, mostly
 * garbage collection, and the loader's each use far less).
 */
function threadsMs(pid: number | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (pid === undefined) return out;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    }
  } catch {
    // A thread that ended between the listing and its read: the run's figure leaves it out.
  }
  return out;
}

/** The most CPU ms one thread other than the main one used between two readings. */
function busiestOther(
  pid: number | undefined,
  before: Map<string, number>,
  after: Map<string, number>,
) {
  let most: number | undefined;
  for (const [tid, ms] of after) {
    if (tid === String(pid)) continue;
    const used = ms - (before.get(tid) ?? 0);
    if (most === undefined || used > most) most = used;
  }
  return most;
}

async function throughput(port: number, auth: string, seconds: number): Promise<number> {
  return (await load(port, auth, seconds)).rps;
}

/** A throughput run with the CPU the mock and the proxy (when there is one) used per request. */
async function measured(
  side: Side,
  auth: string,
  pids: { mock?: number; proxy?: number },
): Promise<void> {
  const before = {
    mock: cpuMs(pids.mock),
    proxy: cpuMs(pids.proxy),
    forwarding: cpuMs(pids.proxy, true),
    threads: threadsMs(pids.proxy),
  };
  const run = await load(side.port, auth, SECONDS);
  const after = {
    mock: cpuMs(pids.mock),
    proxy: cpuMs(pids.proxy),
    forwarding: cpuMs(pids.proxy, true),
    threads: threadsMs(pids.proxy),
  };
  side.rps.push(run.rps);
  const per = (a?: number, b?: number) =>
    a === undefined || b === undefined ? undefined : ((b - a) * 1000) / run.total;
  const mock = per(before.mock, after.mock);
  const proxy = per(before.proxy, after.proxy);
  if (mock !== undefined) side.cpu.mock.push(mock);
  if (proxy !== undefined) side.cpu.proxy.push(proxy);
  const forwarding = per(before.forwarding, after.forwarding);
  if (forwarding !== undefined) side.cpu.forwarding.push(forwarding);
  // The bare gateway has no checker: its busiest other thread is one of V8's.
  const checker =
    side.key === 'floor' ? undefined : busiestOther(pids.proxy, before.threads, after.threads);
  if (checker !== undefined) side.cpu.checker.push((checker * 1000) / run.total);
}

async function load(
  port: number,
  auth: string,
  seconds: number,
): Promise<{ rps: number; total: number }> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${PATH}`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: auth },
    body: BODY,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors on ${port}`);
  }
  return { rps: result.requests.average, total: result.requests.total };
}

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One server measured: the mock itself, or a proxy in front of it. */
interface Side {
  key: 'direct' | 'proxy' | 'baseline' | 'floor';
  label: string;
  port: number;
  latency: number[];
  rps: number[];
  /**
   * CPU µs per request in each throughput run: the mock's, the proxy's (all its threads), and
   * the proxy's forwarding thread alone.
   */
  cpu: { mock: number[]; proxy: number[]; forwarding: number[]; checker: number[] };
}

/** A proxy in front of the mock, from this tree or from `tree` (a baseline build). */
function startProxy(port: number, reports: string, profile: string | undefined, tree = root) {
  const args = [
    join(tree, 'bin/data-import-traffic.ts'),
    'proxy',
    '--target',
    `http://127.0.0.1:${MOCK_PORT}`,
    '--port',
    String(port),
    '--report-dir',
    reports,
  ];
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  return start(args, flags, tree);
}

/** Measures every side side by side, in alternating blocks, and writes the record. */
async function main(): Promise<void> {
  const reports = mkdtempSync(join(tmpdir(), 'kit-proxy-bench-'));
  const mock = start(['bin/data-import-mock.ts', '--port', String(MOCK_PORT), '--quiet']);
  const proxies = [
    startProxy(PROXY_PORT, join(reports, 'current'), PROFILE_DIR && join(PROFILE_DIR, 'current')),
  ];
  const sides: Side[] = [
    {
      key: 'direct',
      label: 'direct to the mock',
      port: MOCK_PORT,
      latency: [],
      rps: [],
      cpu: { mock: [], proxy: [], forwarding: [], checker: [] },
    },
    {
      key: 'proxy',
      label: 'through the proxy',
      port: PROXY_PORT,
      latency: [],
      rps: [],
      cpu: { mock: [], proxy: [], forwarding: [], checker: [] },
    },
  ];
  if (BASELINE) {
    const profile = PROFILE_DIR && join(PROFILE_DIR, 'baseline');
    proxies.push(startProxy(BASELINE_PORT, join(reports, 'baseline'), profile, BASELINE));
    const label = `through the proxy built from ${BASELINE_LABEL}`;
    sides.push({
      key: 'baseline',
      label,
      port: BASELINE_PORT,
      latency: [],
      rps: [],
      cpu: { mock: [], proxy: [], forwarding: [], checker: [] },
    });
  }
  let floor: ChildProcess | undefined;
  if (FLOOR) {
    floor = spawn(process.execPath, ['--import', 'tsx', 'benchmarks/forwarding-floor.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: String(FLOOR_PORT), TARGET: `http://127.0.0.1:${MOCK_PORT}` },
    });
    sides.push({
      key: 'floor',
      label: 'through a bare gateway that only forwards (the floor)',
      port: FLOOR_PORT,
      latency: [],
      rps: [],
      cpu: { mock: [], proxy: [], forwarding: [], checker: [] },
    });
  }
  let proxyOutput = '';
  proxies[0]?.stdout?.on('data', (d) => (proxyOutput += d));
  try {
    for (const side of sides) await ready(side.port);
    const auth = `Token ${await token(MOCK_PORT)}`;
    // Warm every side (the validators compile, the JIT settles) before anything is measured.
    for (const side of sides) await throughput(side.port, auth, 3);
    for (let b = 0; b < BLOCKS; b++) {
      for (const side of sides) {
        side.latency.push(...(await sequential(side.port, auth, BLOCK_REQUESTS)));
      }
    }
    const pidOf = new Map([
      ['proxy', proxies[0]?.pid],
      ['baseline', proxies[1]?.pid],
      ['floor', floor?.pid],
    ]);
    for (let r = 0; r < RUNS; r++) {
      for (const side of sides) {
        await measured(side, auth, { mock: mock.pid, proxy: pidOf.get(side.key) });
      }
    }
    report(sides);
  } finally {
    mock.kill('SIGTERM');
    floor?.kill('SIGTERM');
    for (const proxy of proxies) {
      proxy.kill('SIGINT');
      await new Promise((r) => proxy.once('close', r));
    }
    console.log(proxyOutput.trim().split('\n').slice(-1)[0] ?? '');
    // A tree written out for a commit is this run's own.
    if (BASELINE && BASELINE !== process.env.BENCH_PROXY_BASELINE) {
      rmSync(BASELINE, { recursive: true, force: true });
    }
  }
}

function report(sides: Side[]): void {
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const figuresOf = (side: Side) => {
    const times = sorted(side.latency);
    return {
      label: side.label,
      p50_ms: round(quantile(times, 0.5)),
      p99_ms: round(quantile(times, 0.99)),
      rps: Math.round(mean(side.rps)),
      rps_runs: side.rps.map((r) => Math.round(r)),
      mock_cpu_us_per_request: side.cpu.mock.length ? Math.round(mean(side.cpu.mock)) : null,
      proxy_cpu_us_per_request: side.cpu.proxy.length ? Math.round(mean(side.cpu.proxy)) : null,
      forwarding_cpu_us_per_request: side.cpu.forwarding.length
        ? Math.round(mean(side.cpu.forwarding))
        : null,
      checker_cpu_us_per_request: side.cpu.checker.length
        ? Math.round(mean(side.cpu.checker))
        : null,
    };
  };
  const by = new Map(sides.map((side) => [side.key, figuresOf(side)]));
  const direct = by.get('direct');
  const proxy = by.get('proxy');
  if (!direct || !proxy) throw new Error('the direct and proxy sides are always measured');
  const baseline = by.get('baseline');
  const floor = by.get('floor');
  const ratio = (f: { rps: number }) => round(f.rps / direct.rps, 2);
  const figures = {
    scenario: 'validate-account, the spec example (DomesticAccount)',
    load_average: loadavg().map((l) => round(l, 2)),
    latency_requests_each: BLOCKS * BLOCK_REQUESTS,
    direct,
    proxy,
    ...(baseline ? { baseline } : {}),
    ...(floor ? { floor } : {}),
    p50_overhead_ms: round(proxy.p50_ms - direct.p50_ms),
    throughput: {
      connections: CONNECTIONS,
      seconds_each: SECONDS,
      runs_each: RUNS,
      direct_rps: direct.rps,
      proxy_rps: proxy.rps,
      ratio: ratio(proxy),
      ...(baseline ? { baseline_rps: baseline.rps, baseline_ratio: ratio(baseline) } : {}),
      ...(floor ? { floor_rps: floor.rps, floor_ratio: ratio(floor) } : {}),
    },
  };
  const goals = [
    ['p50 overhead under 1 ms', `${figures.p50_overhead_ms} ms`, figures.p50_overhead_ms < 1],
    [
      'throughput at least 0.8x direct',
      `${figures.throughput.ratio}x`,
      figures.throughput.ratio >= 0.8,
    ],
  ] as const;
  const md = [
    '# Traffic proxy overhead (`npm run bench:proxy`)',
    '',
    `${figures.scenario}; load average ${figures.load_average.join(', ')} (1, 5, 15 min, at the end). Latency: ${figures.latency_requests_each} sequential requests each on one kept-alive connection, in alternating blocks of ${BLOCK_REQUESTS}. Throughput: autocannon, ${CONNECTIONS} connections, ${RUNS} alternating runs of ${SECONDS} s each. The proxy checks every exchange (the same checker as \`check\`).`,
    '',
    `| | p50 | p99 | req/s (${CONNECTIONS} connections) | x direct | runs (req/s) | CPU µs a request: mock | CPU µs a request: proxy | of which its forwarding thread | its checker's thread |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    ...[...by.values()].map(
      (f) =>
        `| ${f.label} | ${f.p50_ms} ms | ${f.p99_ms} ms | ${f.rps} | ${ratio(f)} | ${f.rps_runs.join(', ')} | ${f.mock_cpu_us_per_request ?? 'n/a'} | ${f.proxy_cpu_us_per_request ?? '-'} | ${f.forwarding_cpu_us_per_request ?? '-'} | ${f.checker_cpu_us_per_request ?? '-'} |`,
    ),
    '',
    '| goal | measured | met |',
    '|---|---|---|',
    ...goals.map(
      ([goal, measured, met]) => `| ${goal} | ${measured} | ${met ? 'yes' : '**no**'} |`,
    ),
    '',
  ].join('\n');
  const dir = join(root, 'benchmarks', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'proxy.md'), md);
  writeFileSync(join(dir, 'proxy.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(md);
}

await main();
