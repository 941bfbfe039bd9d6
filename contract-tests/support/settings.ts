/**
 * The suite's settings, read from the environment. The same reader runs
 * in the config, in the global setup and in every worker, so that a setting means the same thing
 * everywhere; a missing or wrong setting stops the run with a message that says what to set.
 *
 * @example
 * BASE_URL=https://import.example.com API_KEY=... CONTRACT_MODE=safe npx playwright test
 */

import { closeSync, existsSync, mkdirSync, openSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DIALECTS, type Dialect } from './dialect.ts';
import { type TokenFieldNames, tokenFieldNames } from './obtain-token.ts';

/**
 * What the suite may do to its target:
 * - `safe`: validate-account and the GET operations only; never changes the target's data;
 * - `full`: the whole lifecycle under a dedicated supplier, with nothing that needs the operator;
 * - `mock`: everything, including what needs the kit's control API (`/__mock/`).
 */
export type ContractMode = 'safe' | 'full' | 'mock';

/** The modes, in the order of what they allow. */
export const CONTRACT_MODES: readonly ContractMode[] = ['safe', 'full', 'mock'];

/** The kit mock's default state (README): the defaults of the settings below. */
export const DEMO = {
  apiKey: 'demo-api-key',
  importSupplier: 'DEMO_ENERGY',
  operationsTeam: 'MIGRATIONS',
} as const;

/**
 * The environment variable through which the global setup tells the reporter (same process) why
 * the run did not start.
 */
export const DID_NOT_RUN = 'CONTRACT_DID_NOT_RUN';

/** Ports of the local servers the config starts when BASE_URL is absent. */
export const LOCAL_PORTS = {
  /** The kit's mock the main project runs against. */
  mock: Number(process.env.CONTRACT_MOCK_PORT ?? 4311),
  /** `prism proxy --errors` in front of that mock. */
  prism: Number(process.env.CONTRACT_PRISM_PORT ?? 4312),
  /** A second mock for the tests that change global settings (clock, limits, token lifetime). */
  isolated: Number(process.env.CONTRACT_ISOLATED_PORT ?? 4313),
  /** A mock started with `--dialect platform`, for the `mock-platform` project (decision 026). */
  platform: Number(process.env.CONTRACT_PLATFORM_PORT ?? 4314),
} as const;

/** Everything the suite needs to know about its target. */
export interface ContractSettings {
  /** The base address of the interface (paths start with /v1/). */
  baseURL: string;
  /** Where the kit's control API (`/__mock/`) answers; the target itself unless CONTROL_URL says otherwise. */
  controlURL: string;
  /** True when the config started the kit's mock itself (BASE_URL absent). */
  local: boolean;
  /** CONTRACT_MODE, or undefined when the global setup must detect it. */
  mode: ContractMode | undefined;
  /** The organisation API key ObtainToken takes (API_KEY). */
  apiKey: string | undefined;
  /** A ready token (ACCESS_TOKEN), used instead of obtaining one. */
  accessToken: string | undefined;
  /** An expired token of the target (EXPIRED_TOKEN), for the expired-token checks outside mock mode. */
  expiredToken: string | undefined;
  /** The import supplier the tests stage under (IMPORT_SUPPLIER). */
  importSupplier: string;
  /** The operations team process links accounts to (OPERATIONS_TEAM). */
  operationsTeam: string;
  /**
   * A payment instruction the target's vendor accepts (PAYMENT_VENDOR, PAYMENT_REFERENCE,
   * PAYMENT_TYPE), for the payment tests in full mode; the mock accepts any but its documented
   * failing references.
   */
  payment: { vendor: string; reference: string; type: string } | undefined;
  /** The ObtainToken mutation's field names (OBTAIN_TOKEN_*; the platform's by default). */
  tokenFields: TokenFieldNames;
  /**
   * Whose answers the target gives (CONTRACT_DIALECT; `reference` by default): with `platform`,
   * the answers the spec records as different are checked against the platform document's shapes
   * (decision 026).
   */
  dialect: Dialect;
  /** Where the reports go (CONTRACT_REPORTS_DIR; `reports`). */
  reportsDir: string;
  /** Which settings took their default, for the banner. */
  defaulted: string[];
}

/** A setting is missing or wrong; the message says what to set. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function checkUrl(name: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    throw new SettingsError(
      `${name} must be an http(s) address such as https://import.example.com (received "${value}").`,
    );
  }
  return trimSlash(value);
}

/** Parses CONTRACT_MODE; undefined when it is not set. */
export function parseMode(value: string | undefined): ContractMode | undefined {
  if (value === undefined || value === '') return undefined;
  const mode = value.toLowerCase();
  if (!(CONTRACT_MODES as readonly string[]).includes(mode)) {
    throw new SettingsError(
      `CONTRACT_MODE must be one of ${CONTRACT_MODES.join(', ')} (received "${value}").`,
    );
  }
  return mode as ContractMode;
}

/** Parses CONTRACT_DIALECT; `reference` when it is not set. */
export function parseDialect(value: string | undefined): Dialect {
  if (value === undefined || value === '') return 'reference';
  const dialect = DIALECTS.find((d) => d === value.toLowerCase());
  if (!dialect) {
    throw new SettingsError(
      `CONTRACT_DIALECT must be one of ${DIALECTS.join(', ')} (received "${value}").`,
    );
  }
  return dialect;
}

/** Refuses a numeric setting that is not a whole number in its range (it would become NaN). */
function checkWholeNumber(env: NodeJS.ProcessEnv, name: string, min: number, max: number): void {
  const value = env[name];
  if (value === undefined || value === '') return;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new SettingsError(
      `${name} must be a whole number from ${min} to ${max} (received "${value}").`,
    );
  }
}

/**
 * Checks, before a run, that the reports folder (CONTRACT_REPORTS_DIR) exists or can be created
 * and takes new files: a run must not end without its reports, nor hang in a reporter (Node's
 * recursive mkdir loops on a path under /proc). Missing levels are created one at a time.
 */
export function checkReportsDir(path: string): void {
  const what = `CONTRACT_REPORTS_DIR ${path}`;
  const folder = resolve(path);
  const missing: string[] = [];
  let existing = folder;
  while (!existsSync(existing) && dirname(existing) !== existing) {
    missing.unshift(existing);
    existing = dirname(existing);
  }
  if (!statSync(existing).isDirectory()) {
    throw new SettingsError(`${what}: ${existing} is a file, not a folder.`);
  }
  const probe = join(folder, `.write-check-${process.pid}`);
  try {
    for (const level of missing) mkdirSync(level);
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
  } catch (error) {
    throw new SettingsError(
      `${what}: cannot create or write the folder (${(error as Error).message.replace(/,\s.*$/s, '')}).`,
    );
  }
}

/**
 * Reads the settings from the environment. Throws {@link SettingsError} for a wrong value; a
 * missing credential is reported by {@link requireCredentials} once the mode is known.
 */
export function readSettings(env: NodeJS.ProcessEnv = process.env): ContractSettings {
  const defaulted: string[] = [];
  const local = !env.BASE_URL;
  const baseURL = local
    ? `http://127.0.0.1:${LOCAL_PORTS.mock}`
    : checkUrl('BASE_URL', env.BASE_URL as string);
  const controlURL = env.CONTROL_URL ? checkUrl('CONTROL_URL', env.CONTROL_URL) : baseURL;
  const mode = parseMode(env.CONTRACT_MODE_RESOLVED ?? env.CONTRACT_MODE);
  const dialect = parseDialect(env.CONTRACT_DIALECT);
  checkWholeNumber(env, 'CONTRACT_SEED', 0, 2 ** 32 - 1);
  checkWholeNumber(env, 'CONTRACT_WORKERS', 1, 64);
  // Limits that only end a hang (limits.ts, decision 019): up to an hour a request, a day a test.
  checkWholeNumber(env, 'CONTRACT_REQUEST_TIMEOUT_MS', 0, 3_600_000);
  checkWholeNumber(env, 'CONTRACT_TEST_TIMEOUT_MS', 0, 86_400_000);
  let tokenFields: TokenFieldNames;
  try {
    tokenFields = tokenFieldNames(env);
  } catch (error) {
    throw new SettingsError((error as Error).message);
  }
  const pick = (name: string, fallback: string): string => {
    const value = env[name];
    if (value) return value;
    defaulted.push(name);
    return fallback;
  };
  return {
    baseURL,
    controlURL,
    local,
    mode,
    apiKey: env.API_KEY || undefined,
    accessToken: env.ACCESS_TOKEN || undefined,
    expiredToken: env.EXPIRED_TOKEN || undefined,
    importSupplier: pick('IMPORT_SUPPLIER', DEMO.importSupplier),
    operationsTeam: pick('OPERATIONS_TEAM', DEMO.operationsTeam),
    payment:
      env.PAYMENT_VENDOR && env.PAYMENT_REFERENCE && env.PAYMENT_TYPE
        ? { vendor: env.PAYMENT_VENDOR, reference: env.PAYMENT_REFERENCE, type: env.PAYMENT_TYPE }
        : undefined,
    tokenFields,
    dialect,
    reportsDir: env.CONTRACT_REPORTS_DIR || 'reports',
    defaulted,
  };
}

/**
 * The credential the suite authenticates with, once the mode is known: ACCESS_TOKEN, else
 * API_KEY, else (against the kit's mock only) the mock's public demo key.
 */
export function requireCredentials(
  settings: ContractSettings,
  mode: ContractMode,
): { apiKey?: string; accessToken?: string } {
  if (settings.accessToken) return { accessToken: settings.accessToken };
  if (settings.apiKey) return { apiKey: settings.apiKey };
  if (mode === 'mock') return { apiKey: DEMO.apiKey };
  throw new SettingsError(
    'Set API_KEY (the organisation API key; the suite obtains a token through ObtainToken) or ' +
      `ACCESS_TOKEN (a ready token) to run in ${mode} mode against ${settings.baseURL}.`,
  );
}
