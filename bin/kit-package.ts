/**
 * What the bins share: the kit's own package.json (for `--version`) and whether a bin runs from
 * the built package (`dist/bin/*.js`) or from the sources (`bin/*.ts` under tsx, as the npm
 * scripts of a clone run it).
 */
import { readFileSync } from 'node:fs';

/** True when this module was loaded from its TypeScript source (a clone, under tsx). */
export const fromSources = import.meta.url.endsWith('.ts');

/** The kit's package.json: `bin/` in a clone, `dist/bin/` in the package. */
const packageJsonUrl = new URL(
  fromSources ? '../package.json' : '../../package.json',
  import.meta.url,
);

/** The kit's name and version. */
export function kitPackage(): { name: string; version: string } {
  return JSON.parse(readFileSync(packageJsonUrl, 'utf8')) as { name: string; version: string };
}

/**
 * Answers `--version` / `-V` for a bin, before any other work (and before the heavier modules
 * load). Returns true when it did.
 */
export function printedVersion(argv: readonly string[]): boolean {
  if (!argv.includes('--version') && !argv.includes('-V')) return false;
  process.stdout.write(`${kitPackage().version}\n`);
  return true;
}
