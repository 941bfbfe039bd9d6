/**
 * The platform validator codes the suite checks (decision 015): every code an element of the spec
 * carries (`x-platform-codes`), with the invalid-twin tests whose expected answer carries it, and
 * how this run's target answered them. Against the kit's mock they are hard checks; against
 * another target a difference is a soft `platform-fact` finding, so this section shows how far a
 * target follows the real platform where the reference is silent.
 */
import { domesticAccount } from '../../fixtures/domestic-account.ts';
import { FIXTURE_KINDS, invalidTwins, KINDS } from '../../fixtures/index.ts';
import { openapiDocument } from '../../spec/index.ts';
import { collectPlatformCodes } from '../../spec/traceability.ts';

/** One test of the run as the reporter keeps it. */
export interface CodeTestRecord {
  title: string;
  outcome: 'passed' | 'failed' | 'skipped';
  /** Sources of the soft findings the test recorded (`platform`, `kit`). */
  softSources: string[];
}

/** How the run's target answered one platform code. */
export type CodeResult = 'as the platform' | 'differs (soft)' | 'failed' | 'not in this run';

/** The title of a twin's test in invalid-twins.spec.ts, without the rule prefix. */
function twinTitle(kind: string, name: string): string {
  return `the ${kind} invalid twin ${name} gets its documented refusal`;
}

/** Platform code -> the twin test titles that check it. */
export function platformCodeTests(): Map<string, string[]> {
  const codes = collectPlatformCodes(openapiDocument);
  const tests = new Map<string, string[]>([...codes.keys()].map((c) => [c, []]));
  for (const kind of FIXTURE_KINDS) {
    const options =
      KINDS[kind].accountState === 'none' ? {} : { account: domesticAccount({ seed: 1 }) };
    for (const twin of invalidTwins(kind, { seed: 1, ...options })) {
      const found = [twin.expect.code, ...(twin.expect.errors ?? []).map((e) => e.code)];
      for (const code of found) tests.get(code ?? '')?.push(twinTitle(kind, twin.name));
    }
  }
  return tests;
}

/** Each platform code's result in a run, from the run's test records. */
export function platformCodeResults(records: CodeTestRecord[]): Map<string, CodeResult> {
  const byTitle = new Map<string, CodeTestRecord[]>();
  for (const r of records) {
    const title = r.title.replace(/^(\[[A-Z]+-\d+\]\s*)+/, '');
    byTitle.set(title, [...(byTitle.get(title) ?? []), r]);
  }
  const out = new Map<string, CodeResult>();
  for (const [code, titles] of platformCodeTests()) {
    const ran = titles.flatMap((t) => byTitle.get(t) ?? []).filter((r) => r.outcome !== 'skipped');
    if (!ran.length) out.set(code, 'not in this run');
    else if (ran.some((r) => r.outcome === 'failed')) out.set(code, 'failed');
    else if (ran.some((r) => r.softSources.length)) out.set(code, 'differs (soft)');
    else out.set(code, 'as the platform');
  }
  return out;
}

/** The Markdown section of the traceability report, with its counts. */
export function platformCodesMarkdown(results: Map<string, CodeResult>): string {
  const count = (what: CodeResult) => [...results.values()].filter((r) => r === what).length;
  const lines = [
    '## Platform validator codes',
    '',
    `${results.size} codes the real platform's validators raise (spec/PLATFORM.md); ` +
      `${results.size - count('not in this run')} checked by an invalid twin in this run: ` +
      `${count('as the platform')} answered as the platform does, ${count('differs (soft)')} differently ` +
      `(soft findings: the reference is silent), ${count('failed')} failed.`,
    '',
    '| code | this run |',
    '| --- | --- |',
    ...[...results.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([c, r]) => `| ${c} | ${r} |`),
    '',
  ];
  return lines.join('\n');
}
