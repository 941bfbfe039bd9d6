/**
 * UTF-8 texts kept in one fixed buffer used as a ring, off the JavaScript heap (decision 018):
 * the newest texts overwrite the oldest. The journal keeps its request and answer bodies here: a
 * thousand bodies held as strings outlived every young-generation collection, so the garbage
 * collector copied and promoted each of them (about a tenth of a validate-account under load).
 */

/** Where a kept text lies in a ring. */
export interface TextPlace {
  start: number;
  length: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A ring of `size` bytes, allocated on first use. */
export class TextRing {
  readonly #size: number;
  #bytes: Uint8Array | undefined;
  /** The position after the newest byte, counted since the ring was made (never wraps). */
  #end = 0;

  constructor(size: number) {
    this.#size = size;
  }

  /** Keeps a text; its place, or undefined when it is larger than the whole ring. */
  put(text: string): TextPlace | undefined {
    if (text.length === 0) return { start: this.#end, length: 0 };
    this.#bytes ??= new Uint8Array(this.#size);
    // The most UTF-8 bytes a text of this many UTF-16 units takes; exact only when it matters.
    let room = text.length * 3;
    let encoded: Uint8Array | undefined;
    if (room > this.#size) {
      encoded = encoder.encode(text);
      if (encoded.length > this.#size) return undefined;
      room = encoded.length;
    }
    let at = this.#end % this.#size;
    if (at + room > this.#size) {
      // Each text lies in one piece: the rest of the ring is skipped.
      this.#end += this.#size - at;
      at = 0;
    }
    let length: number;
    if (encoded) {
      this.#bytes.set(encoded, at);
      length = encoded.length;
    } else {
      length = encoder.encodeInto(text, this.#bytes.subarray(at, at + room)).written;
    }
    const place = { start: this.#end, length };
    this.#end += length;
    return place;
  }

  /** The text at a place, or undefined once newer texts have overwritten it. */
  get(place: TextPlace): string | undefined {
    if (place.length === 0) return '';
    if (!this.#bytes || place.start < this.#end - this.#size) return undefined;
    const at = place.start % this.#size;
    return decoder.decode(this.#bytes.subarray(at, at + place.length));
  }
}
