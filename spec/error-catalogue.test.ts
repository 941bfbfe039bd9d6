import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { ErrorCatalogue, loadErrorCatalogue } from './error-catalogue.ts';
import { dataImport, errorCatalogue, fillDetail } from './index.ts';
import { loadRules } from './rules.ts';

const RULE_IDS = loadRules().map((r) => r.id);

const SHAPES = [
  'error',
  'transaction-import-error',
  'payment-vendor-error',
  'graphql-error',
  'registration-flows-not-found',
  'meter-point-statuses-not-found',
  'v2-already-imported',
];

function files(dir: string, match: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path, match);
    return match.test(path) ? [path] : [];
  });
}

describe('the error catalogue (decision 008)', () => {
  test('every entry names its level, source, rules and a detail; request codes a status', () => {
    for (const entry of errorCatalogue.entries.values()) {
      expect(['reference', 'platform', 'kit'], entry.code).toContain(entry.source);
      expect(entry.detail.length, entry.code).toBeGreaterThan(0);
      for (const rule of entry.rules) expect(RULE_IDS, `${entry.code}: ${rule}`).toContain(rule);
      if (entry.level === 'request') expect(entry.status, entry.code).toBeGreaterThanOrEqual(200);
      else expect(entry.status, entry.code).toBeUndefined();
      if (entry.body) expect(SHAPES, entry.code).toContain(entry.body);
      for (const id of Object.keys(entry.statuses ?? {}))
        expect(() => dataImport.operation(id)).not.toThrow();
    }
  });

  test("every operation's validation code and response body shape is in the catalogue", () => {
    for (const info of dataImport.operations.values()) {
      expect(errorCatalogue.entry(info.validationCode).level).toBe('request');
      if (info.unreadableBodyCode)
        expect(errorCatalogue.entry(info.unreadableBodyCode).level).toBe('request');
      for (const shape of Object.values(info.errorBodies)) expect(SHAPES).toContain(shape);
    }
  });

  test('the field codes the schemas declare join the catalogue', () => {
    expect(errorCatalogue.entry('invalid_phone_number').level).toBe('field');
    expect(errorCatalogue.entry('duplicate_meter_points_provided').level).toBe('field');
  });

  test("a platform code takes its element's detail template, else a generic detail", () => {
    const document = {
      components: {
        schemas: {
          Plain: { 'x-platform-codes': ['code_one', 'code_two'] },
          Worded: {
            'x-platform-codes': ['code_one'],
            'x-platform-details': { code_one: 'One {thing} is wrong.' },
          },
        },
      },
    };
    const catalogue = loadErrorCatalogue(document);
    expect(catalogue.get('code_one')).toMatchObject({ level: 'field', source: 'platform' });
    expect(catalogue.get('code_one')?.detail).toBe('One {thing} is wrong.');
    expect(catalogue.get('code_two')?.detail).toBe(
      "The value breaks the platform's rule code_two.",
    );
  });

  test("a platform code's template wins over a format keyword's or an account rule's default detail", () => {
    const document = {
      components: {
        schemas: {
          Keyword: { 'x-error-codes': { format: 'code_one' }, 'x-rules': ['VAL-4'] },
          Rule: { 'x-domain-rules': [{ code: 'code_two', rule: 'Code two is a rule.' }] },
          Platform: {
            'x-platform-codes': ['code_one', 'code_two'],
            'x-platform-details': { code_one: '{value} is one.', code_two: 'Two.' },
          },
          Later: {
            'x-platform-codes': ['code_one'],
            'x-platform-details': { code_one: 'Not this one.' },
          },
        },
      },
    };
    const catalogue = loadErrorCatalogue(document);
    expect(catalogue.get('code_one')).toMatchObject({
      detail: '{value} is one.',
      rules: ['VAL-4'],
    });
    expect(catalogue.get('code_two')?.detail).toBe('Two.');
  });

  test('a code several validators raise keeps each named wording, and an unknown wording throws', () => {
    const document = {
      components: {
        schemas: {
          Campaign: {
            'x-platform-codes': ['same_day'],
            'x-platform-details': { same_day: { campaign: 'The campaign ends on {end}.' } },
          },
          Exemption: {
            'x-platform-codes': ['same_day'],
            'x-platform-details': { same_day: { exemption: 'The exemption ends on {end}.' } },
          },
        },
      },
    };
    const catalogue = new ErrorCatalogue(document);
    expect(catalogue.detail('same_day' as never, { end: '2026-01-01' }, 'exemption')).toBe(
      'The exemption ends on 2026-01-01.',
    );
    expect(catalogue.detail('same_day' as never, {}, 'campaign')).toBe(
      'The campaign ends on {end}.',
    );
    expect(() => catalogue.detail('same_day' as never, {}, 'meter')).toThrow(/no wording "meter"/);
    const twice = structuredClone(document);
    twice.components.schemas.Exemption['x-platform-details'].same_day = {
      campaign: 'Again.',
    } as never;
    expect(() => new ErrorCatalogue(twice)).toThrow(/declared twice/);
  });

  test('a detail template is filled from the data, and a name without data stays as written', () => {
    expect(fillDetail('No {what} for {who}.', { what: 'route' })).toBe('No route for {who}.');
  });

  test('every code the catalogue lists is raised by some test of the kit', () => {
    const listed = Object.keys(parse(readFileSync('spec/error-catalogue.yaml', 'utf8')));
    const sources = [
      ...files('mocks', /\.test\.ts$/),
      ...files('spec', /\.test\.ts$/).filter((f) => !f.endsWith('error-catalogue.test.ts')),
      ...files('contract-tests', /\.ts$/),
      ...files('fixtures', /\.ts$/),
    ].map((f) => readFileSync(f, 'utf8'));
    const unraised = listed.filter(
      (code) => !sources.some((text) => text.includes(`'${code}'`) || text.includes(`"${code}"`)),
    );
    expect(unraised).toEqual([]);
  });
});
