/**
 * The kit's own recording format (decision 029): NDJSON, one exchange per line, each line
 * carrying its format version so that files can be concatenated, cut and streamed:
 *
 *   {"v":1,"time":"2026-11-26T21:00:00.000Z",
 *    "request":{"method":"POST","url":"/v1/...","headers":[["content-type","application/json"]],"body":"{...}"},
 *    "response":{"status":201,"headers":[["content-type","application/json"]],"body":"{...}"}}
 *
 * Headers are [name, value] pairs in wire order (a repeated header stays repeated); bodies are
 * UTF-8 text as sent. A line that is not such an object is refused with its line number.
 */
import { StringDecoder } from 'node:string_decoder';
import type { Exchange, Header } from './exchange.ts';

/** The version this module writes and the only one it reads. */
export const RECORDING_VERSION = 1;

/** The longest line read (a body of the interface is at most a few MiB; decision 016). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** Headers kept per message; more is refused as hostile rather than held. */
const MAX_HEADERS = 512;

/** A recording or HAR input the checker cannot read: the message names the file and place. */
export class TrafficInputError extends Error {
  override name = 'TrafficInputError';
}

/** One exchange as a line of the recording format (without the newline). */
export function recordingLine(exchange: Exchange): string {
  const { request, response } = exchange;
  return JSON.stringify({
    v: RECORDING_VERSION,
    time: new Date(exchange.time).toISOString(),
    request: {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body,
    },
    response: { status: response.status, headers: response.headers, body: response.body },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function headersOf(value: unknown, where: string): Header[] {
  if (!Array.isArray(value) || value.length > MAX_HEADERS) {
    throw new TrafficInputError(
      `${where}: headers must be an array of at most ${MAX_HEADERS} [name, value] pairs`,
    );
  }
  return value.map((pair) => {
    if (
      !Array.isArray(pair) ||
      pair.length !== 2 ||
      typeof pair[0] !== 'string' ||
      typeof pair[1] !== 'string'
    ) {
      throw new TrafficInputError(`${where}: a header is not a [name, value] pair of strings`);
    }
    return [pair[0], pair[1]] as const;
  });
}

/** Reads one line of the recording format; `where` names the file and line for errors. */
export function parseRecordingLine(line: string, where: string): Exchange {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new TrafficInputError(`${where}: not JSON`);
  }
  if (!isRecord(value) || value.v !== RECORDING_VERSION) {
    throw new TrafficInputError(
      `${where}: not a version ${RECORDING_VERSION} recording line ("v": ${RECORDING_VERSION})`,
    );
  }
  const { request, response } = value;
  const time = typeof value.time === 'string' ? Date.parse(value.time) : Number.NaN;
  if (!Number.isFinite(time))
    throw new TrafficInputError(`${where}: time is not an ISO 8601 date-time`);
  if (!isRecord(request) || typeof request.method !== 'string' || typeof request.url !== 'string') {
    throw new TrafficInputError(`${where}: request needs method and url`);
  }
  if (
    !isRecord(response) ||
    !Number.isInteger(response.status) ||
    (response.status as number) < 100 ||
    (response.status as number) > 599
  ) {
    throw new TrafficInputError(`${where}: response.status must be an integer 100..599`);
  }
  return {
    time,
    request: {
      method: request.method.slice(0, 16),
      url: request.url,
      headers: headersOf(request.headers ?? [], where),
      body: typeof request.body === 'string' ? request.body : '',
    },
    response: {
      status: response.status as number,
      headers: headersOf(response.headers ?? [], where),
      body: typeof response.body === 'string' ? response.body : '',
    },
  };
}

/**
 * Reads a recording as a stream of exchanges: one line at a time, so memory stays flat whatever
 * the file's size. Blank lines are skipped; a line longer than {@link MAX_LINE_BYTES} is refused.
 */
export async function* readRecording(
  chunks: AsyncIterable<Buffer | string>,
  name: string,
): AsyncGenerator<Exchange> {
  // A decoder keeps a UTF-8 character split across two chunks whole.
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let lineNo = 0;
  for await (const chunk of chunks) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let start = 0;
    let newline = pending.indexOf('\n', start);
    while (newline !== -1) {
      lineNo += 1;
      const line = pending.slice(start, newline);
      if (line.trim() !== '') yield parseRecordingLine(line, `${name}:${lineNo}`);
      start = newline + 1;
      newline = pending.indexOf('\n', start);
    }
    pending = pending.slice(start);
    if (pending.length > MAX_LINE_BYTES) {
      throw new TrafficInputError(
        `${name}:${lineNo + 1}: line longer than ${MAX_LINE_BYTES} bytes`,
      );
    }
  }
  pending += decoder.end();
  if (pending.trim() !== '') yield parseRecordingLine(pending, `${name}:${lineNo + 1}`);
}
