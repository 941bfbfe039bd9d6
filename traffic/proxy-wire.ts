/**
 * An exchange as the proxy hands it to its checker's thread (decision 029, "The proxy"): the
 * bodies as the bytes captured, each in an ArrayBuffer of its own so that it is transferred to
 * the worker rather than copied, and the headers as Node's flat `rawHeaders`. Decoding (a content
 * coding, UTF-8) is the worker's work, so the thread that forwards bytes does not spend its time
 * on it, and a body crosses the threads once, as bytes, instead of as text copied twice.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { type Exchange, headerValue } from './exchange.ts';
import { pairsOf } from './proxy-headers.ts';

/** One exchange on its way to the checker's thread. */
export interface WireExchange {
  /** When the request began (epoch milliseconds). */
  time: number;
  method: string;
  url: string;
  /** The request's headers as Node's `rawHeaders`: name, value, name, value, ... */
  requestHeaders: string[];
  requestBody: Uint8Array;
  status: number;
  responseHeaders: string[];
  responseBody: Uint8Array;
  /** The capture cap, which also bounds what a content coding may decode to. */
  cap: number;
}

/**
 * The chunks as one Uint8Array that alone owns its ArrayBuffer (Buffer.concat may hand out a
 * slice of Node's shared pool, which must never be transferred: that would detach the pool).
 */
export function ownedBytes(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const out = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return new Uint8Array(out.buffer, 0, length);
}

/** The ArrayBuffers a batch of exchanges can give away to the worker (each body's own). */
export function transferables(batch: readonly WireExchange[]): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const wire of batch) {
    for (const body of [wire.requestBody, wire.responseBody]) {
      if (body.byteLength > 0 && body.buffer instanceof ArrayBuffer) out.push(body.buffer);
    }
  }
  return out;
}

/**
 * A captured body as text, decoded from its content coding when it is a known one (gzip,
 * deflate, br) and whole; a body cut at the cap, or one that does not decode, is read as it
 * came (the checker then calls it unreadable rather than guessing).
 */
export function decodeBody(
  bytes: Uint8Array,
  encoding: string | undefined,
  cap: number,
  truncated = false,
): string {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (truncated || encoding === undefined) return raw.toString('utf8');
  const options = { maxOutputLength: cap };
  try {
    const coding = encoding.trim().toLowerCase();
    if (coding === 'gzip' || coding === 'x-gzip') return gunzipSync(raw, options).toString();
    if (coding === 'deflate') return inflateSync(raw, options).toString();
    if (coding === 'br') return brotliDecompressSync(raw, options).toString();
  } catch {
    // Checked as it came, below.
  }
  return raw.toString('utf8');
}

/**
 * The exchange the checker (or the recorder) reads, from its wire form; a body `truncated` at the
 * cap is read as it came, its first bytes never decoded.
 */
export function exchangeOf(
  wire: WireExchange,
  truncated: { request?: boolean; response?: boolean } = {},
): Exchange {
  const requestHeaders = pairsOf(wire.requestHeaders);
  const responseHeaders = pairsOf(wire.responseHeaders);
  const requestCoding = headerValue(requestHeaders, 'content-encoding');
  const responseCoding = headerValue(responseHeaders, 'content-encoding');
  const request = decodeBody(wire.requestBody, requestCoding, wire.cap, truncated.request);
  // An answer of the request's own bytes in the same coding (VAL-2's echo of the validated
  // data) is the same text: decoded once, and the checker then reads it as JSON once.
  const echo =
    wire.responseBody.byteLength > 0 &&
    requestCoding === responseCoding &&
    truncated.request === truncated.response &&
    Buffer.from(
      wire.responseBody.buffer,
      wire.responseBody.byteOffset,
      wire.responseBody.byteLength,
    ).equals(wire.requestBody);
  return {
    time: wire.time,
    request: { method: wire.method, url: wire.url, headers: requestHeaders, body: request },
    response: {
      status: wire.status,
      headers: responseHeaders,
      body: echo
        ? request
        : decodeBody(wire.responseBody, responseCoding, wire.cap, truncated.response),
    },
  };
}
