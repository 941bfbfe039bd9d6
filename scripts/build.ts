/**
 * `npm run build` (run by `prepack`, so by `npm pack` and `npm publish`): the package's dist/.
 *
 * 1. tsc with tsconfig.build.json: ES modules, declarations and source maps (with the sources
 *    inlined, since the .ts files are not shipped) for every non-test file of the public
 *    directories; the spec's JSON bundles come along because spec/index.ts imports them.
 * 2. The spec documents as YAML beside their JSON, for the `./spec/*.yaml` exports.
 * 3. The documents the help texts and READMEs cite (the decisions, the fixtures' and suite's
 *    READMEs), the reference's rule catalogue, which the contract suite's traceability report
 *    reads, the fixtures' example population profiles and the browser pages' style sheets.
 * 4. The bins made executable, and last `dist/.build-complete`, the mark that dist/ is whole.
 * A type error fails the build: the package is only as good as what Node's own resolution of
 * the emitted imports allows. Why tsc and not a bundler: docs/decisions/009-packaging.md.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { copyDocuments } from './build-documents.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist/`;

rmSync(dist, { recursive: true, force: true });

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], {
  stdio: 'inherit',
});
if (compiled.status !== 0) {
  console.error('build: tsc failed (see above)');
  process.exit(1);
}

for (const name of ['openapi', 'control']) {
  const document = JSON.parse(readFileSync(`${dist}spec/dist/${name}.json`, 'utf8'));
  writeFileSync(
    `${dist}spec/dist/${name}.yaml`,
    stringify(document, { aliasDuplicateObjects: false }),
  );
}

// The documents the help texts and READMEs cite, the reference's rule catalogue and the example
// population profiles, at their clone paths under dist/ (scripts/build-documents.ts).
copyDocuments(root, dist);
// The browser pages' style sheets (their scripts are compiled above; the mock's server bundles
// them with esbuild on first request, console/server/bundles.ts).
for (const sheet of ['console.css', 'docs.css'])
  cpSync(`${root}console/web/${sheet}`, `${dist}console/web/${sheet}`);

for (const file of readdirSync(`${dist}bin`)) {
  if (file.endsWith('.js') && file.startsWith('data-import-'))
    chmodSync(`${dist}bin/${file}`, 0o755);
}
// Last: the mark that dist/ is whole, which `npm start` in a clone waits for (start-built.mjs).
writeFileSync(`${dist}.build-complete`, `${new Date().toISOString()}\n`);
console.log('build: dist/ written');
