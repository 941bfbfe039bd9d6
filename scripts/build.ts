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
 * 4. The bins made executable.
 * 5. A second copy of the public declarations under dist/types-require/, marked CommonJS, for
 *    the `require` condition of the exports: a CommonJS consumer's TypeScript then reads msw's
 *    CommonJS declarations through the kit as well as through its own `msw/node`, not msw's ES
 *    module ones through the kit (two copies of msw's classes, which do not match: a handler
 *    would not be assignable to `setupServer`). Decision 009.
 * 6. Last, `dist/.build-complete`: the mark that dist/ is whole (scripts/start-built.mjs).
 * A type error fails the build: the package is only as good as what Node's own resolution of
 * the emitted imports allows. Why tsc and not a bundler: docs/decisions/009-packaging.md.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative } from 'node:path';
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
// The declarations again for CommonJS consumers (5.): the same files, whose imports TypeScript
// resolves with the `require` condition because the folder's package.json says CommonJS. The
// suite's, the bins' and the config's declarations are not shipped (package.json `files`).
const requireTypes = `${dist}types-require/`;
for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  const path = `${dist}${file}`;
  if (!path.endsWith('.d.ts') || /^(bin|contract-tests)\/|^playwright\.config\./.test(file))
    continue;
  const target = `${requireTypes}${relative(dist, path)}`;
  mkdirSync(dirname(target), { recursive: true });
  cpSync(path, target);
}
writeFileSync(`${requireTypes}package.json`, `${JSON.stringify({ type: 'commonjs' })}\n`);
// Last: the mark that dist/ is whole, which `npm start` in a clone waits for (start-built.mjs).
writeFileSync(`${dist}.build-complete`, `${new Date().toISOString()}\n`);
console.log('build: dist/ written');
