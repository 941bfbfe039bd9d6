/**
 * The suite's reviewed relaxations applied to traffic (decision 029, "Update"): an answer the
 * strict contract refuses is judged once more as the contract suite judges a target other than
 * the kit's mock (spec/response-assumptions.ts). A problem that goes away when the platform's
 * facts or the kit's own assumptions are relaxed is a warning of that source, as the suite's
 * soft annotations are; one that goes away when objects are open to additions ("additions to
 * existing endpoints can appear", Versioning) is a kit warning: the kit's spec closes them, the
 * reference does not. Only what remains under every relaxation breaks the reference rule.
 */
import type { OperationInfo } from '../spec/index.ts';
import { relaxedStanding } from '../spec/response-assumptions.ts';
import { type Finding, type FindingSource, finding } from './findings.ts';

/** The field that names the account in a validate-account request and its echo (GEN-9). */
const ACCOUNT_KEY = 'external_account_number';

function fieldOf(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.getOwnPropertyDescriptor(value, key)?.value
    : undefined;
}

/**
 * VAL-2: "A valid payload gets 200 with the validated data as body." The kit's relaxation opens
 * the echo's shape (normalised, decision of the kit), not what it is: an answer that is not an
 * object naming the account the request named is not the validated data, whatever its shape.
 */
function isValidatedData(request: unknown, body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  return fieldOf(body, ACCOUNT_KEY) === fieldOf(request, ACCOUNT_KEY);
}

/** What the answer was judged by: its rule, and the source of the strict contract's judgement. */
export interface AnswerRule {
  rule: string;
  source: FindingSource;
}

/**
 * The findings of an answer the strict contract refused with `problems`. `judged` is the rule
 * and source the answer's status gives (the operation's success rule, ERR-1, a 404 rule, or a
 * platform fact); a reference rule's problems the relaxations lift become warnings of the source
 * that lifts them. `pointerOf` reads the JSON pointer a problem names (the per-exchange check's).
 */
export function gradeAnswerProblems(
  op: OperationInfo,
  answer: { status: number; contentType: string | undefined; body: unknown; request?: unknown },
  problems: string[],
  judged: AnswerRule,
  pointerOf: (problem: string) => string,
): Finding[] {
  const make = (source: FindingSource, list: string[], note = '') =>
    list.map((problem) =>
      finding(
        judged.rule,
        source,
        op.operationId,
        `/response/body${pointerOf(problem)}`,
        `${problem.split('\n')[0] ?? problem}${note}`,
      ),
    );
  if (judged.source !== 'reference') return make(judged.source, problems);
  const { status, contentType, body } = answer;
  if (
    op.operationId === 'validateAccount' &&
    status === 200 &&
    !isValidatedData(answer.request, body)
  ) {
    return make('reference', problems);
  }
  const standing = relaxedStanding(op.operationId, status, contentType, body);
  if (standing.kind === 'reference') return make('reference', standing.problems);
  const source = standing.kind === 'soft' ? standing.source : 'kit';
  const why =
    standing.kind === 'soft'
      ? ` (passes when the reviewed ${source} relaxations apply: spec/response-assumptions.ts)`
      : ' (passes with objects open to additions: Versioning)';
  return make(source, problems, why);
}
