import { describe, expect, it, test } from 'vitest';
import { openapiDocument } from '../spec/index.ts';
import { DEFAULT_MASK_POLICY, MASKED, maskBody, maskJson, redactBody } from './mask.ts';

/**
 * Fields of an account that name, reach or identify a person: what a recording "safe to attach to
 * a ticket" must not carry (decision 029). Matched by name over the spec's own examples, so a
 * personal field the policy forgets shows here.
 */
const PERSONAL =
  /(^|_)(name|sub_name|email|emails|mobile|landline|phone_number|phone_numbers|date_of_birth|salutation|postcode|address|address[1-5]|street_address|account_holder_name|sort_code|iban)$/;
const NOT_PERSONAL = new Set([
  'operations_team_name',
  'company_name',
  'campaign_name',
  'segment_name',
  'strategy_name',
  'agency_name',
  'affiliate_organisation_name',
  'vendor_name',
  'path_name',
]);

/** Every string value under a personal field name, at any depth. */
function personalValues(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) personalValues(v, out);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (PERSONAL.test(key) && !NOT_PERSONAL.has(key) && typeof v === 'string' && v.length > 2)
        out.push(v);
      else personalValues(v, out);
    }
  }
  return out;
}

describe('the default mask policy', () => {
  const examples = (
    openapiDocument as { components: { examples: Record<string, { value: unknown }> } }
  ).components.examples;

  test.each(['DomesticAccount', 'BusinessAccount'])(
    'leaves no personal value of the %s example, billing and supply addresses included',
    (name) => {
      const account = examples[name]?.value;
      const values = personalValues(account);
      expect(values.length).toBeGreaterThan(5);
      const masked = JSON.stringify(maskJson(account, DEFAULT_MASK_POLICY));
      expect(values.filter((v) => masked.includes(JSON.stringify(v)))).toEqual([]);
    },
  );

  test('masks an API key written inline in a GraphQL mutation, whole or cut short', () => {
    const query = 'mutation { obtainKrakenToken(input: {APIKey: "sk_live_secret"}) { token } }';
    const whole = maskBody(JSON.stringify({ query }));
    expect(whole).not.toContain('sk_live_secret');
    expect(whole).toContain(MASKED);
    const cut = maskBody(JSON.stringify({ query }).slice(0, -3));
    expect(cut).not.toContain('sk_live_secret');
  });
});

describe('an error item that refuses a masked field', () => {
  const body = JSON.stringify({
    detail: 'Could not validate account data.',
    code: 'account_failed_validation',
    errors: [
      {
        detail: '0207946012 is not a valid phone number',
        code: 'invalid_phone_number',
        attr: 'customers.0.landline',
      },
      {
        detail: '2329222639322 is not a valid MPAN core',
        code: 'invalid_supply_point',
        attr: 'supply_addresses.0.meter_points.0.mpan',
      },
    ],
  });

  it('has its detail masked in a report and pseudonymised in a recording: it quotes the value', () => {
    const masked = maskBody(body);
    expect(masked).not.toContain('0207946012');
    expect(JSON.parse(masked).errors[0].detail).toBe('[REDACTED]');
    // A detail about a field the policy does not mask stays, and so does the error body's own.
    expect(JSON.parse(masked).errors[1].detail).toBe('2329222639322 is not a valid MPAN core');
    expect(JSON.parse(masked).detail).toBe('Could not validate account data.');
    const redacted = JSON.parse(
      redactBody(body, DEFAULT_MASK_POLICY, (kind) => `[REDACTED:${kind}:1]`),
    );
    expect(redacted.errors[0].detail).toBe('[REDACTED:detail:1]');
    expect(redacted.errors[1].detail).toContain('2329222639322');
  });
});

describe('an empty value of a masked field', () => {
  it('stays empty: it holds nothing to hide, and a mask would make it look given', () => {
    expect(maskJson({ email: '', mobile: '07123456789' })).toEqual({ email: '', mobile: MASKED });
    const redacted = JSON.parse(
      redactBody(
        '{"email":"","landline":"02079460123"}',
        DEFAULT_MASK_POLICY,
        (kind) => `[REDACTED:${kind}:1]`,
      ),
    );
    expect(redacted).toEqual({ email: '', landline: '[REDACTED:landline:1]' });
  });
});
