import { describe, expect, it } from 'vitest';
import { BoundedKeys } from './bounded-keys.ts';

describe('BoundedKeys', () => {
  it('keeps at most max keys under a new key per exchange, forgetting the oldest set first and saying which', () => {
    const forgotten: number[] = [];
    const keys = new BoundedKeys<number>(3, (value) => forgotten.push(value));
    // Hostile keys: an object's own names are plain keys of a Map.
    const hostile = ['__proto__', 'constructor', 'a', 'b', 'toString'];
    for (const [i, key] of hostile.entries()) keys.set(key, i);
    keys.set('a', 10);
    expect(keys.size).toBe(3);
    expect(forgotten).toEqual([0, 1]);
    expect(keys.get('b')).toBe(3);
    expect(keys.get('__proto__')).toBeUndefined();
    expect(keys.get('a')).toBe(10);
    expect(keys.get('toString')).toBe(4);
    keys.clear();
    expect(keys.size).toBe(0);
  });
});
