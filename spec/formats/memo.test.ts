import { describe, expect, test } from 'vitest';
import { memoiseCheck } from './memo.ts';

describe('memoiseCheck', () => {
  test('gives the check answer and asks the check once per remembered value', () => {
    const asked: string[] = [];
    const check = memoiseCheck((value) => {
      asked.push(value);
      return value.startsWith('0');
    }, 2);
    expect([check('01'), check('01'), check('9'), check('01')]).toEqual([true, true, false, true]);
    expect(asked).toEqual(['01', '9']);
  });

  test('forgets the least recently used value beyond its capacity', () => {
    const asked: string[] = [];
    const check = memoiseCheck((value) => {
      asked.push(value);
      return true;
    }, 2);
    check('a');
    check('b');
    check('a');
    check('c'); // forgets b, the least recently used
    check('a');
    check('b');
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
  });
});
