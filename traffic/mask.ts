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

/** A copy of a JSON value with every field of the policy masked, at any depth. */
export function maskJson(
  value: unknown,
  policy: MaskPolicy = DEFAULT_MASK_POLICY,
  depth = 0,
): unknown {
  if (depth > MAX_DEPTH) return MASKED;
  if (typeof value === 'string') return value.replace(JWT, MASKED);
  if (Array.isArray(value)) return value.map((v) => maskJson(v, policy, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      policy.fields.has(key.toLowerCase()) && v !== null ? MASKED : maskJson(v, policy, depth + 1);
  }
  return out;
}

/** A body as text with its secrets masked: JSON field by field, any other text by pattern. */
export function maskBody(body: string, policy: MaskPolicy = DEFAULT_MASK_POLICY): string {
  try {
    return JSON.stringify(maskJson(JSON.parse(body), policy));
  } catch {
    return body.replace(JWT, MASKED);
  }
}
