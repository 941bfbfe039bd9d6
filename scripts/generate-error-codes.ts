/**
 * Writes the TypeScript unions of the error catalogue's codes (decision 008) from a bundled
 * spec, so that a domain failure with a code the catalogue lacks does not compile.
 *
 * Usage: tsx scripts/generate-error-codes.ts <bundled openapi.json> <output .ts>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadErrorCatalogue } from '../spec/error-catalogue.ts';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: generate-error-codes <openapi.json> <out.ts>');
  process.exit(2);
}
const catalogue = loadErrorCatalogue(JSON.parse(readFileSync(input, 'utf8')));
const union = (level: 'request' | 'field') =>
  [...catalogue.values()]
    .filter((e) => e.level === level)
    .map((e) => `  | '${e.code}'`)
    .sort()
    .join('\n');

writeFileSync(
  output,
  `// Generated from the spec's error catalogue by scripts/generate-error-codes.ts; do not edit.

/** A request-level code of the error catalogue: the top-level \`code\` of an answer. */
export type ErrorCode =
${union('request')};

/** A field-level code of the error catalogue: the \`code\` of one \`errors\` item. */
export type FieldCode =
${union('field')};
`,
);
