/**
 * The suite's own checks, without a target: every rule of the reference has a test or a reviewed
 * reason, and every test cites known rules ("a test fails when a rule ID has no test and
 * no stated reason"). Static: it reads the test files' titles, so it needs no run of the suite;
 * the reporter writes the same table from the run's real results to
 * reports/contract-traceability.md.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures.ts';
import { scanTests, trace } from '../support/traceability.ts';

const suiteDir = fileURLToPath(new URL('..', import.meta.url));

test.describe('traceability', () => {
  test('every rule of the reference has a test or a stated reason', () => {
    const testsByRule = new Map<string, string[]>();
    for (const t of scanTests(suiteDir)) {
      for (const id of t.rules) {
        testsByRule.set(id, [...(testsByRule.get(id) ?? []), `${t.file}:${t.line}`]);
      }
    }
    const { problems } = trace(testsByRule);
    expect(problems, 'rules without a test or a reason, or unknown rule IDs').toEqual([]);
  });

  test('every test of an operation cites at least one rule', () => {
    const untraced = scanTests(suiteDir)
      .filter((t) => !t.file.startsWith('meta/') && t.rules.length === 0)
      // V2 has no rules of the reference: v2/titles.spec.ts holds its titles to the platform's,
      // and the V2 twins' titles (v2/, and isolated/v2-* for the catalogue switches) are checked
      // at run time against the spec's codes (v2/twins.spec.ts).
      .filter((t) => !/(^|\/)v2[-/]/.test(t.file))
      // A title built from data cites its rule at run time (`[${twin.rule}] ...`).
      .filter((t) => !t.title.includes('[${'))
      .map((t) => `${t.file}:${t.line} ${t.title}`);
    expect(untraced).toEqual([]);
  });
});
