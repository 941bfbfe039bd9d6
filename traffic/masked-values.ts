/**
 * Values a recording masked. A recording keeps personal data as pseudonyms
 * (`[REDACTED:<kind>:<n>]`, record-redact.ts) and a report as `[REDACTED]` (mask.ts): checked
 * again offline, such a value is not the one the client sent, so a rule the request's own value
 * decides (a postcode's form, ERR-1) cannot be judged there. A masked value also breaks what
 * holds it (a list of phone numbers masked as one string fails its object's schema, and every
 * sibling then reads as unknown), so a request whose validation fails at any masked field is
 * not judged by its validation at all (decision 029); one with no failure there is.
 */

/** A whole masked value: the report's marker or a recording's pseudonym. */
const MASKED_VALUE = /^\[REDACTED(?::[a-z0-9_-]+(?::\d+)?)?\]$/;

/** Path segments followed; an attr deeper than a payload's nesting is not masked. */
const MAX_SEGMENTS = 64;

/** Whether `value` is a value a recording or a report masked. */
export function isMaskedValue(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 64 && MASKED_VALUE.test(value);
}

/**
 * Whether the field a validation error's dot-path `attr` names (`supply_addresses.0.supply_postcode`)
 * holds a masked value in `body`, or lies below one. Own properties only, so no attr reads a
 * prototype.
 */
export function maskedAt(body: unknown, attr: string | undefined): boolean {
  if (!attr) return false;
  let node = body;
  for (const segment of attr.split('.').slice(0, MAX_SEGMENTS)) {
    if (isMaskedValue(node)) return true;
    if (node === null || typeof node !== 'object') return false;
    node = Object.getOwnPropertyDescriptor(node, segment)?.value;
  }
  return isMaskedValue(node);
}

/** Whether any failure of a request's validation is at a field a recording masked. */
export function failsAtMasked(body: unknown, errors: readonly { attr?: string }[]): boolean {
  return errors.some((e) => maskedAt(body, e.attr));
}
