/**
 * Reads HAR 1.2 files (Playwright's `recordHar`, Chromium DevTools' "Save all as HAR", Charles,
 * mitmproxy) as a stream of exchanges: the entries are parsed one at a time with
 * @streamparser/json and dropped once read, so a large HAR is read at flat memory (decision 029).
 * A browser's HAR also holds what the browser did on its own: the page and its style sheets,
 * scripts and icons, CORS preflights, answers from its cache. Those are not exchanges with the
 * service and are passed over (see {@link isServiceCall}); everything else is read.
 */
import { JSONParser } from '@streamparser/json';
import type { Exchange, Header } from './exchange.ts';
import { TrafficInputError } from './recording.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** HAR headers as pairs; HTTP/2 pseudo-headers (":authority", DevTools) are not headers. */
function harHeaders(value: unknown): Header[] {
  if (!Array.isArray(value)) return [];
  const out: Header[] = [];
  for (const h of value.slice(0, 512)) {
    if (
      isRecord(h) &&
      typeof h.name === 'string' &&
      typeof h.value === 'string' &&
      !h.name.startsWith(':')
    ) {
      out.push([h.name, h.value]);
    }
  }
  return out;
}

/** A HAR content's text, decoded when the recorder stored it as base64. */
function harText(content: unknown, where: string): string {
  if (!isRecord(content)) return '';
  // Playwright's `recordHar` with `content: 'attach'` (the default for a .zip) names a file
  // beside the HAR instead: judged as empty, every body would be a false finding.
  if (typeof content._file === 'string' && !content.text) {
    throw new TrafficInputError(
      `${where}: the body is in a separate file (${content._file.slice(0, 80)}); record the HAR with its content embedded (Playwright: recordHar content 'embed')`,
    );
  }
  if (typeof content.text !== 'string') return formText(content.params);
  return content.encoding === 'base64'
    ? Buffer.from(content.text, 'base64').toString('utf8')
    : content.text;
}

/**
 * A form body HAR 1.2 records as `params` without `text` (its two forms of postData), encoded as
 * the browser sent it; parameters that are not name/value strings (a file part) are left out.
 */
function formText(params: unknown): string {
  if (!Array.isArray(params)) return '';
  const form = new URLSearchParams();
  for (const p of params.slice(0, 10_000)) {
    if (isRecord(p) && typeof p.name === 'string' && typeof p.value === 'string')
      form.append(p.name, p.value);
  }
  return form.toString();
}

/**
 * What a script sends: Chromium's recorders (DevTools, Playwright) name each entry's
 * `_resourceType`, and only `fetch` and `xhr` are calls a page's code made.
 */
const CALL_TYPES = new Set(['fetch', 'xhr']);

/**
 * Whether a HAR entry is an exchange with the service rather than the browser's own work:
 * not a page resource by Chromium's `_resourceType` (documents, style sheets, scripts, images,
 * the favicon as "other", preflights), not answered from the browser's cache (DevTools'
 * `_fromCache`: the service did not answer it then, and its history would be judged out of
 * time), and not a CORS preflight (an OPTIONS with Access-Control-Request-Method, recorded as
 * such by proxies): the interface has no OPTIONS operation. Entries without these marks, from
 * Playwright's API requests or a proxy, are exchanges.
 */
export function isServiceCall(entry: unknown): boolean {
  if (!isRecord(entry)) return true;
  if (typeof entry._resourceType === 'string' && !CALL_TYPES.has(entry._resourceType)) {
    return false;
  }
  if (typeof entry._fromCache === 'string' && entry._fromCache !== '') return false;
  const request = isRecord(entry.request) ? entry.request : undefined;
  if (typeof request?.method !== 'string' || request.method.toUpperCase() !== 'OPTIONS')
    return true;
  const headers = Array.isArray(request.headers) ? request.headers.slice(0, 512) : [];
  return !headers.some(
    (h: unknown) =>
      isRecord(h) &&
      typeof h.name === 'string' &&
      h.name.toLowerCase() === 'access-control-request-method',
  );
}

/** One HAR entry as an exchange; `where` names the file and entry for errors. */
export function harEntry(entry: unknown, where: string): Exchange {
  if (!isRecord(entry) || !isRecord(entry.request) || !isRecord(entry.response)) {
    throw new TrafficInputError(`${where}: an entry needs request and response`);
  }
  const { request, response } = entry;
  const time =
    typeof entry.startedDateTime === 'string' ? Date.parse(entry.startedDateTime) : Number.NaN;
  if (
    typeof request.method !== 'string' ||
    typeof request.url !== 'string' ||
    !Number.isFinite(time)
  ) {
    throw new TrafficInputError(
      `${where}: an entry needs startedDateTime, request.method and request.url`,
    );
  }
  const status = Number(response.status);
  return {
    time,
    request: {
      method: request.method.slice(0, 16),
      url: request.url,
      headers: harHeaders(request.headers),
      body: harText(request.postData, where),
    },
    response: {
      // A request that got no answer (status 0 in DevTools) is kept as such: the checker then
      // finds no documented status for it.
      status: Number.isInteger(status) && status >= 0 && status <= 599 ? status : 0,
      headers: harHeaders(response.headers),
      body: harText(response.content, where),
    },
  };
}

/** Reads the entries of a HAR document from a stream of chunks, one exchange at a time. */
export async function* readHar(
  chunks: AsyncIterable<Buffer | string>,
  name: string,
): AsyncGenerator<Exchange> {
  const parser = new JSONParser({
    paths: ['$.log.entries.*'],
    keepStack: false,
    stringBufferSize: 64 * 1024,
  });
  const ready: Exchange[] = [];
  let index = 0;
  let failure: Error | undefined;
  // keepStack false: an emitted entry is not kept in its array, so memory does not grow with
  // the file.
  parser.onValue = ({ value }) => {
    if (failure) return;
    try {
      if (isServiceCall(value)) ready.push(harEntry(value, `${name}: entry ${index}`));
    } catch (error) {
      failure = error as Error;
    }
    index += 1;
  };
  try {
    for await (const chunk of chunks) {
      parser.write(typeof chunk === 'string' ? chunk : (chunk as Uint8Array));
      if (failure) throw failure;
      yield* ready.splice(0);
    }
    if (!parser.isEnded) parser.end();
  } catch (error) {
    // A file that cannot be read is not a malformed document: its own error says why.
    if (error instanceof TrafficInputError || (error as NodeJS.ErrnoException).code) throw error;
    throw new TrafficInputError(`${name}: not a HAR document (${(error as Error).message})`);
  }
  if (failure) throw failure;
  yield* ready.splice(0);
}
