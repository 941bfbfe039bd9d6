/**
 * Writes the platform catalogue's defaults (decision 015) as a TypeScript module, from the parts
 * in `spec/platform-catalogue/*.yaml`, so that the spec module carries them into every runtime
 * (the standalone server, MSW in a browser, the fixtures) without reading files.
 *
 * Usage: tsx scripts/generate-platform-catalogue.ts <out.ts>
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const [output] = process.argv.slice(2);
if (!output) {
  console.error('usage: generate-platform-catalogue <out.ts>');
  process.exit(2);
}
const dir = join(import.meta.dirname, '../spec/platform-catalogue');
const catalogue: Record<string, unknown> = {};
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()) {
  const part = parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
  for (const [key, value] of Object.entries(part)) {
    if (key in catalogue) throw new Error(`${file}: ${key} is already given by another part`);
    catalogue[key] = value;
  }
}
writeFileSync(
  output,
  `// Generated from spec/platform-catalogue/*.yaml by scripts/generate-platform-catalogue.ts; do not edit.
import type { components } from './control.ts';

/**
 * The kit's default platform catalogue (decision 015): the platform's own data that some of its
 * validators check against, as a realistic UK supplier would have it.
 */
export const defaultPlatformCatalogue: components['schemas']['PlatformCatalogue'] = ${JSON.stringify(catalogue, null, 2)};
`,
);
