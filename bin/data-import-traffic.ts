#!/usr/bin/env node
/**
 * `data-import-traffic` (and `npm run traffic` in a clone): checks exchanges with a deployed
 * service, or with the mock, against the contract: `check FILE...` on recorded exchanges,
 * `proxy --target URL` on live ones, recording them redacted with `--record FILE`
 * (traffic/cli.ts, decision 029). Exit codes: 0 no finding at or above `--fail-on`, 1 such
 * findings, 2 bad input or arguments (or a recording a full disk stopped).
 */
import { printedVersion } from './kit-package.ts';

if (!printedVersion(process.argv.slice(2))) {
  const { main } = await import('../traffic/cli.ts');
  process.exitCode = await main(process.argv.slice(2));
}
