/**
 * `npm run bench:scale -- --accounts N`: a full-volume migration rehearsal on one machine
 * (decision 012). It starts the standalone mock on a fresh `--data-dir`, stages N accounts and then
 * processes them through HTTP (16 requests in flight), and reports the latency of every batch of
 * 10,000 requests, the server's RSS over time, the store's size, the time a restart takes to
 * answer, the time and memory of streaming the all-processes list, and of streaming the state
 * export to a file and importing it (`--import-state`) into a new store. The accounts are copies
 * of 40 generated domestic accounts (fixtures' builders) under unique external account numbers.
 * The server is the published one, `dist/bin/data-import-mock.js` (built first by `npm run
 * build`), so that the restart measures what a supplier's restart costs and not TypeScript
 * compilation (decision 016); `--server tsx` runs bin/data-import-mock.ts through tsx instead. The port
 * is `--port` or BENCH_PORT (default 4930); SCALE_NODE_FLAGS adds flags to the server's node.
 * Writes benchmarks/results/scale-N.md and .json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { domesticAccount } from '../fixtures/index.ts';
import { openDataDir } from '../mocks/server/data-dir.ts';
import { buildPackage } from './compiled.ts';
import { obtainToken, processRequest } from './payloads.ts';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '16' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '4930' },
    'data-dir': { type: 'string' },
    server: { type: 'string', default: 'dist' },
    // Skip streaming the state export and importing it (measured at 100,000; at a million the
    // import alone takes about an hour).
    'no-export': { type: 'boolean', default: false },
  },
});
const N = Number(args.accounts);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const BATCH = 10_000;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = args['data-dir'] ?? mkdtempSync(join(tmpdir(), 'kit-scale-'));

// Bodies are made by replacing markers in ready JSON, so that the load generator stays cheap.
const MARK = 'SCALE-MARK';
/**
 * What the platform keeps unique across accounts must differ between the copies, or processing
 * refuses them: the account number (the MARK), the account references (reference_already_exists:
 * the builders derive their values from a hash of the account number, which a text replacement
 * cannot reach, so each value becomes a marker whose last digits are the copy's number) and debts'
 * CAIS references (cais_reference_already_in_use_on_another_account: the builders put the
 * account number in them). {@link checkUniqueAcrossCopies} proves it before the run.
 */
interface PoolBody {
  json: string;
  /** Per reference marker: the value's kept prefix and how many last digits the copy's number fills. */
  references: { marker: string; prefix: string; digits: number }[];
}
const pool: PoolBody[] = Array.from({ length: 40 }, (_, seed) => {
  const account = domesticAccount({ seed: seed + 1, externalAccountNumber: MARK }) as Record<
    string,
    unknown
  >;
  const references: PoolBody['references'] = [];
  for (const [i, ref] of ((account.references ?? []) as { value: string }[]).entries()) {
    // Same form as the builder's (a fixed head, then digits or capitals and digits): keep the
    // head and put the copy's number, zero-padded, in the last 8 characters.
    const digits = 8;
    const marker = `SCALE-REF-${i}-MARKER`;
    references.push({ marker, prefix: ref.value.slice(0, ref.value.length - digits), digits });
    ref.value = marker;
  }
  return { json: JSON.stringify(account), references };
});
function accountBody(n: number): string {
  const body = pool[n % pool.length]!;
  let json = body.json.replaceAll(MARK, `SCALE-${n}`);
  for (const r of body.references) {
    json = json.replace(r.marker, r.prefix + String(n).padStart(r.digits, '0'));
  }
  return json;
}

/** Fails the run before it starts when two copies would hold one identifier the platform keeps unique. */
function checkUniqueAcrossCopies(copies: number): void {
  const holders = new Map<string, number>();
  for (let n = 0; n < copies; n++) {
    const account = JSON.parse(accountBody(n)) as Record<string, unknown>;
    const references = (account.references ?? []) as { namespace: string; value: string }[];
    const debts = [
      ...((account.debts ?? []) as { cais_reference?: string }[]),
      ...(account.debt ? [account.debt as { cais_reference?: string }] : []),
    ];
    const held = [
      `account ${String(account.external_account_number)}`,
      ...references.map((r) => `reference ${r.namespace} ${r.value}`),
      ...debts.flatMap((d) => (d.cais_reference ? [`cais ${d.cais_reference}`] : [])),
    ];
    for (const id of new Set(held)) {
      const other = holders.get(id);
      if (other !== undefined) throw new Error(`copies ${other} and ${n} both hold ${id}`);
      holders.set(id, n);
    }
  }
}
// Three rounds of the pool, and the numbers where the padded digits change width.
checkUniqueAcrossCopies(pool.length * 3);
if (N > 99_999_999)
  throw new Error('at most 99,999,999 accounts: references carry 8 digits of the copy');

function rssMiB(pid: number | undefined, field = 'VmRSS'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(
    readFileSync(`/proc/${pid}/status`, 'utf8'),
  )?.[1];
  return Math.round(Number(kb ?? 0) / 1024);
}

function storeMiB(): number {
  return Math.round(statSync(join(dataDir, 'data.mdb')).size / 2 ** 20);
}

const serverEntry =
  args.server === 'tsx'
    ? ['--import', 'tsx', 'bin/data-import-mock.ts']
    : ['dist/bin/data-import-mock.js'];
if (args.server !== 'tsx') {
  buildPackage();
}
const nodeFlags = (process.env.SCALE_NODE_FLAGS ?? '').split(' ').filter(Boolean);

async function start(
  extra: string[] = [],
  dir = dataDir,
): Promise<{ child: ChildProcess; msToAnswer: number }> {
  const started = Date.now();
  const child = spawn(
    'node',
    [...nodeFlags, ...serverEntry, '--quiet', '--port', String(PORT), '--data-dir', dir, ...extra],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  while (Date.now() - started < 1_800_000) {
    try {
      const answer = await fetch(`${base}/__mock/health`);
      if (answer.ok) return { child, msToAnswer: Date.now() - started };
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  throw new Error('the mock did not start');
}

interface Batch {
  phase: string;
  from: number;
  to: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  rssMiB: number;
  /** The process's own memory (heap and native), without the store's mapped file pages. */
  anonMiB: number;
  storeMiB: number;
}

const t0 = Date.now();
const rssSeries: { seconds: number; rssMiB: number; anonMiB: number; fileMiB: number }[] = [];
let { child } = await start();
const sampler = setInterval(() => {
  try {
    rssSeries.push({
      seconds: Math.round((Date.now() - t0) / 1000),
      rssMiB: rssMiB(child.pid),
      anonMiB: rssMiB(child.pid, 'RssAnon'),
      fileMiB: rssMiB(child.pid, 'RssFile'),
    });
  } catch {
    // between restarts
  }
}, 2000);

async function login(): Promise<string> {
  const answer = await fetch(`${base}/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(obtainToken),
  });
  return (await answer.json()).data.obtainKrakenToken.token;
}

async function phase(
  name: string,
  path: string,
  body: (n: number) => string,
  token: string,
): Promise<Batch[]> {
  const batches: Batch[] = [];
  for (let from = 0; from < N; from += BATCH) {
    const to = Math.min(N, from + BATCH);
    let next = from;
    const result = await autocannon({
      url: `${base}${path}`,
      method: 'POST',
      connections: CONNECTIONS,
      amount: to - from,
      timeout: 60,
      headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
      requests: [{ setupRequest: (request) => ({ ...request, body: body(next++) }) }],
    });
    const failures = result.non2xx + result.errors + result.timeouts;
    if (failures > 0 || result['2xx'] !== to - from) {
      throw new Error(`${name} ${from}-${to}: ${failures} failures, ${result['2xx']} answered`);
    }
    const seconds = result.duration;
    const batch: Batch = {
      phase: name,
      from,
      to,
      seconds: Math.round(seconds * 10) / 10,
      rps: Math.round((to - from) / seconds),
      p50: result.latency.p50,
      p99: result.latency.p99,
      rssMiB: rssMiB(child.pid),
      anonMiB: rssMiB(child.pid, 'RssAnon'),
      storeMiB: storeMiB(),
    };
    batches.push(batch);
    console.log(
      `${name} ${from}-${to}: ${batch.rps} req/s, p50 ${batch.p50} ms, p99 ${batch.p99} ms, RSS ${batch.rssMiB} MiB (own ${batch.anonMiB}), store ${batch.storeMiB} MiB`,
    );
  }
  return batches;
}

let token = await login();
const staged = await phase(
  'stage',
  '/v1/data-import/account-import-process/create-or-update/',
  accountBody,
  token,
);
const processed = await phase(
  'process',
  '/v1/data-import/account-import-process/process/',
  (n) => JSON.stringify(processRequest(`SCALE-${n}`)),
  token,
);
const peakBeforeRestart = rssMiB(child.pid, 'VmHWM');

// Restart: a clean stop, then the time from spawning the process to its first answer.
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
// What of a restart grows with the store: opening it and reading the saved state back.
const openStarted = performance.now();
const reopened = openDataDir(dataDir);
const storeOpenMs = Math.round(performance.now() - openStarted);
await reopened.close();
const restarted = await start();
child = restarted.child;
token = await login();
const firstStatus = await fetch(
  `${base}/v1/data-import/account-transfer-status/DEMO_ENERGY/SCALE-${N - 1}/`,
  { headers: { authorization: `Token ${token}` } },
);
const statusAfterRestart = await firstStatus.json();

// The all-processes list, streamed: its time, size and the server's peak RSS meanwhile.
writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
const rssBeforeList = rssMiB(child.pid);
const listStarted = performance.now();
const list = await fetch(`${base}/v1/data-import/all-account-import-processes/DEMO_ENERGY/`, {
  headers: { authorization: `Token ${token}` },
});
let bytes = 0;
let items = 0;
for await (const chunk of list.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.length;
  for (const byte of chunk) if (byte === 0x7b) items++; // one `{` per summary
}
const listSeconds = (performance.now() - listStarted) / 1000;
const listPeakRss = rssMiB(child.pid, 'VmHWM');

// The state export streamed to a file, then imported as a stream into a new store by a server
// started with --import-state: the time each takes and the peak RSS of each side.
async function exportAndImport() {
  writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
  const exportFile = `${dataDir}-export.json`;
  const exportStarted = performance.now();
  const exported = await fetch(`${base}/__mock/state`);
  await pipeline(
    Readable.fromWeb(exported.body as import('node:stream/web').ReadableStream),
    createWriteStream(exportFile),
  );
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  const exportPeakRss = rssMiB(child.pid, 'VmHWM');
  const exportMiB = Math.round(statSync(exportFile).size / 2 ** 20);
  clearInterval(sampler);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  const importDir = `${dataDir}-imported`;
  const importer = await start(['--import-state', exportFile], importDir);
  const importPeakRss = rssMiB(importer.child.pid, 'VmHWM');
  const importedList = await fetch(
    `${base}/v1/data-import/all-account-import-processes/DEMO_ENERGY/`,
    {
      headers: { authorization: `Token ${await login()}` },
    },
  );
  const importedItems = ((await importedList.json()) as unknown[]).length;
  importer.child.kill('SIGTERM');
  rmSync(exportFile, { force: true });
  rmSync(importDir, { recursive: true, force: true });
  return {
    exportSeconds,
    exportPeakRss,
    exportMiB,
    importMs: importer.msToAnswer,
    importPeakRss,
    importedItems,
  };
}
let exportImport: Awaited<ReturnType<typeof exportAndImport>> | undefined;
if (args['no-export']) {
  clearInterval(sampler);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
} else {
  exportImport = await exportAndImport();
}

const first = staged[0]!;
const last = staged.at(-1)!;
const firstP = processed[0]!;
const lastP = processed.at(-1)!;
const peakRss = Math.max(...rssSeries.map((s) => s.rssMiB), peakBeforeRestart, listPeakRss);
const peakAnon = Math.max(...rssSeries.map((s) => s.anonMiB));
const peakFile = Math.max(...rssSeries.map((s) => s.fileMiB));
const record = {
  accounts: N,
  connections: CONNECTIONS,
  // The store's budget of mapped pages the server ran with (decision 017).
  storeMemoryMiB: process.env.STORE_MEMORY_MIB ?? 'default',
  server: args.server,
  serverNodeFlags: nodeFlags,
  startedAt: new Date(t0).toISOString(),
  totalSeconds: Math.round((Date.now() - t0) / 1000),
  machine: {
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    loadAverageAtEnd: loadavg().map((n) => Math.round(n * 100) / 100),
  },
  storeMiB: storeMiB(),
  peakRssMiB: peakRss,
  peakAnonMiB: peakAnon,
  peakFileMiB: peakFile,
  restartMsToFirstAnswer: restarted.msToAnswer,
  storeOpenMs,
  statusAfterRestart,
  list: {
    status: list.status,
    items,
    bytes,
    seconds: Math.round(listSeconds * 10) / 10,
    rssBeforeMiB: rssBeforeList,
    peakRssMiB: listPeakRss,
  },
  stateExport: exportImport && {
    seconds: Math.round(exportImport.exportSeconds * 10) / 10,
    fileMiB: exportImport.exportMiB,
    serverPeakRssMiB: exportImport.exportPeakRss,
  },
  stateImport: exportImport && {
    secondsToFirstAnswer: Math.round(exportImport.importMs / 100) / 10,
    peakRssMiB: exportImport.importPeakRss,
    accountsListed: exportImport.importedItems,
  },
  checks: {
    rssUnder1GiB: peakRss < 1024,
    ownMemoryUnder1GiB: peakAnon < 1024,
    lastStageBatchWithin1_5xFirst: last.p50 <= 1.5 * first.p50 && last.rps >= first.rps / 1.5,
    lastProcessBatchWithin1_5xFirst: lastP.p50 <= 1.5 * firstP.p50 && lastP.rps >= firstP.rps / 1.5,
    restartUnder2s: restarted.msToAnswer < 2000,
    listComplete: items === N,
    ...(exportImport ? { importComplete: exportImport.importedItems === N } : {}),
  },
  batches: [...staged, ...processed],
  rssSeries,
};

const md = [
  `# Scale rehearsal: ${N.toLocaleString('en-GB')} accounts through HTTP on a --data-dir store`,
  '',
  `Run ${record.startedAt}, ${CONNECTIONS} requests in flight, store memory budget ${record.storeMemoryMiB === 'default' ? 'the default' : `${record.storeMemoryMiB} MiB`}, ${record.totalSeconds} s in all; ${record.machine.cpu}, ${record.machine.cores} cores, load average at the end ${record.machine.loadAverageAtEnd.join(' / ')} (the machine is shared: absolute figures are noisy).`,
  '',
  '| check | measured | met |',
  '|---|---|---|',
  `| RSS under 1 GiB throughout | peak ${peakRss} MiB (VmRSS); the process's own (RssAnon) at most ${peakAnon} MiB, the store's mapped file pages and the binaries (RssFile) at most ${peakFile} MiB | ${record.checks.rssUnder1GiB ? 'yes' : '**no**'} |`,
  `| last 10,000 stages no slower than 1.5x the first | p50 ${first.p50} -> ${last.p50} ms, ${first.rps} -> ${last.rps} req/s | ${record.checks.lastStageBatchWithin1_5xFirst ? 'yes' : '**no**'} |`,
  `| last 10,000 processes no slower than 1.5x the first | p50 ${firstP.p50} -> ${lastP.p50} ms, ${firstP.rps} -> ${lastP.rps} req/s | ${record.checks.lastProcessBatchWithin1_5xFirst ? 'yes' : '**no**'} |`,
  `| restart answers within 2 s (spawn to first answer, ${args.server === 'tsx' ? 'tsx start-up included' : 'the built server'}) | ${restarted.msToAnswer} ms (of which opening the store and reading its state: ${storeOpenMs} ms) | ${record.checks.restartUnder2s ? 'yes' : '**no**'} |`,
  `| all-processes list streamed whole | ${items} items, ${Math.round(bytes / 2 ** 20)} MiB in ${record.list.seconds} s; server RSS ${rssBeforeList} MiB before, peak ${listPeakRss} MiB while streaming | ${record.checks.listComplete ? 'yes' : '**no**'} |`,
  exportImport
    ? `| state export streamed, then imported as a stream (\`--import-state\`) | export ${exportImport.exportMiB} MiB in ${record.stateExport?.seconds} s (server peak RSS ${exportImport.exportPeakRss} MiB); import and first answer in ${record.stateImport?.secondsToFirstAnswer} s, peak RSS ${exportImport.importPeakRss} MiB, ${exportImport.importedItems} accounts listed after | ${record.checks.importComplete ? 'yes' : '**no**'} |`
    : '| state export streamed, then imported as a stream (`--import-state`) | not run (`--no-export`) | |',
  '',
  `Store file: ${record.storeMiB} MiB.`,
  '',
  '| phase | requests | s | req/s | p50 ms | p99 ms | RSS MiB | own (anon) MiB | store MiB |',
  '|---|---|---|---|---|---|---|---|---|',
  ...record.batches.map(
    (b) =>
      `| ${b.phase} | ${b.from}-${b.to} | ${b.seconds} | ${b.rps} | ${b.p50} | ${b.p99} | ${b.rssMiB} | ${b.anonMiB} | ${b.storeMiB} |`,
  ),
  '',
  `RSS over time (s: total/own MiB): ${rssSeries
    .filter((_, i) => i % Math.max(1, Math.floor(rssSeries.length / 40)) === 0)
    .map((s) => `${s.seconds}: ${s.rssMiB}/${s.anonMiB}`)
    .join(', ')}`,
  '',
].join('\n');
const results = join(import.meta.dirname, 'results');
mkdirSync(results, { recursive: true });
writeFileSync(join(results, `scale-${N}.json`), `${JSON.stringify(record, null, 2)}\n`);
writeFileSync(join(results, `scale-${N}.md`), md);
console.log(`\n${md}`);
if (!args['data-dir']) rmSync(dataDir, { recursive: true, force: true });
