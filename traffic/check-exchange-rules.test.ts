import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRules } from '../spec/rules.ts';
import { CHECKED_RULES } from './check-exchange-rules.ts';

/** The rule IDs and kit rules the checking code cites in its findings, read from its sources. */
function citedInCode(): Set<string> {
  const dir = new URL('./', import.meta.url);
  const files = readdirSync(dir).filter(
    (f) =>
      /^(check-exchange|history)[a-z-]*\.ts$/.test(f) &&
      !f.endsWith('.test.ts') &&
      f !== 'check-exchange-rules.ts',
  );
  const cited = new Set<string>();
  for (const file of files) {
    const text = readFileSync(new URL(file, dir), 'utf8');
    // Every rule literal: finding('PRC-2', ...), absentRule(flags, 'STG-2'), a map's entries.
    for (const m of text.matchAll(/'([A-Z]{2,5}-\d+|kit:[a-z-]+)'/g)) cited.add(m[1] as string);
  }
  return cited;
}

describe('CHECKED_RULES', () => {
  it('names only rules of the reference catalogue, and kit rules', () => {
    const ids = new Set(loadRules().map((r) => r.id));
    for (const { rule, source } of CHECKED_RULES) {
      if (rule.startsWith('kit:')) expect(source).not.toBe('reference');
      else expect(ids, rule).toContain(rule);
    }
  });

  it('lists every rule the checking code cites in a finding', () => {
    const listed = new Set(CHECKED_RULES.map((r) => r.rule));
    const cited = citedInCode();
    expect(cited.size).toBeGreaterThan(20);
    expect([...cited].filter((rule) => !listed.has(rule))).toEqual([]);
  });
});
