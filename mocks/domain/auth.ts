/**
 * Tokens (AUTH-1..AUTH-4): ObtainToken exchanges an organisation API key or a refresh token for
 * an access token; every data-import request carries it. Lifetimes follow the mock clock
 * (60 minutes and 7 days by default, as on the real platform; configurable).
 */

import { clockNow } from './clock.ts';
import type { MockEnv } from './env.ts';
import { fail, ok, type Result } from './result.ts';
import { type MockState, touch } from './state.ts';

/** What ObtainToken returns (the real platform's ObtainKrakenJSONWebToken fields). */
export interface IssuedToken {
  token: string;
  payload: Record<string, unknown>;
  refreshToken: string;
  /** A Unix timestamp (seconds), not a duration, as on the real platform. */
  refreshExpiresIn: number;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function encodeJson(value: unknown): string {
  return base64url(new TextEncoder().encode(JSON.stringify(value)));
}

/**
 * When a token table is next pruned: when its first token expires (before then there is nothing
 * to prune, so an ObtainToken does not walk every live token, thousands in a load test), and no
 * sooner than {@link PRUNE_EVERY_MS} of mock time after the prune or the issue that set it.
 * Tokens issued without pause also expire without pause, and pruning at every expiry walked the
 * whole table on almost every ObtainToken. Lookups check expiry themselves (AUTH-3) and the cap
 * counts only live tokens, so pruning is only housekeeping.
 */
const firstExpiry = new WeakMap<MockState['tokens'], number>();
const PRUNE_EVERY_MS = 60_000;

/**
 * The most live tokens (access and refresh records) the mock holds (decision 022): an ObtainToken
 * that would pass it is refused with 429 `token_limit_reached`, after the expired ones are gone.
 * 20,000 records are 10,000 ObtainTokens within a refresh token's lifetime, a few MiB.
 */
export const MAX_LIVE_TOKENS = 20_000;

/**
 * How many records a token table held when last counted, and the ObtainTokens since. Counting a
 * table of thousands of tokens (`Object.keys`) on every ObtainToken made each one cost in
 * proportion to the tokens already issued: a load test's ObtainTokens slowed from 0.4 ms to 4 ms
 * on the way to {@link MAX_LIVE_TOKENS}. This module is the only one that changes a table in
 * use, so it keeps the count as it issues, spends and prunes; it counts a table it has not seen
 * (a state loaded or imported brings its own) and, as a guard, again every
 * {@link RECOUNT_EVERY} ObtainTokens.
 */
const counted = new WeakMap<MockState['tokens'], { size: number; calls: number }>();
const RECOUNT_EVERY = 256;

function tokenCount(tokens: MockState['tokens']): { size: number; calls: number } {
  let count = counted.get(tokens);
  if (count === undefined || count.calls >= RECOUNT_EVERY) {
    count = { size: Object.keys(tokens).length, calls: 0 };
    counted.set(tokens, count);
  }
  count.calls += 1;
  return count;
}

/** Keeps the count of {@link tokenCount} as a record is added (1) or removed (-1). */
function countChange(tokens: MockState['tokens'], change: number): void {
  const count = counted.get(tokens);
  if (count !== undefined) count.size += change;
  versions.set(tokens, (versions.get(tokens) ?? 0) + 1);
}

/** How many times this module changed each token table: see {@link tokenTableVersion}. */
const versions = new WeakMap<MockState['tokens'], number>();

/**
 * A number that moves whenever this module issues, spends or prunes a token of the table, the
 * only changes a table in use sees (a loaded or imported state brings a table of its own). A
 * store compares it with the one it last wrote, so that writing a staging or a batch does not
 * walk thousands of live tokens to find none changed (decision 027).
 */
export function tokenTableVersion(tokens: MockState['tokens']): number {
  return versions.get(tokens) ?? 0;
}

function prune(state: MockState, nowMs: number, force = false): void {
  const first = firstExpiry.get(state.tokens);
  if (!force && first !== undefined && nowMs < first) return;
  let next = Number.POSITIVE_INFINITY;
  for (const [hash, record] of Object.entries(state.tokens)) {
    const expiresAt = Date.parse(record.expiresAt);
    if (expiresAt <= nowMs) {
      delete state.tokens[hash];
      versions.set(state.tokens, (versions.get(state.tokens) ?? 0) + 1);
    } else next = Math.min(next, expiresAt);
  }
  firstExpiry.set(state.tokens, Math.max(next, nowMs + PRUNE_EVERY_MS));
  counted.delete(state.tokens);
}

function issue(state: MockState, env: MockEnv, subject: string, grant: string): IssuedToken {
  const now = clockNow(state.clock, env.now());
  const nowMs = now.getTime();
  prune(state, nowMs);
  const iat = Math.floor(nowMs / 1000);
  const exp = iat + state.tokenLifetimeSeconds;
  const refreshExpiresIn = iat + state.refreshLifetimeSeconds;
  const payload = { sub: subject, gty: grant, iss: 'data-import-kit', iat, exp, origIat: iat };
  // A JWT-shaped token whose third part is random: the mock checks tokens by lookup, not by
  // signature, so no signing secret has to live in the exported state.
  const token = `${encodeJson({ alg: 'HS256', typ: 'JWT' })}.${encodeJson(payload)}.${base64url(env.randomBytes(32))}`;
  const refreshToken = base64url(env.randomBytes(32));
  countChange(state.tokens, 2);
  state.tokens[env.hash(token)] = {
    kind: 'access',
    subject,
    issuedAt: now.toISOString(),
    expiresAt: new Date(exp * 1000).toISOString(),
  };
  state.tokens[env.hash(refreshToken)] = {
    kind: 'refresh',
    subject,
    issuedAt: now.toISOString(),
    expiresAt: new Date(refreshExpiresIn * 1000).toISOString(),
  };
  const first = firstExpiry.get(state.tokens) ?? Number.POSITIVE_INFINITY;
  const expires = Math.min(exp, refreshExpiresIn) * 1000;
  firstExpiry.set(state.tokens, Math.min(first, Math.max(expires, nowMs + PRUNE_EVERY_MS)));
  touch(state);
  return { token, payload, refreshToken, refreshExpiresIn };
}

/** The credentials ObtainToken takes: exactly one of them (the real platform's input). */
export interface TokenCredentials {
  APIKey?: string | null;
  organizationSecretKey?: string | null;
  refreshToken?: string | null;
}

/** A refused credential: the GraphQL error code and message of the real platform. */
export interface TokenFailure {
  errorCode: string;
  message: string;
}

/** The answer to one ObtainToken of a document: the token, or why its credentials are refused. */
export type TokenAnswer = { ok: true; value: IssuedToken } | { ok: false; error: TokenFailure };

/**
 * A document whose ObtainTokens would pass {@link MAX_LIVE_TOKENS} (decision 022): the cap and the
 * seconds until the first live token expires.
 */
export interface TokenLimit {
  limit: number;
  retryAfterSeconds: number;
}

/** What a credential stands for, once checked: the subject and grant of its token. */
type Checked =
  | { ok: true; subject: string; grant: string; spends?: string }
  | { ok: false; error: TokenFailure };

function refused(message: string): Checked {
  return { ok: false, error: { errorCode: 'KT-CT-1135', message: `Invalid data. ${message}` } };
}

/**
 * Checks one ObtainToken's credentials without changing anything: exactly one of the fields, a
 * known organisation API key or a live refresh token not spent earlier in the same document.
 */
function check(
  state: MockState,
  env: MockEnv,
  credentials: TokenCredentials,
  nowMs: number,
  spent: Set<string>,
): Checked {
  const given = (['APIKey', 'organizationSecretKey', 'refreshToken'] as const).filter(
    (k) => typeof credentials[k] === 'string',
  );
  if (given.length !== 1) {
    return refused('Provide exactly one of APIKey, organizationSecretKey, refreshToken.');
  }
  const field = given[0]!;
  const secret = credentials[field] as string;
  if (field === 'refreshToken') {
    const hash = env.hash(secret);
    const record = state.tokens[hash];
    if (
      record?.kind !== 'refresh' ||
      new Date(record.expiresAt).getTime() <= nowMs ||
      spent.has(hash)
    ) {
      return refused('The refresh token is not valid.');
    }
    spent.add(hash);
    return { ok: true, subject: record.subject, grant: 'REFRESH_TOKEN', spends: hash };
  }
  const key = state.apiKeys.find((k) => k.keyHash === env.hash(secret));
  if (!key) return refused('The API key is not valid.');
  return {
    ok: true,
    subject: key.organisation,
    grant: field === 'APIKey' ? 'API_KEY' : 'ORGANIZATION_SECRET_KEY',
  };
}

/**
 * Whether `records` more token records fit under {@link MAX_LIVE_TOKENS} once the expired ones are
 * left out: undefined, or the seconds until the first live token expires (at least 1). It only
 * counts, so that a refused document leaves even the expired tokens as they were.
 */
function overLimit(state: MockState, nowMs: number, records: number): number | undefined {
  if (tokenCount(state.tokens).size + records <= MAX_LIVE_TOKENS) return undefined;
  const hashes = Object.keys(state.tokens);
  let live = 0;
  let first = Number.POSITIVE_INFINITY;
  for (const hash of hashes) {
    const expiresAt = Date.parse(state.tokens[hash]!.expiresAt);
    if (expiresAt <= nowMs) continue;
    live += 1;
    first = Math.min(first, expiresAt);
  }
  if (live + records <= MAX_LIVE_TOKENS) return undefined;
  return Math.max(1, Math.ceil(((Number.isFinite(first) ? first : nowMs) - nowMs) / 1000));
}

/**
 * The ObtainTokens of one GraphQL document, in the order it executes them (AUTH-1, decision 022):
 * each for an organisation API key (in `APIKey` or `organizationSecretKey`, since the reference
 * does not say which field takes it) or a live refresh token. All of them are decided before any
 * is issued: refused credentials get their KT-CT-1135 whatever the number of tokens, and when the
 * valid ones (an access and a refresh record each) would pass the cap, the whole document is
 * refused and nothing changes, the expired tokens included.
 */
export function obtainTokens(
  state: MockState,
  env: MockEnv,
  requests: readonly TokenCredentials[],
): { ok: true; value: TokenAnswer[] } | { ok: false; error: TokenLimit } {
  const nowMs = clockNow(state.clock, env.now()).getTime();
  const spent = new Set<string>();
  const checked = requests.map((credentials) => check(state, env, credentials, nowMs, spent));
  const records = 2 * checked.filter((c) => c.ok).length;
  // Refused credentials need no room, so a wrong key gets its own error at the cap too.
  const retryAfterSeconds = records > 0 ? overLimit(state, nowMs, records) : undefined;
  if (retryAfterSeconds !== undefined) {
    return { ok: false, error: { limit: MAX_LIVE_TOKENS, retryAfterSeconds } };
  }
  // There is room once the expired tokens are gone: make it before issuing.
  if (records > 0 && tokenCount(state.tokens).size + records > MAX_LIVE_TOKENS) {
    prune(state, nowMs, true);
  }
  return {
    ok: true,
    value: checked.map((c): TokenAnswer => {
      if (!c.ok) return c;
      // A refresh token is spent when used, as a rotated refresh token is on the real platform.
      if (c.spends !== undefined) {
        delete state.tokens[c.spends];
        countChange(state.tokens, -1);
      }
      return { ok: true, value: issue(state, env, c.subject, c.grant) };
    }),
  };
}

/**
 * Checks the Authorization header of a data-import request (AUTH-2, AUTH-3): `Token <token>` or
 * the bare token. Missing -> `not_authenticated`; unknown, malformed or expired ->
 * `authentication_failed`.
 */
export function authenticate(
  state: MockState,
  env: MockEnv,
  header: string | undefined,
): Result<{ subject: string }> {
  if (header === undefined || header.trim() === '') {
    return fail('not_authenticated', undefined, { detail: "'Authorization' header not provided." });
  }
  const match = /^(?:Token|JWT|Bearer)\s+(\S+)$/i.exec(header.trim());
  const token = match ? match[1]! : header.trim();
  if (/\s/.test(token)) {
    return fail('authentication_failed', undefined, { detail: 'Invalid Authorization header.' });
  }
  const record = state.tokens[env.hash(token)];
  if (record?.kind !== 'access') {
    // The platform takes the organisation API key itself as `Token <api key>` on every operation.
    const key = /^Token\s/i.test(header.trim())
      ? state.apiKeys.find((k) => k.keyHash === env.hash(token))
      : undefined;
    if (key) return ok({ subject: key.organisation });
    return fail('authentication_failed', undefined, { detail: 'Invalid token.' });
  }
  if (new Date(record.expiresAt).getTime() <= clockNow(state.clock, env.now()).getTime()) {
    return fail('authentication_failed', undefined, { detail: 'The token has expired.' });
  }
  return ok({ subject: record.subject });
}
