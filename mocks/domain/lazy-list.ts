/**
 * A list read lazily from a store (decision 009): the standalone server writes it to the wire one
 * item at a time, so a list of a million account import processes is never held in memory; any
 * other consumer that serialises it with `JSON.stringify` gets the whole array.
 */
export class LazyList<T> implements Iterable<T> {
  readonly #items: () => Iterable<T>;

  constructor(items: () => Iterable<T>) {
    this.#items = items;
  }

  [Symbol.iterator](): Iterator<T> {
    return this.#items()[Symbol.iterator]();
  }

  toJSON(): T[] {
    return [...this];
  }
}
