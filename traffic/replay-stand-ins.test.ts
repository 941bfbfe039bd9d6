import { afterEach, describe, expect, it } from 'vitest';
import { isValidUkPhoneNumber } from '../spec/formats/phone.ts';
import { isValidUkPostcode } from '../spec/formats/postcode.ts';
import { Pseudonyms, redactExchange } from './record-redact.ts';
import { type LoopbackServer, recordedAgainst, serveMock } from './replay.test-helper.ts';
import { replayRecording } from './replay.ts';
import { bodyWithStandIns, refusedAttrs, standInFor, withStandIns } from './replay-stand-ins.ts';

const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('standInFor: a value of the field’s form for a pseudonym', () => {
  it('gives values the spec’s validators accept, one e-mail per pseudonym', () => {
    for (const kind of ['mobile', 'landline', 'phone_number']) {
      expect(isValidUkPhoneNumber(standInFor(`[REDACTED:${kind}:1]`) as string)).toBe(true);
    }
    for (const kind of ['postcode', 'billing_postcode', 'supply_postcode']) {
      expect(isValidUkPostcode(standInFor(`[REDACTED:${kind}:4]`) as string)).toBe(true);
    }
    expect(standInFor('[REDACTED:email:1]')).not.toBe(standInFor('[REDACTED:email:2]'));
    expect(standInFor('[REDACTED:contact_emails:3]')).toEqual(['redacted.3@example.com']);
  });

  it('keeps two addresses two, and keeps the pseudonym where the recorded answer refused the field or a part of it', () => {
    expect(standInFor('[REDACTED:supply_address1:2]')).not.toEqual(
      standInFor('[REDACTED:supply_address1:3]'),
    );
    const body = {
      billing_address: '[REDACTED:billing_address:1]',
      customers: [{ mobile: '[REDACTED:mobile:1]', email: '[REDACTED:email:1]' }],
    };
    const refused = refusedAttrs(
      400,
      JSON.stringify({
        errors: [
          {
            attr: 'billing_address.delivery_point_identifier',
            code: 'invalid_delivery_point_identifier',
          },
          { attr: 'customers.0.mobile', code: 'invalid_phone_number' },
          // A hostile answer: past 1,000 items and 1,000 characters nothing more is read.
          ...Array.from({ length: 5000 }, (_, i) => ({ attr: `x.${i}` })),
          { attr: 'customers.0.email' },
          { attr: `${'a.'.repeat(600)}b` },
        ],
      }),
    );
    expect(refused.size).toBeLessThan(1200);
    expect(refused.has('customers.0.email')).toBe(false);
    expect(refusedAttrs(200, '{"errors":[{"attr":"customers.0.email"}]}').size).toBe(0);
    expect(refusedAttrs(400, 'not json').size).toBe(0);
    const { value, replaced } = withStandIns(body, refused);
    expect(replaced).toBe(1);
    expect(JSON.parse(JSON.stringify(value))).toEqual({
      billing_address: '[REDACTED:billing_address:1]',
      customers: [{ mobile: '[REDACTED:mobile:1]', email: 'redacted.1@example.com' }],
    });
  });

  it('stands in for no secret, no unnumbered pseudonym and no report marker', () => {
    for (const value of [
      '[REDACTED:token:1]',
      '[REDACTED:apikey:2]',
      '[REDACTED:email]',
      '[REDACTED]',
      '[REDACTED:sort_code:1]',
    ]) {
      expect(standInFor(value)).toBeUndefined();
    }
  });

  it('replaces pseudonyms at any depth without reaching a prototype, and leaves other bodies alone', () => {
    const hostile = JSON.parse(
      '{"__proto__": "[REDACTED:email:1]", "customers": [{"mobile": "[REDACTED:mobile:2]", "note": "x"}]}',
    );
    const { value, replaced } = withStandIns(hostile);
    expect(replaced).toBe(2);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe(
      'redacted.1@example.com',
    );
    expect(JSON.parse(JSON.stringify(value)).customers[0]).toEqual({
      mobile: '07123456789',
      note: 'x',
    });
    expect(bodyWithStandIns('not json [REDACTED:email:1]')).toEqual({
      body: 'not json [REDACTED:email:1]',
      replaced: 0,
    });
    expect(bodyWithStandIns('{"a":1}')).toEqual({ body: '{"a":1}', replaced: 0 });
  });
});

describe('replayRecording of a recording redacted by the default policy', () => {
  it('answers every exchange the same: the personal data goes as stand-ins, the answers are compared as before', async () => {
    const recording = await recordedAgainst();
    const pseudonyms = new Pseudonyms();
    const redacted = recording.map((e) => redactExchange(e, pseudonyms));
    const text = JSON.stringify(redacted);
    for (const kind of ['mobile', 'email', 'family_name', 'supply_postcode']) {
      expect(text).toContain(`[REDACTED:${kind}:1]`);
    }
    const server = await serveMock();
    servers.push(server);
    const result = await replayRecording(redacted, { baseUrl: server.baseUrl });
    expect(result.differing).toEqual([]);
    expect(result.same).toBe(recording.length);
  });
});
