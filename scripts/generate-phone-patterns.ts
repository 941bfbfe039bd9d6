/**
 * Writes the UK phone number patterns compiled from libphonenumber-js's metadata (rule VAL-4,
 * decision 027), so that `uk-phone` is judged by one pattern per number at run time.
 *
 * Usage: tsx scripts/generate-phone-patterns.ts <out.ts>
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  compileUkPhonePatterns,
  type PhoneMetadata,
} from '../spec/formats/compile-phone-patterns.ts';

const [output] = process.argv.slice(2);
if (!output) {
  console.error('usage: generate-phone-patterns <out.ts>');
  process.exit(2);
}
// The package maps the JSON to a JavaScript module for ESM; the metadata is read as it ships.
const metadata = createRequire(import.meta.url)(
  'libphonenumber-js/metadata.max.json',
) as PhoneMetadata;
writeFileSync(output, compileUkPhonePatterns(metadata));
