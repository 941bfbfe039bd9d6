import { describe, expect, test } from 'vitest';
import { specExample } from '../../test-support.ts';
import { testContext } from './context.test-helper.ts';
import type { Account } from './context.ts';
import { checkMoneyRules } from './money.ts';

type Json = Record<string, unknown>;
const TODAY = '2024-04-15';

function codes(overrides: Json) {
  const account = { ...specExample<Json>('DomesticAccount'), ...overrides } as unknown as Account;
  return checkMoneyRules(account, testContext(TODAY)).map((e) => [e.attr, e.code]);
}

describe('the platform validators of money (validateAccount)', () => {
  test('[GEN-6] the spec example breaks none of them', () => {
    expect(codes({})).toEqual([]);
  });

  test('[GEN-6] a future last payment review date is last_payment_review_date_is_future_dated', () => {
    expect(codes({ last_payment_review_date: '2024-04-16' })).toEqual([
      ['last_payment_review_date', 'last_payment_review_date_is_future_dated'],
    ]);
    expect(codes({ last_payment_review_date: TODAY })).toEqual([]);
  });

  test('[GEN-6] a zero payment schedule amount is zero_payment_schedule_amount', () => {
    const schedules = (specExample<Json>('DomesticAccount').payment_schedules as Json[]) ?? [];
    const zero = schedules.map((s, i) => (i === 0 ? { ...s, amount: '0.00' } : s));
    expect(codes({ payment_schedules: zero })).toEqual([
      ['payment_schedules.0.amount', 'zero_payment_schedule_amount'],
    ]);
  });
});
