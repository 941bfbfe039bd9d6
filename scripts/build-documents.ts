/**
 * The documents the package ships under dist/ (scripts/build.ts copies them): everything the
 * commands' help and the READMEs cite, at the same path under dist/ as in a clone, so that a
 * package user finds `docs/decisions/012-...md` under node_modules/data-import-contract-kit/dist/
 * and `--profile NAME` finds the example profiles beside the compiled fixtures.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';

/** Files and folders (ending in /) copied from the clone to the same path under dist/. */
export const SHIPPED_DOCUMENTS = [
  // The reference's rule catalogue, which the contract suite's traceability report reads.
  'docs/reference/',
  // The decisions the help texts and READMEs cite.
  'docs/decisions/',
  // The example population profiles (`--profile NAME`, fixtures/population.ts).
  'fixtures/profiles/',
  'fixtures/README.md',
  'contract-tests/README.md',
  'spec/PLATFORM.md',
  'spec/TRACEABILITY.md',
  'spec/ASSUMPTIONS.md',
] as const;

/** Copies {@link SHIPPED_DOCUMENTS} from `root` into `dist` (both folders). */
export function copyDocuments(root: string, dist: string): void {
  for (const path of SHIPPED_DOCUMENTS) {
    cpSync(join(root, path), join(dist, path), { recursive: true });
  }
}
