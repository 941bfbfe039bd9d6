/**
 * Whether the suite's V2 project runs (decision 028): the platform's V2 account import is not part
 * of the interface reference, so a target may not serve it. CONTRACT_V2 (`--v2` / `--no-v2` of the
 * bin) asks for it (`on`) or leaves it out (`off`); `auto` (the default) lets the preflight probe
 * the target once, and the decision reaches every worker and the reporter through the environment
 * (CONTRACT_V2_RESOLVED, CONTRACT_V2_WHY), as the mode does.
 *
 * The probe: a V2 status query for a pair that cannot exist answers 404 `not_found` where V2 is
 * served, but a service (the kit's mock among them) may answer a path it has no route for with the
 * same 404 `not_found`, so the 404 alone proves nothing. The route is proved instead by
 * 1. `OPTIONS` of that status path answering anything but 404 (405 with `Allow: GET`, or a
 *    framework's 200 metadata): the path has a route;
 * 2. else the status path answering 404 `not_found` in the platform's body while a path below it,
 *    which no route can have, answers otherwise (a framework's HTML 404, another code).
 * Anything else (both 404 alike, a refusal, no answer) is "not served", with what was seen.
 *
 * @example
 * const decision = await decideV2(parseV2Setting(process.env.CONTRACT_V2), probeInput);
 */
import { randomBytes } from 'node:crypto';
import { dataImport } from '../../spec/index.ts';
import { SettingsError } from './settings.ts';

/** CONTRACT_V2: run the V2 project, leave it out, or let the preflight detect V2. */
export type V2Setting = 'on' | 'off' | 'auto';

/** The values of CONTRACT_V2. */
export const V2_SETTINGS: readonly V2Setting[] = ['on', 'off', 'auto'];

/** The environment variables through which the global setup tells workers and the reporter. */
export const V2_ENV = { resolved: 'CONTRACT_V2_RESOLVED', why: 'CONTRACT_V2_WHY' } as const;

/** What the run decided about V2, and why (printed, and reported in the summary's V2 section). */
export interface V2Decision {
  served: boolean;
  why: string;
}

/** Parses CONTRACT_V2; `auto` when it is not set. A wrong value stops the run (exit code 2). */
export function parseV2Setting(value: string | undefined): V2Setting {
  if (value === undefined || value === '') return 'auto';
  const setting = V2_SETTINGS.find((s) => s === value.toLowerCase());
  if (!setting) {
    throw new SettingsError(
      `CONTRACT_V2 must be one of ${V2_SETTINGS.join(', ')} (received "${value}").`,
    );
  }
  return setting;
}

/** One probe answer: its status and, when it is JSON, its `code`. */
interface Seen {
  status: number;
  code: string | undefined;
  json: boolean;
}

/** The fetch the probe sends with (the global one; a test's stub). */
export type ProbeFetch = (url: string, init: RequestInit) => Promise<Response>;

/** What the probe needs. */
export interface V2ProbeInput {
  baseURL: string;
  token: string;
  importSupplier: string;
  timeoutMs: number;
  fetch?: ProbeFetch;
}

async function see(input: V2ProbeInput, method: string, path: string): Promise<Seen | undefined> {
  const send = input.fetch ?? fetch;
  try {
    const response = await send(`${input.baseURL}${path}`, {
      method,
      redirect: 'manual',
      headers: { authorization: `Token ${input.token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(input.timeoutMs),
    });
    const text = await response.text();
    let code: string | undefined;
    let json = false;
    try {
      const body = JSON.parse(text) as { code?: unknown };
      json = true;
      code = typeof body?.code === 'string' ? body.code : undefined;
    } catch {
      json = false;
    }
    return { status: response.status, code, json };
  } catch {
    return undefined;
  }
}

const show = (seen: Seen | undefined) =>
  seen
    ? `${seen.status}${seen.code ? ` ${seen.code}` : seen.json ? ' JSON' : ' (not JSON)'}`
    : 'no answer';

/** Probes the target for V2 (see the module's comment for the two proofs). */
export async function probeV2(input: V2ProbeInput): Promise<V2Decision> {
  const path = dataImport
    .operation('getV2AccountImportStatus')
    .path.replace('{import_supplier_code}', encodeURIComponent(input.importSupplier))
    .replace('{external_identifier}', `PREFLIGHT-V2-${randomBytes(4).toString('hex')}`);
  const options = await see(input, 'OPTIONS', path);
  if (
    options &&
    options.status !== 404 &&
    options.status < 500 &&
    options.status !== 401 &&
    options.status !== 403
  ) {
    return { served: true, why: `OPTIONS ${path} answered ${show(options)}: the route exists` };
  }
  const status = await see(input, 'GET', path);
  if (status?.status !== 404 || status.code !== 'not_found') {
    return {
      served: false,
      why: `GET ${path} answered ${show(status)}, not the platform's 404 not_found`,
    };
  }
  const below = await see(input, 'GET', `${path}no-such-route/`);
  if (below && (below.status !== status.status || below.code !== status.code)) {
    return {
      served: true,
      why: `GET ${path} answered 404 not_found while a path with no route answered ${show(below)}`,
    };
  }
  return {
    served: false,
    why: `GET ${path} answered 404 not_found as a path with no route does (${show(below)}), and OPTIONS answered ${show(options)}`,
  };
}

/** The run's decision: CONTRACT_V2 as set, or the probe's when it is `auto`. */
export async function decideV2(setting: V2Setting, input: V2ProbeInput): Promise<V2Decision> {
  if (setting === 'on') return { served: true, why: 'CONTRACT_V2=on' };
  if (setting === 'off') return { served: false, why: 'CONTRACT_V2=off' };
  return probeV2(input);
}

/** The decision the global setup left in the environment; undefined before it ran. */
export function resolvedV2(env: NodeJS.ProcessEnv = process.env): V2Decision | undefined {
  const resolved = env[V2_ENV.resolved];
  if (resolved !== 'on' && resolved !== 'off') return undefined;
  return { served: resolved === 'on', why: env[V2_ENV.why] ?? '' };
}
