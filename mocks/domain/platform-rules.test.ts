import { describe, expect, test } from 'vitest';
import { specExample } from '../test-support.ts';
import { checkPlatformAccountRules, isTestEmail } from './platform-rules.ts';

type Json = Record<string, unknown>;
const TODAY = '2024-04-15';

function account(overrides: Json): Json {
  return { ...specExample<Json>('DomesticAccount'), ...overrides };
}

function codes(a: Json) {
  return checkPlatformAccountRules(a as never, TODAY).map((e) => [e.attr, e.code]);
}

describe('the platform account rules (validateAccount)', () => {
  test('[GEN-6] the spec example breaks none of them', () => {
    expect(codes(account({}))).toEqual([]);
  });

  test.each([
    ['test@example.com', true],
    ['xxx@example.com', true],
    ['jo@test.co.uk', true],
    ['jo@example.xx', true],
    ['tester@example.com', false],
    ['jo@example.com', false],
  ])('[GEN-6] %s is a test e-mail address: %s', (email, expected) => {
    expect(isTestEmail(email)).toBe(expected);
  });

  test('[GEN-6] a test e-mail address of a customer is possible_test_email_address', () => {
    expect(
      codes(account({ customers: [{ family_name: 'Smith', email: 'test@example.com' }] })),
    ).toEqual([['customers.0.email', 'possible_test_email_address']]);
  });

  test('[GEN-6] a customer named The Occupier is customer_may_not_be_named_the_occupier', () => {
    expect(codes(account({ customers: [{ given_name: 'The', family_name: 'Occupier' }] }))).toEqual(
      [['customers.0.family_name', 'customer_may_not_be_named_the_occupier']],
    );
  });

  test('[GEN-6] a future last payment review date is last_payment_review_date_is_future_dated', () => {
    expect(codes(account({ last_payment_review_date: '2024-04-16' }))).toEqual([
      ['last_payment_review_date', 'last_payment_review_date_is_future_dated'],
    ]);
    expect(codes(account({ last_payment_review_date: TODAY }))).toEqual([]);
  });

  test('[GEN-6] a zero payment schedule amount is zero_payment_schedule_amount', () => {
    const schedules = (specExample<Json>('DomesticAccount').payment_schedules as Json[]) ?? [];
    const zero = schedules.map((s, i) => (i === 0 ? { ...s, amount: '0.00' } : s));
    expect(codes(account({ payment_schedules: zero }))).toEqual([
      ['payment_schedules.0.amount', 'zero_payment_schedule_amount'],
    ]);
  });

  test('[GEN-6] a metadata key twice is metadata_has_duplicate_keys', () => {
    expect(
      codes(
        account({
          metadata: [
            { key: 'a', value: {} },
            { key: 'a', value: {} },
          ],
        }),
      ),
    ).toEqual([['metadata.1.key', 'metadata_has_duplicate_keys']]);
  });
});
