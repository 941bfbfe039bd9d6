#!/usr/bin/env node
/**
 * `data-import-contract` (and `npm run contract` in a clone): the conformance suite, run by
 * Playwright's test runner with the kit's own config, so the settings (BASE_URL, CONTRACT_MODE,
 * API_KEY, ...) and the reports (reports/ and test-results/ in the current directory) are the
 * same however it is started. Options it does not know go to `playwright test` unchanged
 * (`--shard 1/4`, `--grep`, `--workers`, `--list`).
 *
 * From the package it needs a target (`--base-url` or BASE_URL); in a clone, without one, the
 * config starts the kit's mock and prism itself. Exit codes: 0 every check passed, 1 a check
 * failed, 2 a missing or wrong setting.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  CONTRACT_MODES,
  checkReportsDir,
  readSettings,
  requireCredentials,
  SettingsError,
} from '../contract-tests/support/settings.ts';
import { parseV2Setting } from '../contract-tests/support/v2-detect.ts';
import { fromSources, printedVersion } from './kit-package.ts';

/** Exit code of a missing or wrong setting. */
const USAGE_ERROR = 2;

const HELP = `Usage: data-import-contract [options] [playwright test options]

Runs the Data-Import conformance suite (Playwright API tests, no browser) against an
implementation of the interface and writes its reports to ./reports/.

Options:
  --base-url <url>     the service's base address; paths start with /v1/ (env BASE_URL)${
    fromSources
      ? '\n                       default: the kit mock and prism, started for the run'
      : ''
  }
  --mode <mode>        ${CONTRACT_MODES.join(' | ')} (env CONTRACT_MODE); default: mock when the
                       target answers /__mock/health like the kit's mock, otherwise required
  --control-url <url>  where the kit mock's control API answers, if not at the base URL
                       (env CONTROL_URL)
  --v2, --no-v2        run or leave out the platform's V2 account import tests (env
                       CONTRACT_V2=on|off|auto); default auto: they run when the preflight
                       finds the target serving V2
  -V, --version        print the kit version
  -h, --help           print this help

Other options go to \`playwright test\` (--shard 1/4, --grep <re>, --workers <n>, --list).

Environment: API_KEY (the suite obtains a token through ObtainToken) or ACCESS_TOKEN,
IMPORT_SUPPLIER, OPERATIONS_TEAM, EXPIRED_TOKEN, PAYMENT_VENDOR, PAYMENT_REFERENCE,
PAYMENT_TYPE, CONTRACT_SEED, CONTRACT_WORKERS, CONTRACT_REPORTS_DIR; the ObtainToken field
names when the service's differ from the platform's: OBTAIN_TOKEN_FIELD, OBTAIN_TOKEN_INPUT_TYPE,
OBTAIN_TOKEN_KEY_FIELD, OBTAIN_TOKEN_TOKEN_FIELD, OBTAIN_TOKEN_REFRESH_FIELD. Secrets are read
from the environment only.

A preflight runs first (target answers, mode allowed, token obtainable and accepted); when it
fails, the run stops in seconds and every report says "did not run: <cause>".

Modes: safe (validate-account and GET operations; changes nothing), full (the whole
lifecycle under a dedicated IMPORT_SUPPLIER), mock (everything, with the kit mock's
control API).

Reports (CONTRACT_REPORTS_DIR moves them): reports/contract-html/, reports/contract-junit.xml,
reports/playwright.json, reports/conformance-summary.md, reports/contract-traceability.md.

Exit codes: 0 every check passed, 1 a check failed, 2 a missing or wrong setting.
`;

/** The suite's switches without a value, and the setting each sets (decision 028 for V2). */
const SWITCHES = new Map<string, [string, string]>([
  ['--v2', ['CONTRACT_V2', 'on']],
  ['--no-v2', ['CONTRACT_V2', 'off']],
]);

/** The suite's own options, taken out of argv; the rest goes to Playwright. */
function parse(argv: readonly string[]): { env: Record<string, string>; rest: string[] } {
  const names: Record<string, string> = {
    '--base-url': 'BASE_URL',
    '--mode': 'CONTRACT_MODE',
    '--control-url': 'CONTROL_URL',
  };
  const env: Record<string, string> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith('--')
      ? (arg.split(/=(.*)/s) as [string, string?])
      : [arg];
    const toggle = SWITCHES.get(arg);
    if (toggle) {
      env[toggle[0]] = toggle[1];
      continue;
    }
    const name = names[flag];
    if (!name) {
      rest.push(arg);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new SettingsError(`${flag} needs a value.`);
    env[name] = value;
  }
  return { env, rest };
}

function fail(message: string): never {
  process.stderr.write(`data-import-contract: ${message}\n(run with --help for usage)\n`);
  process.exit(USAGE_ERROR);
}

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(HELP);
  process.exit(0);
}
if (printedVersion(argv)) process.exit(0);

let parsed: ReturnType<typeof parse>;
const env = { ...process.env };
try {
  parsed = parse(argv);
  Object.assign(env, parsed.env);
  // The same reader the config and every worker use: a wrong value stops here with exit code 2.
  const settings = readSettings(env);
  // Reports are written at the end of a run: a folder that cannot take them stops it before.
  checkReportsDir(settings.reportsDir);
  // CONTRACT_V2 is read by the preflight; a wrong value stops here like every other setting.
  parseV2Setting(env.CONTRACT_V2);
  // A missing credential is known before the run when the mode is given.
  if (settings.mode && settings.mode !== 'mock') requireCredentials(settings, settings.mode);
} catch (error) {
  if (error instanceof SettingsError) fail(error.message);
  throw error;
}
if (!fromSources && !env.BASE_URL) {
  fail(
    'set the target with --base-url <url> or BASE_URL. To try the suite on your machine, start ' +
      'the kit mock (`npx data-import-mock`) and pass --base-url http://127.0.0.1:4010.',
  );
}

const config = fileURLToPath(
  new URL(fromSources ? '../playwright.config.ts' : '../playwright.config.js', import.meta.url),
);
// The runner the package depends on, so the config and tests load the same @playwright/test.
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const child = spawn(process.execPath, [cli, 'test', '--config', config, ...parsed.rest], {
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
