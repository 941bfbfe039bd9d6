#!/usr/bin/env node
/**
 * `data-import-fixtures` (and `npm run fixtures` in a clone): seeded NDJSON fixtures and invalid
 * twins (fixtures/cli.ts). Exit codes: 0 done, 2 a bad argument, 1 anything else.
 */
import { printedVersion } from './kit-package.ts';

if (!printedVersion(process.argv.slice(2))) {
  const { main } = await import('../fixtures/cli.ts');
  main(process.argv.slice(2));
}
