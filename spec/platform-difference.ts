/**
 * Response-level `x-platform-difference` (decision 026): where the interface reference and the
 * real platform's published document answer differently, the response records what the platform
 * answers (a schema, its document's section, the renamed fields and mapped values) beside the
 * reference's own answer, which the kit keeps by default. One reader for the spec's checks, the
 * generated `spec/PLATFORM.md`, the docs site, the mock's platform dialect and the suite's
 * `CONTRACT_DIALECT=platform`.
 *
 * On a schema (`components/schemas/X`) the same key keeps its older form: a map from a platform
 * request field to why the reference decides against it (decision 014).
 */

type Json = Record<string, unknown>;

/** How the platform's answer is built from the reference's (the mock's platform dialect). */
export type DifferenceShape =
  /** The same shape; fields renamed or given other values (`fields`). */
  | 'renamed'
  /** The reference's array of one item is answered as that item. */
  | 'single-object'
  /** The reference's error body is answered as Django REST framework's field-keyed messages. */
  | 'field-keyed-errors';

/** The shapes of {@link DifferenceShape}, in the order the extension's schema lists them. */
export const DIFFERENCE_SHAPES: readonly DifferenceShape[] = [
  'renamed',
  'single-object',
  'field-keyed-errors',
];

/** How one failure of the reference's error body (by its code) is answered on the platform. */
export type CodeShape =
  /** `{external_account_number, kraken_account_number, non_field_errors: [detail]}`. */
  | 'already-imported'
  /** `{detail, code: '<HTTP status>'}`. */
  | 'detail-and-status-code';

/** One field the two sources name or fill differently. */
export interface FieldDifference {
  /** The reference's field (absent when the platform adds a field the reference lacks). */
  reference?: string;
  /** The platform's field. */
  platform: string;
  /** Further platform fields that carry the same value (deprecated copies). */
  also?: string[];
  /** The platform's value for each reference value, when they differ. */
  values?: Record<string, string>;
  /** The request body's field the platform's value is taken from (`reference` absent). */
  request?: string;
  /** What else differs about the field (nullability, say). */
  note?: string;
}

/** The extension on one response (status level). */
export interface PlatformDifference {
  /** What the platform answers, in words. */
  summary: string;
  shape: DifferenceShape;
  /** Why the kit keeps the reference's answer: the rule IDs or the decision. */
  decides: string;
  platform: {
    /** Where the platform document says it: operation, response, schema names. */
    section: string;
    /** The platform's answer as a JSON Schema (2020-12, as the spec). */
    schema: Json;
  };
  fields?: FieldDifference[];
  /** Reference error codes answered with a shape of their own on the platform. */
  codes?: Record<string, CodeShape>;
}

/** A response of the interface with its difference. */
export interface ResponseDifference {
  operationId: string;
  method: string;
  path: string;
  status: string;
  /** JSON pointer of the response in the bundled document. */
  pointer: string;
  difference: PlatformDifference;
}

/** The JSON Schema of the response-level extension, checked by `spec/platform-difference.test.ts`. */
export const PLATFORM_DIFFERENCE_SCHEMA: Json = {
  type: 'object',
  required: ['summary', 'shape', 'decides', 'platform'],
  additionalProperties: false,
  properties: {
    summary: { type: 'string', minLength: 20 },
    shape: { enum: [...DIFFERENCE_SHAPES] },
    decides: { type: 'string', minLength: 10 },
    platform: {
      type: 'object',
      required: ['section', 'schema'],
      additionalProperties: false,
      properties: {
        section: { type: 'string', pattern: '^V[12] .+, responses? [0-9]' },
        schema: { type: 'object', minProperties: 1 },
      },
    },
    fields: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['platform'],
        additionalProperties: false,
        properties: {
          reference: { type: 'string', minLength: 1 },
          platform: { type: 'string', minLength: 1 },
          also: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
          values: {
            type: 'object',
            minProperties: 1,
            additionalProperties: { type: 'string' },
          },
          request: { type: 'string', minLength: 1 },
          note: { type: 'string', minLength: 1 },
        },
        // A field is renamed from the reference's or taken from the request, never both.
        oneOf: [{ required: ['reference'] }, { required: ['request'] }],
      },
    },
    codes: {
      type: 'object',
      minProperties: 1,
      additionalProperties: { enum: ['already-imported', 'detail-and-status-code'] },
    },
  },
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function escapePointer(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The response object, following a `$ref` to `#/components/responses/...`. */
function resolveResponse(document: Json, response: Json): Json {
  const ref = response.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/components/responses/')) return response;
  const name = ref.slice('#/components/responses/'.length);
  return (((document.components as Json)?.responses as Json)?.[name] as Json) ?? response;
}

/** Every response of a bundled document that carries `x-platform-difference`, in document order. */
export function collectResponseDifferences(document: Json): ResponseDifference[] {
  const found: ResponseDifference[] = [];
  for (const [path, item] of Object.entries((document.paths as Json | undefined) ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation) continue;
      for (const [status, raw] of Object.entries((operation.responses as Json) ?? {})) {
        const response = resolveResponse(document, raw as Json);
        const difference = response['x-platform-difference'];
        if (!difference || typeof difference !== 'object') continue;
        found.push({
          operationId: operation.operationId as string,
          method: method.toUpperCase(),
          path,
          status,
          pointer: `#/paths/${escapePointer(path)}/${method}/responses/${status}`,
          difference: difference as PlatformDifference,
        });
      }
    }
  }
  return found;
}

/** The difference of one answer, or undefined where both sources answer alike. */
export function differenceOf(
  differences: readonly ResponseDifference[],
  operationId: string,
  status: number | string,
): PlatformDifference | undefined {
  return differences.find((d) => d.operationId === operationId && d.status === String(status))
    ?.difference;
}

/**
 * The document as the platform answers: every response with a difference gets the platform's
 * schema for its JSON body (and loses its examples, which are the reference's). The requests are
 * the reference's, unchanged. A copy; the given document is not touched.
 */
export function platformDialectDocument(document: Json): Json {
  const copy = structuredClone(document);
  for (const item of Object.values((copy.paths as Json | undefined) ?? {})) {
    for (const method of METHODS) {
      const responses = ((item as Json)[method] as Json | undefined)?.responses as Json | undefined;
      if (!responses) continue;
      for (const [status, raw] of Object.entries(responses)) {
        const response = resolveResponse(copy, raw as Json);
        const difference = response['x-platform-difference'] as PlatformDifference | undefined;
        if (!difference) continue;
        responses[status] = {
          ...response,
          content: { 'application/json': { schema: structuredClone(difference.platform.schema) } },
        };
      }
    }
  }
  return copy;
}

/** The note a reader of the docs site sees under a response that differs (decision 026). */
export function differenceNote(difference: PlatformDifference): string {
  const fields = (difference.fields ?? [])
    .filter((f) => f.reference !== undefined && f.reference !== f.platform)
    .map((f) => `\`${f.reference}\` is \`${[f.platform, ...(f.also ?? [])].join('`, `')}\``);
  return [
    `**The platform answers differently** (\`x-platform-difference\`): ${difference.summary}`,
    fields.length ? `Renamed there: ${fields.join('; ')}.` : '',
    `Platform document: ${difference.platform.section}.`,
    `This kit answers as the reference (${difference.decides}); a mock started with \`--dialect platform\` answers the platform's shape.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The document as the docs site shows it: each response that differs has the platform's answer
 * described under its own description, since Swagger UI does not show extensions of a response.
 * A copy; the given document is not touched.
 */
export function withDifferenceNotes(document: Json): Json {
  const copy = structuredClone(document);
  const annotate = (response: Json) => {
    const difference = response['x-platform-difference'] as PlatformDifference | undefined;
    if (!difference || typeof response.description !== 'string') return;
    response.description = `${response.description.trimEnd()}\n\n${differenceNote(difference)}`;
  };
  for (const item of Object.values((copy.paths as Json | undefined) ?? {})) {
    for (const method of METHODS) {
      const responses = ((item as Json)[method] as Json | undefined)?.responses as Json | undefined;
      for (const response of Object.values(responses ?? {})) annotate(response as Json);
    }
  }
  for (const response of Object.values(
    ((copy.components as Json | undefined)?.responses as Json | undefined) ?? {},
  )) {
    annotate(response as Json);
  }
  return copy;
}
