/**
 * The traffic checker's bounded memory (decision 029): every per-account or per-task state it
 * keeps from a stream is held in one of these, so that a day of traffic, or a hostile one with a
 * new key per exchange, keeps at most `max` keys.
 */

/** A Map of at most `max` keys, the oldest set forgotten first (`onForget` told). */
export class BoundedKeys<V> {
  readonly #map = new Map<string, V>();
  readonly #max: number;
  readonly #onForget: ((value: V) => void) | undefined;

  constructor(max: number, onForget?: (value: V) => void) {
    this.#max = max;
    this.#onForget = onForget;
  }

  get(key: string): V | undefined {
    return this.#map.get(key);
  }

  set(key: string, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size <= this.#max) return;
    const oldest = this.#map.entries().next().value;
    if (oldest === undefined) return;
    this.#map.delete(oldest[0]);
    this.#onForget?.(oldest[1]);
  }

  delete(key: string): void {
    this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }

  get size(): number {
    return this.#map.size;
  }

  /** The keys, oldest first. */
  keys(): IterableIterator<string> {
    return this.#map.keys();
  }

  /** The values, oldest first. */
  values(): IterableIterator<V> {
    return this.#map.values();
  }
}
