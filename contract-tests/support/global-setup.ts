/**
 * Runs once in the main process before any worker (Playwright `globalSetup`): checks the
 * settings, resolves the mode, prints the target and mode, and hands both to the workers
 * through the environment (CONTRACT_MODE_RESOLVED, CONTRACT_RUN_ID).
 *
 * A global setup rather than a setup project, because its decision must reach every worker of
 * every project before they start (workers inherit the main process's environment), and a wrong
 * setting must stop the run with one clear message instead of failing every test.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { secretsFile } from './redact.ts';
import {
  type ContractMode,
  DEMO,
  LOCAL_PORTS,
  readSettings,
  requireCredentials,
  SettingsError,
} from './settings.ts';

/** True when the address answers like the kit's mock control API (`GET /__mock/health`). */
export async function isKitMock(controlURL: string): Promise<boolean> {
  try {
    const response = await fetch(`${controlURL}/__mock/health`, {
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { status?: unknown };
    return body.status === 'ok';
  } catch {
    return false;
  }
}

/** Waits until the kit's mock answers at `controlURL` (the local servers start together). */
async function waitForKitMock(controlURL: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isKitMock(controlURL)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function reachable(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'manual' });
    return true;
  } catch {
    return false;
  }
}

export default async function globalSetup(_config: FullConfig): Promise<void> {
  const settings = readSettings();
  if (settings.local) {
    for (const port of [LOCAL_PORTS.mock, LOCAL_PORTS.isolated]) {
      if (!(await waitForKitMock(`http://127.0.0.1:${port}`, 30_000))) {
        throw new SettingsError(
          `The local mock on port ${port} did not start (see its output above).`,
        );
      }
    }
  }
  let mode: ContractMode;
  let why: string;
  if (settings.mode) {
    mode = settings.mode;
    why = 'CONTRACT_MODE';
  } else if (settings.local) {
    mode = 'mock';
    why = 'default: the suite started the kit’s mock';
  } else if (await isKitMock(settings.controlURL)) {
    mode = 'mock';
    why = `default: ${settings.controlURL}/__mock/health answers like the kit’s mock`;
  } else {
    throw new SettingsError(
      `CONTRACT_MODE is not set and ${settings.baseURL} is not the kit's mock (no /__mock/health). ` +
        'Set CONTRACT_MODE=safe (validate-account and GET operations only; changes nothing) or ' +
        'CONTRACT_MODE=full (the whole lifecycle under a dedicated IMPORT_SUPPLIER).',
    );
  }
  if (!(await reachable(settings.baseURL))) {
    throw new SettingsError(
      `The target ${settings.baseURL} does not answer; check BASE_URL (and that the service is up).`,
    );
  }
  if (mode === 'mock' && !(await isKitMock(settings.controlURL))) {
    throw new SettingsError(
      `Mock mode needs the kit's control API, but ${settings.controlURL}/__mock/health does not answer. ` +
        'Point CONTROL_URL at the mock, or choose CONTRACT_MODE=safe or full.',
    );
  }
  const credentials = requireCredentials(settings, mode);
  process.env.CONTRACT_MODE_RESOLVED = mode;
  process.env.CONTRACT_RUN_ID ??=
    Date.now().toString(36).slice(-5) + randomBytes(2).toString('hex').slice(0, 3);
  rmSync(secretsFile(process.env.CONTRACT_RUN_ID), { force: true });

  const defaulted = (name: string) => (settings.defaulted.includes(name) ? ' (default)' : '');
  const auth = credentials.accessToken
    ? 'ACCESS_TOKEN'
    : credentials.apiKey === DEMO.apiKey && !settings.apiKey
      ? 'the kit mock’s public demo API key'
      : 'API_KEY, through ObtainToken';
  console.log(
    [
      'Data-Import contract suite',
      `  target     ${settings.baseURL}${settings.local ? ' (the kit’s mock, started by the config; also through prism)' : ''}`,
      `  mode       ${mode} (${why})`,
      `  supplier   ${settings.importSupplier}${defaulted('IMPORT_SUPPLIER')}`,
      `  team       ${settings.operationsTeam}${defaulted('OPERATIONS_TEAM')}`,
      `  auth       ${auth}`,
      `  run id     ${process.env.CONTRACT_RUN_ID}`,
    ].join('\n'),
  );
}
