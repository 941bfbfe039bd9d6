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

/** A body read as JSON (see {@link jsonBody}). */
export type JsonRead = ReturnType<typeof jsonBody>;

/**
 * The two bodies of one exchange read as JSON at most once each, when a check first asks, and
 * shared by the checks that only read them: an error answer was parsed by three checks, and an
 * answer that is the request's own text (VAL-2's echo of the validated data) is the same value,
 * parsed once for both. A check that changes the value it reads (the request's validation reads
 * decimals and stand-ins in place) takes it with {@link ExchangeJson.takeRequest}, so that no
 * later reader sees what it changed: they parse the text again.
 */
export class ExchangeJson {
  readonly #exchange: Exchange;
  #request: JsonRead | undefined;
  #answer: JsonRead | undefined;

  constructor(exchange: Exchange) {
    this.#exchange = exchange;
  }

  /** The request body as JSON, not to be changed. */
  get request(): JsonRead {
    this.#request ??= jsonBody(this.#exchange.request.body);
    return this.#request;
  }

  /** The answer body as JSON, not to be changed. */
  get answer(): JsonRead {
    if (this.#answer === undefined) {
      const { request, response } = this.#exchange;
      this.#answer = response.body === request.body ? this.request : jsonBody(response.body);
    }
    return this.#answer;
  }

  /** The request body as JSON for a check that changes it: later readers parse it afresh. */
  takeRequest(): JsonRead {
    const taken = this.request;
    this.#request = undefined;
    if (this.#answer === taken) this.#answer = undefined;
    return taken;
  }
}
