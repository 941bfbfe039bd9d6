import { describe, expect, test } from 'vitest';
import { decimalProblem, decimalText, numberFits, PlatformCoercion } from './coercion.ts';
import { dataImport, openapiDocument } from './index.ts';

function account(overrides: Record<string, unknown>) {
  return {
    import_supplier: 'DEMO_ENERGY',
    external_account_number: 'EXT-1',
    account_type: 'DOMESTIC',
    billing_address1: '1 High Street',
    billing_postcode: 'SW1A 1AA',
    ...overrides,
  } as Record<string, unknown>;
}

describe('platform input coercion (validateRequestBody)', () => {
  test('[GEN-6] a number for a text field becomes its text, as the platform serializers read it', () => {
    const body = account({ billing_address2: 12, sales_subchannel: 7 });
    expect(dataImport.validateRequestBody('validateAccount', body)).toEqual([]);
    expect(body.billing_address2).toBe('12');
    expect(body.sales_subchannel).toBe('7');
  });

  test('[GEN-6] a boolean, an object or an array for a text field is "Not a valid string."', () => {
    const errors = dataImport.validateRequestBody(
      'validateAccount',
      account({ billing_address2: true, billing_address3: { a: 1 }, billing_address4: ['x'] }),
    );
    expect(errors.map((e) => [e.attr, e.code, e.detail])).toEqual([
      ['billing_address2', 'invalid', 'Not a valid string.'],
      ['billing_address3', 'invalid', 'Not a valid string.'],
      ['billing_address4', 'invalid', 'Not a valid string.'],
    ]);
  });

  test('[GEN-7] a decimal field takes a decimal string or a JSON number, kept as a string', () => {
    const asNumber = account({ transfer_balance: -12.5 });
    expect(dataImport.validateRequestBody('validateAccount', asNumber)).toEqual([]);
    expect(asNumber.transfer_balance).toBe('-12.5');
    const asText = account({ transfer_balance: '30.00' });
    expect(dataImport.validateRequestBody('validateAccount', asText)).toEqual([]);
    expect(asText.transfer_balance).toBe('30.00');
  });

  test('[GEN-7] a decimal beyond the platform precision is refused, as text or as a number', () => {
    const body = account({
      payment_schedules: [
        { amount: 123456789.5, frequency: 'MONTHLY', payment_day: 1, start_date: '2024-01-01' },
      ],
    });
    const errors = dataImport.validateRequestBody('validateAccount', body);
    expect(errors).toContainEqual(
      expect.objectContaining({ attr: 'payment_schedules.0.amount', code: 'max_whole_digits' }),
    );
    const text = dataImport.validateRequestBody(
      'validateAccount',
      account({ transfer_balance: '1.12345678901' }),
    );
    // Text gets the same code as a number: the platform's DecimalField reads both alike.
    expect(text).toEqual([
      expect.objectContaining({ attr: 'transfer_balance', code: 'max_decimal_places' }),
    ]);
  });

  test('[GEN-8] a transaction amount given as a decimal string is read as a number', () => {
    const body = {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: 'EXT-1',
      transactions: [
        {
          type: 'CHARGE',
          reason: 'IMPORTED_CHARGE',
          transaction_id: 'T-1',
          transaction_date: '2024-01-01',
          amount: '10.50',
        },
      ],
    };
    expect(dataImport.validateRequestBody('createTransactions', body)).toEqual([]);
    expect(body.transactions[0]?.amount).toBe(10.5);
  });

  test('[GEN-9] account_number stands in for external_account_number (platform stand-in)', () => {
    const body: Record<string, unknown> = {
      import_supplier: 'DEMO_ENERGY',
      account_number: 'EXT-1',
      notes: [{ body: 'Hello.' }],
    };
    expect(dataImport.validateRequestBody('createNotes', body)).toEqual([]);
    expect(body.external_account_number).toBe('EXT-1');
    const neither = { import_supplier: 'DEMO_ENERGY', notes: [] };
    expect(dataImport.validateRequestBody('createNotes', neither)).toEqual([
      { attr: 'external_account_number', code: 'required', detail: 'This field is required.' },
    ]);
  });

  test('[GEN-6] null is accepted where the platform marks a field nullable', () => {
    const body = account({
      customers: [{ family_name: 'Smith', email: null, mobile: null, date_of_birth: null }],
      next_bill_due_date: null,
    });
    expect(dataImport.validateRequestBody('validateAccount', body)).toEqual([]);
  });
});

describe('decimal text (GEN-7, GEN-8)', () => {
  /** The pattern-based readings the hand-written ones replaced, as the oracle. */
  function textByPattern(value: number): string {
    let text = String(value);
    if (/e/i.test(text) && Math.abs(value) < 1e21) {
      text = value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
    }
    return text;
  }
  function problemByPattern(text: string, limits: { whole: number; places: number }) {
    const match = /^-?(\d*)(?:\.(\d*))?$/.exec(text);
    if (!match) return 'invalid';
    const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
    if ((match[2] ?? '').length > limits.places) return 'max_decimal_places';
    if (whole.length > limits.whole) return 'max_whole_digits';
    return null;
  }

  test('writes every number as plain decimal text, never with an exponent', () => {
    const values = [0, -0, 1, -1, 0.1, 1e-6, 9.99e-7, 1e-7, -2.5e-9, 123.456, 1e20, 9.99e20, 1e21];
    for (let i = 0; i < 2000; i++) {
      values.push((Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 30 - 12));
    }
    for (const value of values)
      expect(decimalText(value), String(value)).toBe(textByPattern(value));
    expect(decimalText(1e-7)).toBe('0.0000001');
  });

  test('decides by arithmetic only numbers that fit, and agrees with their text', () => {
    const limits = [
      { whole: 10, places: 10 },
      { whole: 8, places: 2 },
      { whole: 1, places: 2 },
      { whole: 12, places: 4 },
      { whole: 0, places: 2 },
    ];
    let decided = 0;
    for (let i = 0; i < 20_000; i++) {
      const places = i % 13;
      const magnitude = 10 ** ((i % 17) - 4);
      const value = Math.round((Math.random() - 0.5) * magnitude * 10 ** places) / 10 ** places;
      for (const limit of limits) {
        const fits = numberFits(value, limit);
        const problem = decimalProblem(decimalText(value), limit);
        if (fits) {
          decided += 1;
          expect(problem, `${value} ${JSON.stringify(limit)}`).toBeNull();
        }
      }
    }
    for (const value of [0, 1e-6, 9.999999999, 0.1 + 0.2, 1e15, 123456789.1234567]) {
      for (const limit of limits) {
        if (numberFits(value, limit)) expect(decimalProblem(decimalText(value), limit)).toBeNull();
      }
    }
    // Most numbers that fit are decided without their text.
    expect(decided).toBeGreaterThan(20_000);
  });

  test('counts whole digits and places as the platform does, and refuses what is not a number', () => {
    const texts = ['', '-', '.', '-.', '0', '000', '007.5', '12345678.123', '-0.00001', '1.', '.5'];
    texts.push('1e5', '1,5', '--1', '1.2.3', ' 1', '+1', '١٢', '12345678901', '0.12345678901');
    for (let i = 0; i < 500; i++) texts.push(decimalText((Math.random() - 0.5) * 10 ** (i % 14)));
    for (const limits of [
      { whole: 8, places: 2 },
      { whole: 10, places: 10 },
      { whole: 0, places: 0 },
    ]) {
      for (const text of texts) {
        expect(
          decimalProblem(text, limits)?.code ?? null,
          `${text} ${JSON.stringify(limits)}`,
        ).toBe(problemByPattern(text, limits));
      }
    }
  });
});

describe('a body valid as sent (validateRequestBody)', () => {
  const examples = (openapiDocument.components as { examples: Record<string, { value: unknown }> })
    .examples;
  type Holder = Record<string | number, unknown>;

  /** Every number and numeric text of a body, as [holder, key]. */
  function numerals(value: unknown, into: [Holder, string | number][] = []) {
    if (!value || typeof value !== 'object') return into;
    for (const [key, child] of Object.entries(value)) {
      const at = Array.isArray(value) ? Number(key) : key;
      const numeral =
        typeof child === 'number' || (typeof child === 'string' && /^-?\d+(\.\d+)?$/.test(child));
      if (numeral) into.push([value as Holder, at]);
      else numerals(child, into);
    }
    return into;
  }

  /**
   * The example with each decimal in its other form (text for a number, a number for text)
   * wherever the schema still takes the body as sent (the fields that accept both): how many
   * were turned, the body, and where it now holds a number.
   */
  function otherForms(body: unknown, schema: object) {
    const copy = structuredClone(body);
    let turned = 0;
    const numbers: [Holder, string | number][] = [];
    for (const [field, key] of numerals(copy)) {
      const given = field[key];
      field[key] = typeof given === 'number' ? String(given) : Number(given);
      if (dataImport.validateValue(schema, structuredClone(copy)).length === 0) {
        turned += 1;
        if (typeof field[key] === 'number') numbers.push([field, key]);
      } else field[key] = given;
    }
    return { turned, body: copy, numbers };
  }

  test.each([
    ['DomesticAccount', 'validateAccount'],
    ['BusinessAccount', 'validateAccount'],
    ['CreateTransactionsRequest', 'createTransactions'],
  ])(
    '[GEN-7] %s is read as the full coercion reads it, decimals given as text or as numbers',
    (name, operation) => {
      const schema = (
        dataImport.operation(operation).operation.requestBody as {
          content: Record<string, { schema: Record<string, unknown> }>;
        }
      ).content['application/json']!.schema;
      const full = new PlatformCoercion(openapiDocument);
      const other = otherForms(examples[name]!.value, schema);
      // Some decimals really are sent in their other form, or the fast reading is not under test.
      expect(other.turned).toBeGreaterThan(0);
      for (const body of [examples[name]!.value, other.body]) {
        expect(dataImport.validateValue(schema, structuredClone(body))).toEqual([]);
        const fast = structuredClone(body);
        const slow = structuredClone(body);
        const errors = dataImport.validateRequestBody(operation, fast);
        const coerced = full.coerce(schema, slow);
        expect(errors).toEqual(coerced.errors);
        expect(fast).toEqual(coerced.value);
      }
      // A number beyond its field's precision, in a body still valid as sent, gets the
      // platform's decimal code from the fast reading as from the full one.
      for (const [field, key] of other.numbers) {
        const kept = field[key];
        field[key] = 0.12345678901;
        const errors = dataImport.validateRequestBody(operation, structuredClone(other.body));
        expect(errors.map((e) => e.code)).toContain('max_decimal_places');
        expect(errors).toEqual(full.coerce(schema, structuredClone(other.body)).errors);
        field[key] = kept;
      }
    },
  );
});
