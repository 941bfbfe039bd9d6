/**
 * The request journal the operator reads through the control API. Secrets never leave it: every
 * entry is redacted by its structure on its way out (redaction.ts): credential headers, the token
 * mutation's arguments, variables and answer, and any text holding an API key or a token.
 */

import type { FaultMark } from './domain/faults.ts';
import { Redactor } from './redaction.ts';
import { type TextPlace, TextRing } from './text-ring.ts';

/** One request the mock answered. */
export interface JournalEntry {
  /** The request's number in the life of the journal; never repeats, not even after clear(). */
  seq: number;
  at: string;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  responseBody?: unknown;
  /** The fault injected into this request, when one was (decision 024). */
  fault?: FaultMark;
  /** The id of the override that answered instead of the mock, when one did (decision 025). */
  override?: string;
}

/** A kept request as verify matches it (decision 025): raw, for matching only, never shown. */
export interface ScannedEntry {
  seq: number;
  method: string;
  path: string;
  operationId: string | null;
  headers: Readonly<Record<string, string | undefined>>;
  /** The request's body text (read from the ring when asked), undefined once overwritten. */
  readonly bodyText: string | undefined;
  /** When it was answered on the mock clock (milliseconds since the epoch). */
  clockMs: number;
}

export { REDACTED } from './redaction.ts';

/**
 * A request as it is kept until the journal is read: redaction happens on the way out. The
 * response body is kept by reference (the operations answer with fresh objects), for the same
 * reason: no serialisation on the request path.
 */
interface RawEntry extends Omit<JournalEntry, 'body' | 'seq' | 'responseBody' | 'at' | 'headers'> {
  /** When it was answered (milliseconds since the epoch), written as text when read. */
  atMs: number;
  /** When it was answered on the mock clock, which `since` of verify reads (decision 025). */
  clockMs: number;
  /** The request's headers as the adapter gave them (absent ones left out when read). */
  headers: Record<string, string | undefined>;
  bodyText: string;
  /** The answer's JSON text as it was sent (see PlainResponse.bodyText), parsed when read. */
  responseText?: string;
  /** An answer without text (a streamed list), kept by reference. */
  responseBody?: unknown;
}

/** What an entry keeps: its bodies' places in the shared ring instead of their texts. */
interface KeptEntry extends Omit<RawEntry, 'bodyText' | 'responseText'> {
  seq: number;
  body: TextPlace | undefined;
  response: TextPlace | undefined;
}

/**
 * The bodies of every journal, in one ring of 16 MiB shared by the mock instances of a process
 * (allocated on first use): the newest bodies are kept, a thousand typical accounts' requests and
 * answers several times over. An entry whose bodies were overwritten reads without them.
 */
const bodies = new TextRing(16 * 2 ** 20);

/**
 * A bounded in-memory journal: the newest `capacity` requests, oldest first. Entries keep the
 * raw body text (as UTF-8 in the shared ring, off the JavaScript heap) and are parsed and
 * redacted only when read, which keeps the cost off the request path; nothing leaves the journal
 * unredacted.
 */
export class Journal {
  /** Redacts every entry on its way out; knows the API keys to look for. */
  readonly redactor = new Redactor();
  readonly #entries: KeptEntry[] = [];
  readonly #capacity: number;
  #seq = 0;
  /** The mock-clock instant of the newest entry dropped to stay bounded, since the last clear. */
  #droppedUntilMs: number | undefined;

  constructor(capacity = 1000) {
    this.#capacity = capacity;
  }

  /**
   * Keeps a request. The control API's reads are not kept: they change nothing, and a console
   * polling them would push the interface's requests out of the bounded journal.
   */
  record(entry: RawEntry): void {
    if (entry.method === 'GET' && entry.path.startsWith('/__mock/')) return;
    // Verify's reads are POSTs that change nothing (decision 025): counting must not count itself.
    if (entry.path.startsWith('/__mock/requests/')) return;
    this.#seq += 1;
    const { bodyText, responseText, ...rest } = entry;
    this.#entries.push({
      ...rest,
      seq: this.#seq,
      body: bodies.put(bodyText),
      response: responseText === undefined ? undefined : bodies.put(responseText),
    });
    if (this.#entries.length > this.#capacity) {
      const dropped = this.#entries.shift();
      if (dropped) this.#droppedUntilMs = Math.max(this.#droppedUntilMs ?? 0, dropped.clockMs);
    }
  }

  /**
   * The kept requests, oldest first, raw, for verify to match (decision 025); what a caller
   * shows goes through {@link entry}, which redacts.
   */
  *scan(): Generator<ScannedEntry> {
    for (const e of this.#entries) {
      const place = e.body;
      yield {
        seq: e.seq,
        method: e.method,
        path: e.path,
        operationId: e.operationId,
        headers: e.headers,
        get bodyText() {
          return place ? bodies.get(place) : undefined;
        },
        clockMs: e.clockMs,
      };
    }
  }

  /**
   * The mock-clock instant of the newest request dropped to keep the journal bounded since it was
   * last cleared, or undefined: a count since an instant not after it may miss requests.
   */
  get droppedUntilMs(): number | undefined {
    return this.#droppedUntilMs;
  }

  /** The kept requests, oldest first, redacted; without their bodies when `bodies` is false. */
  entries({ bodies: withBodies = true }: { bodies?: boolean } = {}): JournalEntry[] {
    return this.#entries.map((entry) => this.#view(entry, withBodies));
  }

  /** The kept request with this sequence number, redacted, or undefined. */
  entry(seq: number): JournalEntry | undefined {
    const found = this.#entries.find((e) => e.seq === seq);
    return found && this.#view(found, true);
  }

  #view(
    { body, response, responseBody, atMs, headers, ...entry }: KeptEntry,
    withBodies: boolean,
  ): JournalEntry {
    const redactor = this.redactor;
    // The token mutation's bodies are redacted by their structure (redaction.ts).
    const graphql = entry.operationId === 'obtainToken' || entry.path.startsWith('/v1/graphql');
    const { clockMs: _clockMs, ...shown } = entry;
    const view: JournalEntry = {
      ...shown,
      at: new Date(atMs).toISOString(),
      headers: redactor.headers(headers),
      body: withBodies && body ? redactor.requestBody(bodies.get(body), graphql) : undefined,
    };
    if (withBodies) {
      view.responseBody =
        response === undefined
          ? redactor.responseBody(responseBody, graphql)
          : redactor.responseText(bodies.get(response), graphql);
    }
    return view;
  }

  /** Forgets every request. */
  clear(): void {
    this.#entries.length = 0;
    this.#droppedUntilMs = undefined;
  }
}
