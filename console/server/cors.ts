/**
 * Cross-origin requests to the standalone mock (decision 011): a supplier's web front end on
 * another origin may call the interface (on by default, as Prism and WireMock offer it; the
 * operator narrows or turns it off), while the control API, the console and the other pages
 * answer loopback origins only unless the operator opens them, so that a web page on the
 * internet cannot reset or rewrite a developer's local mock (CSRF, DNS rebinding).
 */
import type { CorsOptions, PlainRequest, PlainResponse } from '../../mocks/server/web-hook.ts';

/** The default: the interface open to any origin, the operator's side to loopback origins only. */
export const DEFAULT_CORS: CorsOptions = { interfaceOrigins: '*', controlOrigins: [] };

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether an Origin header names a page served from this machine (http or https, any port). */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOST.test(url.hostname)
    );
  } catch {
    return false;
  }
}

function listed(origins: '*' | string[], origin: string): boolean {
  return origins === '*' || origins.includes(origin);
}

function corsHeaders(request: PlainRequest, origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    vary: 'Origin',
    'access-control-expose-headers': 'Allow, Content-Type',
    ...(request.headers['access-control-request-private-network'] === 'true'
      ? { 'access-control-allow-private-network': 'true' }
      : {}),
  };
}

function preflight(request: PlainRequest, origin: string): PlainResponse {
  return {
    status: 204,
    headers: {
      ...corsHeaders(request, origin),
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'access-control-allow-headers':
        request.headers['access-control-request-headers'] ?? 'Authorization, Content-Type',
      'access-control-max-age': '600',
    },
    body: undefined,
  };
}

function refused(detail: string): PlainResponse {
  return { status: 403, body: { detail, code: 'origin_not_allowed', errors: [] } };
}

/**
 * The CORS step of the standalone server's hook: answers preflights, refuses origins that may
 * not call, and adds the CORS headers to the answers of those that may.
 */
export function applyCors<R extends { headers?: Record<string, string> }>(
  options: CorsOptions,
  request: PlainRequest,
  next: () => Promise<R>,
): Promise<R | PlainResponse> {
  const origin = request.headers.origin;
  const isPreflight =
    request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
  if (origin === undefined) return next();
  if (request.path.startsWith('/v1/')) {
    if (Array.isArray(options.interfaceOrigins) && options.interfaceOrigins.length === 0) {
      return next();
    }
    if (!listed(options.interfaceOrigins, origin)) {
      return Promise.resolve(
        isPreflight ? refused(`The interface does not answer the origin ${origin}.`) : next(),
      );
    }
    return isPreflight
      ? Promise.resolve(preflight(request, origin))
      : withHeaders(request, origin, next);
  }
  if (!isLoopbackOrigin(origin) && !listed(options.controlOrigins, origin)) {
    return Promise.resolve(
      refused(
        `The control API and the console answer pages of this machine only, not ${origin}; the operator opens them with --control-origins.`,
      ),
    );
  }
  return isPreflight
    ? Promise.resolve(preflight(request, origin))
    : withHeaders(request, origin, next);
}

async function withHeaders<R extends { headers?: Record<string, string> }>(
  request: PlainRequest,
  origin: string,
  next: () => Promise<R>,
): Promise<R> {
  const response = await next();
  return { ...response, headers: { ...response.headers, ...corsHeaders(request, origin) } };
}
