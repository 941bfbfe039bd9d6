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
 * Figures drift on a shared machine: the side-by-side ratios are what to read. Writes
 * `benchmarks/results/proxy.md` and `.json`. Ports: BENCH_PROXY_MOCK_PORT (4553),
 * BENCH_PROXY_PORT (4554); BENCH_SECONDS (5) bounds each throughput run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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
const BLOCKS = 10;
const BLOCK_REQUESTS = 200;
const CONNECTIONS = 20;
const PATH = '/v1/data-import/validate-account/';
const BODY = JSON.stringify(exampleAccount);

function start(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
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

async function throughput(port: number, auth: string, seconds: number): Promise<number> {
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
  return result.requests.average;
}

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Measures both side by side and writes the record. */
async function main(): Promise<void> {
  const reports = mkdtempSync(join(tmpdir(), 'kit-proxy-bench-'));
  const mock = start(['bin/data-import-mock.ts', '--port', String(MOCK_PORT), '--quiet']);
  const proxy = start([
    'bin/data-import-traffic.ts',
    'proxy',
    '--target',
    `http://127.0.0.1:${MOCK_PORT}`,
    '--port',
    String(PROXY_PORT),
    '--report-dir',
    reports,
  ]);
  let proxyOutput = '';
  proxy.stdout?.on('data', (d) => (proxyOutput += d));
  try {
    await ready(MOCK_PORT);
    await ready(PROXY_PORT);
    const auth = `Token ${await token(MOCK_PORT)}`;
    // Warm both (the validators compile, the JIT settles) before anything is measured.
    for (const port of [MOCK_PORT, PROXY_PORT]) await throughput(port, auth, 3);
    const latency = { direct: [] as number[], proxy: [] as number[] };
    for (let b = 0; b < BLOCKS; b++) {
      latency.direct.push(...(await sequential(MOCK_PORT, auth, BLOCK_REQUESTS)));
      latency.proxy.push(...(await sequential(PROXY_PORT, auth, BLOCK_REQUESTS)));
    }
    const rps = { direct: [] as number[], proxy: [] as number[] };
    for (let r = 0; r < 2; r++) {
      rps.direct.push(await throughput(MOCK_PORT, auth, SECONDS));
      rps.proxy.push(await throughput(PROXY_PORT, auth, SECONDS));
    }
    report(latency, rps);
  } finally {
    mock.kill('SIGTERM');
    proxy.kill('SIGINT');
    await new Promise((r) => proxy.once('close', r));
    console.log(proxyOutput.trim().split('\n').slice(-1)[0] ?? '');
  }
}

function report(
  latency: { direct: number[]; proxy: number[] },
  rps: { direct: number[]; proxy: number[] },
): void {
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const d = sorted(latency.direct);
  const p = sorted(latency.proxy);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const figures = {
    scenario: 'validate-account, the spec example (DomesticAccount)',
    load_average: loadavg().map((l) => round(l, 2)),
    latency_requests_each: d.length,
    direct: { p50_ms: round(quantile(d, 0.5)), p99_ms: round(quantile(d, 0.99)) },
    proxy: { p50_ms: round(quantile(p, 0.5)), p99_ms: round(quantile(p, 0.99)) },
    p50_overhead_ms: round(quantile(p, 0.5) - quantile(d, 0.5)),
    throughput: {
      connections: CONNECTIONS,
      seconds_each: SECONDS,
      direct_rps: Math.round(mean(rps.direct)),
      proxy_rps: Math.round(mean(rps.proxy)),
      ratio: round(mean(rps.proxy) / mean(rps.direct), 2),
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
    `${figures.scenario}; load average ${figures.load_average.join(', ')}. Latency: ${d.length} sequential requests each on one kept-alive connection, in alternating blocks of ${BLOCK_REQUESTS}. Throughput: autocannon, ${CONNECTIONS} connections, 2 alternating runs of ${SECONDS} s each. The proxy checks every exchange (the same checker as \`check\`).`,
    '',
    '| | p50 | p99 | req/s (20 connections) |',
    '|---|---|---|---|',
    `| direct to the mock | ${figures.direct.p50_ms} ms | ${figures.direct.p99_ms} ms | ${figures.throughput.direct_rps} |`,
    `| through the proxy | ${figures.proxy.p50_ms} ms | ${figures.proxy.p99_ms} ms | ${figures.throughput.proxy_rps} |`,
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
