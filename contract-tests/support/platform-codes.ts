/**
 * The platform validator codes the suite checks (decision 015): every code an element of the spec
 * carries (`x-platform-codes`), with the invalid-twin tests whose expected answer carries it. The
 * conformance summary (reporting/summary.ts) says how this run's target answered them.
 */
import { domesticAccount } from '../../fixtures/domestic-account.ts';
import { FIXTURE_KINDS, invalidTwins, KINDS } from '../../fixtures/index.ts';
import { openapiDocument } from '../../spec/index.ts';
import { collectPlatformCodes } from '../../spec/traceability.ts';

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
