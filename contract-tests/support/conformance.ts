/**
 * Checks every response against the spec: status documented for the
 * operation, content type, body schema, with schemathesis-style "Received ... / Documented ..."
 * texts from the spec module. Against the kit's mock every check is hard. Against any other
 * target each problem is judged by the source it rests on (the three sources, in order):
 * - the reference: a violation that remains when everything the reference leaves open is
 *   relaxed fails the test;
 * - the platform document: a violation that disappears when the reviewed platform facts are
 *   relaxed (spec/response-assumptions.ts, `source: 'platform'`) is a soft finding of that
 *   source;
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
import { relaxedStanding, type SoftSource } from '../../spec/response-assumptions.ts';
import type { Dialect } from './dialect.ts';
import type { ContractMode } from './settings.ts';

/** The outcome of checking one response. */
export type Verdict =
  | { kind: 'pass' }
  | { kind: 'soft'; source: SoftSource; problems: string[] }
  | { kind: 'fail'; source: 'reference'; problems: string[] };

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
  const standing = relaxedStanding(operationId, status, contentType, body, dialect);
  if (standing.kind === 'open') return { kind: 'pass' };
  if (standing.kind === 'soft') {
    return { kind: 'soft', source: standing.source, problems: strict.problems };
  }
  return { kind: 'fail', source: 'reference', problems: standing.problems };
}
