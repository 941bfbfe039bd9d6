import { describe, expect, test } from 'vitest';
import { specExample } from '../../test-support.ts';
import { billingRules } from './billing.ts';
import { testContext } from './context.test-helper.ts';
import type { Account, PlatformContext } from './context.ts';

type Json = Record<string, unknown>;
const TODAY = '2024-04-15';

function run(overrides: Json, ctx: PlatformContext = testContext(TODAY)) {
  const account = { ...specExample<Json>('DomesticAccount'), ...overrides } as unknown as Account;
  return billingRules(account, ctx).map((e) => [e.attr, e.code]);
}

describe('the platform validators of billing details (validateAccount)', () => {
  test('[GEN-6] the spec examples break none of them', () => {
    expect(run({})).toEqual([]);
    expect(billingRules(specExample<Account>('BusinessAccount'), testContext(TODAY))).toEqual([]);
  });

  test('[GEN-6] a billing e-mail that is the supplier’s own mailbox is internal_email_address', () => {
    expect(run({ billing_email: 'billing@example-energy.co.uk' })).toEqual([
      ['billing_email', 'internal_email_address'],
    ]);
  });

  test('[GEN-6] a blackhole+ billing e-mail is billing_email_not_valid', () => {
    expect(run({ billing_email: 'blackhole+acc123@example.com' })).toEqual([
      ['billing_email', 'billing_email_not_valid'],
    ]);
  });

  test('[GEN-6] a delivery point identifier with other than capitals and digits is invalid_delivery_point_identifier', () => {
    expect(run({ billing_delivery_point_identifier: '1234567a' })).toEqual([
      ['billing_delivery_point_identifier', 'invalid_delivery_point_identifier'],
    ]);
    expect(run({ billing_delivery_point_identifier: '12345678' })).toEqual([]);
  });

  const ADDRESS = {
    country: 'GB',
    street_address: '12 Park Row',
    locality: 'Leeds',
    postal_code: 'LS1 5HD',
  };

  test('[GEN-6] a structured address beside the legacy lines is billing_address_new_style_and_legacy', () => {
    expect(run({ billing_address: ADDRESS })).toEqual([
      ['billing_address', 'billing_address_new_style_and_legacy'],
    ]);
  });

  test('[GEN-6] a British address without a post town is invalid_address', () => {
    const legacyless = { billing_address1: undefined, billing_postcode: undefined };
    expect(run({ ...legacyless, billing_address: ADDRESS })).toEqual([]);
    expect(run({ ...legacyless, billing_address: { ...ADDRESS, locality: '' } })).toEqual([
      ['billing_address', 'invalid_address'],
    ]);
  });

  test('[GEN-6] a structured address with an invalid postcode is invalid_postcode', () => {
    const legacyless = { billing_address1: undefined, billing_postcode: undefined };
    expect(run({ ...legacyless, billing_address: { ...ADDRESS, postal_code: 'LS1 5H' } })).toEqual([
      ['billing_address.postal_code', 'invalid_postcode'],
    ]);
  });
});
