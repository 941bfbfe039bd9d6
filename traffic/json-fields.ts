/**
 * Reading a JSON body's fields without trusting it: a field is an own property only (never one
 * read through a prototype, `__proto__` included), and a text is kept only up to 1,024
 * characters, so state keyed by what a stream carries stays bounded (decision 029).
 */

/** A field of a JSON object, never read from its prototype. */
export function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.getOwnPropertyDescriptor(value, key)?.value
    : undefined;
}

/** A string of at most 1,024 characters, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 1024 ? value : undefined;
}
