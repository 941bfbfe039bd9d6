/**
 * The V2 project's own static check (decision 028): V2 has no rules of the interface reference,
 * so its tests cite instead the source they rest on, `[x-source: platform]`, and the platform
 * codes, statuses and events they check in brackets; every cited name must be one the spec
 * knows, so that a title cannot cite a code nothing answers. Static: it reads the files.
 */
import { fileURLToPath } from 'node:url';
import { openapiDocument } from '../../spec/index.ts';
import { expect, test } from '../fixtures.ts';
import { scanTests } from '../support/traceability.ts';
import { platformNamesCited } from '../support/v2-titles.ts';

const v2Dir = fileURLToPath(new URL('.', import.meta.url));

test.describe('V2 titles', () => {
  test('every V2 test cites x-source: platform and only names the spec knows', () => {
    const spec = JSON.stringify(openapiDocument);
    const problems: string[] = [];
    // Itself aside, from the sources (.ts) and from the package (.js).
    const tests = scanTests(v2Dir).filter((t) => !/^titles\.spec\.[jt]s$/.test(t.file));
    expect(tests.length, 'the V2 tests found').toBeGreaterThan(0);
    for (const t of tests) {
      if (!t.title.startsWith('[x-source: platform]')) {
        problems.push(`${t.file}:${t.line} does not start with [x-source: platform]`);
      }
      if (t.rules.length) problems.push(`${t.file}:${t.line} cites a rule of the reference`);
      for (const name of platformNamesCited(t.title)) {
        if (!spec.includes(name)) {
          problems.push(`${t.file}:${t.line} cites ${name}, which the spec does not know`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
