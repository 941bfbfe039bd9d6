/**
 * A rewriting HTTP proxy in front of the kit's mock, the way a supplier's CI team would try the
 * suite against an implementation that chose differently: every request goes to the mock over
 * HTTP, and a variant may change the request on its way in and the answer on its way out. The
 * mock's control API (`/__mock/`) is hidden, as a real service has none. Loopback only.
 *
 * @example
 * const proxy = await startProxy(variant, 'http://127.0.0.1:4460', 4461);
 * // ... run the suite against http://127.0.0.1:4461 ...
 * await proxy.close();
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** A request as a variant sees it. */
export interface ProxyRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  /** The query string with its `?`, or ''. */
  search: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
}

/** An answer as a variant sees it. */
export interface ProxyResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
}

/** Sends a request to the mock. */
export type Forward = (request: ProxyRequest) => Promise<ProxyResponse>;

/** A variant's handling of one request: by default `forward(request)`. */
export type Handle = (request: ProxyRequest, forward: Forward) => Promise<ProxyResponse>;

/** Headers that belong to one hop, not to the message. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'content-encoding',
]);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** A forwarder to the upstream mock at `upstream` (http://127.0.0.1:PORT). */
export function forwardTo(upstream: string): Forward {
  return async (request) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!HOP_HEADERS.has(name)) headers[name] = value;
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const response = await fetch(`${upstream}${request.path}${request.search}`, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name)) out[name] = value;
    });
    return { status: response.status, headers: out, body: await response.text() };
  };
}

/** Starts the proxy on 127.0.0.1:`port`, each request handled by `handle`. */
export async function startProxy(
  handle: Handle,
  upstream: string,
  port: number,
): Promise<{ server: Server; close: () => Promise<void> }> {
  const forward = forwardTo(upstream);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://proxy.invalid');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers[name] = value;
        else if (Array.isArray(value)) headers[name] = value.join(', ');
      }
      const request: ProxyRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        headers,
        body: await readBody(req),
      };
      const response = request.path.startsWith('/__mock/')
        ? {
            status: 404,
            headers: { 'content-type': 'text/plain' },
            body: 'Not found.',
          }
        : await handle(request, forward);
      const body = Buffer.from(response.body, 'utf8');
      res.writeHead(response.status, { ...response.headers, 'content-length': body.length });
      res.end(body);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy error: ${(error as Error).message}`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
