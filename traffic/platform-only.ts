/**
 * The grade of a finding on an operation whose only source is the platform (`x-source: platform`
 * on the operation, the V2 account import of decision 028). The reference is silent there, so a
 * rule the spec cites on such an operation (its error body's ERR-1, a success status) rests on the
 * platform's statement: the finding is the platform's, a warning, as every V2 statement the
 * checker judges (decision 029, "Update: one grade for V2").
 */
import type { Matched } from './check-exchange.ts';
import { type Finding, severityOf } from './findings.ts';

/** Rules every operation cites (authentication, the general rules, the error body). */
const CROSS_CUTTING = /^(AUTH|GEN|ERR)-\d+$/;

/**
 * Whether an operation object of the spec is one the platform alone describes: marked
 * `x-source: platform` and citing no rule of its own from the reference, only the cross-cutting
 * ones. `x-source: platform` alone is not enough: createHistoricalStatements carries it for the
 * platform's checks it adds, and the reference describes it all the same (HST-1..HST-3).
 */
export function isPlatformOnlyOperation(operation: unknown): boolean {
  if (operation === null || typeof operation !== 'object') return false;
  const op = operation as { 'x-source'?: unknown; 'x-rules'?: unknown };
  const rules = Array.isArray(op['x-rules']) ? op['x-rules'] : [];
  return (
    op['x-source'] === 'platform' &&
    rules.every((rule) => typeof rule === 'string' && CROSS_CUTTING.test(rule))
  );
}

/** Whether `matched` is an operation the platform alone describes. */
export function isPlatformOnly(matched: Matched): boolean {
  return matched.kind === 'operation' && isPlatformOnlyOperation(matched.operation.operation);
}

/** `findings` of one exchange, those citing the reference on a platform-only operation regraded. */
export function gradedBySource(matched: Matched, findings: Finding[]): Finding[] {
  if (findings.length === 0 || !isPlatformOnly(matched)) return findings;
  return findings.map((f) =>
    f.source === 'reference' ? { ...f, source: 'platform', severity: severityOf('platform') } : f,
  );
}
