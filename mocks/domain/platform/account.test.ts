import { describe, expect, test } from 'vitest';
import { specExample } from '../../test-support.ts';
import { checkAccountLevelRules } from './account.ts';
import { testContext } from './context.test-helper.ts';
import type { Account } from './context.ts';

type Json = Record<string, unknown>;

function codes(overrides: Json) {
  const account = { ...specExample<Json>('DomesticAccount'), ...overrides } as unknown as Account;
  return checkAccountLevelRules(account, testContext()).map((e) => [e.attr, e.code]);
}

describe('the platform validators of the account (validateAccount)', () => {
  test('[GEN-6] the spec example breaks none of them', () => {
    expect(codes({})).toEqual([]);
  });

  test('[GEN-6] a metadata key twice is metadata_has_duplicate_keys', () => {
    const metadata = [
      { key: 'a', value: {} },
      { key: 'a', value: {} },
    ];
    expect(codes({ metadata })).toEqual([['metadata.1.key', 'metadata_has_duplicate_keys']]);
  });
});
