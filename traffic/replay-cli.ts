/**
 * `data-import-traffic replay FILE... (--mock | --base-url URL)` (decision 029, Replay): replays
 * recordings against a fresh mock or a running target with the mock's control API, and writes the
 * fidelity report as JSON, Markdown, HTML and JUnit. Exit 0, or 1 when an exchange was answered
 * differently (`--fail-on different`, the default); bad input or arguments and an unreachable
 * target are one line on stderr and exit 2. The traffic layer starts no mock: the command
 * (bin/data-import-traffic.ts) passes a starter for `--mock`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Command, Option } from 'commander';
import type { Exchange } from './exchange.ts';
import { DEFAULT_CLOCK_TOLERANCE_MS } from './fidelity.ts';
import {
  type FidelityReport,
  fidelityHeadline,
  fidelityHtml,
  fidelityJson,
  fidelityJUnit,
  fidelityMarkdown,
} from './fidelity-reports.ts';
import { formatsOf } from './format-list.ts';
import { TrafficInputError } from './recording.ts';
import { type ReplayOptions, replayRecording } from './replay.ts';

/** A fresh mock on a loopback port, as the command starts it for `--mock`. */
export type MockStarter = () => Promise<{ baseUrl: string; close(): Promise<void> }>;

/** The report files and their writers, by format name. */
const FORMATS = new Map<string, [file: string, write: (r: FidelityReport) => string]>([
  ['json', ['fidelity.json', fidelityJson]],
  ['markdown', ['fidelity.md', fidelityMarkdown]],
  ['junit', ['fidelity-junit.xml', fidelityJUnit]],
  ['html', ['fidelity.html', fidelityHtml]],
]);

/** Where and how {@link replayFiles} replays and reports. */
export interface ReplayFilesOptions extends ReplayOptions {
  reportDir: string;
  formats: string[];
  failOn: 'different' | 'none';
}

async function* inOrder(
  files: string[],
  read: (file: string) => AsyncIterable<Exchange>,
): AsyncGenerator<Exchange> {
  for (const file of files) yield* read(file);
}

/** Replays the files in order against a target, writes the reports, answers the exit code. */
export async function replayFiles(
  files: string[],
  target: { baseUrl: string; controlUrl?: string },
  options: ReplayFilesOptions,
  read: (file: string) => AsyncIterable<Exchange>,
  now = Date.now,
): Promise<{ code: number; report: FidelityReport }> {
  const started = now();
  const result = await replayRecording(inOrder(files, read), target, options);
  const report: FidelityReport = {
    inputs: files,
    target: new URL(target.baseUrl).origin,
    started,
    finished: now(),
    result,
  };
  await mkdir(options.reportDir, { recursive: true });
  for (const format of options.formats) {
    const entry = FORMATS.get(format);
    if (entry) await writeFile(join(options.reportDir, entry[0]), entry[1](report));
  }
  return { code: options.failOn === 'different' && result.different > 0 ? 1 : 0, report };
}

function httpUrl(name: string) {
  return (value: string) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new TrafficInputError(`${name} must be an http(s) URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TrafficInputError(`${name} must be an http(s) URL`);
    return value;
  };
}

function milliseconds(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 3_600_000)
    throw new TrafficInputError('--clock-tolerance must be a whole number of ms, 0..3600000');
  return n;
}

/** Runs the replay of a parsed command line; a mock it started is stopped whatever happens. */
async function runReplay(
  files: string[],
  opts: Record<string, unknown>,
  out: (line: string) => void,
  read: (file: string) => AsyncIterable<Exchange>,
  startMock: MockStarter | undefined,
): Promise<number> {
  if (Boolean(opts.mock) === (opts.baseUrl !== undefined))
    throw new TrafficInputError('replay needs exactly one of --mock and --base-url');
  if (opts.mock && !startMock) throw new TrafficInputError('--mock is not available here');
  const formats = formatsOf(opts.format, FORMATS);
  const mock = opts.mock && startMock ? await startMock() : undefined;
  try {
    const baseUrl = mock ? mock.baseUrl : String(opts.baseUrl);
    const { code, report } = await replayFiles(
      files,
      { baseUrl, ...(opts.controlUrl ? { controlUrl: String(opts.controlUrl) } : {}) },
      {
        reportDir: String(opts.reportDir),
        formats,
        failOn: opts.failOn === 'none' ? 'none' : 'different',
        // The key is a secret: it goes to the target only, never to a line or a report.
        apiKey: typeof opts.apiKey === 'string' ? opts.apiKey : (process.env.API_KEY ?? undefined),
        clockToleranceMs: opts.clockTolerance as number,
        reset: opts.reset !== false,
      },
      read,
    );
    out(`${fidelityHeadline(report)}; reports in ${String(opts.reportDir)}`);
    return code;
  } finally {
    await mock?.close();
  }
}

/** Adds the `replay` command to the command line. */
export function addReplayCommand(
  cli: Command,
  out: (line: string) => void,
  read: (file: string) => AsyncIterable<Exchange>,
  startMock?: MockStarter,
): void {
  cli
    .command('replay')
    .description(
      'replay recordings against the mock (or a target with its control API) and report where the answers differ',
    )
    .argument('<files...>', 'recordings (.ndjson) or HAR files (.har), replayed in order')
    .option('--mock', 'replay against a fresh mock started in this process on 127.0.0.1')
    .option(
      '--base-url <url>',
      'replay against this target (reset first through /__mock/)',
      httpUrl('--base-url'),
    )
    .option(
      '--control-url <url>',
      "the target's control API, when not at --base-url",
      httpUrl('--control-url'),
    )
    .option('--no-reset', 'do not reset the target before replaying')
    .option(
      '--api-key <key>',
      'API key for a redacted ObtainToken key (default: env API_KEY, else the mock demo key)',
    )
    .option(
      '--clock-tolerance <ms>',
      'how far a date-time read from the clock may drift',
      milliseconds,
      DEFAULT_CLOCK_TOLERANCE_MS,
    )
    .option('--report-dir <dir>', 'where the reports go', 'reports/traffic')
    .option(
      '--format <list>',
      `comma-separated: ${[...FORMATS.keys()].join(', ')}`,
      [...FORMATS.keys()].join(','),
    )
    .addOption(
      new Option(
        '--fail-on <when>',
        'the exit code is 1 when an exchange was answered differently, or never',
      )
        .choices(['different', 'none'])
        .default('different'),
    )
    .action(async (files: string[], opts: Record<string, unknown>) => {
      process.exitCode = await runReplay(files, opts, out, read, startMock);
    });
}
