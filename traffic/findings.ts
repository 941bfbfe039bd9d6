/**
 * Findings of the traffic checker and their grouping: each names a rule ID of the reference or a
 * platform code or a kit rule, its source, the operation and a JSON pointer; a reference rule
 * broken is an error, a platform fact or kit assumption a warning. Repeats are grouped by
 * (rule, operation, pointer) with a count and the first and last masked samples, so a day of
 * traffic gives a list of deviations rather than a million lines (decision 029).
 */

/** Where the rule a finding rests on comes from (contract-tests/support/sources.ts). */
export type FindingSource = 'reference' | 'platform' | 'kit';

/** An error breaks the reference; a warning differs from the platform's document or the kit. */
export type Severity = 'error' | 'warning';

/** The severity a source carries: only the reference is hard. */
export function severityOf(source: FindingSource): Severity {
  return source === 'reference' ? 'error' : 'warning';
}

/** One finding of a rule at a pointer, its severity by its source (decision 029). */
export function finding(
  rule: string,
  source: FindingSource,
  operation: string,
  pointer: string,
  message: string,
): Finding {
  return { rule, source, severity: severityOf(source), operation, pointer, message };
}

/** One deviation seen on one exchange. */
export interface Finding {
  /** A rule ID (PRC-2), a platform code, or a kit rule (kit:undocumented-status). */
  rule: string;
  source: FindingSource;
  severity: Severity;
  /** The operationId, or the method and path when no operation matches. */
  operation: string;
  /** RFC 6901 pointer into the exchange: /request/body/..., /response/body/..., /response/status. */
  pointer: string;
  message: string;
}

/** What a group keeps of one exchange: masked, with its time. */
export interface Sample {
  time: number;
  message: string;
  /** The exchange's request line and masked bodies. */
  excerpt: string;
}

/** The findings of one (rule, operation, pointer). */
export interface FindingGroup {
  rule: string;
  source: FindingSource;
  severity: Severity;
  operation: string;
  pointer: string;
  count: number;
  first: Sample;
  last: Sample;
}

/** The default number of groups kept; findings of further groups are only counted. */
export const DEFAULT_MAX_GROUPS = 10_000;

/**
 * Groups findings in a Map, bounded: past `maxGroups` distinct groups, a new group's findings are
 * counted in `dropped` only, so memory stays flat whatever the traffic.
 */
export class FindingGroups {
  readonly #groups = new Map<string, FindingGroup>();
  /**
   * Keys of the groups created or counted again since the last {@link FindingGroups.changes};
   * kept only once a reader has asked, so `check` (which never asks) holds nothing more.
   */
  #changed: Set<string> | undefined;
  readonly #max: number;
  #dropped = 0;

  constructor(maxGroups = DEFAULT_MAX_GROUPS) {
    this.#max = Math.max(1, Math.min(maxGroups, 1_000_000));
  }

  /** Adds one finding with its masked sample. */
  add(finding: Finding, sample: Sample): void {
    const key = `${finding.rule}\u0000${finding.operation}\u0000${finding.pointer}`;
    const group = this.#groups.get(key);
    if (group) {
      group.count += 1;
      group.last = sample;
      this.#changed?.add(key);
      return;
    }
    if (this.#groups.size >= this.#max) {
      this.#dropped += 1;
      return;
    }
    const { rule, source, severity, operation, pointer } = finding;
    this.#groups.set(key, {
      rule,
      source,
      severity,
      operation,
      pointer,
      count: 1,
      first: sample,
      last: sample,
    });
    this.#changed?.add(key);
  }

  /**
   * The groups created or counted again since the previous call, new ones in the order they
   * were created (as {@link FindingGroups.list} breaks ties): what a reader that keeps the
   * groups it was given needs to be as up to date as `list()` (the proxy's live view, decision
   * 029). The first call gives every group. Bounded as the groups are.
   */
  changes(): FindingGroup[] {
    const changed = this.#changed
      ? [...this.#changed].flatMap((key) => this.#groups.get(key) ?? [])
      : [...this.#groups.values()];
    this.#changed = new Set();
    return changed;
  }

  /** Findings not kept because the group cap was reached. */
  get dropped(): number {
    return this.#dropped;
  }

  /** The groups, errors first, then by count. */
  list(): FindingGroup[] {
    return [...this.#groups.values()].sort(
      (a, b) =>
        (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) || b.count - a.count,
    );
  }
}
