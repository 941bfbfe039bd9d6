import { describe, expect, test } from 'vitest';
import { TextRing } from './text-ring.ts';

describe('TextRing (the journal bodies, decision 018)', () => {
  test('gives back each text it keeps, whatever its characters', () => {
    const ring = new TextRing(1024);
    const texts = ['{"a":1}', '', 'Zoë £12.50 – naïve', '😀 two units', 'x'.repeat(300)];
    const places = texts.map((t) => ring.put(t));
    places.forEach((place, i) => {
      expect(place).toBeDefined();
      expect(ring.get(place!)).toBe(texts[i]);
    });
  });

  test('keeps the newest texts: the oldest are overwritten, and say so', () => {
    const ring = new TextRing(100);
    const places = Array.from({ length: 10 }, (_, i) => ring.put(`${i}`.repeat(10)));
    // Each text takes 10 bytes but reserves 30 while written: the newest few are kept whole.
    const kept = places.map((p) => ring.get(p!));
    expect(kept.at(-1)).toBe('9'.repeat(10));
    expect(kept[0]).toBeUndefined();
    for (const [i, text] of kept.entries()) {
      if (text !== undefined) expect(text).toBe(`${i}`.repeat(10));
    }
  });

  test('never splits a text across the end of the ring', () => {
    const ring = new TextRing(64);
    for (let i = 0; i < 200; i++) {
      const text = `${i}:${'é'.repeat(i % 9)}`;
      const place = ring.put(text)!;
      expect(ring.get(place)).toBe(text);
    }
  });

  test('refuses a text larger than the whole ring and keeps one that fits exactly', () => {
    const ring = new TextRing(16);
    expect(ring.put('x'.repeat(17))).toBeUndefined();
    const place = ring.put('y'.repeat(16));
    expect(ring.get(place!)).toBe('y'.repeat(16));
  });
});
