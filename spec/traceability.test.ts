/**
 * Traceability (decision 001): every rule ID of the catalogue is carried by a spec element,
 * every endpoint of the reference has its path and method in the spec, and the committed table
 * is the one the spec gives.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { dataImport, openapiDocument } from './index.ts';
import { loadReferenceEndpoints, loadRules, normalisePath } from './rules.ts';
import {
  collectPlatformCodes,
  collectRuleCitations,
  countSources,
  renderAssumptions,
  renderTraceability,
} from './traceability.ts';

describe('traceability', () => {
  const citations = collectRuleCitations(openapiDocument);
  const rules = loadRules();

  test('the rule catalogue is read whole', () => {
    expect(rules.length).toBeGreaterThan(100);
    expect(rules.map((r) => r.id)).toContain('STS-15');
  });

  test.each(rules.map((r) => [r.id, r.text]))('rule %s is carried by a spec element', (id) => {
    expect(citations.get(id) ?? []).not.toEqual([]);
  });

  test('no spec element cites a rule ID the catalogue does not have', () => {
    const known = new Set(rules.map((r) => r.id));
    expect([...citations.keys()].filter((id) => !known.has(id))).toEqual([]);
  });

  test.each(loadReferenceEndpoints().map((e) => [e.method, e.path]))(
    'the reference operation %s %s has a path in the spec',
    (method, path) => {
      const found = [...dataImport.operations.values()].some(
        (op) => op.method === method && normalisePath(op.path) === path,
      );
      expect(found).toBe(true);
    },
  );

  test('spec/ASSUMPTIONS.md is current (npm run spec:build)', () => {
    const committed = readFileSync(new URL('./ASSUMPTIONS.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderAssumptions(openapiDocument));
  });

  test('every platform validator code is carried by a spec element, and the report counts them', () => {
    const codes = collectPlatformCodes(openapiDocument);
    // 272 of the v1 operations and the three of V2's task parameters (decision 028).
    expect(codes.size).toBe(275);
    const sources = countSources(openapiDocument);
    expect(sources.platform).toBeGreaterThan(0);
    expect(sources.kit).toBeGreaterThan(0);
    expect(sources.reference).toBeGreaterThan(0);
  });

  test('spec/TRACEABILITY.md is current (npm run spec:build)', () => {
    const committed = readFileSync(new URL('./TRACEABILITY.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderTraceability(openapiDocument, rules));
  });
});
