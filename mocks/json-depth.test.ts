import { describe, expect, test } from 'vitest';
import { xorshift } from '../spec/seeded-random.test-helper.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';

/** The guard as it was first written, a character at a time: the reference the fast one is held to. */
function byCharacter(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === '}' || c === ']') depth -= 1;
  }
  return false;
}

/** A small deterministic generator (xorshift), so that a failure can be replayed. */
function randomTexts(count: number, seed: number): string[] {
  const next = xorshift(seed);
  const alphabet = ['{', '}', '[', ']', '"', '\\', 'a', ':', ','];
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 40) }, () => alphabet[Math.floor(next() * 9)]).join(
      '',
    ),
  );
}

describe('nestsDeeperThan (ERR-1 depth guard)', () => {
  test('[ERR-1] refuses nesting deeper than the limit and lets the limit itself through', () => {
    const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)).toBe(true);
  });

  test('[ERR-1] brackets inside strings do not count, escaped quotes do not end a string', () => {
    const deepInString = `["${'['.repeat(100)}"]`;
    expect(nestsDeeperThan(deepInString)).toBe(false);
    expect(nestsDeeperThan(`["\\"${'['.repeat(100)}"]`)).toBe(false);
    // An even run of backslashes escapes itself: the quote after it ends the string.
    expect(nestsDeeperThan(`["\\\\"${'['.repeat(100)}`)).toBe(true);
    expect(nestsDeeperThan(`["unterminated ${'['.repeat(100)}`)).toBe(false);
  });

  test('[ERR-1] answers as the character-at-a-time guard on 20,000 random texts', () => {
    for (const limit of [0, 1, 3]) {
      for (const text of randomTexts(20_000, 7 + limit)) {
        expect(nestsDeeperThan(text, limit), JSON.stringify(text)).toBe(byCharacter(text, limit));
      }
    }
  });
});
