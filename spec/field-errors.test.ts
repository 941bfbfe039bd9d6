import { describe, expect, test } from 'vitest';
import { dataImport } from './index.ts';

/** Validates a value against an inline schema of the interface's validator. */
const check = (schema: object, value: unknown) => dataImport.validateValue(schema, value);

describe('JSON Schema failures as the interface error items (ERR-4, ERR-5, decision 002)', () => {
  test.each([
    ['required', { type: 'object', required: ['a'] }, {}, 'a', 'This field is required.'],
    ['invalid', { type: 'string' }, 3, '', 'Not a valid string.'],
    ['invalid_choice', { enum: ['A'] }, 'B', '', '"B" is not a valid choice.'],
    [
      'max_length',
      { type: 'string', maxLength: 2 },
      'abc',
      '',
      'Ensure this field has no more than 2 characters.',
    ],
    [
      'min_length',
      { type: 'string', minLength: 3 },
      'ab',
      '',
      'Ensure this field has at least 3 characters.',
    ],
    ['blank', { type: 'string', minLength: 1 }, '', '', 'This field may not be blank.'],
    ['empty', { type: 'array', minItems: 1 }, [], '', 'This list may not be empty.'],
    [
      'min_value',
      { type: 'integer', minimum: 1 },
      0,
      '',
      'Ensure this value is greater than or equal to 1.',
    ],
    [
      'max_value',
      { type: 'integer', maximum: 28 },
      29,
      '',
      'Ensure this value is less than or equal to 28.',
    ],
    [
      'unknown_field',
      { type: 'object', properties: {}, unevaluatedProperties: false },
      { x: 1 },
      'x',
      'This field is not part of the interface.',
    ],
  ])('[ERR-4] a %s failure gets its code and detail', (code, schema, value, attr, detail) => {
    expect(check(schema, value)).toEqual([{ code, attr: attr || 'non_field_errors', detail }]);
  });

  test('[ERR-5] attr is a dot path with zero-based indexes', () => {
    const schema = {
      type: 'object',
      properties: {
        customers: {
          type: 'array',
          items: { type: 'object', properties: { landline: { type: 'string' } } },
        },
      },
    };
    expect(check(schema, { customers: [{}, { landline: 7 }] })).toEqual([
      { code: 'invalid', attr: 'customers.1.landline', detail: 'Not a valid string.' },
    ]);
  });
});
