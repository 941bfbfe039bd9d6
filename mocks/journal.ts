/**
 * The request journal the operator reads through the control API. Secrets never enter it: the
 * Authorization header, API keys, refresh tokens and issued tokens are redacted before a line is
 * kept .
 */

import { nestsDeeperThan } from './json-depth.ts';
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
}

/** What replaces a secret. */
export const REDACTED = '[REDACTED]';

const SECRET_FIELDS = new Set([
  'apikey',
  'organizationsecretkey',
  'refreshtoken',
  'token',
  'password',
  'presignedkey',
  'authorization',
  'api_key',
  'key',
]);

const INLINE_SECRET =
  /\b(APIKey|organizationSecretKey|refreshToken|preSignedKey|password)(\s*:\s*)"(?:[^"\\]|\\.)*"/g;

/** A deep copy of a value with every secret field and inline GraphQL secret argument redacted. */
export function redactSecrets(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(INLINE_SECRET, `$1$2"${REDACTED}"`);
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_FIELDS.has(k.toLowerCase()) && v !== null && v !== undefined
          ? REDACTED
          : redactSecrets(v),
      ]),
    );
  }
  return value;
}

/**
 * A request as it is kept until the journal is read: redaction happens on the way out. The
 * response body is kept by reference (the operations answer with fresh objects), for the same
 * reason: no serialisation on the request path.
 */
interface RawEntry extends Omit<JournalEntry, 'body' | 'seq' | 'responseBody' | 'at' | 'headers'> {
  /** When it was answered (milliseconds since the epoch), written as text when read. */
  atMs: number;
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

function parseBody(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  // A body the edge refused as too deep (or one refused before it was read) stays text: the
  // journal must read whatever it kept.
  if (nestsDeeperThan(text)) return text.slice(0, 2000);
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 2000);
  }
}

/**
 * A bounded in-memory journal: the newest `capacity` requests, oldest first. Entries keep the
 * raw body text (as UTF-8 in the shared ring, off the JavaScript heap) and are parsed and
 * redacted only when read, which keeps the cost off the request path; nothing leaves the journal
 * unredacted.
 */
export class Journal {
  readonly #entries: KeptEntry[] = [];
  readonly #capacity: number;
  #seq = 0;

  constructor(capacity = 1000) {
    this.#capacity = capacity;
  }

  /**
   * Keeps a request. The control API's reads are not kept: they change nothing, and a console
   * polling them would push the interface's requests out of the bounded journal.
   */
  record(entry: RawEntry): void {
    if (entry.method === 'GET' && entry.path.startsWith('/__mock/')) return;
    this.#seq += 1;
    const { bodyText, responseText, ...rest } = entry;
    this.#entries.push({
      ...rest,
      seq: this.#seq,
      body: bodies.put(bodyText),
      response: responseText === undefined ? undefined : bodies.put(responseText),
    });
    if (this.#entries.length > this.#capacity) this.#entries.shift();
  }

  /** The kept requests, oldest first, redacted; without their bodies when `bodies` is false. */
  entries({ bodies: withBodies = true }: { bodies?: boolean } = {}): JournalEntry[] {
    return this.#entries.map((entry) => Journal.#view(entry, withBodies));
  }

  /** The kept request with this sequence number, redacted, or undefined. */
  entry(seq: number): JournalEntry | undefined {
    const found = this.#entries.find((e) => e.seq === seq);
    return found && Journal.#view(found, true);
  }

  static #view(
    { body, response, responseBody, atMs, headers, ...entry }: KeptEntry,
    withBodies: boolean,
  ): JournalEntry {
    const given = Object.fromEntries(Object.entries(headers).filter((e) => e[1] !== undefined));
    const view: JournalEntry = {
      ...entry,
      at: new Date(atMs).toISOString(),
      headers: redactSecrets(given) as Record<string, string>,
      body: withBodies && body ? redactSecrets(parseBody(bodies.get(body))) : undefined,
    };
    if (withBodies) {
      view.responseBody = redactSecrets(
        response === undefined ? responseBody : parseBody(bodies.get(response)),
      );
    }
    return view;
  }

  /** Forgets every request. */
  clear(): void {
    this.#entries.length = 0;
  }
}
