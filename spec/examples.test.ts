/**
 * Every example in the spec validates against its own schema (decision 001): request
 * examples against the request body, response examples against the documented response, and the
 * `examples` arrays inside schemas against the schema that carries them.
 */
import { describe, expect, test } from 'vitest';
import { dataImport, openapiDocument } from './index.ts';

type Json = Record<string, unknown>;

function resolveExample(node: Json): unknown {
  const ref = node.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/examples/', '');
    const components = openapiDocument.components as Json;
    return ((components.examples as Json)[name] as Json).value;
  }
  return node.value;
}

function resolve(node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  return ref
    .slice(2)
    .split('/')
    .reduce<Json>((n, part) => n[part] as Json, openapiDocument);
}

const requestCases: [string, string, unknown][] = [];
const responseCases: [string, string, number, unknown][] = [];
for (const info of dataImport.operations.values()) {
  const body = info.operation.requestBody as Json | undefined;
  const media = ((body?.content as Json | undefined)?.['application/json'] ?? {}) as Json;
  for (const [name, example] of Object.entries((media.examples as Json | undefined) ?? {})) {
    requestCases.push([info.operationId, name, resolveExample(example as Json)]);
  }
  for (const [status, response] of Object.entries(info.operation.responses as Json)) {
    const content = (resolve(response as Json).content as Json | undefined) ?? {};
    for (const mediaType of Object.values(content)) {
      for (const [name, example] of Object.entries(
        ((mediaType as Json).examples as Json | undefined) ?? {},
      )) {
        responseCases.push([
          info.operationId,
          name,
          Number(status),
          resolveExample(example as Json),
        ]);
      }
    }
  }
}

const schemaExampleCases: [string, object, unknown][] = [];
function collectSchemaExamples(node: unknown, where: string): void {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) collectSchemaExamples(n, `${where}/${i}`);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (Array.isArray(schema.examples)) {
    for (const example of schema.examples) schemaExampleCases.push([where, schema, example]);
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key !== 'examples') collectSchemaExamples(value, `${where}/${key}`);
  }
}
collectSchemaExamples((openapiDocument.components as Json).schemas, '#/components/schemas');

describe('spec examples', () => {
  test('every operation has at least one request or response example', () => {
    const withExamples = new Set([
      ...requestCases.map(([op]) => op),
      ...responseCases.map(([op]) => op),
    ]);
    expect([...dataImport.operations.keys()].filter((op) => !withExamples.has(op))).toEqual([]);
  });

  test.each(requestCases)(
    '%s request example %s validates against the request body',
    (op, _n, value) => {
      expect(dataImport.validateRequestBody(op, value)).toEqual([]);
    },
  );

  test.each(responseCases)(
    '%s response example %s validates against the documented %i response',
    (op, _n, status, value) => {
      expect(dataImport.checkResponse(op, status, 'application/json', value).problems).toEqual([]);
    },
  );

  test.each(schemaExampleCases)(
    'schema example at %s validates against its schema',
    (_w, schema, value) => {
      expect(dataImport.validateValue(schema, value)).toEqual([]);
    },
  );
});
