/**
 * The suite dates its data by the target's clock (support/target-clock.ts), end to end: a kit
 * mock of the test's own has its clock moved 14 days ahead (as the README's walk does), and the
 * suite's date-sensitive checks (every "in the future" twin and the transactions, GEN-6, TXN-*)
 * are run against it with BASE_URL, in mock mode, where every check is hard (in safe and full
 * modes the platform's checks are soft: findings in the summary). Dated by the runner's clock,
 * they fail there (a transaction dated the runner's tomorrow is not in the mock's future, so it
 * is accepted: 200 where 400 is due); dated by the target's, they pass. Runs where the suite started the kit's
 * mock itself (a clone: the mock is started from its sources).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures.ts';
import { targetTime, utcDate } from '../support/target-clock.ts';
import { runChildSuite } from './child-suite.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DAYS_AHEAD = 14;
/** A guard against a run that never ends only; how long a run takes is not a verdict. */
const HANG_GUARD_MS = 1_200_000;
/** The checks whose payloads are dated by today: the "in the future" twins and TXN-*. */
const DATE_SENSITIVE = 'future|TXN-';

/** A free loopback port. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a kit mock from the sources; resolves once it answers its health route. */
async function startMock(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bin/data-import-mock.ts', '--port', String(port), '--quiet'],
    { cwd: root, stdio: 'ignore' },
  );
  const base = `http://127.0.0.1:${port}`;
  // Readiness by polling, with a bounded number of tries (generous: the machine may be loaded).
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`the mock exited with ${child.exitCode}`);
    const up = await fetch(`${base}/__mock/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, base };
    await sleep(250);
  }
  child.kill();
  throw new Error(`the mock on ${base} did not answer its health route`);
}

/** Runs the suite against a target; resolves with its exit code, output and JSON report. */
async function runSuite(env: Record<string, string>, args: string[]) {
  const reports = join(mkdtempSync(join(tmpdir(), 'contract-clock-')), 'reports');
  const run = await runChildSuite(env, reports, { args, hangGuardMs: HANG_GUARD_MS });
  let report: PlaywrightReport = { stats: {}, suites: [] };
  try {
    report = JSON.parse(readFileSync(join(reports, 'playwright.json'), 'utf8'));
  } catch {
    // No report: the exit code and the output say why.
  }
  return { code: run.code, output: run.output, report };
}

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: { tests: { annotations: { type: string; description?: string }[] }[] }[];
}
interface PlaywrightReport {
  stats: { expected?: number; unexpected?: number };
  suites: PlaywrightSuite[];
}

/** Every `today` annotation of a report (the day each test dated its payloads by). */
function todays(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.flatMap((t) =>
        t.annotations.filter((a) => a.type === 'today').map((a) => a.description ?? ''),
      ),
    ),
    ...todays(suite.suites ?? []),
  ]);
}

test.describe('the target clock', () => {
  test(`the date-sensitive checks pass against a mock whose clock is ${DAYS_AHEAD} days ahead`, async ({
    settings,
  }) => {
    test.skip(!settings.local, 'Runs where the suite started the kit’s mock itself.');
    // A whole run inside this test: no wall-clock limit (it would only measure the machine's load).
    test.setTimeout(0);
    const { child, base } = await startMock();
    try {
      const moved = await fetch(`${base}/__mock/clock`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance_seconds: DAYS_AHEAD * 86_400 }),
      });
      expect(moved.status).toBe(200);
      const mockToday = ((await moved.json()) as { now: string }).now.slice(0, 10);
      expect(mockToday > new Date().toISOString().slice(0, 10)).toBe(true);

      const run = await runSuite({ BASE_URL: base, CONTRACT_MODE: 'mock', CONTRACT_WORKERS: '2' }, [
        '--project',
        'contract',
        '--grep',
        DATE_SENSITIVE,
      ]);
      expect(run.report.stats.unexpected, run.output.slice(-4000)).toBe(0);
      expect(run.code, run.output.slice(-4000)).toBe(0);
      expect(run.report.stats.expected).toBeGreaterThanOrEqual(30);
      // Each test dated its payloads by the mock's day, read from the mock's clock.
      const days = todays(run.report.suites);
      expect(days.length).toBeGreaterThanOrEqual(30);
      for (const day of days) expect(day).toBe(`${mockToday} (mock clock)`);
    } finally {
      child.kill('SIGTERM');
    }
  });

  test('a target other than the kit mock is read by the Date header of its answer', async ({
    request,
  }) => {
    const ahead = new Date(Date.now() + DAYS_AHEAD * 86_400_000);
    // A service with no clock route: a 404 like any other, dated by its own clock.
    const server = createHttpServer((_req, res) => {
      res.setHeader('date', ahead.toUTCString());
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const time = await targetTime(request, `http://127.0.0.1:${port}`);
      expect(time.source).toBe('Date header');
      expect(utcDate(time.now)).toBe(utcDate(ahead));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
