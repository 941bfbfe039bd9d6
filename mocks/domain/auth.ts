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
 * When the first token of a token table expires: before then there is nothing to prune, so an
 * ObtainToken does not walk every live token (thousands in a load test). Lookups check expiry
 * themselves (AUTH-3), so pruning is only housekeeping.
 */
const firstExpiry = new WeakMap<MockState['tokens'], number>();

/**
 * The most live tokens (access and refresh records) the mock holds (decision 022): an ObtainToken
 * that would pass it is refused with 429 `token_limit_reached`, after the expired ones are gone.
 * 20,000 records are 10,000 ObtainTokens within a refresh token's lifetime, a few MiB.
 */
export const MAX_LIVE_TOKENS = 20_000;

function prune(state: MockState, nowMs: number, force = false): void {
  const first = firstExpiry.get(state.tokens);
  if (!force && first !== undefined && nowMs < first) return;
  let next = Number.POSITIVE_INFINITY;
  for (const [hash, record] of Object.entries(state.tokens)) {
    const expiresAt = Date.parse(record.expiresAt);
    if (expiresAt <= nowMs) delete state.tokens[hash];
    else next = Math.min(next, expiresAt);
  }
  firstExpiry.set(state.tokens, next);
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
  firstExpiry.set(state.tokens, Math.min(first, exp * 1000, refreshExpiresIn * 1000));
  touch(state);
  return { token, payload, refreshToken, refreshExpiresIn };
}

/** The credentials ObtainToken takes: exactly one of them (the real platform's input). */
export interface TokenCredentials {
  APIKey?: string | null;
  organizationSecretKey?: string | null;
  refreshToken?: string | null;
}

/**
 * Failure of the mutation: the GraphQL error code and message of the real platform, or the
 * mock's limit on live tokens (decision 022), with the seconds until the first of them expires.
 */
export type TokenFailure =
  | { errorCode: string; message: string }
  | { limit: number; retryAfterSeconds: number };

/**
 * Whether one more ObtainToken would pass {@link MAX_LIVE_TOKENS}, once the expired tokens are
 * gone: the seconds until the first live token expires, or undefined when there is room.
 */
function overLimit(state: MockState, nowMs: number): number | undefined {
  if (Object.keys(state.tokens).length + 2 <= MAX_LIVE_TOKENS) return undefined;
  prune(state, nowMs, true);
  if (Object.keys(state.tokens).length + 2 <= MAX_LIVE_TOKENS) return undefined;
  const first = firstExpiry.get(state.tokens) ?? nowMs;
  return Math.max(1, Math.ceil((first - nowMs) / 1000));
}

/**
 * Issues a token for an organisation API key (in `APIKey` or `organizationSecretKey`, since the
 * reference does not say which field takes it) or for a live refresh token (AUTH-1).
 */
export function obtainToken(
  state: MockState,
  env: MockEnv,
  credentials: TokenCredentials,
): { ok: true; value: IssuedToken } | { ok: false; error: TokenFailure } {
  const given = (['APIKey', 'organizationSecretKey', 'refreshToken'] as const).filter(
    (k) => typeof credentials[k] === 'string',
  );
  if (given.length !== 1) {
    return {
      ok: false,
      error: {
        errorCode: 'KT-CT-1135',
        message:
          'Invalid data. Provide exactly one of APIKey, organizationSecretKey, refreshToken.',
      },
    };
  }
  const field = given[0]!;
  const secret = credentials[field] as string;
  const retryAfterSeconds = overLimit(state, clockNow(state.clock, env.now()).getTime());
  if (retryAfterSeconds !== undefined) {
    return { ok: false, error: { limit: MAX_LIVE_TOKENS, retryAfterSeconds } };
  }
  if (field === 'refreshToken') {
    const hash = env.hash(secret);
    const record = state.tokens[hash];
    const nowMs = clockNow(state.clock, env.now()).getTime();
    if (record?.kind !== 'refresh' || new Date(record.expiresAt).getTime() <= nowMs) {
      return {
        ok: false,
        error: {
          errorCode: 'KT-CT-1135',
          message: 'Invalid data. The refresh token is not valid.',
        },
      };
    }
    // A refresh token is spent when used, as a rotated refresh token is on the real platform.
    delete state.tokens[hash];
    return { ok: true, value: issue(state, env, record.subject, 'REFRESH_TOKEN') };
  }
  const key = state.apiKeys.find((k) => k.keyHash === env.hash(secret));
  if (!key) {
    return {
      ok: false,
      error: { errorCode: 'KT-CT-1135', message: 'Invalid data. The API key is not valid.' },
    };
  }
  return {
    ok: true,
    value: issue(
      state,
      env,
      key.organisation,
      field === 'APIKey' ? 'API_KEY' : 'ORGANIZATION_SECRET_KEY',
    ),
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
