/**
 * Checks every response against the spec: status documented for the
 * operation, content type, body schema, with schemathesis-style "Received ... / Documented ..."
 * texts from the spec module. Against the kit's mock every check is hard. Against any other
 * target each problem is judged by the source it rests on (the three sources, in order):
 * - the reference: a violation that remains when everything the reference leaves open is
 *   relaxed fails the test;
 * - the platform document: a violation that disappears when the reviewed platform facts are
 *   relaxed (assumptions.ts, `source: 'platform'`) is a soft finding of that source;
 * - the kit: one that disappears only when the kit's own assumptions are relaxed as well is a
 *   soft finding of the kit.
 * Properties the spec does not list are never a finding outside mock mode: "additions to existing
 * endpoints can appear" (Versioning).
 *
 * @example
 * const verdict = judgeResponse('getAccountTransferStatus', 200, 'application/json', body, 'full');
 * if (verdict.kind === 'fail') throw new Error(verdict.problems.join('\n'));
 */
import { loadContract } from '../../spec/contract.ts';
import { type Contract, dataImport, openapiDocument } from '../../spec/index.ts';
import { platformDialectDocument } from '../../spec/platform-difference.ts';
import { RESPONSE_ASSUMPTIONS, type Relaxation, type SoftSource } from './assumptions.ts';
import type { Dialect } from './dialect.ts';
import type { ContractMode } from './settings.ts';

type Json = Record<string, unknown>;

/** The outcome of checking one response. */
export type Verdict =
  | { kind: 'pass' }
  | { kind: 'soft'; source: SoftSource; problems: string[] }
  | { kind: 'fail'; source: 'reference'; problems: string[] };

/** Keywords that refine a type without changing its structure (dropped by `loosen`). */
const REFINEMENTS = [
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'enum',
  'const',
  'format',
  'minItems',
  'maxItems',
];

function unescapePointer(part: string): string {
  return part.replace(/~1/g, '/').replace(/~0/g, '~');
}

function escapePointer(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The node at a JSON pointer, or undefined. */
export function atPointer(document: unknown, pointer: string): unknown {
  return pointer
    .slice(1)
    .split('/')
    .map(unescapePointer)
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], document);
}

/**
 * The JSON pointers of every `x-kit-assumption` element reachable from a documented response of
 * the interface (following `$ref`), not descending below elements whose relaxation replaces them.
 */
export function responseAssumptionPointers(
  document: Json = openapiDocument,
  reviewed: Record<string, Relaxation> = RESPONSE_ASSUMPTIONS,
): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (node: unknown, pointer: string): void => {
    if (seen.has(pointer)) return;
    seen.add(pointer);
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) visit(item, `${pointer}/${i}`);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record = node as Json;
    if (record['x-kit-assumption'] !== undefined) found.add(pointer);
    const relaxation = reviewed[pointer];
    if (relaxation && relaxation.kind !== 'keep' && relaxation.kind !== 'loosen') return;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'examples' || key === 'example') continue;
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) {
        visit(atPointer(document, value.slice(1)), value.slice(1));
      } else {
        visit(value, `${pointer}/${escapePointer(key)}`);
      }
    }
  };
  for (const [path, item] of Object.entries((document.paths as Json) ?? {})) {
    for (const [method, operation] of Object.entries(item as Json)) {
      const responses = (operation as Json)?.responses as Json | undefined;
      if (!responses) continue;
      // An assumption on the operation itself can decide which statuses it answers (STS-12's
      // empty lists): reviewed like the responses' own.
      if ((operation as Json)['x-kit-assumption'] !== undefined) {
        found.add(`/paths/${escapePointer(path)}/${method}`);
      }
      for (const [status, response] of Object.entries(responses)) {
        visit(response, `/paths/${escapePointer(path)}/${method}/responses/${status}`);
      }
    }
  }
  return [...found].sort();
}

/** Removes `additionalProperties: false` and `unevaluatedProperties: false` everywhere. */
function openObjects(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) openObjects(item);
  else if (node && typeof node === 'object') {
    const record = node as Json;
    if (record.additionalProperties === false) delete record.additionalProperties;
    if (record.unevaluatedProperties === false) delete record.unevaluatedProperties;
    for (const value of Object.values(record)) openObjects(value);
  }
}

function relaxResponse(response: Json): void {
  for (const media of Object.values((response.content as Json | undefined) ?? {})) {
    (media as Json).schema = {};
  }
}

/**
 * The spec as the suite applies it to targets other than the kit's mock: every object open to
 * additions ("new endpoints and additions to existing endpoints can appear", Versioning) and the
 * reviewed relaxations of the given sources applied.
 */
export function relaxedDocument(
  document: Json = openapiDocument,
  reviewed: Record<string, Relaxation> = RESPONSE_ASSUMPTIONS,
  sources: readonly SoftSource[] = ['platform', 'kit'],
): Json {
  const copy = structuredClone(document);
  for (const [pointer, relaxation] of Object.entries(reviewed)) {
    const parts = pointer.split('/');
    const key = unescapePointer(parts.pop() as string);
    const parent = atPointer(copy, parts.join('/')) as Json | undefined;
    const node = parent?.[key] as Json | undefined;
    if (!parent || !node) throw new Error(`assumptions.ts names ${pointer}, which the spec lacks`);
    if (!sources.includes(relaxation.source)) continue;
    const isResponse = parts.at(-1) === 'responses';
    switch (relaxation.kind) {
      case 'keep':
        break;
      case 'any':
        if (isResponse) relaxResponse(node);
        else parent[key] = {};
        break;
      case 'loosen':
        for (const keyword of REFINEMENTS) delete node[keyword];
        break;
      case 'replace':
        parent[key] = structuredClone(relaxation.schema);
        break;
      case 'alsoStatus': {
        relaxResponse(node);
        parent[relaxation.status] = node;
        break;
      }
      case 'otherStatuses': {
        const responses = node.responses as Json;
        for (const status of relaxation.statuses) {
          responses[status] ??= {
            description: relaxation.why,
            content: { 'application/json': { schema: {} } },
          };
        }
        break;
      }
    }
  }
  openObjects(copy);
  return copy;
}

const compiled = new Map<string, Contract>();

/**
 * The spec as a target of the dialect answers (decision 026): the reference's, or the platform
 * document's shapes for the answers the spec records as different (built once per worker).
 */
export function dialectContract(dialect: Dialect): Contract {
  if (dialect === 'reference') return dataImport;
  let contract = compiled.get('platform');
  if (!contract) {
    contract = loadContract(platformDialectDocument(openapiDocument), 'kit:openapi-platform');
    compiled.set('platform', contract);
  }
  return contract;
}

/**
 * The compiled relaxed contract for the given sources (built on first use, once per worker):
 * `[]` opens objects only, `['platform']` also relaxes the platform's facts, `['platform',
 * 'kit']` every reviewed relaxation. In the platform dialect the differing answers take the
 * platform's shapes after the relaxations.
 */
export function relaxedContract(
  sources: readonly SoftSource[] = ['platform', 'kit'],
  dialect: Dialect = 'reference',
): Contract {
  const key = `${sources.join('+') || 'open'}:${dialect}`;
  let contract = compiled.get(key);
  if (!contract) {
    const relaxed = relaxedDocument(openapiDocument, RESPONSE_ASSUMPTIONS, sources);
    contract = loadContract(
      dialect === 'platform' ? platformDialectDocument(relaxed) : relaxed,
      `kit:openapi-relaxed-${key}`,
    );
    compiled.set(key, contract);
  }
  return contract;
}

/**
 * Judges one response. `assumption` marks an exchange whose status or body the test itself
 * knows to rest on a source other than the reference (for example the 401 of a refused request,
 * AUTH-3): outside mock mode any problem of it is soft, of that source (the kit's by default).
 */
export function judgeResponse(
  operationId: string,
  status: number,
  contentType: string | undefined,
  body: unknown,
  mode: ContractMode,
  assumption?: string,
  assumptionSource: SoftSource = 'kit',
  dialect: Dialect = 'reference',
): Verdict {
  const strict = dialectContract(dialect).checkResponse(operationId, status, contentType, body);
  if (strict.ok) return { kind: 'pass' };
  if (mode === 'mock') return { kind: 'fail', source: 'reference', problems: strict.problems };
  if (assumption) {
    return {
      kind: 'soft',
      source: assumptionSource,
      problems: strict.problems.map((p) => `${p}\n(rests on: ${assumption})`),
    };
  }
  const check = (sources: readonly SoftSource[]) =>
    relaxedContract(sources, dialect).checkResponse(operationId, status, contentType, body);
  if (check([]).ok) return { kind: 'pass' };
  if (check(['platform']).ok)
    return { kind: 'soft', source: 'platform', problems: strict.problems };
  const loose = check(['platform', 'kit']);
  if (loose.ok) return { kind: 'soft', source: 'kit', problems: strict.problems };
  return { kind: 'fail', source: 'reference', problems: loose.problems };
}
