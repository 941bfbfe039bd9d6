import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { loadRules } from '../spec/rules.ts';
import { ruleOfAnswer } from './check-exchange.ts';
import { severityOf } from './findings.ts';
import { KNOWN_RULES } from './rules-known.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** The rules the traffic layer's sources name as string literals (tests and this list aside). */
function rulesNamedInSources(): Map<string, string[]> {
  const named = new Map<string, string[]>();
  const files = readdirSync(here).filter(
    (f) =>
      f.endsWith('.ts') && !/\.test(-helper)?\.ts$|\.bench\.ts$/.test(f) && f !== 'rules-known.ts',
  );
  for (const file of files) {
    const source = readFileSync(join(here, file), 'utf8');
    const found = [
      ...[...source.matchAll(/'([A-Z]{2,5}-\d+|kit:[a-z0-9-]+)'/g)].map((m) => m[1] as string),
      // The platform's bodies: a rule per status, written as a template.
      ...[...source.matchAll(/`kit:response-\$\{[^}]+\}`/g)].map(() => 'kit:response-<status>'),
    ];
    for (const rule of found) named.set(rule, [...(named.get(rule) ?? []), file]);
  }
  return named;
}

describe('the rules the checker knows', () => {
  test('lists every rule a finding of the checker or the proxy can name, and none other', () => {
    const named = rulesNamedInSources();
    const listed = new Set(KNOWN_RULES.map((r) => r.rule));
    const missing = [...named.keys()].filter((rule) => !listed.has(rule));
    expect(missing, 'named in traffic/ but not in rules-known.ts').toEqual([]);
    const stale = [...listed].filter((rule) => !named.has(rule));
    expect(stale, 'listed in rules-known.ts but named nowhere in traffic/').toEqual([]);
    // The three the proxy adds, so the scan reads the proxy too.
    expect(named.get('kit:target-unreachable')).toEqual(['proxy.ts']);
  });

  test('names for each success and 404 the rule the checker judges it by', () => {
    for (const known of KNOWN_RULES.filter((r) => r.shows.startsWith('a success answer of '))) {
      const operation = known.shows.split(' ')[4] as string;
      expect(ruleOfAnswer(operation, 200)).toEqual({ rule: known.rule, source: 'reference' });
    }
    expect(ruleOfAnswer('sendRegistrationFlows', 404).rule).toBe('REG-8');
    expect(ruleOfAnswer('getMeterpointStatusesForAccount', 404).rule).toBe('STS-15');
    expect(ruleOfAnswer('validateAccount', 503)).toEqual({
      rule: 'kit:response-503',
      source: 'platform',
    });
  });

  test('names only rules of the reference catalogue, and kit rules', () => {
    const ids = new Set(loadRules().map((r) => r.id));
    for (const { rule } of KNOWN_RULES.filter((r) => !r.rule.startsWith('kit:'))) {
      expect(ids, rule).toContain(rule);
    }
  });

  test('gives rule IDs only to the reference and kit: names only to the platform and the kit', () => {
    for (const known of KNOWN_RULES) {
      if (known.rule.startsWith('kit:')) expect(known.source).not.toBe('reference');
      if (known.source === 'reference') expect(severityOf(known.source)).toBe('error');
    }
    expect(KNOWN_RULES.filter((r) => r.source === 'platform').map((r) => r.rule)).toEqual([
      'AUTH-4',
      'kit:response-<status>',
      'kit:v2-schedule-window',
      'kit:v2-processed-identifier',
      'kit:v2-already-imported',
      'kit:v2-dry-run-created',
      'kit:v2-task-lifecycle',
      'kit:v2-task-unscheduled',
      'kit:v2-task-past-window',
    ]);
    // The V2 rules rest on the platform alone (or the kit's reading of it): never an error.
    for (const known of KNOWN_RULES.filter((r) => r.rule.startsWith('kit:v2-'))) {
      expect(severityOf(known.source), known.rule).toBe('warning');
    }
  });
});
