/**
 * Where a request's CPU goes in the server itself, under load (decision 027): the compiled
 * standalone mock (`dist/`, as `npm run bench` runs it; built first unless PROFILE_NO_BUILD=1)
 * and the benchmarks' ceiling, each run under `node --cpu-prof` and loaded by autocannon with one
 * scenario of the server benchmark, then stopped cleanly so that V8 writes its profile. One server
 * process per case and target, so that each profile holds one kind of request; summarise a
 * profile with `tsx benchmarks/profile-summary.ts FILE [N]`. `npm run bench:profile` profiles one
 * request in process instead, without node:http and the socket.
 *
 * Usage: `npx tsx benchmarks/profile-server.ts` (PROFILE_CASES: validate-example,
 * validate-distinct; PROFILE_SECONDS: 10 of load after 3 of warm-up; PROFILE_PORT: the first of
 * consecutive loopback ports, else ports the system has free). Profiles go to
 * reports/profile-server/CASE-TARGET/. Benchmark tooling only; loopback only, bounded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildPackage } from './compiled.ts';
import { DISTINCT_ACCOUNTS, distinctAccounts, exampleAccount, obtainToken } from './payloads.ts';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const CASES = (process.env.PROFILE_CASES ?? 'validate-example,validate-distinct').split(',');
const VALIDATE = '/v1/data-import/validate-account/';

if (process.env.PROFILE_NO_BUILD !== '1') buildPackage();

let nextPort = process.env.PROFILE_PORT ? Number(process.env.PROFILE_PORT) : undefined;
/** A loopback port: the next of PROFILE_PORT's, else one the system has free now. */
function port(): Promise<number> {
  if (nextPort !== undefined) return Promise.resolve(nextPort++);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The targets, each a node command line after `node --cpu-prof --cpu-prof-dir=DIR`. */
const targets: Record<string, (port: number) => string[]> = {
  mock: (p) => ['dist/bin/data-import-mock.js', '--quiet', '--port', String(p)],
  // The ceiling has no handler of its own for SIGINT: one that exits lets V8 write the profile.
  ceiling: () => [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    "process.on('SIGINT', () => process.exit(0)); await import('./benchmarks/ceiling-server.ts');",
  ],
};

async function started(child: ChildProcess, base: string): Promise<void> {
  for (let tries = 0; tries < 240; tries++) {
    try {
      await fetch(`${base}${VALIDATE}`, { method: 'HEAD' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${base} did not start`);
}

function load(base: string, token: string, bodies: string[], seconds: number) {
  let next = 0;
  return autocannon({
    url: `${base}${VALIDATE}`,
    method: 'POST',
    connections: 20,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    requests: [
      { setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) },
    ],
  });
}

const bodiesOf: Record<string, () => string[]> = {
  'validate-example': () => [JSON.stringify(exampleAccount)],
  'validate-distinct': () => distinctAccounts(DISTINCT_ACCOUNTS),
};

for (const name of CASES) {
  const bodies = bodiesOf[name]?.();
  if (!bodies) throw new Error(`unknown case ${name}: ${Object.keys(bodiesOf).join(', ')}`);
  for (const [target, command] of Object.entries(targets)) {
    const dir = join('reports/profile-server', `${name}-${target}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const p = await port();
    const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...command(p)], {
      stdio: 'ignore',
      env: { ...process.env, PORT: String(p) },
    });
    const base = `http://127.0.0.1:${p}`;
    await started(child, base);
    const answer = await fetch(`${base}/v1/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(obtainToken),
    }).then((r) => r.json() as Promise<{ data?: { obtainKrakenToken?: { token: string } } }>);
    const token = answer.data?.obtainKrakenToken?.token ?? 'ceiling';
    await load(base, token, bodies, 3);
    const result = await load(base, token, bodies, SECONDS);
    child.kill('SIGINT');
    await once(child, 'exit');
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    console.log(
      `${name} on ${target}: ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx; profile ${file ? join(dir, file) : 'missing'}`,
    );
  }
}
