/**
 * The preflight the global setup runs before any test: the target answers, the mode is set (or
 * detected) and allowed for that target, a token is obtainable with the run's credential and the
 * service accepts it. Each check is bounded by a short timeout, so a wrong API key or a dead URL
 * ends the run in seconds with one cause instead of failing every test on its own; the cause
 * quotes the service's own answer (its GraphQL errors, its refusal) and says what to set.
 *
 * @example
 * const ready = await preflight(readSettings());   // throws PreflightError with the cause
 */
import { randomBytes } from 'node:crypto';
import { dataImport } from '../../spec/index.ts';
import {
  customTokenFields,
  issuedToken,
  obtainTokenRequest,
  serviceError,
  TOKEN_FIELD_SETTINGS,
} from './obtain-token.ts';
import { redactText, registerSecret } from './redact.ts';
import {
  type ContractMode,
  type ContractSettings,
  LOCAL_PORTS,
  requireCredentials,
  SettingsError,
} from './settings.ts';
import { decideV2, parseV2Setting, type V2Decision } from './v2-detect.ts';

/** Why the suite did not run; the message is the cause, without the "did not run" prefix. */
export class PreflightError extends Error {
  override name = 'PreflightError';
}

/**
 * How long one preflight request may take. A dead address is refused at once; this bounds an
 * address that swallows requests, and is generous because a busy CI machine or a slow network
 * must not make a service look dead.
 */
const REQUEST_TIMEOUT_MS = 30_000;
/** How long the local mocks the suite started may take to answer (polled). */
const LOCAL_START_MS = 300_000;

/** What the preflight established. */
export interface Ready {
  mode: ContractMode;
  /** Why this mode (the setting, or how it was detected). */
  why: string;
  credentials: { apiKey?: string; accessToken?: string };
  /** The token the preflight obtained (or ACCESS_TOKEN); registered as a secret. */
  token: string;
  /** Whether the V2 project runs: CONTRACT_V2, or detected (support/v2-detect.ts, decision 028). */
  v2: V2Decision;
}

/** True when the address answers like the kit's mock control API (`GET /__mock/health`). */
export async function isKitMock(controlURL: string): Promise<boolean> {
  try {
    const response = await fetch(`${controlURL}/__mock/health`, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
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

/** The low-level reason of a failed fetch (ECONNREFUSED, ENOTFOUND, a timeout). */
function networkReason(error: unknown): string {
  const e = error as {
    name?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
    return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  }
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error);
}

async function request(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; text: string; body: unknown }> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, text, body };
}

/** `"<quoted service answer>"`, redacted and shortened. */
function quote(body: unknown, text: string): string {
  return `"${redactText(serviceError(body, text))}"`;
}

/**
 * Runs every check in order and returns what the run needs, or throws {@link PreflightError}
 * (or {@link SettingsError}) naming the first cause.
 */
export async function preflight(settings: ContractSettings, runId: string): Promise<Ready> {
  // A wrong CONTRACT_V2 is a wrong setting: it stops the run before any request.
  const v2Setting = parseV2Setting(process.env.CONTRACT_V2);
  if (settings.local) {
    for (const port of [LOCAL_PORTS.mock, LOCAL_PORTS.isolated, LOCAL_PORTS.platform]) {
      if (!(await waitForKitMock(`http://127.0.0.1:${port}`, LOCAL_START_MS))) {
        throw new PreflightError(
          `the local mock on port ${port} did not start (see its output above).`,
        );
      }
    }
  }

  // 1. The target answers at all (before the mode: a dead URL is not a missing setting).
  try {
    await request(`${settings.baseURL}/v1/data-import/`, { method: 'GET' });
  } catch (error) {
    throw new PreflightError(
      `the target ${settings.baseURL} does not answer (${networkReason(error)}); check BASE_URL and that the service is up.`,
    );
  }

  // 2. The mode: set, or detected on the kit's mock; and allowed for this target.
  let mode: ContractMode;
  let why: string;
  const kitMock = await isKitMock(settings.controlURL);
  if (settings.mode) {
    mode = settings.mode;
    why = 'CONTRACT_MODE';
  } else if (settings.local) {
    mode = 'mock';
    why = 'default: the suite started the kit’s mock';
  } else if (kitMock) {
    mode = 'mock';
    why = `default: ${settings.controlURL}/__mock/health answers like the kit’s mock`;
  } else {
    throw new SettingsError(
      `CONTRACT_MODE is not set and ${settings.baseURL} is not the kit's mock (no /__mock/health). ` +
        'Set CONTRACT_MODE=safe (validate-account and GET operations only; changes nothing) or ' +
        'CONTRACT_MODE=full (the whole lifecycle under a dedicated IMPORT_SUPPLIER).',
    );
  }
  if (mode === 'mock' && !kitMock) {
    throw new SettingsError(
      `mock mode needs the kit's control API, but ${settings.controlURL}/__mock/health does not answer. ` +
        'Point CONTROL_URL at the mock, or choose CONTRACT_MODE=safe or full.',
    );
  }

  // 3. A token: ACCESS_TOKEN as given, or ObtainToken with API_KEY under the configured names.
  const credentials = requireCredentials(settings, mode);
  registerSecret(credentials.apiKey, runId);
  registerSecret(credentials.accessToken, runId);
  let token: string;
  if (credentials.accessToken) {
    token = credentials.accessToken;
  } else {
    const names = settings.tokenFields;
    const url = `${settings.baseURL}${dataImport.operation('obtainToken').path}`;
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(
          obtainTokenRequest(names, { [names.keyField]: credentials.apiKey as string }),
        ),
      });
    } catch (error) {
      throw new PreflightError(`ObtainToken at ${url} did not answer (${networkReason(error)}).`);
    }
    const issued = issuedToken(names, answer.body);
    if (!issued) {
      const said = serviceError(answer.body, answer.text);
      // A GraphQL server names the field or type it does not know: then the names are wrong.
      const namesWrong =
        /cannot query field|unknown (type|argument)|is not defined|field .* is not defined|unknown field/i.test(
          said,
        );
      const custom = customTokenFields(names);
      const using = custom.length ? custom.join(', ') : 'the platform’s field names';
      throw new PreflightError(
        `ObtainToken with API_KEY gave no token at ${url} (HTTP ${answer.status}); the service said ${quote(answer.body, answer.text)}. ` +
          (namesWrong
            ? `The service does not know the mutation as sent (${using}): set ${Object.values(TOKEN_FIELD_SETTINGS).join(', ')} to its names.`
            : `Check API_KEY (the organisation API key of this service), or set ACCESS_TOKEN; the mutation was sent with ${using}.`),
      );
    }
    token = issued;
  }
  registerSecret(token, runId);

  // 4. The service accepts the token: a status query for a pair that cannot exist must not be
  // refused (a refusal is AUTH-3's answer to a token the service does not accept).
  const probe = dataImport
    .operation('getAccountTransferStatus')
    .path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(
        name === 'import_supplier_code'
          ? settings.importSupplier
          : `PREFLIGHT-${randomBytes(4).toString('hex')}`,
      ),
    );
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(`${settings.baseURL}${probe}`, {
      headers: { authorization: `Token ${token}`, accept: 'application/json' },
    });
  } catch (error) {
    throw new PreflightError(
      `GET ${probe} at ${settings.baseURL} did not answer (${networkReason(error)}).`,
    );
  }
  if (answer.status === 401 || answer.status === 403) {
    const what = credentials.accessToken ? 'ACCESS_TOKEN' : 'the token ObtainToken issued';
    throw new PreflightError(
      `the service refuses ${what} (GET ${probe}: HTTP ${answer.status}); the service said ${quote(answer.body, answer.text)}. ` +
        (credentials.accessToken
          ? 'Set a current ACCESS_TOKEN (tokens expire), or API_KEY instead.'
          : 'Check that API_KEY belongs to this environment.'),
    );
  }

  // 5. V2 (decision 028): asked for, left out, or probed with the accepted token.
  const v2 = await decideV2(v2Setting, {
    baseURL: settings.baseURL,
    token,
    importSupplier: settings.importSupplier,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  return { mode, why, credentials, token, v2 };
}
