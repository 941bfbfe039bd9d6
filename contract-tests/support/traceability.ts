/**
 * Traceability of the suite: which tests check which rule of the reference. Test titles
 * cite rule IDs in brackets (`[STG-2] the first staging ... returns 201`); a rule with no test
 * needs a reviewed reason in untestable-rules.ts.
 *
 * Two readers share this module: the meta test (a static scan of the test files, so that a
 * missing rule fails a test) and the conformance summary (the run's real results, for
 * reports/contract-traceability.md, written by reporting/traceability-markdown.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadRules, type Rule } from '../../spec/rules.ts';
import { RULE_REASONS, type RuleReason } from '../untestable-rules.ts';

/** Rule IDs cited in a title, in order: `[STG-2] [STG-4] ...` -> ['STG-2', 'STG-4']. */
export function ruleIds(title: string): string[] {
  return [...title.matchAll(/\[([A-Z]+-\d+)\]/g)].map((m) => m[1] as string);
}

/** A test title found in a test file, with the rule IDs it cites. */
export interface StaticTest {
  file: string;
  line: number;
  title: string;
  rules: string[];
}

const TITLE = /\btest(?:\.(?:skip|fixme|fail|slow))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/gs;

/** Every test title of the suite's `*.spec.ts` files under `dir` (`*.spec.js` when built). */
export function scanTests(dir: string, root: string = dir): StaticTest[] {
  const found: StaticTest[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...scanTests(path, root));
    else if (/\.spec\.[jt]s$/.test(entry.name)) {
      const text = readFileSync(path, 'utf8');
      for (const match of text.matchAll(TITLE)) {
        const title = match[2] as string;
        const line = text.slice(0, match.index).split('\n').length;
        found.push({ file: relative(root, path), line, title, rules: ruleIds(title) });
      }
    }
  }
  return found;
}

/** One rule's place in the traceability report. */
export interface RuleTrace {
  rule: Rule;
  tests: string[];
  reason: RuleReason | undefined;
}

/** The traceability of every rule, and the problems that fail the check. */
export function trace(
  testsByRule: Map<string, string[]>,
  rules: Rule[] = loadRules(),
  reasons: Record<string, RuleReason> = RULE_REASONS,
): { traces: RuleTrace[]; problems: string[] } {
  const problems: string[] = [];
  const known = new Set(rules.map((r) => r.id));
  for (const id of testsByRule.keys()) {
    if (!known.has(id)) problems.push(`A test cites ${id}, which is not a rule of rules.md.`);
  }
  for (const id of Object.keys(reasons)) {
    if (!known.has(id)) problems.push(`untestable-rules.ts names ${id}, which is not a rule.`);
  }
  const traces = rules.map((rule) => {
    const tests = testsByRule.get(rule.id) ?? [];
    const reason = reasons[rule.id];
    if (!tests.length && !reason) {
      problems.push(`${rule.id} has no test and no stated reason (${rule.text})`);
    }
    if (rule.open && !reason) {
      problems.push(`${rule.id} is open in rules.md but untestable-rules.ts states no reason.`);
    }
    return { rule, tests, reason };
  });
  return { traces, problems };
}
