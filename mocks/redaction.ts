/**
 * Redaction by structure (AUTH-1, AUTH-2): what the journal shows of a request and its answer
 * never holds a credential, whatever shape the client gave it. Headers that can carry a
 * credential are redacted by name; the token mutation's every argument and variable, and every
 * value of its answer's `data`, are redacted whatever they are called or aliased; a body that
 * does not parse is redacted as text; and every text is scanned for the configured API keys and
 * for anything shaped like an issued token.
 */
import { Kind, parse } from 'graphql';
import { nestsDeeperThan } from './json-depth.ts';

/** What replaces a secret. */
export const REDACTED = '[REDACTED]';

/** Fields whose values are secrets wherever they occur in a JSON body. */
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

/**
 * Headers that can carry a credential: the standard ones by name, and any whose name speaks of
 * one (`x-auth-token`, `x-api-key`, `x-session-secret` ...).
 */
const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'cookie',
  'set-cookie',
]);
const CREDENTIAL_HEADER_WORDS = /(auth|token|secret|api-?key|password|session|credential|cookie)/i;

/** An argument of the token mutation written inline, for texts that are not valid GraphQL. */
const INLINE_SECRET =
  /\b(APIKey|organizationSecretKey|refreshToken|preSignedKey|password|email)(\s*:\s*)("""[\s\S]*?(?:"""|$)|"(?:[^"\\]|\\.)*(?:"|$)|[^\s,(){}[\]]+)/gi;

/** A JSON Web Token (the mock's access tokens are JWT-shaped). */
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g;

/** Every string literal of a GraphQL or JSON text, block strings first; unterminated ones too. */
const STRING_LITERAL = /"""[\s\S]*?(?:"""|$)|"(?:[^"\\\n]|\\.)*(?:"|$)/g;

/** An argument's bare value in a broken GraphQL text (`APIKey: demo-key`). */
const BARE_ARGUMENT = /(\(|,|\{)(\s*[A-Za-z_][\w]*\s*:\s*)([^\s,(){}[\]"$]+)/g;

/** The journal's redactor: knows the API keys to look for in any text. */
export class Redactor {
  readonly #secrets = new Set<string>();

  /** A credential to look for in every text from now on (API keys of the configuration). */
  addSecret(value: string | undefined): void {
    // Shorter values occur by chance in ordinary text; no key the mock takes is that short.
    if (value && value.length >= 8) this.#secrets.add(value);
  }

  /** A text with every known credential and every JWT-shaped token replaced. */
  text(value: string): string {
    let out = value;
    for (const secret of this.#secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out.replace(JWT, REDACTED).replace(INLINE_SECRET, `$1$2"${REDACTED}"`);
  }

  /** Request or response headers with those that can carry a credential redacted by name. */
  headers(headers: Record<string, string | undefined>): Record<string, string> {
    const out: Record<string, string> = Object.create(null);
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      out[name] =
        CREDENTIAL_HEADERS.has(name.toLowerCase()) || CREDENTIAL_HEADER_WORDS.test(name)
          ? REDACTED
          : this.text(value);
    }
    return out;
  }

  /**
   * A request body as the journal shows it: parsed when it is JSON (and not nested past the
   * edge's limit), else its text; for the token mutation (`graphql`), by its structure.
   */
  requestBody(text: string | undefined, graphql: boolean): unknown {
    if (text === undefined || text === '') return undefined;
    const parsed = parseJson(text);
    if (parsed === undefined) {
      // Broken JSON: its string literals are where a credential would sit.
      const redacted = graphql ? this.#graphqlText(text) : this.text(text);
      return redacted.slice(0, 2000);
    }
    if (graphql) return this.#graphqlRequest(parsed.value);
    return this.value(parsed.value);
  }

  /** A response body: the token mutation's `data` holds nothing but credentials and their claims. */
  responseBody(value: unknown, graphql: boolean): unknown {
    if (graphql && isObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) {
        put(out, key, key === 'data' ? redactLeaves(child) : this.value(child));
      }
      return out;
    }
    return this.value(value);
  }

  /** A response text as it was sent. */
  responseText(text: string | undefined, graphql: boolean): unknown {
    if (text === undefined || text === '') return undefined;
    const parsed = parseJson(text);
    return parsed === undefined
      ? this.text(text).slice(0, 2000)
      : this.responseBody(parsed.value, graphql);
  }

  /** A deep copy of a JSON value with secret fields and every credential in its texts redacted. */
  value(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((v) => this.value(v));
    if (isObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) {
        const copy =
          SECRET_FIELDS.has(key.toLowerCase()) && child !== null && child !== undefined
            ? REDACTED
            : this.value(child);
        put(out, key, copy);
      }
      return out;
    }
    return value;
  }

  /**
   * A GraphQL request body: the document with every literal argument value redacted, and the
   * variables redacted whole (any of them may be the credential, under any name, and a string of
   * variables is one value).
   */
  #graphqlRequest(body: unknown): unknown {
    if (!isObject(body)) return this.value(body);
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(body)) {
      if (key === 'query') {
        put(
          out,
          key,
          typeof child === 'string' ? this.#graphqlDocument(child) : redactLeaves(child),
        );
      } else if (key === 'variables') {
        put(out, key, redactLeaves(child));
      } else {
        put(out, key, this.value(child));
      }
    }
    return out;
  }

  /** A GraphQL document with every literal value of an argument or input field redacted. */
  #graphqlDocument(source: string): string {
    let document: ReturnType<typeof parse>;
    try {
      document = parse(source, { maxTokens: 10_000 });
    } catch {
      return this.#graphqlText(source);
    }
    const ranges: [number, number][] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) {
        for (const child of node) walk(child);
        return;
      }
      if (!isObject(node)) return;
      const kind = node.kind;
      if (kind === Kind.STRING || kind === Kind.INT || kind === Kind.FLOAT || kind === Kind.ENUM) {
        const loc = node.loc as { start: number; end: number } | undefined;
        if (loc) ranges.push([loc.start, loc.end]);
        return;
      }
      for (const [key, child] of Object.entries(node)) {
        if (key !== 'loc' && child && typeof child === 'object') walk(child);
      }
    };
    walk(document.definitions);
    let out = '';
    let from = 0;
    for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
      out += `${source.slice(from, start)}"${REDACTED}"`;
      from = end;
    }
    return this.text(out + source.slice(from));
  }

  /** A text that does not parse: every string literal and every bare argument value redacted. */
  #graphqlText(text: string): string {
    return this.text(
      text
        .replace(STRING_LITERAL, `"${REDACTED}"`)
        .replace(
          BARE_ARGUMENT,
          (_whole, open: string, name: string) => `${open}${name}"${REDACTED}"`,
        ),
    );
  }
}

/** Sets a field of a copy as its own, even `__proto__` (an assignment would set the prototype). */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** JSON text parsed, or undefined when it is not JSON or nests past the edge's limit. */
function parseJson(text: string): { value: unknown } | undefined {
  if (nestsDeeperThan(text)) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** A copy of a value whose every string and number is redacted (structure and booleans kept). */
function redactLeaves(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactLeaves);
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      put(out, key, redactLeaves(child));
    }
    return out;
  }
  return typeof value === 'string' || typeof value === 'number' ? REDACTED : value;
}
