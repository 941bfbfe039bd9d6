/**
 * Each schema rejects realistic invalid samples with the interface's error items (decision 001;
 * ERR-4, ERR-5): a wrong date form, a bad enum value, a missing required field in a
 * supplied object, a wrong type, and the identifier formats with their own codes.
 */
import { describe, expect, test } from 'vitest';
import { dataImport, openapiDocument } from './index.ts';

type Json = Record<string, unknown>;
const components = openapiDocument.components as Json;
const schemas = components.schemas as Record<string, Json>;
const examples = components.examples as Record<string, { value: unknown }>;

function example<T = Json>(name: string): T {
  return structuredClone(examples[name]!.value) as T;
}

/** A copy of `value` with `path` (dot path, numeric indexes) set, or deleted when `to` is undefined. */
function mutate(value: Json, path: string, to?: unknown): Json {
  const copy = structuredClone(value);
  const parts = path.split('.');
  const last = parts.pop()!;
  const parent = parts.reduce<Json>((n, p) => n[p] as Json, copy);
  if (to === undefined) delete parent[last];
  else parent[last] = to;
  return copy;
}

const domestic = example('DomesticAccount');
const business = example('BusinessAccount');
const notes = example('CreateNotesRequest');
const transactions = example('CreateTransactionsRequest');

const cases: { rule: string; schema: string; value: unknown; attr: string; code: string }[] = [
  { rule: 'GEN-3', schema: 'Date', value: '01/08/2019', attr: 'non_field_errors', code: 'invalid' },
  { rule: 'GEN-3', schema: 'Date', value: '2019-02-30', attr: 'non_field_errors', code: 'invalid' },
  {
    rule: 'GEN-3',
    schema: 'DateTime',
    value: '2019-08-01 10:00:00',
    attr: 'non_field_errors',
    code: 'invalid',
  },
  {
    rule: 'GEN-7',
    schema: 'DecimalString',
    value: '1e3',
    attr: 'non_field_errors',
    code: 'invalid',
  },
  {
    rule: 'VAL-4',
    schema: 'PhoneNumber',
    value: 'abcde',
    attr: 'non_field_errors',
    code: 'invalid_phone_number',
  },
  {
    rule: 'VAL-4',
    schema: 'PhoneNumber',
    value: '07700900123',
    attr: 'non_field_errors',
    code: 'invalid_phone_number',
  },
  {
    rule: 'GEN-6',
    schema: 'Postcode',
    value: 'W1F 9CE',
    attr: 'non_field_errors',
    code: 'invalid_postcode',
  },
  {
    rule: 'GEN-6',
    schema: 'MpanCore',
    value: '1200060176721',
    attr: 'non_field_errors',
    code: 'invalid_supply_point_identifier',
  },
  {
    rule: 'GEN-6',
    schema: 'Mprn',
    value: '9353824108',
    attr: 'non_field_errors',
    code: 'invalid_supply_point_identifier',
  },
  {
    rule: 'GEN-6',
    schema: 'TaxYear',
    value: '2017/19',
    attr: 'non_field_errors',
    code: 'incorrect_format_for_tax_year',
  },
  {
    rule: 'GEN-10',
    schema: 'Account',
    value: mutate(domestic, 'account_type', 'RESIDENTIAL'),
    attr: 'account_type',
    code: 'invalid_choice',
  },
  {
    rule: 'VAL-4',
    schema: 'Account',
    value: mutate(domestic, 'customers.0.landline', 'abcde'),
    attr: 'customers.0.landline',
    code: 'invalid_phone_number',
  },
  {
    rule: 'GEN-5',
    schema: 'Account',
    value: mutate(domestic, 'supply_addresses.0.supply_postcode'),
    attr: 'supply_addresses.0.supply_postcode',
    code: 'required',
  },
  {
    rule: 'GEN-6',
    schema: 'Account',
    value: mutate(domestic, 'supply_addresses.0.meter_points.0.identifier', '1200060176721'),
    attr: 'supply_addresses.0.meter_points.0.identifier',
    code: 'invalid_supply_point_identifier',
  },
  {
    rule: 'GEN-7',
    schema: 'Account',
    value: mutate(domestic, 'transfer_balance', '30,00'),
    attr: 'transfer_balance',
    code: 'invalid',
  },
  {
    rule: 'GEN-3',
    schema: 'Account',
    value: mutate(domestic, 'last_billed_to_date', '01/08/2019'),
    attr: 'last_billed_to_date',
    code: 'invalid',
  },
  {
    rule: 'GEN-6',
    schema: 'Account',
    value: mutate(domestic, 'warm_home_discount.0.tax_year', '2017/19'),
    attr: 'warm_home_discount.0.tax_year',
    code: 'incorrect_format_for_tax_year',
  },
  {
    rule: 'VAL-5',
    schema: 'Account',
    value: { ...business, warm_home_discount: [{ tax_year: '2017/18' }] },
    attr: 'warm_home_discount',
    code: 'unknown_field',
  },
  {
    rule: 'VAL-6',
    schema: 'Account',
    value: mutate(business, 'customers.0.family_name', 'Smith'),
    attr: 'customers.0.family_name',
    code: 'unknown_field',
  },
  {
    rule: 'NOTE-2',
    schema: 'NotesRequest',
    value: mutate(notes, 'notes.0', { is_pinned: true }),
    attr: 'notes.0',
    code: 'note_body_or_document_path_not_found',
  },
  {
    rule: 'TXN-2',
    schema: 'TransactionsRequest',
    value: mutate(transactions, 'transactions.0.type', 'REFUND'),
    attr: 'transactions.0.type',
    code: 'invalid_choice',
  },
];

describe('schemas reject invalid samples', () => {
  test.each(cases)(
    '[$rule] $schema rejects a sample with $code at "$attr"',
    ({ schema, value, attr, code }) => {
      const errors = dataImport.validateSchema(schema, value);
      expect(errors).toContainEqual(expect.objectContaining({ attr, code }));
    },
  );

  test('[VAL-3] every failure of one payload is listed, not only the first', () => {
    const twice = mutate(
      mutate(domestic, 'customers.0.landline', 'abcde'),
      'customers.0.mobile',
      '12',
    );
    const attrs = dataImport.validateSchema('Account', twice).map((e) => e.attr);
    expect(attrs).toEqual(expect.arrayContaining(['customers.0.landline', 'customers.0.mobile']));
  });

  test('[ERR-4] the detail of an identifier failure names the value', () => {
    const [error] = dataImport.validateSchema('PhoneNumber', 'abcde');
    expect(error?.detail).toBe('abcde is not a valid phone number');
  });

  test.each(Object.keys(schemas))('%s rejects a value of the wrong type', (name) => {
    const schema = schemas[name]!;
    const wrong = schema.type === 'string' || schema.format ? 12345 : 'not-an-object';
    expect(dataImport.rawSchemaErrors(name, wrong).length).toBeGreaterThan(0);
  });
});
