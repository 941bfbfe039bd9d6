/**
 * Throughput of the standalone server against the alternatives, side by side in one run
 * (issue 3; decision 004): the kit's node:http adapter, the same service behind MSW's
 * `getResponse` in a node:http wrapper, and `prism mock` on the spec. Every target answers the
 * same authenticated validate-account request with the spec's domestic example. Figures drift
 * between machines; the ratios within one run are what to read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { openapiDocument } from '../spec/index.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;
const account = JSON.stringify(
  (openapiDocument.components as Record<string, Record<string, { value: unknown }>>).examples!
    .DomesticAccount!.value,
);

interface Target {
  name: string;
  command: string[];
  port: number;
  /** Whether the target issues real tokens (the stateful mock) or takes any (prism). */
  stateful: boolean;
}

const targets: Target[] = [
  {
    name: 'standalone (node:http -> service)',
    command: ['node', '--import', 'tsx', 'mocks/start.ts', '--quiet', '--port', '4391'],
    port: 4391,
    stateful: true,
  },
  {
    name: 'MSW handlers via getResponse',
    command: ['node', '--import', 'tsx', 'benchmarks/msw-server.ts'],
    port: 4392,
    stateful: true,
  },
  {
    name: 'prism mock -v silent (stateless)',
    command: [
      'node_modules/.bin/prism',
      'mock',
      'spec/dist/openapi.json',
      '-h',
      '127.0.0.1',
      '-p',
      '4393',
      '-v',
      'silent',
    ],
    port: 4393,
    stateful: false,
  },
];

async function start(target: Target): Promise<ChildProcess> {
  const [command, ...args] = target.command;
  // Each target runs in its own process, so that the load generator does not share its thread.
  const child = spawn(command!, args, {
    stdio: 'ignore',
    env: { ...process.env, PORT: String(target.port) },
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      await fetch(
        `http://127.0.0.1:${target.port}/v1/data-import/all-account-import-processes/DEMO_ENERGY/`,
      );
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  child.kill();
  throw new Error(`${target.name} did not start`);
}

async function tokenFor(base: string): Promise<string> {
  const response = await fetch(`${base}/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } }',
    }),
  });
  return (await response.json()).data.obtainKrakenToken.token;
}

/** Peak resident memory of a process (Linux), in MiB. */
function peakRssMiB(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** The requests each target is loaded with: one that validates a full account, one tiny read. */
const scenarios = [
  {
    name: `POST validate-account (${account.length}-byte domestic account)`,
    path: '/v1/data-import/validate-account/',
    method: 'POST' as const,
    body: account,
  },
  {
    name: 'GET all-account-import-processes (small answer)',
    path: '/v1/data-import/all-account-import-processes/DEMO_ENERGY/',
    method: 'GET' as const,
    body: undefined,
  },
];

type Row = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rss: number | null;
};
const results = new Map<string, Row[]>(scenarios.map((s) => [s.name, []]));
for (const target of targets) {
  const child = await start(target);
  const base = `http://127.0.0.1:${target.port}`;
  const token = target.stateful ? await tokenFor(base) : 'example-token';
  for (const scenario of scenarios) {
    const result = await autocannon({
      url: `${base}${scenario.path}`,
      method: scenario.method,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
      body: scenario.body,
    });
    results.get(scenario.name)!.push({
      name: target.name,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      rss: peakRssMiB(child.pid),
    });
  }
  child.kill();
}

console.log(
  `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario and server, one run:`,
);
for (const [scenario, rows] of results) {
  const baseline = rows[0]!.rps;
  console.log(`\n${scenario}\n`);
  console.log(
    '| server | req/s | p50 ms | p99 ms | non-2xx or errors | peak RSS MiB | vs standalone |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.rss ?? '?'} | ${(row.rps / baseline).toFixed(2)}x |`,
    );
  }
}
