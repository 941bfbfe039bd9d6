/**
 * The request journal the operator reads through the control API. Secrets never enter it: the
 * Authorization header, API keys, refresh tokens and issued tokens are redacted before a line is
 * kept .
 */

/** One request the mock answered. */
export interface JournalEntry {
  at: string;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
  headers: Record<string, string>;
  body: unknown;
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

/** A request as it is kept until the journal is read: redaction happens on the way out. */
interface RawEntry extends Omit<JournalEntry, 'body'> {
  bodyText: string;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 2000);
  }
}

/**
 * A bounded in-memory journal: the newest `capacity` requests, oldest first. Entries keep the
 * raw body text and are parsed and redacted only when read, which keeps the cost off the request
 * path; nothing leaves the journal unredacted.
 */
export class Journal {
  readonly #entries: RawEntry[] = [];
  readonly #capacity: number;

  constructor(capacity = 1000) {
    this.#capacity = capacity;
  }

  /** Keeps a request. */
  record(entry: RawEntry): void {
    this.#entries.push(entry);
    if (this.#entries.length > this.#capacity) this.#entries.shift();
  }

  /** The kept requests, oldest first, redacted. */
  entries(): JournalEntry[] {
    return this.#entries.map(({ bodyText, ...entry }) => ({
      ...entry,
      headers: redactSecrets(entry.headers) as Record<string, string>,
      body: redactSecrets(parseBody(bodyText)),
    }));
  }

  /** Forgets every request. */
  clear(): void {
    this.#entries.length = 0;
  }
}
