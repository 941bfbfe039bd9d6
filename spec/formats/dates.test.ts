import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, test } from 'vitest';
import { addDays, isCalendarDate } from './dates.ts';

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

describe('isCalendarDate (GEN-3 format date)', () => {
  const byAjvFormats = (fullFormats.date as { validate: (value: string) => boolean }).validate;

  test('[GEN-3] answers as ajv-formats date on every month and day of leap, century and plain years', () => {
    let valid = 0;
    for (const year of [
      '0000',
      '0001',
      '0004',
      '0100',
      '0400',
      '1900',
      '2000',
      '2023',
      '2024',
      '2100',
      '9999',
    ]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(isCalendarDate(text), text).toBe(byAjvFormats(text));
          if (byAjvFormats(text)) valid += 1;
        }
      }
    }
    // Both answers well represented: 11 years of 365 or 366 days.
    expect(valid).toBe(11 * 365 + 5);
  });

  test('[GEN-3] answers as ajv-formats date on near-misses: other digits, separators, lengths, a trailing newline', () => {
    const near = [
      '2024-02-29',
      '2024-2-29',
      '2024-02-29\n',
      ' 2024-02-29',
      '2024/02/29',
      '2024-02-2a',
      '２０２４-02-29',
      '2024-٠٢-29',
      '20240-02-29',
      '2024-02-29T00:00:00Z',
      '',
      '-024-02-29',
      '+024-02-29',
    ];
    let x = 12345;
    const alphabet = '0123456789-0123456789T :/';
    for (let i = 0; i < 20_000; i++) {
      let text = '';
      for (let j = 0; j < 10; j++) {
        x = (x * 1103515245 + 12345) % 2 ** 31;
        text += alphabet[x % alphabet.length];
      }
      near.push(text);
    }
    for (const text of near) expect(isCalendarDate(text), text).toBe(byAjvFormats(text));
  });
});
