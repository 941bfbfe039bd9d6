/**
 * The response-level `x-platform-difference` notes (decision 026) are well formed, their platform
 * schemas compile, and each records a real difference: the reference's own examples of the
 * response are refused by the platform's schema.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { loadContract } from './contract.ts';
import { openapiDocument } from './index.ts';
import {
  collectResponseDifferences,
  differenceNote,
  PLATFORM_DIFFERENCE_SCHEMA,
  platformDialectDocument,
  withDifferenceNotes,
} from './platform-difference.ts';

type Json = Record<string, unknown>;

const differences = collectResponseDifferences(openapiDocument);
const platform = loadContract(platformDialectDocument(openapiDocument), 'kit:openapi-platform');
const validate = new Ajv2020({ strict: true, strictRequired: false, allErrors: true }).compile(
  PLATFORM_DIFFERENCE_SCHEMA,
);

function at(pointer: string, document: Json = openapiDocument): Json {
  return pointer
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json>((node, part) => node[part] as Json, document);
}

/** The reference's examples of one response, resolved. */
function examplesOf(pointer: string): [string, unknown][] {
  let response = at(pointer);
  if (typeof response.$ref === 'string') response = at(response.$ref);
  const media = ((response.content as Json)['application/json'] ?? {}) as Json;
  return Object.entries((media.examples as Json | undefined) ?? {}).map(([name, example]) => {
    const node = example as Json;
    return [name, typeof node.$ref === 'string' ? at(node.$ref).value : node.value];
  });
}

describe('x-platform-difference on responses', () => {
  test('the answers known to differ are annotated', () => {
    const annotated = new Set(differences.map((d) => `${d.operationId} ${d.status}`));
    for (const expected of [
      'createOrUpdateAccountImportProcess 201',
      'processAccountImportProcess 201',
      'processAccountImportProcess 400',
      'validateAccount 400',
      'getAccountTransferStatus 200',
      'listAllAccountImportProcesses 200',
      'sendRegistrationFlows 200',
      'getMeterpointStatusesForAccount 404',
      'createPaymentInstruction 201',
    ]) {
      expect(annotated, expected).toContain(expected);
    }
  });

  test.each(differences.map((d) => [`${d.operationId} ${d.status}`, d] as const))(
    '%s is well formed',
    (_, d) => {
      const ok = validate(d.difference);
      expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
      expect(ok).toBe(true);
    },
  );

  test.each(differences.map((d) => [`${d.operationId} ${d.status}`, d] as const))(
    "%s: the platform's schema refuses the reference's examples",
    (_, d) => {
      const examples = examplesOf(d.pointer);
      expect(examples.length).toBeGreaterThan(0);
      // An example the two sources answer alike (TRANSACTION_IMPORT_ERROR) is the only kind
      // allowed through, and then some other example of the response must differ.
      const refused = examples.filter(
        ([, value]) =>
          !platform.checkResponse(d.operationId, Number(d.status), 'application/json', value).ok,
      );
      expect(refused.map(([name]) => name).length, 'examples the platform refuses').toBeGreaterThan(
        0,
      );
    },
  );

  test('renamed fields name fields of the reference answer', () => {
    for (const d of differences) {
      for (const field of d.difference.fields ?? []) {
        if (!field.reference) continue;
        const examples = examplesOf(d.pointer).map(([, v]) => (Array.isArray(v) ? v[0] : v));
        const named = examples.some(
          (v) => v === undefined || (v && typeof v === 'object' && field.reference! in (v as Json)),
        );
        expect(named, `${d.operationId} ${d.status}: ${field.reference}`).toBe(true);
      }
    }
  });

  test.each(differences.map((d) => [`${d.operationId} ${d.status}`, d] as const))(
    '%s is shown on the docs site and in PLATFORM.md',
    (_, d) => {
      const shown = withDifferenceNotes(openapiDocument);
      let response = at(d.pointer, shown);
      if (typeof response.$ref === 'string') response = at(response.$ref, shown);
      expect(response.description).toContain(differenceNote(d.difference));
      const platformMd = readFileSync(new URL('./PLATFORM.md', import.meta.url), 'utf8');
      expect(platformMd).toContain(`| ${d.operationId} | ${d.status} | ${d.difference.summary}`);
    },
  );
});
