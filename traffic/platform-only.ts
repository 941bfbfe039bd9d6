/**
 * The grade of a finding on an operation whose only source is the platform (`x-source: platform`
 * on the operation, the V2 account import of decision 028). The reference is silent there, so a
 * rule the spec cites on such an operation (its error body's ERR-1, a success status) rests on the
 * platform's statement: the finding is the platform's, a warning, as every V2 statement the
 * checker judges (decision 029, "Update: one grade for V2").
 */
import type { Matched } from './check-exchange.ts';
import { type Finding, severityOf } from './findings.ts';

/** Whether `matched` is an operation the platform alone describes. */
export function isPlatformOnly(matched: Matched): boolean {
  if (matched.kind !== 'operation') return false;
  const op = matched.operation.operation as { 'x-source'?: unknown } | null;
  return op !== null && typeof op === 'object' && op['x-source'] === 'platform';
}

/** `findings` of one exchange, those citing the reference on a platform-only operation regraded. */
export function gradedBySource(matched: Matched, findings: Finding[]): Finding[] {
  if (findings.length === 0 || !isPlatformOnly(matched)) return findings;
  return findings.map((f) =>
    f.source === 'reference' ? { ...f, source: 'platform', severity: severityOf('platform') } : f,
  );
}
