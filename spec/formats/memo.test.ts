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

  test('forgets the oldest remembered value beyond its capacity, and stays bounded', () => {
    const asked: string[] = [];
    const check = memoiseCheck((value) => {
      asked.push(value);
      return true;
    }, 2);
    check('a');
    check('b');
    check('a'); // remembered: not asked again
    check('c'); // forgets a, the oldest remembered
    check('b'); // still remembered
    check('a');
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
    for (let i = 0; i < 100; i++) check(`v${i}`);
    check('v98');
    check('v99');
    expect(asked.length).toBe(104);
  });
});
