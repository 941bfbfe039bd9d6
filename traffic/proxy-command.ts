/**
 * `data-import-traffic proxy --target URL`: runs the checking proxy (proxy.ts) until SIGINT or
 * SIGTERM, optionally recording (record.ts), then writes the same reports as `check` and answers
 * the exit code by `--fail-on` (decision 029). A recording that stopped early (a full disk) makes
 * the exit code 2 whatever the findings: the file the user asked for is not whole.
 */
import { readFile } from 'node:fs/promises';
import type { CheckerResult } from './checker.ts';
import { type MaskPolicy, parseMaskPolicy } from './mask.ts';
import { startTrafficProxy } from './proxy.ts';
import { openRecording, type RecordingSummary, type TrafficRecorder } from './record.ts';
import { TrafficInputError } from './recording.ts';
import { type TrafficReport, totals } from './reports.ts';

/** What the command line gives the proxy. */
export interface ProxyCommandOptions {
  target: string;
  port: number;
  host: string;
  record?: string;
  maskPolicy?: string;
  reportDir: string;
  failOn: 'error' | 'warning';
  keepHost: boolean;
  maxCaptureBytes?: number;
  maxGroups?: number;
  maxAccounts?: number;
  /** The live view's port on 127.0.0.1 (proxy-ui.ts); none when absent. */
  uiPort?: number;
}

/** How the command talks to its caller: output lines, the stop signal, the report writer. */
export interface ProxyCommandIo {
  out(line: string): void;
  err(line: string): void;
  /** Resolves when the proxy must stop (SIGINT, SIGTERM). */
  stopped: Promise<unknown>;
  writeReports(report: TrafficReport): Promise<void>;
}

async function loadPolicy(file: string | undefined): Promise<MaskPolicy | undefined> {
  if (file === undefined) return undefined;
  return parseMaskPolicy(await readFile(file, 'utf8'), file);
}

async function openRecorder(
  file: string | undefined,
  mask: MaskPolicy | undefined,
  err: (line: string) => void,
): Promise<TrafficRecorder | undefined> {
  if (file === undefined) return undefined;
  try {
    return await openRecording(file, {
      ...(mask ? { policy: mask } : {}),
      onFailure: (message) => err(`data-import-traffic: ${message}`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new TrafficInputError(
      code === 'EEXIST'
        ? `${file} exists: a recording is never overwritten (choose another --record file)`
        : `cannot record to ${file} (${code ?? String(error)})`,
    );
  }
}

function recordingLine(summary: RecordingSummary): string {
  return summary.failure ?? `${summary.recorded} exchanges recorded (redacted) in ${summary.file}`;
}

/** Runs the proxy until `io.stopped`; answers the exit code (0, 1 by --fail-on, 2). */
export async function runProxyCommand(
  options: ProxyCommandOptions,
  io: ProxyCommandIo,
  now = Date.now,
): Promise<number> {
  const mask = await loadPolicy(options.maskPolicy);
  const recorder = await openRecorder(options.record, mask, io.err);
  const started = now();
  let proxy: Awaited<ReturnType<typeof startTrafficProxy>>;
  try {
    proxy = await startTrafficProxy({
      target: options.target,
      port: options.port,
      host: options.host,
      keepHost: options.keepHost,
      log: io.err,
      ...(recorder ? { recorder } : {}),
      ...(mask ? { mask } : {}),
      ...(options.maxCaptureBytes ? { maxCaptureBytes: options.maxCaptureBytes } : {}),
      ...(options.maxGroups ? { maxGroups: options.maxGroups } : {}),
      ...(options.maxAccounts ? { maxAccounts: options.maxAccounts } : {}),
      ...(options.uiPort !== undefined ? { uiPort: options.uiPort } : {}),
    });
  } catch (error) {
    await recorder?.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new TrafficInputError(
      code
        ? `cannot listen on ${options.host}:${options.port} (${code})`
        : error instanceof Error
          ? error.message
          : String(error),
    );
  }
  io.out(
    `data-import-traffic proxy: ${proxy.url} -> ${options.target}${options.record ? `, recording to ${options.record}` : ''}${proxy.uiUrl ? `; live findings at ${proxy.uiUrl}` : ''}; Ctrl-C writes the reports`,
  );
  await io.stopped;
  const result: CheckerResult = await proxy.close();
  const summary = await recorder?.close();
  const report: TrafficReport = { inputs: [options.target], started, finished: now(), result };
  await io.writeReports(report);
  const t = totals(report);
  io.out(
    `${t.exchanges} exchanges: ${t.errors} error findings, ${t.warnings} warnings in ${t.groups} groups; reports in ${options.reportDir}`,
  );
  if (summary) io.out(recordingLine(summary));
  if (summary?.failure) return 2;
  const failing = options.failOn === 'warning' ? t.errors + t.warnings : t.errors;
  return failing > 0 ? 1 : 0;
}
