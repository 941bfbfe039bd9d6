/**
 * Replay (decision 029): sends a recording's requests in order to a target with the mock's
 * control API (a fresh mock, or one already running), resets it first, sets its clock to each
 * exchange's recorded time so that time-dependent rules (token expiry AUTH-4, V2 windows,
 * default dates REG-3, NOTE-6) behave as recorded, maps the identifiers the recorded service
 * assigned to those the target assigns, and compares each answer with the recorded one under
 * the noise rules of fidelity.ts. It starts no mock: the command passes it a target's URL, so
 * this layer judges any service and imports no mock (rule traffic-checks-from-the-contract).
 */
import { type Contract, dataImport, openapiDocument } from '../spec/index.ts';
import { matchOperation } from './check-exchange.ts';
import { type Exchange, jsonBody, pathOf, type TrafficResponse } from './exchange.ts';
import { IdMap } from './fidelity.ts';
import { compareAnswers } from './fidelity-answer.ts';
import { DEFAULT_MAX_KEPT, type FidelityResult, FidelityTally } from './fidelity-result.ts';
import type { MaskPolicy } from './mask.ts';
import { RecordedClock } from './replay-clock.ts';
import { isGraphql, type ReplayCredentials, replayedRequest } from './replay-request.ts';
import { bodyWithStandIns, refusedAttrs } from './replay-stand-ins.ts';

/** Where the replay sends: the interface's base URL and, when elsewhere, the control API's. */
export interface ReplayTarget {
  baseUrl: string;
  /** The base URL of `/__mock/` (default: `baseUrl`). */
  controlUrl?: string;
}

/** Options of {@link replayRecording}. */
export interface ReplayOptions {
  /** The API key for a redacted ObtainToken key (default the mock's public `demo-api-key`). */
  apiKey?: string;
  /** How far a date-time taken from the clock may drift (default 2000 ms). */
  clockToleranceMs?: number;
  /** Reset the target through its control API first (default true). */
  reset?: boolean;
  /** Differing exchanges kept with their differences (default 1000). */
  maxKept?: number;
  mask?: MaskPolicy;
  contract?: Contract;
}

/** A target that cannot be replayed against: unreachable, or its control API refused. */
export class ReplayError extends Error {
  override name = 'ReplayError';
}

/** The mock's public demo key (mocks/defaults.ts): public by design, not a secret. */
const DEMO_API_KEY = 'demo-api-key';

const OBTAIN_TOKEN =
  'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token refreshToken } }';

/** Sends one request to a base URL and reads the whole answer as an exchange's response. */
async function send(
  base: string,
  method: string,
  target: string,
  headers: [string, string][],
  body: string,
): Promise<TrafficResponse> {
  const url = `${base.replace(/\/+$/, '')}${target}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      redirect: 'manual',
      ...(body !== '' && method !== 'GET' && method !== 'HEAD' ? { body } : {}),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? 'no answer';
    throw new ReplayError(`cannot reach ${new URL(url).origin} (${cause})`);
  }
  return { status: response.status, headers: [...response.headers], body: await response.text() };
}

const JSON_HEADERS: [string, string][] = [['content-type', 'application/json']];

/** The control API's answer to a call, or undefined when the target has none (404). */
async function control(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<TrafficResponse | undefined> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const answer = await send(url, method, `/__mock/${path}`, JSON_HEADERS, text);
  if (answer.status === 404 || answer.status === 405) return undefined;
  if (answer.status !== 200) {
    throw new ReplayError(
      `the target's control API answered ${method} /__mock/${path} with ${answer.status}`,
    );
  }
  return answer;
}

/** The headers the spec documents for an operation's answer with a status (Retry-After...). */
export function documentedHeaders(
  contract: Contract,
  operationId: string,
  status: number,
): string[] {
  const responses = (contract.operation(operationId).operation.responses ?? {}) as Record<
    string,
    unknown
  >;
  let response = Object.hasOwn(responses, String(status)) ? responses[String(status)] : undefined;
  const ref = (response as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/responses/')) {
    const shared = (openapiDocument.components as { responses?: Record<string, unknown> })
      .responses;
    const name = ref.slice('#/components/responses/'.length);
    response = shared && Object.hasOwn(shared, name) ? shared[name] : undefined;
  }
  const headers = (response as { headers?: Record<string, unknown> } | undefined)?.headers;
  return headers ? Object.keys(headers).map((h) => h.toLowerCase()) : [];
}

/** Obtains a token with the replay's API key, for a redacted credential met before any. */
async function obtainToken(base: string, credentials: ReplayCredentials): Promise<void> {
  const body = JSON.stringify({
    query: OBTAIN_TOKEN,
    variables: { input: { APIKey: credentials.apiKey } },
  });
  const answer = await send(base, 'POST', '/v1/graphql/', JSON_HEADERS, body);
  learnCredentials(answer, credentials);
  if (credentials.token === undefined) {
    throw new ReplayError(
      `the target gave no token for the API key given (ObtainToken answered ${answer.status})`,
    );
  }
}

/** Keeps the token and refresh token of an ObtainToken answer as the replay's own. */
function learnCredentials(answer: TrafficResponse, credentials: ReplayCredentials): void {
  const parsed = jsonBody(answer.body);
  const issued = parsed.ok
    ? (parsed.value as { data?: { obtainKrakenToken?: Record<string, unknown> | null } })?.data
        ?.obtainKrakenToken
    : undefined;
  if (issued && typeof issued.token === 'string') credentials.token = issued.token;
  if (issued && typeof issued.refreshToken === 'string') {
    credentials.refreshToken = issued.refreshToken;
  }
}

/** What a replay carries from one exchange to the next. */
interface ReplayState {
  target: ReplayTarget;
  controlUrl: string;
  contract: Contract;
  options: ReplayOptions;
  tally: FidelityTally;
  ids: IdMap;
  credentials: ReplayCredentials;
  clock: RecordedClock;
}

/** Replays one exchange: the clock set, the request sent with its ids mapped, the answer judged. */
async function replayExchange(exchange: Exchange, index: number, state: ReplayState) {
  const { target, tally, ids, credentials, options, contract } = state;
  if (tally.control) {
    const now = new Date(state.clock.at(exchange)).toISOString();
    await control(state.controlUrl, 'PUT', 'clock', { now, frozen: true });
  }
  let outgoing = replayedRequest(exchange.request, ids, credentials);
  if (outgoing.needsToken) {
    await obtainToken(target.baseUrl, credentials);
    tally.setup += 1;
    outgoing = replayedRequest(exchange.request, ids, credentials);
  }
  const { method, target: path, headers } = outgoing;
  // Personal data the recording redacted goes as stand-ins of its form; what has none is sent as
  // redacted, and the target may refuse what was valid.
  const { body, replaced } = bodyWithStandIns(
    outgoing.body,
    refusedAttrs(exchange.response.status, exchange.response.body),
  );
  const redactedInput = /\[REDACTED/.test(body) || /%5BREDACTED/i.test(path);
  const answer = await send(target.baseUrl, method, path, headers, body);
  if (isGraphql(exchange.request)) learnCredentials(answer, credentials);
  state.clock.observe(exchange);
  if (pathOf(exchange.request.url).startsWith('/__mock/')) {
    // The operator's own calls in a recording are replayed for their effect (a reset, a clock
    // moved), not judged: the replay drives the clock itself, so their answers differ by design.
    tally.controlExchanges += 1;
    return;
  }
  const matched = matchOperation(contract, exchange);
  const operationId = matched.kind === 'operation' ? matched.operation.operationId : undefined;
  const comparison = compareAnswers(exchange.response, answer, {
    ids,
    ...(operationId ? { operationId } : {}),
    documentedHeaders: operationId
      ? documentedHeaders(contract, operationId, exchange.response.status)
      : [],
    ...(options.clockToleranceMs === undefined ? {} : { toleranceMs: options.clockToleranceMs }),
    ...(options.mask ? { mask: options.mask } : {}),
  });
  tally.add(
    {
      index,
      time: exchange.time,
      operation: operationId ?? '(unknown operation)',
      request: `${exchange.request.method.toUpperCase()} ${pathOf(exchange.request.url)}`,
      recordedStatus: exchange.response.status,
      replayedStatus: answer.status,
      ...(redactedInput
        ? { note: 'the request was sent with values the recording redacted (personal data)' }
        : replaced > 0
          ? {
              note: 'the request was sent with stand-ins for the personal data the recording redacted',
            }
          : {}),
    },
    comparison,
  );
}

/**
 * Replays a recording against a target, in order, and answers its fidelity result. A target
 * without the control API (404 on `/__mock/`) is replayed without reset and clock, and the result
 * says so (`control: false`).
 */
export async function replayRecording(
  source: AsyncIterable<Exchange> | Iterable<Exchange>,
  target: ReplayTarget,
  options: ReplayOptions = {},
): Promise<FidelityResult> {
  const state: ReplayState = {
    target,
    controlUrl: target.controlUrl ?? target.baseUrl,
    contract: options.contract ?? dataImport,
    options,
    tally: new FidelityTally(options.maxKept ?? DEFAULT_MAX_KEPT),
    ids: new IdMap(),
    credentials: { apiKey: options.apiKey ?? DEMO_API_KEY },
    clock: new RecordedClock(),
  };
  const first =
    options.reset === false
      ? await control(state.controlUrl, 'GET', 'clock')
      : await control(state.controlUrl, 'POST', 'reset');
  state.tally.control = first !== undefined;
  let index = 0;
  for await (const exchange of source) {
    index += 1;
    await replayExchange(exchange, index, state);
  }
  // The target's clock runs on again from where the replay left it.
  if (state.tally.control) await control(state.controlUrl, 'PUT', 'clock', { frozen: false });
  return state.tally.result();
}
