/**
 * The standalone HTTP adapter (`npm start`): node:http straight onto the service, without MSW's
 * web Request/Response layer, which caps MSW near 2,400 req/s on these machines (decision 004).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dictionary } from '../domain/dictionary.ts';
import { JsonChunks, LazyList } from '../domain/lazy-list.ts';
import { errorResponse } from '../error-bodies.ts';
import type { MockService, PlainRequest, PlainResponse } from '../service.ts';

/** The largest body the server reads (10 MiB); a larger one gets 413 in the interface's shape. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * The URL of a request target; a target that is no URL (`//`, `http://%/`) keeps its text as the
 * path, which names no route: 404, never a failure of the server.
 */
function requestUrl(target: string): URL {
  try {
    return new URL(target, 'http://mock.local');
  } catch {
    const url = new URL('http://mock.local/');
    url.pathname = target.split('?')[0] ?? '';
    return url;
  }
}

/** Turns a node:http request into the service's plain request (a null body was over the limit). */
export async function toPlainRequest(
  req: IncomingMessage,
  bodyText: string | null,
): Promise<PlainRequest> {
  const url = requestUrl(req.url ?? '/');
  // Names and query keys are input: records without a prototype (domain/dictionary.ts).
  const headers: Record<string, string | undefined> = dictionary();
  for (const [name, value] of Object.entries(req.headers)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: dictionary(url.searchParams),
    headers,
    bodyText: bodyText ?? '',
    ...(bodyText === null ? { bodyTooLarge: MAX_BODY_BYTES } : {}),
  };
}

/** A response sent as it is (a page, a script, a style sheet): the body is already text or bytes. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  raw: string | Uint8Array;
}

/**
 * A hook in front of the service: it may answer a request itself (the browser pages) or pass it
 * on with `next()` and adjust the answer (CORS headers). Without one the server is the service.
 */
export type ServerHook = (
  request: PlainRequest,
  next: () => Promise<PlainResponse>,
) => Promise<PlainResponse | RawResponse>;

/**
 * Work that must run while no request is between its reads and its commit: the data directory
 * letting go of its store's map (decision 017). `due` is asked as requests come and go.
 */
export interface ServerMaintenance {
  due(): boolean;
  run(): Promise<void>;
}

/** Options of {@link createMockServer}. */
export interface MockServerOptions {
  hook?: ServerHook;
  maintenance?: ServerMaintenance;
}

/**
 * A gate around requests (decision 017): while maintenance is due, new requests wait; when the
 * last one in flight has answered, the maintenance runs and the waiting requests go on. A request
 * passes the gate after its body is read and leaves it after its answer is written, so no read,
 * commit or streamed list of the store spans a maintenance.
 */
export function requestGate(maintenance: ServerMaintenance | undefined) {
  let inFlight = 0;
  let running: Promise<void> | undefined;
  let drained: { promise: Promise<void>; resolve: () => void } | undefined;
  const start = () => {
    running = maintenance!
      .run()
      .catch((error: Error) => console.error(`store maintenance failed: ${error.message}`))
      .finally(() => {
        running = undefined;
        drained?.resolve();
        drained = undefined;
      });
  };
  const gate = {
    async enter(): Promise<void> {
      if (!maintenance) return;
      // After one maintenance the waiting requests go on, even if it is due again at once
      // (a budget below what the process maps without the store): requests are never starved.
      if (running) await running;
      else if (maintenance.due()) {
        if (inFlight === 0) {
          start();
          await running;
        } else {
          if (!drained) {
            let resolve!: () => void;
            const promise = new Promise<void>((r) => {
              resolve = r;
            });
            drained = { promise, resolve };
          }
          await drained.promise;
        }
      }
      inFlight += 1;
    },
    leave(): void {
      if (!maintenance) return;
      inFlight -= 1;
      if (inFlight === 0 && !running && maintenance.due()) start();
    },
    /**
     * Steps out of the gate and back in when maintenance is due: for a request that streams a
     * long answer and holds nothing of the store between two of its pieces.
     */
    async pause(): Promise<void> {
      if (!maintenance?.due()) return;
      gate.leave();
      await gate.enter();
    },
    get inFlight() {
      return inFlight;
    },
  };
  return gate;
}

/**
 * Waits until a full socket drains (true) or the client went away (false): a client that leaves
 * in the middle of a stream must not keep its request in flight for ever (the gate waits for it).
 */
function drainedOrClosed(res: ServerResponse): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const drained = () => {
      res.off('close', closed);
      resolve(true);
    };
    const closed = () => {
      res.off('drain', drained);
      resolve(false);
    };
    res.once('drain', drained);
    res.once('close', closed);
  });
}

/** Writes a list read lazily from the store item by item, waiting whenever the socket is full. */
async function sendList(
  res: ServerResponse,
  status: number,
  list: LazyList<unknown>,
  headers: Record<string, string>,
  pause: () => Promise<void>,
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  let chunk = '[';
  let first = true;
  for (const item of list) {
    chunk += (first ? '' : ',') + JSON.stringify(item);
    first = false;
    if (chunk.length >= 64 * 1024) {
      if (!res.write(chunk) && !(await drainedOrClosed(res))) return;
      chunk = '';
      // Between two pieces a list holds nothing of the store (it reads in batches), so a long
      // one steps out of the gate and lets the store go of its map (decision 017).
      await pause();
    }
  }
  res.end(`${chunk}]`);
}

/** Writes a JSON document piece by piece, waiting whenever the socket is full. */
async function sendChunks(
  res: ServerResponse,
  status: number,
  chunks: JsonChunks,
  headers: Record<string, string>,
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  let pending = '';
  for (const chunk of chunks) {
    pending += chunk;
    if (pending.length >= 64 * 1024) {
      if (!res.write(pending) && !(await drainedOrClosed(res))) return;
      pending = '';
    }
  }
  res.end(pending);
}

const noPause = () => Promise.resolve();

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  bodyText?: string,
  pause: () => Promise<void> = noPause,
) {
  if (body instanceof LazyList) return sendList(res, status, body, headers, pause);
  if (body instanceof JsonChunks) return sendChunks(res, status, body, headers);
  // The service's own text of the body when it wrote one (PlainResponse.bodyText).
  const payload = bodyText ?? (body === undefined ? '' : JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

/** The pieces a slow body comes in (decision 024). */
export const SLOW_BODY_PIECES = 8;

/**
 * Sends an answer with an injected connection fault (decision 024), as a network or a proxy
 * would lose it: a reset (RST), a close with no answer, a body cut short of its content length,
 * or a body paced over the fault's time with the service's sleep.
 */
async function sendWithFault(
  res: ServerResponse,
  response: PlainResponse,
  sleep: (ms: number) => Promise<void>,
) {
  const fault = response.connection!;
  const socket = res.socket;
  if (fault.kind === 'reset') {
    socket?.resetAndDestroy();
    return;
  }
  if (fault.kind === 'empty') {
    socket?.end();
    return;
  }
  const payload = Buffer.from(
    response.bodyText ?? (response.body === undefined ? '' : JSON.stringify(response.body)),
  );
  res.writeHead(response.status, {
    'content-type': 'application/json',
    'content-length': payload.byteLength,
    ...response.headers,
  });
  if (fault.kind === 'truncated') {
    const half = payload.subarray(0, Math.floor(payload.byteLength / 2));
    res.write(half, () => res.destroy());
    return;
  }
  const size = Math.ceil(payload.byteLength / SLOW_BODY_PIECES);
  for (let i = 0; i < SLOW_BODY_PIECES; i++) {
    if (res.destroyed) return;
    res.write(payload.subarray(i * size, (i + 1) * size));
    await sleep(fault.slowBodyMs / SLOW_BODY_PIECES);
  }
  res.end();
}

function sendRaw(res: ServerResponse, response: RawResponse, head: boolean) {
  const length =
    typeof response.raw === 'string' ? Buffer.byteLength(response.raw) : response.raw.byteLength;
  res.writeHead(response.status, { 'content-length': length, ...response.headers });
  res.end(head ? undefined : response.raw);
}

/**
 * How long an idle keep-alive connection stays open. Node closes one after 5 s by default; a
 * client (a proxy such as Prism, a supplier's HTTP agent) that reuses it at that moment gets
 * "socket hang up", which a busy machine makes likely. Idle connections are kept longer than
 * the common clients' own idle limits, so that the client closes first, as proxies advise.
 */
export const KEEP_ALIVE_MS = 65_000;

/** A node:http server answering every request with the service, behind an optional hook. */
export function createMockServer(service: MockService, options: MockServerOptions = {}): Server {
  const { hook } = options;
  const gate = requestGate(options.maintenance);
  const server = createServer(async (req, res) => {
    let entered = false;
    try {
      const bodyText = await readBody(req);
      const request = await toPlainRequest(req, bodyText);
      await gate.enter();
      entered = true;
      const response = hook
        ? await hook(request, () => service.handle(request))
        : await service.handle(request);
      if ('raw' in response) sendRaw(res, response, request.method === 'HEAD');
      else if (response.connection) await sendWithFault(res, response, (ms) => service.sleep(ms));
      else {
        await send(
          res,
          response.status,
          response.body,
          response.headers,
          response.bodyText,
          gate.pause,
        );
      }
    } catch (error) {
      const response = errorResponse({
        code: 'server_error',
        data: { reason: (error as Error).message },
      });
      send(res, response.status, response.body);
    } finally {
      if (entered) gate.leave();
    }
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Headers must be allowed to take longer than an idle connection is kept (Node's rule).
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
