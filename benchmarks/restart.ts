/**
 * `npm run bench:restart -- --accounts N`: how long the standalone server takes to answer after
 * a restart on a store of N processed accounts (decision 016), without staging them through HTTP
 * first (a million through HTTP takes most of an hour on this machine; `bench:scale` does that
 * for smaller N). The store is filled through the server's own store code (`openDataDir`, the
 * same records, index, outbox and state document a migration leaves) with copies of one account
 * staged and processed in process, then the built server (`dist/bin/data-import-mock.js`) is
 * started on it five times: the time from spawn to the first answer of its health route, and to
 * the first answer of an account's transfer status (a token obtained and the record read from
 * the store). The page cache is warm after the first start (the machine is shared: it is not
 * dropped). `--data-dir DIR` keeps the store for another run. Port: `--port` or BENCH_PORT.
 * Writes benchmarks/results/restart-N.md and .json.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDataImportMock } from '../mocks/create-mock.ts';
import { touch } from '../mocks/domain/state.ts';
import { nodeEnv } from '../mocks/node-env.ts';
import { openDataDir } from '../mocks/server/data-dir.ts';
import { buildPackage } from './compiled.ts';
import { exampleAccount, obtainToken, processRequest, jsonPost as request } from './payloads.ts';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000000' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '4931' },
    'data-dir': { type: 'string' },
    trials: { type: 'string', default: '5' },
  },
});
const N = Number(args.accounts);
const PORT = Number(args.port);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = args['data-dir'] ?? mkdtempSync(join(tmpdir(), 'kit-restart-'));
const CHUNK = 5_000;

/** Fills a new store with N processed accounts, CHUNK per transaction. */
async function fill(): Promise<number> {
  const started = performance.now();
  const store = openDataDir(dataDir);
  const mock = createDataImportMock({ env: nodeEnv(), onChange: store.write });
  await store.write(mock.state);
  const login = await mock.service.handle(request('/v1/graphql/', obtainToken));
  const token = (login.body as { data: { obtainKrakenToken: { token: string } } }).data
    .obtainKrakenToken.token;
  const external = exampleAccount.external_account_number as string;
  const path = '/v1/data-import/account-import-process/';
  await mock.service.handle(request(`${path}create-or-update/`, exampleAccount, token));
  const processed = await mock.service.handle(
    request(`${path}process/`, processRequest(external), token),
  );
  if (processed.status !== 201) throw new Error(`process answered ${processed.status}`);
  const state = mock.state;
  const record = state.accounts.get(`DEMO_ENERGY/${external}`)!;
  const emails = [...state.outbox];
  for (let from = 1; from < N; from += CHUNK) {
    // The revision moves first, as a command's would: the store keeps every record set while a
    // change is pending, and lets go of read-only reads beyond its limit otherwise.
    touch(state);
    for (let n = from; n < Math.min(N, from + CHUNK); n++) {
      const externalAccountNumber = `RESTART-${n}`;
      const serviceAccountNumber = `A-${(n + 1).toString(16).toUpperCase().padStart(8, '0')}`;
      state.accounts.set(`DEMO_ENERGY/${externalAccountNumber}`, {
        ...record,
        externalAccountNumber,
        serviceAccountNumber,
        data: { ...record.data, external_account_number: externalAccountNumber },
      });
      for (const email of emails) {
        state.outbox.push({ ...email, externalAccountNumber, serviceAccountNumber });
      }
    }
    state.accountSequence = Math.min(N, from + CHUNK);
    await store.write(state);
    if ((from - 1) % 100_000 === 0) console.log(`filled ${from - 1 + CHUNK} of ${N}`);
  }
  const stored = state.accounts.size;
  if (stored !== N) throw new Error(`the store holds ${stored} accounts, not ${N}`);
  await store.close();
  return Math.round((performance.now() - started) / 1000);
}

async function restart(
  dir: string,
): Promise<{ healthMs: number; statusMs: number; status: number }> {
  const started = performance.now();
  const child = spawn(
    'node',
    ['dist/bin/data-import-mock.js', '--quiet', '--port', String(PORT), '--data-dir', dir],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  try {
    let healthMs = 0;
    while (performance.now() - started < 120_000) {
      try {
        if ((await fetch(`${base}/__mock/health`)).ok) {
          healthMs = performance.now() - started;
          break;
        }
      } catch {
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    const login = await fetch(`${base}/v1/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(obtainToken),
    });
    const token = (await login.json()).data.obtainKrakenToken.token;
    const status = await fetch(
      `${base}/v1/data-import/account-transfer-status/DEMO_ENERGY/RESTART-${N - 1}/`,
      { headers: { authorization: `Token ${token}` } },
    );
    await status.arrayBuffer();
    return {
      healthMs: Math.round(healthMs),
      statusMs: Math.round(performance.now() - started),
      status: status.status,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

buildPackage();
const fillSeconds = existsSync(join(dataDir, 'data.mdb')) ? null : await fill();
// The kernel's write-back of a freshly written store would otherwise be measured as the restart.
spawnSync('sync');
const storeMiB = Math.round(statSync(join(dataDir, 'data.mdb')).size / 2 ** 20);
// Each trial starts the server on an empty store first, then on the large one: on a shared
// machine the start of Node itself moves with the load, and the difference is the store's share.
const emptyDir = mkdtempSync(join(tmpdir(), 'kit-restart-empty-'));
await restart(emptyDir);
const trials = [];
for (let i = 0; i < Number(args.trials); i++) {
  const empty = await restart(emptyDir);
  const trial = { ...(await restart(dataDir)), emptyStoreHealthMs: empty.healthMs };
  console.log(
    `restart ${i + 1}: health ${trial.healthMs} ms, transfer status ${trial.statusMs} ms (empty store: health ${empty.healthMs} ms)`,
  );
  trials.push(trial);
}
rmSync(emptyDir, { recursive: true, force: true });
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const record = {
  accounts: N,
  runAt: new Date().toISOString(),
  machine: {
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
  },
  storeMiB,
  fillSeconds,
  trials,
  medianHealthMs: median(trials.map((t) => t.healthMs)),
  medianStatusMs: median(trials.map((t) => t.statusMs)),
  medianEmptyStoreHealthMs: median(trials.map((t) => t.emptyStoreHealthMs)),
  checks: {
    answersWithin2s: median(trials.map((t) => t.healthMs)) < 2000,
    statusReadAfterRestart: trials.every((t) => t.status === 200),
  },
};
const md = [
  `# Restart on a store of ${N.toLocaleString('en-GB')} processed accounts`,
  '',
  `Run ${record.runAt}; ${record.machine.cpu}, ${record.machine.cores} cores, load average ${record.machine.loadAverage.join(' / ')} (shared machine). Store file ${storeMiB} MiB${fillSeconds === null ? '' : `, filled in ${fillSeconds} s`}. The built server (\`dist/bin/data-import-mock.js\`), page cache warm after the first start.`,
  '',
  "| trial | empty store: spawn to first answer ms | this store: spawn to first answer (health) ms | this store: spawn to an account's transfer status (token, read from the store) ms |",
  '|---|---|---|---|',
  ...trials.map((t, i) => `| ${i + 1} | ${t.emptyStoreHealthMs} | ${t.healthMs} | ${t.statusMs} |`),
  '',
  `Median: ${record.medianHealthMs} ms to the first answer and ${record.medianStatusMs} ms to the first account read, against ${record.medianEmptyStoreHealthMs} ms to the first answer for the same server on an empty store in the same minutes (target: answering within 2 s: ${record.checks.answersWithin2s ? 'met' : '**not met**'}).`,
  '',
].join('\n');
const results = join(import.meta.dirname, 'results');
mkdirSync(results, { recursive: true });
writeFileSync(join(results, `restart-${N}.json`), `${JSON.stringify(record, null, 2)}\n`);
writeFileSync(join(results, `restart-${N}.md`), md);
console.log(`\n${md}`);
if (!args['data-dir']) rmSync(dataDir, { recursive: true, force: true });
