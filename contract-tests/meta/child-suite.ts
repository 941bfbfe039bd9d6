/**
 * The suite run as a supplier's CI runs it, in a process of its own, for the meta tests that check
 * the suite end to end (the preflight, the target's clock). The child gets none of this run's own
 * settings, so that only what the test gives it decides the run, and writes its reports where the
 * test says.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Settings of this run that must not leak into the child's. */
const OWN_SETTINGS = /^(TEST_|PW_|PLAYWRIGHT_|CONTRACT_|BASE_URL|API_KEY|ACCESS_TOKEN|FORCE_COLOR)/;

/** How a child run ended. */
export interface ChildRun {
  code: number | null;
  output: string;
  /** Whether the hang guard ended it. */
  timedOut: boolean;
  seconds: number;
}

/**
 * Runs `playwright test` with these settings and arguments, its reports in `reports`. The hang
 * guard only ends a run that never ends: how long a run takes is never a verdict.
 */
export function runChildSuite(
  env: Record<string, string>,
  reports: string,
  options: { args?: string[]; hangGuardMs: number },
): Promise<ChildRun> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !OWN_SETTINGS.test(k)),
  ) as Record<string, string>;
  const child = spawn('npx', ['--no-install', 'playwright', 'test', ...(options.args ?? [])], {
    cwd: root,
    env: { ...clean, ...env, CONTRACT_REPORTS_DIR: reports, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let timedOut = false;
  const started = Date.now();
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.hangGuardMs);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut, seconds: (Date.now() - started) / 1000 });
    });
  });
}
