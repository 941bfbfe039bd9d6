/**
 * Masks secrets and personal data in the samples a finding keeps, so that a report of real
 * traffic is safe to attach to a ticket (the kit's rule: secrets never appear in reports). The
 * policy is a list of field names and header names, matched without regard to case; the default
 * covers tokens, API keys and the personal fields of an account payload.
 */

/** What replaces a masked value (the suite's own marker, contract-tests/support/redact.ts). */
export const MASKED = '[REDACTED]';

/** Which headers and JSON fields a sample masks. */
export interface MaskPolicy {
  headers: ReadonlySet<string>;
  fields: ReadonlySet<string>;
}

/** The default policy: credentials and the personal data an account payload carries. */
export const DEFAULT_MASK_POLICY: MaskPolicy = {
  headers: new Set(['authorization', 'cookie', 'set-cookie', 'x-api-key', 'proxy-authorization']),
  fields: new Set([
    'token',
    'refreshtoken',
    'apikey',
    'api_key',
    'organizationsecretkey',
    'authorization',
    'access_token',
    'email',
    'mobile',
    'landline',
    'given_name',
    'family_name',
    'date_of_birth',
    'address_line_1',
    'address_line_2',
    'address_line_3',
    'postcode',
    // The account's own names for a person's name, contact and addresses (the spec's schemas).
    'salutation',
    'billing_name',
    'billing_sub_name',
    'billing_email',
    'billing_address',
    'billing_address1',
    'billing_address2',
    'billing_address3',
    'billing_address4',
    'billing_address5',
    'billing_postcode',
    'supply_address1',
    'supply_address2',
    'supply_address3',
    'supply_address4',
    'supply_address5',
    'supply_postcode',
    'address',
    'address1',
    'address2',
    'address3',
    'address4',
    'address5',
    'street_address',
    'structured_street_address',
    'phone_number',
    'alternative_phone_numbers',
    'contact_emails',
    'complainant_name',
    'complainant_email',
    'account_holder_name',
    'account_number',
    'sort_code',
    'iban',
  ]),
};

/** A JSON Web Token anywhere in a text. */
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g;

/** Nesting beyond this is cut, so a hostile body cannot exhaust the stack. */
const MAX_DEPTH = 32;

/**
 * Whether an error item (`{attr, detail}`, ERR-5) refuses a field the policy masks: its detail
 * then quotes the masked value ("0207946012 is not a valid phone number"), so it is masked too.
 */
function detailQuotesMasked(item: Record<string, unknown>, policy: MaskPolicy): boolean {
  const { attr, detail } = item;
  if (typeof attr !== 'string' || typeof detail !== 'string' || attr.length > 1000) return false;
  return attr.split('.').some((segment) => policy.fields.has(segment.toLowerCase()));
}

/** A copy of a JSON value with every field of the policy masked, at any depth. */
export function maskJson(
  value: unknown,
  policy: MaskPolicy = DEFAULT_MASK_POLICY,
  depth = 0,
): unknown {
  if (depth > MAX_DEPTH) return MASKED;
  // A string may hold the policy's fields too: a GraphQL mutation's inline `APIKey: "…"`.
  if (typeof value === 'string') return redactText(value, policy, toMasked);
  if (Array.isArray(value)) return value.map((v) => maskJson(v, policy, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = Object.create(null);
  const quoting = detailQuotesMasked(value as Record<string, unknown>, policy);
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      (policy.fields.has(key.toLowerCase()) && v !== null && v !== '') ||
      (quoting && key === 'detail')
        ? MASKED
        : maskJson(v, policy, depth + 1);
  }
  return out;
}

/** A body as text with its secrets masked: JSON field by field, any other text by pattern. */
export function maskBody(body: string, policy: MaskPolicy = DEFAULT_MASK_POLICY): string {
  try {
    return JSON.stringify(maskJson(JSON.parse(body), policy));
  } catch {
    // Not JSON, or JSON cut at the capture cap: JWTs and `name: "value"` pairs by pattern.
    return redactText(body, policy, toMasked);
  }
}

/** A report's replacement: every secret is {@link MASKED}, whatever its kind. */
const toMasked: Replacer = () => MASKED;

/**
 * Replaces one secret found by the policy: `kind` says what it is (`token`, `apikey`, `secret`,
 * `cookie`, or the field's name for personal data) so that a recording can pseudonymise it
 * (record-redact.ts); a report's sample replaces every secret by {@link MASKED}.
 */
export type Replacer = (kind: string, value: string) => string;

/** Field names whose values are credentials, by the kind a recording names them. */
const CREDENTIAL_KINDS = new Map<string, string>([
  ['token', 'token'],
  ['refreshtoken', 'token'],
  ['access_token', 'token'],
  ['authorization', 'token'],
  ['proxy-authorization', 'token'],
  ['apikey', 'apikey'],
  ['api_key', 'apikey'],
  ['x-api-key', 'apikey'],
  ['organizationsecretkey', 'secret'],
  ['cookie', 'cookie'],
  ['set-cookie', 'cookie'],
]);

/** The kind of secret a field or header of the policy holds (its name for personal data). */
export function kindOf(name: string): string {
  const lower = name.toLowerCase();
  return CREDENTIAL_KINDS.get(lower) ?? lower.replace(/[^a-z0-9_-]/g, '_');
}

/** A regex escaped for use inside a pattern. */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Policy fields written as `name: "value"` in text (GraphQL arguments, JSON cut short). */
const fieldPatterns = new WeakMap<MaskPolicy, RegExp>();
function fieldPattern(policy: MaskPolicy): RegExp {
  let pattern = fieldPatterns.get(policy);
  if (!pattern) {
    const names = [...policy.fields].map(escapeRegex).join('|') || '(?!)';
    pattern = new RegExp(`("?)(${names})\\1(\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'gi');
    fieldPatterns.set(policy, pattern);
  }
  return pattern;
}

/** The same pairs inside JSON text cut short, where a string's quotes are escaped: `\"`. */
const escapedPatterns = new WeakMap<MaskPolicy, RegExp>();
function escapedPattern(policy: MaskPolicy): RegExp {
  let pattern = escapedPatterns.get(policy);
  if (!pattern) {
    const names = [...policy.fields].map(escapeRegex).join('|') || '(?!)';
    pattern = new RegExp(`(${names})((?:\\\\")?\\s*:\\s*)\\\\"([^"\\\\]*)\\\\"`, 'gi');
    escapedPatterns.set(policy, pattern);
  }
  return pattern;
}

/**
 * A text with its secrets replaced, for text that is not (whole) JSON, or a string inside JSON:
 * JWTs anywhere, and policy fields written as `name: "value"` (a GraphQL mutation's inline
 * arguments, a JSON body cut at the capture cap).
 */
export function redactText(text: string, policy: MaskPolicy, replace: Replacer): string {
  return text
    .replace(JWT, (jwt) => replace('token', jwt))
    .replace(
      fieldPattern(policy),
      (_all, quote: string, name: string, colon: string, value: string) =>
        `${quote}${name}${quote}${colon}"${replace(kindOf(name), value)}"`,
    )
    .replace(
      escapedPattern(policy),
      (_all, name: string, colon: string, value: string) =>
        `${name}${colon}\\"${replace(kindOf(name), value)}\\"`,
    );
}

/** A copy of a JSON value with the policy's fields and every JWT replaced, at any depth. */
export function redactJson(
  value: unknown,
  policy: MaskPolicy,
  replace: Replacer,
  depth = 0,
): unknown {
  if (depth > MAX_DEPTH) return replace('nested', JSON.stringify(value) ?? '');
  if (typeof value === 'string') return redactText(value, policy, replace);
  if (Array.isArray(value)) return value.map((v) => redactJson(v, policy, replace, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = Object.create(null);
  const quoting = detailQuotesMasked(value as Record<string, unknown>, policy);
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      // An empty value holds nothing to hide, and masking it would make it look given.
      policy.fields.has(key.toLowerCase()) && v !== null && v !== ''
        ? replace(kindOf(key), typeof v === 'string' ? v : JSON.stringify(v))
        : quoting && key === 'detail'
          ? replace('detail', v as string)
          : redactJson(v, policy, replace, depth + 1);
  }
  return out;
}

/** A body with its secrets replaced: JSON field by field, any other text by pattern. */
export function redactBody(body: string, policy: MaskPolicy, replace: Replacer): string {
  if (body === '') return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return redactText(body, policy, replace);
  }
  return JSON.stringify(redactJson(parsed, policy, replace));
}

/**
 * Headers with the values of the policy's headers replaced, names and order kept: an
 * Authorization value keeps its scheme (`Token <replaced>`), so a reader still sees how the
 * client authenticated; a JWT in any other header is replaced too.
 */
export function redactHeaders(
  headers: readonly (readonly [string, string])[],
  policy: MaskPolicy,
  replace: Replacer,
): [string, string][] {
  return headers.map(([name, value]) => {
    const lower = name.toLowerCase();
    if (!policy.headers.has(lower)) return [name, value.replace(JWT, (j) => replace('token', j))];
    const scheme = /^(\S+)\s+(\S.*)$/.exec(value);
    if ((lower === 'authorization' || lower === 'proxy-authorization') && scheme) {
      return [name, `${scheme[1]} ${replace('token', scheme[2] as string)}`];
    }
    return [name, replace(kindOf(lower), value)];
  });
}

/**
 * A URL with the values of query parameters named by the policy's fields, and JWTs, replaced;
 * unchanged (byte for byte) when it holds none.
 */
export function redactUrl(url: string, policy: MaskPolicy, replace: Replacer): string {
  const masked = url.replace(JWT, (jwt) => replace('token', jwt));
  const query = masked.indexOf('?');
  if (query === -1) return masked;
  const params = masked
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name: string;
      try {
        name = decodeURIComponent(pair.slice(0, eq)).toLowerCase();
      } catch {
        return pair;
      }
      if (!policy.fields.has(name)) return pair;
      return `${pair.slice(0, eq)}=${encodeURIComponent(replace(kindOf(name), pair.slice(eq + 1)))}`;
    });
  return `${masked.slice(0, query)}?${params.join('&')}`;
}

/** A mask policy file that cannot be used: the message names the file and the problem. */
export class MaskPolicyError extends Error {
  override name = 'MaskPolicyError';
}

const MAX_POLICY_NAMES = 1000;

function policyNames(value: unknown, key: string, where: string): Set<string> {
  if (
    !Array.isArray(value) ||
    value.length > MAX_POLICY_NAMES ||
    !value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 200)
  ) {
    throw new MaskPolicyError(
      `${where}: "${key}" must be an array of at most ${MAX_POLICY_NAMES} non-empty names`,
    );
  }
  return new Set(value.map((v: string) => v.toLowerCase()));
}

/**
 * Reads a mask policy (`--mask-policy FILE`): JSON `{"headers": [...], "fields": [...]}`, each
 * list replacing the default's when present, names matched without regard to case. Anything else
 * is refused, so a typo cannot silently unmask a field.
 */
export function parseMaskPolicy(text: string, where: string): MaskPolicy {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MaskPolicyError(`${where}: not JSON`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new MaskPolicyError(`${where}: must be an object with "headers" and/or "fields"`);
  }
  const entries = new Map(Object.entries(value));
  const unknown = [...entries.keys()].find((k) => k !== 'headers' && k !== 'fields');
  if (unknown !== undefined) {
    throw new MaskPolicyError(`${where}: unknown key "${unknown}" (headers, fields)`);
  }
  return {
    headers: entries.has('headers')
      ? policyNames(entries.get('headers'), 'headers', where)
      : DEFAULT_MASK_POLICY.headers,
    fields: entries.has('fields')
      ? policyNames(entries.get('fields'), 'fields', where)
      : DEFAULT_MASK_POLICY.fields,
  };
}
