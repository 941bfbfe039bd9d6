/**
 * One HTTP exchange as the traffic checker sees it, whatever it was read from (the proxy, the
 * kit's NDJSON recording, a HAR file): the request, the answer and when it happened. Headers are
 * name/value pairs, never an object indexed by a name from the wire (the kit's rule on keys from
 * input); bodies are text as sent, so the checker decides how to read them.
 */

/** A header as it crossed the wire: the name as sent and its value. */
export type Header = readonly [name: string, value: string];

/** The request half of an exchange. */
export interface TrafficRequest {
  method: string;
  /** The URL as requested: absolute, or a path with its query. */
  url: string;
  headers: readonly Header[];
  /** The body as text ('' when there was none). */
  body: string;
}

/** The answer half of an exchange. */
export interface TrafficResponse {
  status: number;
  headers: readonly Header[];
  body: string;
}

/** One request and its answer, with the time the request was sent (epoch milliseconds). */
export interface Exchange {
  request: TrafficRequest;
  response: TrafficResponse;
  time: number;
}

/** The first value of a header, matched without regard to case (RFC 9110 field names). */
export function headerValue(headers: readonly Header[], name: string): string | undefined {
  const wanted = name.toLowerCase();
  return headers.find(([n]) => n.toLowerCase() === wanted)?.[1];
}

/** The path of a request URL without its query, whether the URL is absolute or not. */
export function pathOf(url: string): string {
  return new URL(url, 'http://traffic.invalid').pathname;
}

/**
 * Reads a body as JSON: the value, or undefined when it is empty or not JSON (the checker then
 * judges the body as unreadable rather than guessing).
 */
export function jsonBody(body: string): { ok: true; value: unknown } | { ok: false } {
  if (body.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return { ok: false };
  }
}
