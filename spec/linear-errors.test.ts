/**
 * Refusing a body costs work in proportion to its failures (ERR-4, ERR-5): validation gathers
 * the errors of referenced schemas without copying those gathered before, and the mapping to
 * field errors looks each failure's combinators up instead of comparing every pair. The tests
 * count the work (elements copied, paths read) on inputs with thousands of failures and check
 * that every failure is reported; they never time anything.
 */
import type { ErrorObject } from 'ajv';
import { describe, expect, test } from 'vitest';
import { toFieldErrors } from './field-errors.ts';
import { mockControl } from './index.ts';

/** Runs `work` counting the elements every Array.prototype.concat call copies. */
function countConcatCopies<T>(work: () => T): { result: T; copied: number } {
  const original = Array.prototype.concat;
  let copied = 0;
  Array.prototype.concat = function (this: unknown[], ...items: unknown[]) {
    copied += this.length;
    for (const item of items) copied += Array.isArray(item) ? item.length : 1;
    return original.apply(this, items);
  } as typeof original;
  try {
    return { result: work(), copied };
  } finally {
    Array.prototype.concat = original;
  }
}

describe('validateSchema', () => {
  test('a state with 5,000 invalid accounts is refused with every failure, in linear work (GEN-2, ERR-4)', () => {
    const accounts: Record<string, unknown> = {};
    const n = 5_000;
    for (let i = 0; i < n; i++) {
      accounts[`DEMO_ENERGY/X-${i}`] = {
        import_supplier: 1,
        external_account_number: 1,
        status: 'unknown',
        data: 1,
        staged_at: 1,
        updated_at: 1,
        notes: [1],
        extra: 1,
      };
    }
    const { result, copied } = countConcatCopies(() =>
      mockControl.validateSchema('MockState', { accounts }),
    );
    const perAccount = result.filter((e) => e.attr.startsWith('accounts.DEMO_ENERGY/X-'));
    // Eight failures per account (six types, the status, the unknown field), all reported.
    expect(perAccount).toHaveLength(8 * n);
    expect(perAccount).toContainEqual(
      expect.objectContaining({
        attr: `accounts.DEMO_ENERGY/X-${n - 1}.extra`,
        code: 'unknown_field',
      }),
    );
    // Gathering the errors copies each at most a few times, not all of them once per account.
    expect(copied).toBeLessThanOrEqual(4 * result.length);
  });
});

/** An ajv error whose schemaPath and instancePath reads are counted. */
function counted(error: Omit<ErrorObject, 'message'>, reads: { count: number }): ErrorObject {
  const { schemaPath, instancePath, ...rest } = error;
  return Object.defineProperties(rest, {
    schemaPath: {
      get: () => {
        reads.count += 1;
        return schemaPath;
      },
      enumerable: true,
    },
    instancePath: {
      get: () => {
        reads.count += 1;
        return instancePath;
      },
      enumerable: true,
    },
  }) as ErrorObject;
}

describe('toFieldErrors', () => {
  test('5,000 nullable fields and 5,000 one-of failures are mapped reading each error a bounded number of times (ERR-5)', () => {
    const reads = { count: 0 };
    const n = 5_000;
    const nullable = { anyOf: [{ type: 'string' }, { type: 'null' }] };
    const errors: ErrorObject[] = [];
    for (let i = 0; i < n; i++) {
      const at = `/items/${i}/x`;
      const schema = '#/properties/items/items/properties/x/anyOf';
      errors.push(
        counted(
          {
            keyword: 'type',
            instancePath: at,
            schemaPath: `${schema}/0/type`,
            params: { type: 'string' },
            parentSchema: { type: 'string' },
            data: 1,
          },
          reads,
        ),
        counted(
          {
            keyword: 'type',
            instancePath: at,
            schemaPath: `${schema}/1/type`,
            params: { type: 'null' },
            parentSchema: { type: 'null' },
            data: 1,
          },
          reads,
        ),
        counted(
          {
            keyword: 'anyOf',
            instancePath: at,
            schemaPath: schema,
            params: {},
            parentSchema: nullable,
            data: 1,
          },
          reads,
        ),
      );
      const one = '#/properties/o/items/oneOf';
      errors.push(
        counted(
          {
            keyword: 'required',
            instancePath: `/o/${i}`,
            schemaPath: `${one}/0/required`,
            params: { missingProperty: 'a' },
            parentSchema: {},
            data: {},
          },
          reads,
        ),
        counted(
          {
            keyword: 'oneOf',
            instancePath: `/o/${i}`,
            schemaPath: one,
            params: {},
            parentSchema: { oneOf: [{}, {}] },
            data: {},
          },
          reads,
        ),
      );
    }
    const mapped = toFieldErrors(errors);
    // Each nullable field is reported by its non-null schema's failure; each one-of by itself.
    expect(mapped).toHaveLength(2 * n);
    expect(mapped.filter((e) => /^items\.\d+\.x$/.test(e.attr))).toHaveLength(n);
    expect(mapped.filter((e) => /^o\.\d+$/.test(e.attr))).toHaveLength(n);
    expect(mapped.find((e) => e.attr === `items.${n - 1}.x`)?.detail).toBe('Not a valid string.');
    // A bounded number of reads per error (the depth of its paths), not one per pair of errors.
    expect(reads.count).toBeLessThanOrEqual(30 * errors.length);
  });
});
