/**
 * Runs once in the main process before any worker (Playwright `globalSetup`): reads the settings,
 * runs the preflight (support/preflight.ts: target reachable, mode allowed, a token obtainable and
 * accepted), prints the target and mode, and hands the mode to the workers through the
 * environment (CONTRACT_MODE_RESOLVED, CONTRACT_RUN_ID).
 *
 * A global setup rather than a setup project, because its decision must reach every worker of
 * every project before they start (workers inherit the main process's environment), and a bad
 * setup must stop the run in seconds with one cause instead of failing every test on its own.
 * When it stops the run it leaves the cause in CONTRACT_DID_NOT_RUN, from which the conformance
 * reporter rewrites every report (summary, JUnit, JSON) to one failure, "did not run: <cause>".
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { customTokenFields } from './obtain-token.ts';
import { preflight } from './preflight.ts';
import { redactText, secretsFile } from './redact.ts';
import { DEMO, DID_NOT_RUN, readSettings } from './settings.ts';
import { V2_ENV } from './v2-detect.ts';

export { isKitMock } from './preflight.ts';

/** An error whose printed form is its message alone (no stack: the cause is the whole story). */
function stopped(cause: string): Error {
  const error = new Error(`did not run: ${cause}`);
  error.name = 'Preflight';
  error.stack = `Preflight: did not run: ${cause}`;
  return error;
}

export default async function globalSetup(_config: FullConfig): Promise<void> {
  delete process.env[DID_NOT_RUN];
  process.env.CONTRACT_RUN_ID ??=
    Date.now().toString(36).slice(-5) + randomBytes(2).toString('hex').slice(0, 3);
  const runId = process.env.CONTRACT_RUN_ID;
  rmSync(secretsFile(runId), { force: true });
  let settings: ReturnType<typeof readSettings>;
  let ready: Awaited<ReturnType<typeof preflight>>;
  try {
    settings = readSettings();
    ready = await preflight(settings, runId);
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    // A cause names a setting or quotes the service; it never carries the key or a token.
    const cause = redactText(
      /^[A-Z][a-z]*\s/.test(raw) ? raw.charAt(0).toLowerCase() + raw.slice(1) : raw,
    );
    process.env[DID_NOT_RUN] = cause;
    throw stopped(cause);
  }
  process.env.CONTRACT_MODE_RESOLVED = ready.mode;
  // The V2 project's tests skip, and the summary reports V2 apart, by this (decision 028).
  process.env[V2_ENV.resolved] = ready.v2.served ? 'on' : 'off';
  process.env[V2_ENV.why] = ready.v2.why;

  const defaulted = (name: string) => (settings.defaulted.includes(name) ? ' (default)' : '');
  const auth = ready.credentials.accessToken
    ? 'ACCESS_TOKEN'
    : ready.credentials.apiKey === DEMO.apiKey && !settings.apiKey
      ? 'the kit mock’s public demo API key'
      : 'API_KEY, through ObtainToken';
  const names = customTokenFields(settings.tokenFields);
  console.log(
    [
      'Data-Import contract suite',
      `  target     ${settings.baseURL}${settings.local ? ' (the kit’s mock, started by the config; also through prism)' : ''}`,
      `  mode       ${ready.mode} (${ready.why})`,
      `  supplier   ${settings.importSupplier}${defaulted('IMPORT_SUPPLIER')}`,
      `  team       ${settings.operationsTeam}${defaulted('OPERATIONS_TEAM')}`,
      `  auth       ${auth}${names.length ? ` (${names.join(', ')})` : ''}; preflight: token accepted`,
      `  v2         ${ready.v2.served ? 'served' : 'not served, the v2 project is skipped'} (${ready.v2.why})`,
      `  run id     ${runId}`,
    ].join('\n'),
  );
}
