import { describe, expect, test } from 'vitest';
import { addDays } from './dates.ts';

/** The answer of the `Date` arithmetic addDays replaced, to hold the fast path to it. */
function byDate(date: string, days: number): string {
  const shifted = new Date(`${date}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

describe('addDays (GEN-3 calendar arithmetic)', () => {
  test('answers as Date arithmetic does across month ends, leap days and centuries', () => {
    const starts = [
      '1900-02-28',
      '2000-02-28',
      '2023-12-31',
      '2024-02-29',
      '1999-12-31',
      '0001-01-01',
      '9999-12-30',
    ];
    const steps = [-800, -366, -365, -31, -1, 0, 1, 28, 29, 30, 31, 365, 366, 1000];
    for (const start of starts) {
      for (const days of steps) {
        if (start === '9999-12-30' && days > 1) continue;
        if (start === '0001-01-01' && days < 0) continue;
        expect(addDays(start, days), `${start} ${days}`).toBe(byDate(start, days));
      }
    }
  });

  test('walks every day of four years one step at a time', () => {
    let day = '2023-01-01';
    for (let i = 0; i < 1461; i++) {
      const next = addDays(day, 1);
      expect(next).toBe(byDate(day, 1));
      expect(addDays(next, -1)).toBe(day);
      day = next;
    }
  });

  test('takes a text that is not a calendar date the way Date does', () => {
    expect(() => addDays('not a date', 1)).toThrow(RangeError);
    expect(() => addDays('2023-02-31', 1)).not.toThrow();
    expect(addDays('2023-02-31', 1)).toBe(byDate('2023-02-31', 1));
  });
});
