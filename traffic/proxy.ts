/**
 * The traffic proxy (decision 029, "The proxy"): a gateway on loopback in front of a service that
 * forwards every request and answer as it came (method, path and query, end-to-end headers in
 * wire order with repeats, body, streamed both ways) and checks each exchange with the same
 * checker and history as `check`. It never sends a request of its own. What it keeps of a body
 * for checking is capped; what it forwards never is. A target it cannot reach gets the
 * interface's 502 (`bad_gateway`) and a kit finding.
 */

import * as http from 'node:http';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { dataImport, errorCatalogue } from '../spec/index.ts';
import type { CheckerChanges, CheckerOptions, CheckerResult } from './checker.ts';
import {
  DEFAULT_MAX_GROUPS,
  type Finding,
  type FindingGroup,
  FindingGroups,
  finding,
} from './findings.ts';
import type { MaskPolicy } from './mask.ts';
import type { CheckerMessage, CheckerReply } from './proxy-check-worker.ts';
import { forwardedHeaders, pairsOf } from './proxy-headers.ts';
import { type ProxyUi, startProxyUi } from './proxy-ui.ts';
import { exchangeOf, ownedBytes, transferables, type WireExchange } from './proxy-wire.ts';
import type { TrafficRecorder } from './record.ts';

/** The default cap on each body kept for checking (the interface's bodies are a few MiB). */
export const DEFAULT_MAX_CAPTURE_BYTES = 16 * 1024 * 1024;

/** Options of {@link startTrafficProxy}. */
export interface TrafficProxyOptions {
  /** The service: http(s)://host[:port][/prefix]. */
  target: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback by default. */
  host?: string;
  /** Keep the client's Host header instead of sending the target's authority. */
  keepHost?: boolean;
  /** Bytes of each body kept for checking (1 KiB .. 64 MiB); longer bodies are forwarded whole. */
  maxCaptureBytes?: number;
  maxGroups?: number;
  maxAccounts?: number;
  mask?: MaskPolicy;
  /** Where exchanges are recorded (record.ts), when they are. */
  recorder?: TrafficRecorder;
  /** One line per event worth an operator's eye (a target that does not answer). */
  log?: (line: string) => void;
  now?: () => number;
  /**
   * Serve the live view of the findings (proxy-ui.ts) on this port of 127.0.0.1, whatever
   * `host` is (it shows what passed through), a listener of its own (0 picks a free port).
   */
  uiPort?: number;
}

/** A running proxy. */
export interface TrafficProxy {
  /** Where clients send their requests instead of the target. */
  url: string;
  /** The live view of the findings, when `uiPort` asked for one. */
  uiUrl?: string;
  /**
   * The findings of every exchange answered so far: the checker's and the proxy's own
   * (kit:target-unreachable, ...).
   */
  findings(): Promise<CheckerResult>;
  /** Stops accepting, lets exchanges under way finish, and answers the final findings. */
  close(): Promise<CheckerResult>;
}

/** Body bytes posted to the checker and not yet checked, past which new requests wait. */
export const MAX_UNCHECKED_BYTES = 256 * 1024 * 1024;

/** The most exchanges one message to the checker carries. */
const BATCH_MAX = 256;

/**
 * How long the first exchange of a batch waits for others before the batch is posted: fewer,
 * larger messages cost both threads less CPU per exchange, and nothing waits on the check.
 */
const BATCH_WAIT_MS = 5;

/**
 * The checker on its worker thread (proxy-check-worker.ts), with what waits for it bounded:
 * past {@link MAX_UNCHECKED_BYTES} the proxy holds new requests until the checker catches up.
 */
class RemoteChecker {
  readonly #worker: Worker;
  readonly #results = new Map<number, (result: CheckerResult) => void>();
  /** The checker's groups as its answers left them: each answer carries only what changed. */
  readonly #groups = new Map<string, FindingGroup>();
  #counts: Omit<CheckerChanges, 'groups'> = { exchanges: 0, operations: [], dropped: 0 };
  readonly #waiting: (() => void)[] = [];
  #posted = 0;
  #checked = 0;
  #next = 0;
  #failure: Error | undefined;
  #batch: WireExchange[] = [];
  #batchBytes = 0;
  #flushSoon: NodeJS.Timeout | undefined;

  constructor(options: CheckerOptions) {
    this.#worker = checkerWorker(options);
    this.#worker.on('message', (reply: CheckerReply) => {
      if (reply.kind === 'checked') {
        this.#checked = reply.bytes;
        while (!this.full && this.#waiting.length > 0) this.#waiting.shift()?.();
        return;
      }
      if (reply.changes) this.#apply(reply.changes);
      this.#results.get(reply.id)?.(this.#snapshot());
      this.#results.delete(reply.id);
    });
    this.#worker.on('error', (error) => {
      this.#failure = error;
    });
  }

  /** Takes in what changed on the checker's side since its previous answer. */
  #apply(changes: CheckerChanges): void {
    const { groups, ...counts } = changes;
    this.#counts = counts;
    // Groups are never removed; a new one is appended, as the checker's own Map orders them.
    for (const group of groups) {
      this.#groups.set(`${group.rule}\u0000${group.operation}\u0000${group.pointer}`, group);
    }
  }

  /** The checker's result as of its latest answer, ordered as `FindingGroups.list` orders it. */
  #snapshot(): CheckerResult {
    return {
      exchanges: this.#counts.exchanges,
      operations: new Map(this.#counts.operations),
      groups: sortGroups([...this.#groups.values()]),
      dropped: this.#counts.dropped,
    };
  }

  /** Whether new requests must wait for the checker. */
  get full(): boolean {
    return this.#posted - this.#checked > MAX_UNCHECKED_BYTES;
  }

  /** Runs `then` once the checker has room. */
  whenRoom(then: () => void): void {
    if (this.full) this.#waiting.push(then);
    else then();
  }

  /**
   * Queues an exchange for the checker. The exchanges whose answers end within
   * {@link BATCH_WAIT_MS} of the first go in one message (one wake-up of the worker, not one each),
   * posted then or at {@link BATCH_MAX} exchanges, and at once when a result is asked for; their
   * bodies are transferred, not copied, so the caller must not read them afterwards. Counted as
   * posted at once, so the bound holds.
   */
  check(wire: WireExchange): void {
    const bytes = wire.requestBody.byteLength + wire.responseBody.byteLength;
    this.#posted += bytes;
    this.#batch.push(wire);
    this.#batchBytes += bytes;
    if (this.#batch.length >= BATCH_MAX) this.#flush();
    else this.#flushSoon ??= setTimeout(() => this.#flush(), BATCH_WAIT_MS).unref();
  }

  #flush(): void {
    if (this.#flushSoon) clearTimeout(this.#flushSoon);
    this.#flushSoon = undefined;
    if (this.#batch.length === 0) return;
    const batch = this.#batch;
    const message: CheckerMessage = { kind: 'check', batch, bytes: this.#batchBytes };
    this.#batch = [];
    this.#batchBytes = 0;
    this.#worker.postMessage(message, transferables(batch));
  }

  /** The result of every exchange posted so far (queued ones are sent first). */
  result(): Promise<CheckerResult> {
    if (this.#failure) return Promise.reject(this.#failure);
    this.#flush();
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      // The live view asks every second: each question takes its error listener away again.
      const failed = (error: Error) => {
        this.#results.delete(id);
        reject(error);
      };
      this.#results.set(id, (result) => {
        this.#worker.off('error', failed);
        resolve(result);
      });
      this.#worker.once('error', failed);
      this.#worker.postMessage({ kind: 'result', id } satisfies CheckerMessage);
    });
  }

  terminate(): Promise<number> {
    return this.#worker.terminate();
  }
}

/**
 * The worker running proxy-check-worker: the compiled file in the package; from the sources
 * (tests, `npm run traffic` in a clone) a small bootstrap that registers tsx's loader in the
 * worker first, since a worker does not inherit the `--import tsx` of its parent on Node 20.
 */
function checkerWorker(options: CheckerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./proxy-check-worker.js', import.meta.url), { workerData: options });
  }
  const worker = new URL('./proxy-check-worker.ts', import.meta.url).href;
  // tsx's ES module entry (`require.resolve` finds the CommonJS one beside it).
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const tsx = pathToFileURL(api).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: options });
}

/** A body being captured for checking, up to a cap. */
class Capture {
  readonly #chunks: Buffer[] = [];
  #bytes = 0;
  truncated = false;
  constructor(readonly cap: number) {}
  add(chunk: Buffer): void {
    if (this.truncated) return;
    if (this.#bytes + chunk.length > this.cap) {
      this.#chunks.push(chunk.subarray(0, this.cap - this.#bytes));
      this.#bytes = this.cap;
      this.truncated = true;
      return;
    }
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
  }
  /** The captured bytes, in a buffer of their own that can be transferred (proxy-wire.ts). */
  bytes(): Uint8Array {
    return ownedBytes(this.#chunks, this.#bytes);
  }
}

function boundedCap(value: number | undefined): number {
  const cap = value ?? DEFAULT_MAX_CAPTURE_BYTES;
  if (!Number.isInteger(cap) || cap < 1024 || cap > 64 * 1024 * 1024) {
    throw new RangeError('maxCaptureBytes must be an integer 1024..67108864');
  }
  return cap;
}

/** The interface's error body for the proxy's own 502 (error catalogue: bad_gateway). */
function badGatewayBody(): string {
  return JSON.stringify({
    detail: errorCatalogue.detail('bad_gateway'),
    code: 'bad_gateway',
    errors: [],
  });
}

/** Starts a proxy in front of `options.target` and resolves once it listens. */
export async function startTrafficProxy(options: TrafficProxyOptions): Promise<TrafficProxy> {
  const target = new URL(options.target);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new RangeError(`the target must be an http(s) URL (received "${options.target}")`);
  }
  const cap = boundedCap(options.maxCaptureBytes);
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const checker = new RemoteChecker({
    ...(options.maxGroups ? { maxGroups: options.maxGroups } : {}),
    ...(options.maxAccounts ? { maxAccounts: options.maxAccounts } : {}),
    ...(options.mask ? { mask: options.mask } : {}),
  });
  const own = new FindingGroups(options.maxGroups ?? DEFAULT_MAX_GROUPS);
  const ownFinding = (f: Finding, method: string, url: string) =>
    own.add(f, {
      time: now(),
      message: f.message,
      excerpt: `${method.toUpperCase()} ${pathOnly(url)}`,
    });
  const transport = target.protocol === 'https:' ? https : http;
  // Kept-alive connections to the target: the proxy's overhead must stay under a millisecond.
  const agent = new transport.Agent({ keepAlive: true });
  const prefix = target.pathname.replace(/\/$/, '');
  const context: ExchangeContext = {
    target,
    transport,
    agent,
    prefix,
    cap,
    now,
    keepHost: options.keepHost === true,
    done(wire, truncated) {
      const over = truncated.request || truncated.response;
      // The recorder reads the text before the checker is given the bytes (a transfer empties them).
      options.recorder?.record(exchangeOf(wire, truncated), over);
      if (!over) checker.check(wire);
      else
        ownFinding(
          finding(
            'kit:body-over-capture-cap',
            'kit',
            operationOf(wire.method, wire.url),
            '/request/body',
            `a body longer than the capture cap (${cap} bytes) was forwarded whole but not checked`,
          ),
          wire.method,
          wire.url,
        );
    },
    failed(rule, method, url, message) {
      log(`data-import-traffic proxy: ${method} ${pathOnly(url)}: ${message}`);
      ownFinding(finding(rule, 'kit', operationOf(method, url), '/response', message), method, url);
    },
  };
  const server = createServer((req, res) => checker.whenRoom(() => forward(context, req, res)));
  const open = new Set<Promise<void>>();
  server.on('request', (_req, res: ServerResponse) => {
    const finished = new Promise<void>((resolve) => res.once('close', () => resolve()));
    open.add(finished);
    void finished.then(() => open.delete(finished));
  });
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (error) {
    await checker.terminate();
    throw error;
  }
  const { address, port } = server.address() as AddressInfo;
  const findings = async (): Promise<CheckerResult> => merge(await checker.result(), own);
  const ui = await startUi(options, port, findings, now, async () => {
    await stop(server, open);
    await checker.terminate();
  });
  // Closing twice answers the same final findings (the checker's thread is gone after the first).
  let closed: Promise<CheckerResult> | undefined;
  const close = async () => {
    await ui?.close();
    await stop(server, open);
    agent.destroy();
    try {
      return await findings();
    } finally {
      await checker.terminate();
    }
  };
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    ...(ui ? { uiUrl: ui.url } : {}),
    findings: () => closed ?? findings(),
    close: () => {
      closed ??= close();
      return closed;
    },
  };
}

/**
 * The live view on a listener of its own, never the proxied port; when it cannot listen, the
 * proxy is stopped (`abandon`) and the error thrown, as for the proxy's own port.
 */
async function startUi(
  options: TrafficProxyOptions,
  proxyPort: number,
  findings: () => Promise<CheckerResult>,
  now: () => number,
  abandon: () => Promise<void>,
): Promise<ProxyUi | undefined> {
  if (options.uiPort === undefined) return undefined;
  try {
    const { uiPort } = options;
    if (!Number.isInteger(uiPort) || uiPort < 0 || uiPort > 65_535) {
      throw new RangeError('uiPort must be an integer 0..65535');
    }
    if (uiPort !== 0 && uiPort === proxyPort) {
      throw new RangeError(`the live view needs a port of its own, not the proxy's (${proxyPort})`);
    }
    return await startProxyUi({
      port: uiPort,
      host: '127.0.0.1',
      target: options.target,
      findings,
      started: now(),
      now,
      ...(options.mask ? { mask: options.mask } : {}),
    });
  } catch (error) {
    await abandon();
    const code = (error as NodeJS.ErrnoException).code;
    // Named as the live view's, so that a busy port is not taken for the proxy's.
    throw code
      ? new Error(`the live view cannot listen on 127.0.0.1:${options.uiPort} (${code})`)
      : error;
  }
}

/** What one forwarded exchange needs to know of its proxy. */
interface ExchangeContext {
  target: URL;
  transport: typeof http | typeof https;
  agent: http.Agent;
  prefix: string;
  cap: number;
  now: () => number;
  keepHost: boolean;
  /** An exchange forwarded whole; a body over the cap is not checked, only recorded. */
  done(wire: WireExchange, truncated: { request: boolean; response: boolean }): void;
  failed(rule: string, method: string, url: string, message: string): void;
}

function pathOnly(url: string): string {
  return new URL(url, 'http://traffic.invalid').pathname;
}

/** The operationId a request is for, or its method and path (as the checker names them). */
function operationOf(method: string, url: string): string {
  const route = dataImport.route(method.toUpperCase(), pathOnly(url));
  return route.kind === 'found'
    ? route.operation.operationId
    : `${method.toUpperCase()} ${pathOnly(url)}`;
}

/** Forwards one request, streams the answer back, and hands the exchange to the checker. */
function forward(context: ExchangeContext, req: IncomingMessage, res: ServerResponse): void {
  const time = context.now();
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  const requestHeaders = pairsOf(req.rawHeaders);
  const sent = new Capture(context.cap);
  const upstream = context.transport.request({
    protocol: context.target.protocol,
    hostname: context.target.hostname,
    port: context.target.port || undefined,
    method,
    path: `${context.prefix}${url}`,
    headers: forwardedHeaders(requestHeaders, context.keepHost ? undefined : context.target.host),
    agent: context.agent,
  });
  req.on('data', (chunk: Buffer) => sent.add(chunk));
  req.pipe(upstream);
  // A client that goes away takes its request to the target with it.
  res.once('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.once('response', (answer) => {
    const answerHeaders = pairsOf(answer.rawHeaders);
    const received = new Capture(context.cap);
    res.sendDate = false;
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardedHeaders(answerHeaders));
    answer.on('data', (chunk: Buffer) => received.add(chunk));
    answer.pipe(res);
    answer.once('end', () => {
      context.done(
        {
          time,
          method,
          url,
          requestHeaders: req.rawHeaders,
          requestBody: sent.bytes(),
          status: answer.statusCode ?? 0,
          responseHeaders: answer.rawHeaders,
          responseBody: received.bytes(),
          cap: context.cap,
        },
        { request: sent.truncated, response: received.truncated },
      );
    });
    // An answer the target breaks off cannot be finished either: the client sees it broken too.
    answer.on('error', () => {});
    answer.once('close', () => {
      if (answer.complete) return;
      context.failed('kit:target-aborted', method, url, 'the target broke off its answer');
      res.destroy();
    });
  });
  req.on('error', () => upstream.destroy());
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (res.destroyed) return;
    context.failed(
      'kit:target-unreachable',
      method,
      url,
      `the target ${context.target.origin} did not answer (${error.code ?? error.message}); the client got 502 bad_gateway`,
    );
    const body = badGatewayBody();
    res.writeHead(502, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
}

/** Groups errors first, then by count (a stable sort: ties keep their order). */
function sortGroups(groups: FindingGroup[]): FindingGroup[] {
  return groups.sort(
    (a, b) =>
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) || b.count - a.count,
  );
}

/** The checker's result with the proxy's own findings among its groups. */
function merge(result: CheckerResult, own: FindingGroups): CheckerResult {
  const groups = sortGroups([...result.groups, ...own.list()]);
  return { ...result, groups, dropped: result.dropped + own.dropped };
}

/** Stops accepting, waits for the exchanges under way, then drops idle kept-alive clients. */
async function stop(server: Server, open: Set<Promise<void>>): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await Promise.all([...open]);
  server.closeAllConnections();
  await closed;
}
