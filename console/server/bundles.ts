/**
 * Browser bundles of the console and of the in-browser MSW page, built by esbuild from the
 * repository's TypeScript the first time a page asks for them, and kept in memory. Nothing is
 * fetched from elsewhere: every module comes from the repository or node_modules.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** An entry point: the TypeScript source in the repository, its compiled module in the package. */
function entry(path: string): string {
  const source = resolve(root, `${path}.ts`);
  return existsSync(source) ? source : resolve(root, `${path}.js`);
}

/** The browser entry points, by the URL path they are served at. */
export const BUNDLES: Record<string, string> = {
  '/console/app.js': entry('web/console/main'),
  '/msw/app.js': entry('web/msw/main'),
};

const built = new Map<string, Promise<string>>();

/** The bundle of one entry point (ES module, minified), built once per process. */
export function bundle(entry: string): Promise<string> {
  let result = built.get(entry);
  if (!result) {
    result = (async () => {
      const { build } = await import('esbuild');
      const output = await build({
        entryPoints: [entry],
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        write: false,
        legalComments: 'none',
        logLevel: 'silent',
      });
      return output.outputFiles[0]!.text;
    })();
    // A failed build is not kept, so that a fixed file is picked up on the next request.
    result.catch(() => built.delete(entry));
    built.set(entry, result);
  }
  return result;
}
