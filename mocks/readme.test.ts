import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

/** The file and folder paths the README names in code spans (`domain/state.ts`, `spec/...`). */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  // A bare file name follows a path in the same list (`domain/notes.ts`, `transactions.ts`), so
  // only spans with a folder are checked.
  return spans.filter((span) => /^[a-z][\w.-]*(\/[\w.<>-]*)+$/.test(span));
}

describe("the mock's README (its layer map and checklists)", () => {
  test('every file and folder its checklists name exists, beside mocks/ or at the root', () => {
    const paths = namedPaths(readFileSync(join(here, 'README.md'), 'utf8'));
    expect(paths.length).toBeGreaterThan(30);
    const missing = paths
      .filter((p) => !p.includes('<'))
      .filter((p) => !existsSync(join(here, p)) && !existsSync(join(root, p)));
    expect(missing).toEqual([]);
  });
});
