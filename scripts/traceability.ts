/**
 * Writes spec/TRACEABILITY.md (rule -> spec elements), spec/ASSUMPTIONS.md (the kit's decisions
 * where the reference is silent) and spec/PLATFORM.md (platform facts, the reference's
 * differences, platform codes raised) from the bundled spec (decision 001).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapi from '../spec/dist/openapi.json' with { type: 'json' };
import {
  renderAssumptions,
  renderPlatform,
  renderTraceability,
  specRaisedCodes,
} from '../spec/traceability.ts';

const document = openapi as Record<string, unknown>;

/** Codes the kit raises: the spec's own error codes, and code literals in the mock's sources. */
export function raisedCodes(root = new URL('..', import.meta.url).pathname): Set<string> {
  const out = specRaisedCodes(document);
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
        for (const m of readFileSync(path, 'utf8').matchAll(/'([a-z][a-z0-9_]+)'/g)) {
          out.add(m[1] as string);
        }
      }
    }
  };
  visit(join(root, 'mocks'));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../spec/TRACEABILITY.md', import.meta.url), renderTraceability(document));
  writeFileSync(new URL('../spec/ASSUMPTIONS.md', import.meta.url), renderAssumptions(document));
  writeFileSync(
    new URL('../spec/PLATFORM.md', import.meta.url),
    renderPlatform(document, raisedCodes()),
  );
}
