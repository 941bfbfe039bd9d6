import { describe, expect, it } from 'vitest';
import { failsAtMasked, isMaskedValue, maskedAt } from './masked-values.ts';

describe('values a recording masked (decision 029)', () => {
  it('knows the report marker and a recording pseudonym, and nothing else', () => {
    expect(isMaskedValue('[REDACTED]')).toBe(true);
    expect(isMaskedValue('[REDACTED:postcode:12]')).toBe(true);
    expect(isMaskedValue('[REDACTED:mobile]')).toBe(true);
    expect(isMaskedValue('SW1A 1AA')).toBe(false);
    expect(isMaskedValue('x[REDACTED]')).toBe(false);
    expect(isMaskedValue(['[REDACTED]'])).toBe(false);
  });

  it('finds a masked field at an attr, or above it, through own properties only', () => {
    const body = {
      billing_postcode: '[REDACTED:postcode:1]',
      business: {
        users: [{ alternative_phone_numbers: '[REDACTED:alternative_phone_numbers:1]' }],
      },
      supply_postcode: 'SW1A 1AA',
    };
    expect(maskedAt(body, 'billing_postcode')).toBe(true);
    // A list masked as one string: a failure of its first item lies below the masked value.
    expect(maskedAt(body, 'business.users.0.alternative_phone_numbers.0')).toBe(true);
    expect(maskedAt(body, 'supply_postcode')).toBe(false);
    expect(maskedAt(body, '__proto__.toString')).toBe(false);
    expect(maskedAt(body, undefined)).toBe(false);
    expect(failsAtMasked(body, [{ attr: 'supply_postcode' }])).toBe(false);
    expect(failsAtMasked(body, [{ attr: 'supply_postcode' }, { attr: 'billing_postcode' }])).toBe(
      true,
    );
  });
});
