/**
 * A small deterministic generator (xorshift) for tests that draw random inputs: the same seed
 * draws the same values, so a failure can be replayed. Test code only.
 */

/** Numbers in [0, 1) drawn from `seed` (a non-zero 32-bit integer). */
export function xorshift(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}
