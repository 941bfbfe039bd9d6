/**
 * A seeded pseudo-random sequence for the fault plan (decision 024): pure arithmetic on a 32-bit
 * state (mulberry32), so that two runs of a plan with the same seed and the same requests meet
 * the same faults. The entropy of a plan without a seed comes from the injected environment
 * (`MockEnv.randomBytes`); the domain never reads `Math.random`.
 */

/** The next value in [0, 1) after `state`, and the state after it. */
export function nextRandom(state: number): { value: number; state: number } {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, state: next };
}

/** A seed (0..2^32-1) from four random bytes of the environment. */
export function seedFrom(bytes: Uint8Array): number {
  return (
    (((bytes[0] ?? 0) << 24) |
      ((bytes[1] ?? 0) << 16) |
      ((bytes[2] ?? 0) << 8) |
      (bytes[3] ?? 0)) >>>
    0
  );
}
