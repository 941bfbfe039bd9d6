/**
 * How deep a JSON text nests, found in one pass over its characters without parsing it. The edge
 * refuses a body nested deeper than {@link MAX_JSON_DEPTH} with 400 before it is parsed (ERR-1),
 * and the journal keeps such a body as text: parsing, validating, copying and redacting walk a
 * value recursively, and a body nested thousands deep would exhaust the stack on the way.
 */

/**
 * The deepest nesting of arrays and objects a body may have. The interface's deepest payloads
 * (an account's meter points, registers and rates; the platform catalogue) nest about a dozen
 * levels, so 64 leaves room for any payload and none for a stack-exhausting one.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether a JSON text nests arrays and objects deeper than `limit` (brackets inside strings do
 * not count). Linear in the text's length; the text need not be valid JSON.
 */
export function nestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}
