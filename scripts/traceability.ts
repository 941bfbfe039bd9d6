/**
 * Writes spec/TRACEABILITY.md (rule -> spec elements), spec/ASSUMPTIONS.md (the kit's decisions
 * where the reference is silent) and spec/PLATFORM.md (platform facts, the reference's
 * differences, platform codes raised) from the bundled spec (decision 001).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { domesticAccount } from '../fixtures/domestic-account.ts';
import { invalidTwins } from '../fixtures/invalid/index.ts';
import { ALL_FIXTURE_KINDS, KINDS } from '../fixtures/kinds.ts';
import openapi from '../spec/dist/openapi.json' with { type: 'json' };
import { renderAssumptions, renderPlatform, renderTraceability } from '../spec/traceability.ts';

const document = openapi as Record<string, unknown>;

/**
 * The invalid twins that prove each code (decision 015): code -> `kind/twin` labels of the twins
 * whose expected answer carries it (the fixtures' invalid.test.ts checks the mock answers each
 * with exactly that code).
 */
export function twinProofs(): Map<string, string[]> {
  const proofs = new Map<string, string[]>();
  const add = (code: string | undefined, label: string) => {
    if (!code) return;
    const labels = proofs.get(code) ?? [];
    if (!labels.includes(label)) labels.push(label);
    proofs.set(code, labels);
  };
  for (const kind of ALL_FIXTURE_KINDS) {
    const account =
      KINDS[kind].accountState === 'none' ? {} : { account: domesticAccount({ seed: 1 }) };
    for (const twin of invalidTwins(kind, { seed: 1, ...account })) {
      const label = `${kind}/${twin.name}`;
      add(twin.expect.code, label);
      for (const error of twin.expect.errors ?? []) add(error.code, label);
    }
  }
  return proofs;
}

/** The platform codes the kit leaves out, with why (`spec/platform-not-raised.yaml`). */
export function notRaisedReasons(): Record<string, string> {
  const text = readFileSync(new URL('../spec/platform-not-raised.yaml', import.meta.url), 'utf8');
  const families = (parse(text) ?? {}) as Record<string, Record<string, string> | null>;
  return Object.assign({}, ...Object.values(families).map((f) => f ?? {}));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../spec/TRACEABILITY.md', import.meta.url), renderTraceability(document));
  writeFileSync(new URL('../spec/ASSUMPTIONS.md', import.meta.url), renderAssumptions(document));
  writeFileSync(
    new URL('../spec/PLATFORM.md', import.meta.url),
    renderPlatform(document, twinProofs(), notRaisedReasons()),
  );
}
