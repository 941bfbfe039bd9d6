/**
 * `data-import-traffic check FILE...`: checks recorded exchanges (the kit's NDJSON recording,
 * HAR) against the contract and writes the findings as JSON, Markdown, JUnit, SARIF and HTML
 * (decision 029). Exit codes: 0 no finding at or above `--fail-on`, 1 such findings, 2 bad input
 * or arguments (one line on stderr, no report written).
 */
import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { dataImport } from '../spec/index.ts';
import { TrafficChecker } from './checker.ts';
import type { Exchange } from './exchange.ts';
import { formatsOf } from './format-list.ts';
import { readHar } from './har.ts';
import { runProxyCommand } from './proxy-command.ts';
import { readRecording, TrafficInputError } from './recording.ts';
import { addReplayCommand, type MockStarter } from './replay-cli.ts';
import {
  type TrafficReport,
  totals,
  trafficHtml,
  trafficJson,
  trafficJUnit,
  trafficMarkdown,
  trafficSarif,
} from './reports.ts';

/** The report files and their writers, by format name. */
const FORMATS = new Map<string, [file: string, write: (r: TrafficReport) => string]>([
  ['json', ['traffic.json', trafficJson]],
  ['markdown', ['traffic.md', trafficMarkdown]],
  ['junit', ['traffic-junit.xml', trafficJUnit]],
  ['sarif', ['traffic.sarif', trafficSarif]],
  ['html', ['traffic.html', trafficHtml]],
]);

/** The exchanges of one file: HAR by its extension, the kit's NDJSON recording otherwise. */
export function readTrafficFile(file: string): AsyncGenerator<Exchange> {
  const stream = createReadStream(file);
  return /\.har$/i.test(file) ? readHar(stream, file) : readRecording(stream, file);
}

/** Options of {@link checkFiles}. */
export interface CheckOptions {
  reportDir: string;
  formats: string[];
  failOn: 'error' | 'warning';
  maxGroups?: number;
  maxAccounts?: number;
}

/** Checks the files in order, writes the reports, and answers the exit code (0 or 1). */
export async function checkFiles(
  files: string[],
  options: CheckOptions,
  now = Date.now,
): Promise<{ code: number; report: TrafficReport }> {
  const started = now();
  const checker = new TrafficChecker(dataImport, {
    ...(options.maxGroups ? { maxGroups: options.maxGroups } : {}),
    ...(options.maxAccounts ? { maxAccounts: options.maxAccounts } : {}),
  });
  for (const file of files) {
    for await (const exchange of readTrafficFile(file)) checker.check(exchange);
  }
  const report: TrafficReport = {
    inputs: files,
    started,
    finished: now(),
    result: checker.result(),
  };
  await writeReports(report, options.reportDir, options.formats);
  const t = totals(report);
  const failing = options.failOn === 'warning' ? t.errors + t.warnings : t.errors;
  return { code: failing > 0 ? 1 : 0, report };
}

/** Writes a report in each format to `reportDir`: the same writers for `check` and `proxy`. */
export async function writeReports(
  report: TrafficReport,
  reportDir: string,
  formats: string[],
): Promise<void> {
  await mkdir(reportDir, { recursive: true });
  for (const format of formats) {
    const entry = FORMATS.get(format);
    if (entry) await writeFile(join(reportDir, entry[0]), entry[1](report));
  }
}

function bounded(name: string, max: number, min = 1) {
  return (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new TrafficInputError(`${name} must be an integer ${min}..${max}`);
    return n;
  };
}

/** Resolves at the first SIGINT or SIGTERM: the proxy then writes its reports and exits. */
function stopSignal(): Promise<unknown> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** `proxy`: the checking proxy in front of a service (proxy-command.ts, decision 029). */
function proxyCommand(cli: Command, out: (line: string) => void): void {
  cli
    .command('proxy')
    .description('forward traffic to a service, check each exchange, record it redacted')
    .requiredOption('--target <url>', 'the service the proxy forwards to (http or https)')
    .option('--port <n>', 'port to listen on (0: any free port)', bounded('--port', 65_535, 0), 0)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--record <file>', 'write the exchanges, redacted, as an NDJSON v1 recording')
    .option('--mask-policy <file>', 'JSON {"headers":[...],"fields":[...]} replacing the default')
    .option('--keep-host', "forward the client's Host header instead of the target's", false)
    .option('--report-dir <dir>', 'where the reports go at the end', 'reports/traffic')
    .option('--format <list>', 'comma-separated report formats', [...FORMATS.keys()].join(','))
    .addOption(
      new Option('--fail-on <severity>', 'the exit code is 1 for findings at or above')
        .choices(['error', 'warning'])
        .default('error'),
    )
    .option(
      '--max-capture-bytes <n>',
      'bytes of each body kept for checking (default 16 MiB; bodies are forwarded whole)',
      bounded('--max-capture-bytes', 64 * 1024 * 1024, 1024),
    )
    .option('--max-groups <n>', 'finding groups kept', bounded('--max-groups', 1_000_000))
    .option('--max-accounts <n>', 'accounts with history', bounded('--max-accounts', 10_000_000))
    .option(
      '--ui-port <n>',
      'serve a live view of the findings on this port of 127.0.0.1 (0: any free port)',
      bounded('--ui-port', 65_535, 0),
    )
    .action(async (opts: Record<string, unknown>) => {
      const formats = formatsOf(opts.format, FORMATS);
      const reportDir = String(opts.reportDir);
      process.exitCode = await runProxyCommand(
        {
          target: String(opts.target),
          port: opts.port as number,
          host: String(opts.host),
          ...(opts.record !== undefined ? { record: String(opts.record) } : {}),
          ...(opts.maskPolicy !== undefined ? { maskPolicy: String(opts.maskPolicy) } : {}),
          reportDir,
          failOn: opts.failOn === 'warning' ? 'warning' : 'error',
          keepHost: opts.keepHost === true,
          maxCaptureBytes: opts.maxCaptureBytes as number | undefined,
          maxGroups: opts.maxGroups as number | undefined,
          maxAccounts: opts.maxAccounts as number | undefined,
          ...(opts.uiPort !== undefined ? { uiPort: opts.uiPort as number } : {}),
        },
        {
          out,
          err: (line) => console.error(line),
          stopped: stopSignal(),
          writeReports: (report) => writeReports(report, reportDir, formats),
        },
      );
    });
}

/** What the command (bin/) gives the command line: a starter of a fresh mock for `replay --mock`. */
export interface TrafficServices {
  startMock?: MockStarter;
}

function program(out: (line: string) => void, services: TrafficServices = {}): Command {
  const cli = new Command('data-import-traffic').description(
    'Checks HTTP traffic against the Data-Import contract.',
  );
  cli.exitOverride().configureOutput({ writeErr: () => {}, writeOut: (s) => out(s.trimEnd()) });
  cli
    .command('check')
    .description('check recorded exchanges (NDJSON recording, HAR) and write reports')
    .argument('<files...>', 'recordings (.ndjson) or HAR files (.har), checked in order')
    .option('--report-dir <dir>', 'where the reports go', 'reports/traffic')
    .option(
      '--format <list>',
      `comma-separated: ${[...FORMATS.keys()].join(', ')}`,
      [...FORMATS.keys()].join(','),
    )
    .addOption(
      new Option('--fail-on <severity>', 'the exit code is 1 for findings at or above')
        .choices(['error', 'warning'])
        .default('error'),
    )
    .option(
      '--max-groups <n>',
      'finding groups kept (default 10000)',
      bounded('--max-groups', 1_000_000),
    )
    .option(
      '--max-accounts <n>',
      'accounts whose history is kept (default 100000)',
      bounded('--max-accounts', 10_000_000),
    )
    .action(async (files: string[], opts: Record<string, unknown>) => {
      const formats = formatsOf(opts.format, FORMATS);
      const { code, report } = await checkFiles(files, {
        reportDir: String(opts.reportDir),
        formats,
        failOn: opts.failOn === 'warning' ? 'warning' : 'error',
        maxGroups: opts.maxGroups as number | undefined,
        maxAccounts: opts.maxAccounts as number | undefined,
      });
      const t = totals(report);
      out(
        `${t.exchanges} exchanges: ${t.errors} error findings, ${t.warnings} warnings in ${t.groups} groups; reports in ${String(opts.reportDir)}`,
      );
      process.exitCode = code;
    });
  addReplayCommand(cli, out, readTrafficFile, services.startMock);
  proxyCommand(cli, out);
  return cli;
}

/**
 * The commands as the command line defines them (names, arguments, options with their defaults
 * and choices), never run: the docs page describes the options from here, so it cannot drift.
 */
export function trafficCommands(): readonly Command[] {
  return program(() => {}).commands;
}

/** Runs the command line; answers the exit code. Bad input is one line on stderr and 2. */
export async function main(
  argv: string[],
  out = (l: string) => console.log(l),
  err = (l: string) => console.error(l),
  services: TrafficServices = {},
): Promise<number> {
  process.exitCode = 0;
  try {
    await program(out, services).parseAsync(argv, { from: 'user' });
    return Number(process.exitCode ?? 0);
  } catch (error) {
    if (
      error instanceof CommanderError &&
      (error.exitCode === 0 || error.code === 'commander.helpDisplayed')
    )
      return 0;
    const message = error instanceof Error ? error.message.replace(/^error: /, '') : String(error);
    const code = (error as NodeJS.ErrnoException).code;
    err(
      `data-import-traffic: ${code === 'ENOENT' ? `cannot read ${(error as NodeJS.ErrnoException).path}` : message.split('\n')[0]}`,
    );
    return 2;
  }
}
