/**
 * A recorded request made ready to send again (decision 029, Replay): the identifiers the
 * recorded service assigned replaced by those the target assigned (path segments, query values,
 * JSON string values, the Authorization credential), and the credentials a recording redacted
 * replaced by the replay's own: the API key it was given, the last token and refresh token it
 * obtained. Headers of the transport are left to the client that sends it.
 */
import type { TrafficRequest } from './exchange.ts';
import { type IdMap, isRedacted } from './fidelity.ts';

/** The replay's own credentials: never written to a report, a log or an error. */
export interface ReplayCredentials {
  /** The API key sent where a recorded ObtainToken's key was redacted. */
  apiKey: string;
  /** The last token the replay obtained. */
  token?: string;
  /** The last refresh token the replay obtained. */
  refreshToken?: string;
}

/** A request as it is sent to the target. */
export interface OutgoingRequest {
  method: string;
  /** The path and query, to put after the target's base URL. */
  target: string;
  headers: [string, string][];
  body: string;
  /** The Authorization credential was redacted and the replay holds no token yet. */
  needsToken: boolean;
}

/**
 * Headers the sending client sets itself or that describe the recorded connection (RFC 9110
 * section 7.6.1 and the fetch standard's forbidden names); none is part of what the service judges.
 */
const TRANSPORT_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'accept-encoding',
  'proxy-connection',
  'proxy-authorization',
]);

/** The ObtainToken input fields that carry a credential, and which of the replay's replaces it. */
const CREDENTIAL_FIELDS = new Map<string, 'apiKey' | 'refreshToken'>([
  ['APIKey', 'apiKey'],
  ['organizationSecretKey', 'apiKey'],
  ['refreshToken', 'refreshToken'],
]);

function mapped(ids: IdMap, value: string): string {
  return ids.get(value) ?? value;
}

/** The path and query with every mapped identifier replaced, segment by segment. */
function mapTarget(url: string, ids: IdMap): string {
  const parsed = new URL(url, 'http://traffic.invalid');
  const path = parsed.pathname
    .split('/')
    .map((segment) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return segment;
      }
      const next = ids.get(decoded);
      return next === undefined ? segment : encodeURIComponent(next);
    })
    .join('/');
  const query = new URLSearchParams();
  let changed = false;
  for (const [name, value] of parsed.searchParams) {
    const next = mapped(ids, value);
    changed ||= next !== value;
    query.append(name, next);
  }
  // An unchanged query is sent as recorded, its encoding included.
  const search = changed ? `?${query.toString()}` : parsed.search;
  return `${path}${search}`;
}

/** The Authorization value with its credential mapped, or the replay's token for a redacted one. */
function mapAuthorization(
  value: string,
  ids: IdMap,
  credentials: ReplayCredentials,
): { value: string; needsToken: boolean } {
  const match = /^(\S+\s+)?(\S.*)$/.exec(value.trim());
  if (!match) return { value, needsToken: false };
  const scheme = match[1] ?? '';
  const credential = match[2] as string;
  const next = ids.get(credential);
  if (next !== undefined) return { value: `${scheme}${next}`, needsToken: false };
  if (!isRedacted(credential)) return { value, needsToken: false };
  if (credentials.token === undefined) return { value, needsToken: true };
  return { value: `${scheme}${credentials.token}`, needsToken: false };
}

/** Nesting beyond this is not walked (a hostile body cannot exhaust the stack). */
const MAX_DEPTH = 64;

/** The mapped string values a JSON value holds, at any depth. */
function mappedStrings(value: unknown, ids: IdMap, found: Set<string>, depth = 0): void {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (ids.get(value) !== undefined) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) mappedStrings(item, ids, found, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) mappedStrings(item, ids, found, depth + 1);
  }
}

/**
 * The body with mapped identifiers replaced as JSON string literals, so that every other byte
 * (number formats, spacing, key order) is sent as recorded.
 */
function mapBody(body: string, ids: IdMap): string {
  if (ids.size === 0 || body.trim() === '') return body;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return body;
  }
  const found = new Set<string>();
  mappedStrings(value, ids, found);
  let out = body;
  for (const recorded of found) {
    out = out.replaceAll(JSON.stringify(recorded), JSON.stringify(ids.get(recorded)));
  }
  return out;
}

/** An ObtainToken body whose redacted credentials are replaced by the replay's own. */
function withCredentials(body: string, credentials: ReplayCredentials): string {
  let value: { query?: unknown; variables?: { input?: Record<string, unknown> } };
  try {
    value = JSON.parse(body);
  } catch {
    return body;
  }
  const input = value?.variables?.input;
  let changed = false;
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    for (const [field, which] of CREDENTIAL_FIELDS) {
      const held = Object.hasOwn(input, field) ? input[field] : undefined;
      const own = credentials[which];
      if (typeof held === 'string' && isRedacted(held) && own !== undefined) {
        input[field] = own;
        changed = true;
      }
    }
  }
  if (typeof value?.query === 'string') {
    // An inline literal: `obtainKrakenToken(input: {APIKey: "[REDACTED]"})`.
    const query = value.query.replace(
      /\b(APIKey|organizationSecretKey|refreshToken)(\s*:\s*)"\[REDACTED[^"\]]{0,64}\]"/g,
      (whole, field: string, colon: string) => {
        const own = credentials[CREDENTIAL_FIELDS.get(field) ?? 'apiKey'];
        return own === undefined ? whole : `${field}${colon}${JSON.stringify(own)}`;
      },
    );
    if (query !== value.query) {
      value.query = query;
      changed = true;
    }
  }
  return changed ? JSON.stringify(value) : body;
}

/** Whether a request is the GraphQL endpoint's (ObtainToken, AUTH-1). */
export function isGraphql(request: TrafficRequest): boolean {
  return new URL(request.url, 'http://traffic.invalid').pathname === '/v1/graphql/';
}

/** The recorded request as the replay sends it. */
export function replayedRequest(
  request: TrafficRequest,
  ids: IdMap,
  credentials: ReplayCredentials,
): OutgoingRequest {
  let needsToken = false;
  const headers: [string, string][] = [];
  for (const [name, value] of request.headers) {
    const lower = name.toLowerCase();
    if (TRANSPORT_HEADERS.has(lower) || lower.startsWith(':')) continue;
    if (lower === 'authorization') {
      const auth = mapAuthorization(value, ids, credentials);
      needsToken ||= auth.needsToken;
      headers.push([name, auth.value]);
    } else headers.push([name, value]);
  }
  let body = mapBody(request.body, ids);
  if (isGraphql(request)) body = withCredentials(body, credentials);
  return {
    method: request.method.toUpperCase(),
    target: mapTarget(request.url, ids),
    headers,
    body,
    needsToken,
  };
}
