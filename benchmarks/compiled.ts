/**
 * The package as suppliers run it, for the benchmarks (decisions 016 and 018): built into dist/
 * by `npm run build`, and its compiled modules imported from there, typed by their sources, so
 * that no TypeScript loader is on a measured path.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Runs `npm run build`; throws when it fails. */
export function buildPackage(): void {
  const built = spawnSync('npm', ['run', '--silent', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/** The compiled mock factory and Node environment, from dist/ (built first by the caller). */
export async function compiledMock(): Promise<{
  createDataImportMock: typeof import('../mocks/create-mock.ts')['createDataImportMock'];
  nodeEnv: typeof import('../mocks/node-env.ts')['nodeEnv'];
}> {
  const dist = (module: string) => pathToFileURL(join(import.meta.dirname, '../dist', module)).href;
  const { createDataImportMock } = (await import(
    dist('mocks/create-mock.js')
  )) as typeof import('../mocks/create-mock.ts');
  const { nodeEnv } = (await import(
    dist('mocks/node-env.js')
  )) as typeof import('../mocks/node-env.ts');
  return { createDataImportMock, nodeEnv };
}
