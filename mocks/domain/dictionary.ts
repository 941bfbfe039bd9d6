/**
 * Records keyed by input (supplier codes, account keys, meter points, fault counters): objects
 * without a prototype, so that a key such as `__proto__`, `constructor` or `toString` is an
 * ordinary key, never `Object.prototype` or one of its methods, and an assignment under it never
 * changes a prototype. They stay plain JSON for exports, state files and the store.
 */

/** A record keyed by input, without a prototype. */
export type Dictionary<T> = Record<string, T>;

/** A null-prototype copy of a record (or of entries); the keys are copied as own properties. */
export function dictionary<T>(
  source: Readonly<Record<string, T>> | Iterable<readonly [string, T]> | undefined = undefined,
): Dictionary<T> {
  const out = Object.create(null) as Dictionary<T>;
  if (source === undefined || source === null) return out;
  const entries =
    Symbol.iterator in source
      ? (source as Iterable<readonly [string, T]>)
      : Object.entries(source as Record<string, T>);
  for (const [key, value] of entries) out[key] = value;
  return out;
}

/**
 * The value a record holds under `key` itself, never one it inherits: safe on any record, with or
 * without a prototype (records read back from a store or a document are plain objects).
 */
export function own<T>(
  record: Readonly<Record<string, T>> | undefined,
  key: string,
): T | undefined {
  return record !== undefined && record !== null && Object.hasOwn(record, key)
    ? record[key]
    : undefined;
}

/**
 * Sets `key` on a record as its own property, with or without a prototype: an assignment under
 * `__proto__` would change the record's prototype instead.
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/** A copy of `record` with `key` set to `value`, as an own property and without a prototype. */
export function withEntry<T>(
  record: Readonly<Record<string, T>> | undefined,
  key: string,
  value: T,
): Dictionary<T> {
  const out = dictionary(record);
  out[key] = value;
  return out;
}
