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
 * not count). Linear in the text's length; the text need not be valid JSON. Most of a body's
 * characters are inside strings, so a string is skipped with `indexOf` to its closing quote (one
 * not escaped by an odd run of backslashes) rather than read a character at a time: the guard
 * runs on every body before `JSON.parse`, and this way costs a fraction of the parse.
 */
export function nestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = closingQuote(text, i);
      // An unterminated string runs to the end: no bracket after it counts.
      if (end < 0) return false;
      i = end;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}

/** The index of the quote closing the string opened at `open`, or -1 when none does. */
function closingQuote(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    // The backslashes right before it: an odd run escapes it. The opening quote stops the run.
    let before = quote - 1;
    while (text.charCodeAt(before) === BACKSLASH) before -= 1;
    if ((quote - 1 - before) % 2 === 0) return quote;
    from = quote + 1;
  }
}
