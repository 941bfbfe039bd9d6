/**
 * The proxy's live view (decision 029, "The live view"): a second loopback listener, never the
 * proxied port (so no path of the service is ever shadowed), serving a self-contained page that
 * polls the running proxy's grouped findings, and those findings as JSON in the shape of
 * traffic.json (totals, operations, findings), every sample masked as in the reports. It
 * answers nothing else: other paths get the interface's 404 body, other methods its 405.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorCatalogue } from '../spec/index.ts';
import type { CheckerResult } from './checker.ts';
import type { FindingGroup, Sample } from './findings.ts';
import { DEFAULT_MASK_POLICY, MASKED, type MaskPolicy, redactJson, redactText } from './mask.ts';
import { PROXY_UI_PAGE, PROXY_UI_SCRIPT, PROXY_UI_STYLE } from './proxy-ui-page.ts';
import { trafficJson } from './reports.ts';

/** Options of {@link startProxyUi}. */
export interface ProxyUiOptions {
  /** 0 picks a free port. */
  port: number;
  /** Loopback by default. */
  host?: string;
  /** The service the proxy forwards to: shown on the page as the report's input. */
  target: string;
  /** The running proxy's findings so far. */
  findings(): Promise<CheckerResult>;
  /** When the proxy started (epoch ms). */
  started: number;
  now?: () => number;
  /** The proxy's mask policy (the default when absent). */
  mask?: MaskPolicy;
}

/** A running live view. */
export interface ProxyUi {
  url: string;
  close(): Promise<void>;
}

/**
 * Headers of every answer: the page loads nothing but its own script and style (CSP), nothing is
 * cached (the findings change), and no browser guesses a type.
 */
const COMMON_HEADERS = {
  'content-security-policy': "default-src 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** The page and its own assets, by path: `default-src 'self'` forbids inline script and style. */
const ASSETS = new Map<string, [type: string, body: string]>([
  ['/', ['text/html; charset=utf-8', PROXY_UI_PAGE]],
  ['/live.js', ['text/javascript; charset=utf-8', PROXY_UI_SCRIPT]],
  ['/live.css', ['text/css; charset=utf-8', PROXY_UI_STYLE]],
]);

function answer(res: ServerResponse, status: number, type: string, body: string, extra = {}) {
  res.writeHead(status, {
    ...COMMON_HEADERS,
    ...extra,
    'content-type': type,
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** The interface's error body (ERR-1) for a code of the catalogue (not_found, method_not_allowed). */
function errorBody(code: 'not_found' | 'method_not_allowed', data: Record<string, unknown>) {
  return JSON.stringify({ detail: errorCatalogue.detail(code, data), code, errors: [] });
}

/** The path of a request target, without its query; a target that is not a path is none. */
function pathOf(url: string | undefined): string {
  try {
    return new URL(url ?? '/', 'http://proxy-ui.invalid').pathname;
  } catch {
    return '';
  }
}

const hide = () => MASKED;

/**
 * One line of a sample masked again, as a recording is: a JSON line field by field and inside
 * its strings (a GraphQL mutation's inline `APIKey: "..."`), any other line by pattern. A
 * sample's masking (mask.ts, `maskBody`) covers fields and JWTs only; a page on a port anyone on
 * the machine can read keeps no secret that a recording would not.
 */
function maskLine(line: string, policy: MaskPolicy): string {
  try {
    return JSON.stringify(redactJson(JSON.parse(line), policy, hide));
  } catch {
    return redactText(line, policy, hide).replace(
      escapedFields(policy),
      (_all, name, quote, colon) => {
        return `${name}${quote ?? ''}${colon}\\"${MASKED}\\"`;
      },
    );
  }
}

/**
 * Policy fields written `name: \"value\"` inside a JSON string of a body the sample cut short
 * (it no longer parses): the escaped form of what redactText finds in whole text.
 */
const escapedPatterns = new WeakMap<MaskPolicy, RegExp>();
function escapedFields(policy: MaskPolicy): RegExp {
  let pattern = escapedPatterns.get(policy);
  if (!pattern) {
    const names =
      [...policy.fields].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|') || '(?!)';
    pattern = new RegExp(`(${names})(\\\\")?(\\s*:\\s*)\\\\"(?:[^"\\\\]|\\\\(?!"))*\\\\"`, 'gi');
    escapedPatterns.set(policy, pattern);
  }
  return pattern;
}

function maskedSample(sample: Sample, policy: MaskPolicy): Sample {
  return {
    time: sample.time,
    message: redactText(sample.message, policy, hide),
    excerpt: sample.excerpt
      .split('\n')
      .map((line) => maskLine(line, policy))
      .join('\n'),
  };
}

/** A group's samples as last masked, with the count and sample times they were masked at. */
interface MaskedGroup {
  count: number;
  firstTime: number;
  lastTime: number;
  maskedFirst: Sample;
  maskedLast: Sample;
}

/**
 * The result with every group's samples masked again (maskLine), remembered per group: a group's
 * count is its revision (its last sample changes only with it, its first never), so a poll masks
 * only the samples of groups that changed since the previous one instead of all of up to
 * `--max-groups` (10,000 by default) every second. Only the groups of the latest result are
 * remembered, so the memory is that of one result.
 */
export class MaskedGroups {
  #memo = new Map<string, MaskedGroup>();
  readonly #mask: (sample: Sample) => Sample;

  /** `mask` masks one sample (the live view's maskLine by default; a test counts its calls). */
  constructor(policy: MaskPolicy, mask?: (sample: Sample) => Sample) {
    this.#mask = mask ?? ((sample) => maskedSample(sample, policy));
  }

  /** The result with every sample masked, masking again only what changed since the last call. */
  masked(result: CheckerResult): CheckerResult {
    const memo = new Map<string, MaskedGroup>();
    const groups = result.groups.map((g): FindingGroup => {
      const key = `${g.source}\u0000${g.rule}\u0000${g.operation}\u0000${g.pointer}`;
      const before = this.#memo.get(key);
      // The samples' times are compared too: a cheap guard, should two groups share a key.
      const maskedFirst =
        before !== undefined && before.firstTime === g.first.time
          ? before.maskedFirst
          : this.#mask(g.first);
      const maskedLast =
        before !== undefined && before.count === g.count && before.lastTime === g.last.time
          ? before.maskedLast
          : this.#mask(g.last);
      memo.set(key, {
        count: g.count,
        firstTime: g.first.time,
        lastTime: g.last.time,
        maskedFirst,
        maskedLast,
      });
      return { ...g, first: maskedFirst, last: maskedLast };
    });
    this.#memo = memo;
    return { ...result, groups };
  }
}

/** Starts the live view and resolves once it listens. */
export async function startProxyUi(options: ProxyUiOptions): Promise<ProxyUi> {
  const now = options.now ?? Date.now;
  // Many open pages share one reading of the checker: at most one request waits on its thread.
  let reading: Promise<CheckerResult> | undefined;
  const read = () => {
    reading ??= options.findings().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const groups = new MaskedGroups(options.mask ?? DEFAULT_MASK_POLICY);
  const findingsJson = async () =>
    trafficJson({
      inputs: [options.target],
      started: options.started,
      finished: now(),
      result: groups.masked(await read()),
    });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = pathOf(req.url);
    const known = path === '/findings.json' || ASSETS.has(path);
    if (!known) {
      answer(res, 404, 'application/json', errorBody('not_found', { path: path.slice(0, 200) }));
      return;
    }
    if (req.method !== 'GET') {
      const body = errorBody('method_not_allowed', { method: String(req.method).slice(0, 20) });
      answer(res, 405, 'application/json', body, { allow: 'GET' });
      return;
    }
    const asset = ASSETS.get(path);
    if (asset) {
      answer(res, 200, asset[0], asset[1]);
      return;
    }
    findingsJson().then(
      (json) => answer(res, 200, 'application/json', json),
      () => answer(res, 503, 'application/json', errorBody503(), { 'retry-after': '1' }),
    );
  });
  server.listen(options.port, options.host ?? '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The checker's thread is gone (the proxy is stopping): the catalogue's service_unavailable. */
function errorBody503(): string {
  return JSON.stringify({
    detail: errorCatalogue.detail('service_unavailable', { wait: '1 second' }),
    code: 'service_unavailable',
    errors: [],
  });
}
