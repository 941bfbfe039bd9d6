import { describe, expect, test } from 'vitest';
import { specExample } from '../../test-support.ts';
import { testContext } from './context.test-helper.ts';
import type { Account } from './context.ts';
import { checkPeopleRules, isTestEmail } from './people.ts';

type Json = Record<string, unknown>;

function codes(overrides: Json) {
  const account = { ...specExample<Json>('DomesticAccount'), ...overrides } as unknown as Account;
  return checkPeopleRules(account, testContext()).map((e) => [e.attr, e.code]);
}

describe('the platform validators of people (validateAccount)', () => {
  test('[GEN-6] the spec example breaks none of them', () => {
    expect(codes({})).toEqual([]);
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
    expect(codes({ customers: [{ family_name: 'Smith', email: 'test@example.com' }] })).toEqual([
      ['customers.0.email', 'possible_test_email_address'],
    ]);
  });

  test('[GEN-6] a customer named The Occupier is customer_may_not_be_named_the_occupier', () => {
    expect(codes({ customers: [{ given_name: 'The', family_name: 'Occupier' }] })).toEqual([
      ['customers.0.family_name', 'customer_may_not_be_named_the_occupier'],
    ]);
  });
});
