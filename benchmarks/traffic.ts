/**
 * `npm run bench:traffic` (and the last step of `npm run bench`): what `data-import-traffic
 * check` costs on a migration's day (decision 029): a recording of 1,000,000 exchanges
 * (`BENCH_TRAFFIC_EXCHANGES`; `traffic/recording.bench.ts` writes it to a temporary directory,
 * about 1.9 GB, deleted at the end) read three ways, each in a process of its own, one after
 * another on the same file:
 *
 * - the ceiling: the file streamed and split into lines, each line `JSON.parse`d, nothing else;
 * - the reader: the kit's NDJSON reader (`readRecording`), each line made an exchange;
 * - check: the packed command as a supplier runs it (`dist/bin/data-import-traffic.js check`,
 *   built first; TRAFFIC_BENCH_NO_BUILD=1 skips the build), reports written.
 *
 * Each prints exchanges/s and its peak RSS (the kernel's high-water mark of the process, read as
 * it exits), against the goal of a peak under 256 MiB for check; the three run in turn
 * `BENCH_TRAFFIC_ROUNDS` times (default 2), each keeping its fastest round and highest peak.
 * Writing the million-exchange file takes 90-100 s on this machine, the three runs about 4 min
 * a round. `--file F` reads an existing
 * recording instead (kept). Writes benchmarks/results/traffic-check-N.md and .json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeBenchRecording } from '../traffic/recording.bench.ts';
import { buildPackage } from './compiled.ts';

/** The goal for check's peak RSS on a million exchanges (decision 029). */
const GOAL_MIB = 256;

const { values: args } = parseArgs({
  options: {
    exchanges: { type: 'string', default: process.env.BENCH_TRAFFIC_EXCHANGES ?? '1000000' },
    file: { type: 'string' },
  },
});
const wanted = Math.min(Math.max(Number(args.exchanges) || 1_000_000, 3), 10_000_000);
const root = join(import.meta.dirname, '..');
const dist = (path: string) => new URL(`../dist/${path}`, import.meta.url).href;

/** Writes the process's peak RSS (KiB) on stderr as it exits. */
const PEAK_HOOK = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\npeak-rss-kib='+process.resourceUsage().maxRSS+'\\n'))`;

/** The ceiling: lines split as the kit's reader splits them, each parsed, nothing kept. */
const CEILING = `
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
const decoder = new StringDecoder('utf8');
let pending = '', count = 0;
for await (const chunk of createReadStream(process.argv[1])) {
  pending += decoder.write(chunk);
  let start = 0, newline = pending.indexOf('\\n');
  while (newline !== -1) {
    if (JSON.parse(pending.slice(start, newline)).v === 1) count += 1;
    start = newline + 1;
    newline = pending.indexOf('\\n', start);
  }
  pending = pending.slice(start);
}
console.log(count + ' exchanges');`;

/** The reader alone: the kit's NDJSON reader, each line an exchange, none checked. */
const READER = `
import { createReadStream } from 'node:fs';
import { readRecording } from '${dist('traffic/recording.js')}';
let count = 0;
for await (const e of readRecording(createReadStream(process.argv[1]), process.argv[1])) {
  if (e.response.status > 0) count += 1;
}
console.log(count + ' exchanges');`;

/** One measured run: what it printed, how long it took and its peak RSS. */
interface Run {
  name: string;
  what: string;
  exchanges: number;
  seconds: number;
  exchangesPerSecond: number;
  peakRssMiB: number;
  /** The last line it printed (check: its findings). */
  said: string;
}

/** Runs `node ...argv` with the peak hook and measures it; throws when it fails. */
function measure(name: string, what: string, argv: string[]): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PEAK_HOOK, ...argv], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const exchanges = Number(/(\d+) exchanges/.exec(out)?.[1]);
      const peak = Number(/peak-rss-kib=(\d+)/.exec(err)?.[1]);
      if (code !== 0 || !Number.isFinite(exchanges) || !Number.isFinite(peak)) {
        reject(new Error(`${name} exited ${code}: ${out.trim()} ${err.trim()}`));
        return;
      }
      resolve({
        name,
        what,
        exchanges,
        seconds: Math.round(seconds * 10) / 10,
        exchangesPerSecond: Math.round(exchanges / seconds),
        peakRssMiB: Math.round(peak / 1024),
        said: out.trim().split('\n').at(-1) ?? '',
      });
    });
  });
}

/** Rounds of the three runs; each run's best time and highest peak are kept. */
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_TRAFFIC_ROUNDS ?? 2) || 2, 1), 5);

/**
 * The three runs on one file, in turn, `ROUNDS` times: on a shared machine one run can land in
 * another's busy minutes, so a run's figure is its fastest round, and its peak RSS the highest.
 */
async function runAll(file: string, reports: string): Promise<Run[]> {
  const best = new Map<string, Run>();
  const plan: [string, string, string[]][] = [
    [
      'ceiling',
      'stream, split lines, JSON.parse each',
      ['--input-type=module', '-e', CEILING, file],
    ],
    [
      'reader',
      "the kit's NDJSON reader, exchanges made",
      ['--input-type=module', '-e', READER, file],
    ],
    [
      'check',
      'data-import-traffic check (dist), all reports',
      ['dist/bin/data-import-traffic.js', 'check', file, '--report-dir', reports],
    ],
  ];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, what, argv] of plan) {
      const run = await measure(name, what, argv);
      console.log(
        `  round ${round}, ${name}: ${run.exchanges} exchanges in ${run.seconds} s, ${run.exchangesPerSecond} exchanges/s, peak RSS ${run.peakRssMiB} MiB`,
      );
      const kept = best.get(name);
      best.set(
        name,
        kept === undefined
          ? run
          : {
              ...(run.seconds < kept.seconds ? run : kept),
              peakRssMiB: Math.max(run.peakRssMiB, kept.peakRssMiB),
            },
      );
    }
  }
  return [...best.values()];
}

/** The record as Markdown: the runs side by side, ratios to the ceiling, the goal. */
function markdown(record: ReturnType<typeof recordOf>): string {
  const ceiling = record.runs.find((r) => r.name === 'ceiling');
  const check = record.runs.find((r) => r.name === 'check');
  const lines = [
    `# data-import-traffic check on ${record.exchanges.toLocaleString('en-GB')} exchanges`,
    '',
    `Run ${record.at}; ${record.cpu}, ${record.cores} cores, load average ${record.load} (shared machine). The recording: ${record.fileMiB} MiB of NDJSON${record.generatedSeconds === null ? ' (given)' : `, written in ${record.generatedSeconds} s by traffic/recording.bench.ts`}. Each row is a process of its own, one after another on the same file, ${record.rounds} rounds in turn: its fastest round, and the highest peak RSS (the process's high-water mark) of its rounds.`,
    '',
    '| run | what | seconds | exchanges/s | vs ceiling | peak RSS MiB |',
    '|---|---|---|---|---|---|',
    ...record.runs.map(
      (r) =>
        `| ${r.name} | ${r.what} | ${r.seconds} | ${r.exchangesPerSecond.toLocaleString('en-GB')} | ${ceiling ? `${(r.exchangesPerSecond / ceiling.exchangesPerSecond).toFixed(2)}x` : '-'} | ${r.peakRssMiB} |`,
    ),
    '',
    `Goal: check's peak RSS under ${GOAL_MIB} MiB: ${check ? `${check.peakRssMiB} MiB, **${check.peakRssMiB < GOAL_MIB ? 'met' : 'not met'}**` : 'not measured'}.`,
    '',
  ];
  return lines.join('\n');
}

function recordOf(runs: Run[], file: string, generatedSeconds: number | null) {
  return {
    at: new Date().toISOString(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' / '),
    exchanges: runs[0]?.exchanges ?? 0,
    fileMiB: Math.round(statSync(file).size / 2 ** 20),
    generatedSeconds,
    goalMiB: GOAL_MIB,
    rounds: ROUNDS,
    runs,
  };
}

if (process.env.TRAFFIC_BENCH_NO_BUILD !== '1') buildPackage();
const work = mkdtempSync(join(tmpdir(), 'kit-bench-traffic-'));
try {
  let file = args.file;
  let generatedSeconds: number | null = null;
  if (file === undefined) {
    file = join(work, 'day.ndjson');
    const started = performance.now();
    await writeBenchRecording(file, wanted);
    generatedSeconds = Math.round((performance.now() - started) / 100) / 10;
    console.log(`wrote ${wanted} exchanges to ${file} in ${generatedSeconds} s`);
  }
  const runs = await runAll(file, join(work, 'reports'));
  const record = recordOf(runs, file, generatedSeconds);
  const results = join(import.meta.dirname, 'results');
  mkdirSync(results, { recursive: true });
  const base = join(
    results,
    `traffic-check-${args.file === undefined ? wanted : record.exchanges}`,
  );
  writeFileSync(`${base}.json`, `${JSON.stringify(record, null, 2)}\n`);
  writeFileSync(`${base}.md`, markdown(record));
  const check = runs.find((r) => r.name === 'check');
  console.log(
    `check: peak RSS ${check?.peakRssMiB} MiB against the goal of ${GOAL_MIB} MiB; ${base}.md written`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
