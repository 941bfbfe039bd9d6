/**
 * A list read lazily from a store (decision 012): the standalone server writes it to the wire one
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

/**
 * A JSON document written piece by piece (decision 012): the standalone server sends the chunks
 * as they come, so a store's state export is never held whole; `JSON.stringify` elsewhere gets
 * the parsed document.
 */
export class JsonChunks implements Iterable<string> {
  readonly #chunks: () => Iterable<string>;

  constructor(chunks: () => Iterable<string>) {
    this.#chunks = chunks;
  }

  [Symbol.iterator](): Iterator<string> {
    return this.#chunks()[Symbol.iterator]();
  }

  toJSON(): unknown {
    return JSON.parse([...this].join(''));
  }
}
