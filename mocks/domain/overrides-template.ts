/**
 * The templating of an override's body (decision 025): `{{request.…}}` placeholders in the body's
 * strings filled from the request's values, and nothing else. There is no expression language,
 * no helper and no code: a placeholder is a dotted path, looked up through own keys only (so
 * `request.body.__proto__` is missing), credentials are never readable, and the text filled in
 * per answer is bounded, so a template cannot make an answer without end.
 */

/** The request values a template may read. */
export interface TemplateRequest {
  method: string;
  /** The path without its query. */
  url: string;
  params: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string | undefined>>;
  /** Lower-case names. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The parsed JSON body, undefined when empty or not JSON. */
  body: unknown;
}

/** The most characters the placeholders of one answer fill in (the rest are left missing). */
export const MAX_TEMPLATE_OUTPUT = 256 * 1024;
/** The deepest the walk of a template's body goes; deeper values are given as they are. */
const MAX_TEMPLATE_DEPTH = 64;
/** Headers a template never reads: credentials must not come back in an answer or the journal. */
const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
]);

const PLACEHOLDER = /\{\{\s*(request(?:\.[A-Za-z0-9_$-]{1,128}){1,16})\s*\}\}/g;
const WHOLE = /^\{\{\s*(request(?:\.[A-Za-z0-9_$-]{1,128}){1,16})\s*\}\}$/;

type Found = { found: true; value: unknown } | { found: false };
const MISSING: Found = { found: false };

/** The value under `key` of a record or array, through own keys and in-range indices only. */
function step(value: unknown, key: string): Found {
  if (Array.isArray(value)) {
    return /^(0|[1-9][0-9]{0,8})$/.test(key) && Number(key) < value.length
      ? { found: true, value: value[Number(key)] }
      : MISSING;
  }
  if (typeof value === 'object' && value !== null && Object.hasOwn(value, key)) {
    const found = (value as Record<string, unknown>)[key];
    return found === undefined ? MISSING : { found: true, value: found };
  }
  return MISSING;
}

/** What a placeholder's path names in the request. */
function lookup(path: string, request: TemplateRequest): Found {
  const [, root, ...rest] = path.split('.');
  if (root === 'method' || root === 'url') {
    return rest.length === 0 ? { found: true, value: request[root] } : MISSING;
  }
  if (root === 'path' || root === 'query' || root === 'headers') {
    if (rest.length !== 1) return MISSING;
    const name = root === 'headers' ? (rest[0] ?? '').toLowerCase() : (rest[0] ?? '');
    if (root === 'headers' && SECRET_HEADERS.has(name)) return MISSING;
    const source = root === 'path' ? request.params : request[root];
    return step(source, name);
  }
  if (root !== 'body') return MISSING;
  let found: Found = request.body === undefined ? MISSING : { found: true, value: request.body };
  for (const key of rest) {
    if (!found.found) break;
    found = step(found.value, key);
  }
  return found;
}

/** Fills placeholders while a budget of characters lasts. */
class Filler {
  left = MAX_TEMPLATE_OUTPUT;
  constructor(readonly request: TemplateRequest) {}

  /** A string that is one placeholder: the value itself (JSON), null when missing or too large. */
  whole(path: string): unknown {
    const found = lookup(path, this.request);
    if (!found.found) return null;
    const text = JSON.stringify(found.value);
    if (text === undefined || text.length > this.left) return null;
    this.left -= text.length;
    return JSON.parse(text);
  }

  /** A placeholder inside a text: the value as text, empty when missing or too large. */
  inline(path: string): string {
    const found = lookup(path, this.request);
    if (!found.found) return '';
    const text = typeof found.value === 'string' ? found.value : JSON.stringify(found.value);
    if (text === undefined || text.length > this.left) return '';
    this.left -= text.length;
    return text;
  }

  fill(value: unknown, depth: number): unknown {
    if (typeof value === 'string') {
      const whole = WHOLE.exec(value);
      if (whole?.[1]) return this.whole(whole[1]);
      return value.replace(PLACEHOLDER, (_all, path: string) => this.inline(path));
    }
    if (depth >= MAX_TEMPLATE_DEPTH || typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map((item) => this.fill(item, depth + 1));
    // fromEntries defines keys as own data, so a key `__proto__` stays a key.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, this.fill(item, depth + 1)]),
    );
  }
}

/**
 * The body with every `{{request.…}}` placeholder filled from the request: a string that is one
 * placeholder takes the value (null when missing), one inside a text its text (empty when
 * missing); past {@link MAX_TEMPLATE_OUTPUT} characters filled in, placeholders are missing.
 */
export function renderTemplate(body: unknown, request: TemplateRequest): unknown {
  return new Filler(request).fill(body, 0);
}
