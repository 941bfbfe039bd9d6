/**
 * The fidelity result of a replay (decision 029, Replay): per operation, how many exchanges the
 * target answered the same and how many differently, the noise rules that made answers equal,
 * and each differing exchange with its differences. Memory is bounded: past `maxKept` differing
 * exchanges only counts are kept.
 */

import { type Difference, NOISE_RULES } from './fidelity.ts';
import type { AnswerComparison } from './fidelity-answer.ts';

/** Counts of one operation. */
export interface OperationFidelity {
  operation: string;
  exchanges: number;
  same: number;
  different: number;
  /** Noise rules applied to this operation's answers, counted. */
  noise: Record<string, number>;
}

/** One exchange the target answered differently. */
export interface DifferingExchange {
  /** Its place in the recording (1 for the first exchange replayed). */
  index: number;
  /** When it was recorded (epoch milliseconds). */
  time: number;
  operation: string;
  /** The request line as recorded, without its query (which may carry personal data). */
  request: string;
  recordedStatus: number;
  replayedStatus: number;
  /** What may explain the difference beyond the noise rules (a request sent with redacted values). */
  note?: string;
  differences: Difference[];
  /** Differences beyond those kept. */
  more: number;
  /** Noise rules that did apply to the rest of this answer. */
  noise: string[];
}

/** What a replay showed. */
export interface FidelityResult {
  exchanges: number;
  same: number;
  different: number;
  /** Requests the replay sent that the recording does not hold (a token obtained for it). */
  setup: number;
  /** Whether the target had the mock's control API (reset, clock); without it times drift. */
  control: boolean;
  /** Calls of the control API (`/__mock/`) the recording held: replayed, not judged. */
  controlExchanges: number;
  operations: OperationFidelity[];
  differing: DifferingExchange[];
  /** Differing exchanges beyond `maxKept`, counted only. */
  omitted: number;
  /** The noise rules and why each is noise. */
  rules: { rule: string; why: string }[];
}

/** The default number of differing exchanges a result keeps. */
export const DEFAULT_MAX_KEPT = 1000;

/** Operations beyond this share one counter, so random paths cannot grow the Map. */
const MAX_OPERATIONS = 1000;

/** Tallies replayed exchanges into a {@link FidelityResult}. */
export class FidelityTally {
  readonly #operations = new Map<string, OperationFidelity>();
  readonly #differing: DifferingExchange[] = [];
  readonly #maxKept: number;
  #exchanges = 0;
  #same = 0;
  #omitted = 0;
  setup = 0;
  control = false;
  /** Calls of the control API the recording held, replayed for their effect and not judged. */
  controlExchanges = 0;

  constructor(maxKept = DEFAULT_MAX_KEPT) {
    this.#maxKept = Math.max(0, Math.min(maxKept, 100_000));
  }

  #operation(name: string): OperationFidelity {
    const label =
      this.#operations.has(name) || this.#operations.size < MAX_OPERATIONS
        ? name
        : '(other operations)';
    let entry = this.#operations.get(label);
    if (!entry) {
      entry = { operation: label, exchanges: 0, same: 0, different: 0, noise: Object.create(null) };
      this.#operations.set(label, entry);
    }
    return entry;
  }

  /** Counts one replayed exchange. */
  add(
    exchange: Omit<DifferingExchange, 'differences' | 'more' | 'noise'>,
    comparison: AnswerComparison,
  ): void {
    this.#exchanges += 1;
    const entry = this.#operation(exchange.operation);
    entry.exchanges += 1;
    for (const [rule, count] of comparison.noise) {
      // Rule names are the module's own (NOISE_RULES), never input.
      entry.noise[rule] = (entry.noise[rule] ?? 0) + count;
    }
    if (comparison.same) {
      entry.same += 1;
      this.#same += 1;
      return;
    }
    entry.different += 1;
    if (this.#differing.length >= this.#maxKept) {
      this.#omitted += 1;
      return;
    }
    this.#differing.push({
      ...exchange,
      differences: comparison.differences,
      more: comparison.more,
      noise: [...comparison.noise.keys()],
    });
  }

  /** The result so far. */
  result(): FidelityResult {
    return {
      exchanges: this.#exchanges,
      same: this.#same,
      different: this.#exchanges - this.#same,
      setup: this.setup,
      control: this.control,
      controlExchanges: this.controlExchanges,
      operations: [...this.#operations.values()].map((o) => ({ ...o, noise: { ...o.noise } })),
      differing: [...this.#differing],
      omitted: this.#omitted,
      rules: [...NOISE_RULES].map(([rule, why]) => ({ rule, why })),
    };
  }
}
