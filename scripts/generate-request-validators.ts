/**
 * Writes every request body validator of the interface as ajv standalone code (decision 027):
 * the same ajv, options, formats and schemas the contract would compile at start
 * (spec/contract.ts createKitAjv), compiled once by the build, so that a request runs one
 * generated function per operation and the server starts without compiling them. With
 * `--first-error`, the same validators compiled to stop at the first failure without errors
 * (createKitAjv's `firstError`): the first check of every body, whose answer is the full
 * validator's, so that only a refused body pays for gathering every error.
 *
 * Usage: tsx scripts/generate-request-validators.ts <openapi.json> <out.ts> [--first-error]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { AnySchemaObject } from 'ajv';
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createKitAjv, loadContract, rewriteRefs } from '../spec/contract.ts';
import { standaloneModules } from '../spec/formats/standalone.ts';

const [input, output, mode] = process.argv.slice(2);
const firstError = mode === '--first-error';
if (!input || !output) {
  console.error('usage: generate-request-validators <openapi.json> <out.ts>');
  process.exit(2);
}
const ID = 'kit:openapi';
const document = JSON.parse(readFileSync(input, 'utf8')) as Record<string, unknown>;
const contract = loadContract(document, ID);
const ajv = createKitAjv(document, ID, true, firstError);
// The generated code finds its formats by name in one object (ajv-formats set its own).
ajv.opts.code.esm = true;
ajv.opts.code.formats = _`standaloneFormats`;

const refs: Record<string, string> = {};
for (const operationId of [...contract.operations.keys()].sort()) {
  const schema = contract.requestBodySchema(operationId);
  if (schema === undefined) continue;
  ajv.addSchema(rewriteRefs(schema, ID) as AnySchemaObject, `request:${operationId}`);
  refs[operationId] = `request:${operationId}`;
}
let code = standaloneCode(ajv, refs);
// ajv writes CommonJS `require`s; the spec module is ESM and also runs in browsers, so each
// becomes a lookup in the modules spec/formats/standalone.ts provides.
code = code.replace(/require\("([^"]+)"\)/g, (_whole: string, name: string) => {
  if (!standaloneModules.includes(name)) throw new Error(`standalone code needs ${name}`);
  return `standaloneRequire(${JSON.stringify(name)})`;
});
writeFileSync(
  output,
  `// Generated from spec/dist/openapi.json by scripts/generate-request-validators.ts; do not edit.
// @ts-nocheck: ajv's standalone code is untyped JavaScript; spec/index.ts types its exports.
import { standaloneFormats, standaloneRequire } from '../formats/standalone.ts';
${code.replace(/^"use strict";/, '')}
`,
);
