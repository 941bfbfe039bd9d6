/**
 * The traffic checker: feeds exchanges, in the order they happened, through the per-exchange
 * checks and the history, and groups the findings with masked samples (decision 029). It reads
 * no file and opens no socket: the readers and the proxy hand it exchanges.
 */
import type { Contract } from '../spec/index.ts';
import { checkExchange, compileAnswerValidators, matchOperation } from './check-exchange.ts';
import type { Exchange } from './exchange.ts';
import {
  DEFAULT_MAX_GROUPS,
  type Finding,
  type FindingGroup,
  FindingGroups,
  type Sample,
} from './findings.ts';
import { DEFAULT_MAX_ACCOUNTS, TrafficHistory } from './history.ts';
import { DEFAULT_MASK_POLICY, type MaskPolicy, maskBody } from './mask.ts';
import { OperatorState } from './operator-state.ts';
import { PaymentRetries } from './payment-retries.ts';
import { gradedBySource } from './platform-only.ts';
import { checkStatusSpelling } from './status-spelling.ts';
import { V2Tasks } from './v2-tasks.ts';

/** The checker's bounds and masking policy. */
export interface CheckerOptions {
  maxGroups?: number;
  maxAccounts?: number;
  mask?: MaskPolicy;
}

/** How many characters of each masked body a sample keeps. */
const SAMPLE_CHARS = 2000;

/** Counts and grouped findings of the exchanges checked so far. */
export interface CheckerResult {
  exchanges: number;
  /** Exchanges per operation (or per unknown method and path). */
  operations: Map<string, number>;
  groups: ReturnType<FindingGroups['list']>;
  /** Findings not kept because the group cap was reached. */
  dropped: number;
}

/**
 * What changed since the previous {@link TrafficChecker.changes}: the counts (a few dozen
 * operations at most) and only the groups created or counted again, so that a reader polling a
 * running checker on another thread (the proxy's live view) copies what changed, not every group.
 */
export interface CheckerChanges {
  exchanges: number;
  operations: [string, number][];
  groups: FindingGroup[];
  dropped: number;
}

/** Checks a stream of exchanges against the contract, keeping bounded state. */
export class TrafficChecker {
  readonly #contract: Contract;
  readonly #groups: FindingGroups;
  readonly #history: TrafficHistory;
  readonly #mask: MaskPolicy;
  readonly #operator: OperatorState;
  readonly #payments: PaymentRetries;
  readonly #v2: V2Tasks;
  readonly #operations = new Map<string, number>();
  #exchanges = 0;
  /** The exchanges counted at the last {@link TrafficChecker.changes} (none yet: -1). */
  #changesAt = -1;

  constructor(contract: Contract, options: CheckerOptions = {}) {
    this.#contract = contract;
    this.#groups = new FindingGroups(options.maxGroups ?? DEFAULT_MAX_GROUPS);
    this.#history = new TrafficHistory(options.maxAccounts ?? DEFAULT_MAX_ACCOUNTS);
    this.#mask = options.mask ?? DEFAULT_MASK_POLICY;
    this.#operator = new OperatorState(options.maxAccounts ?? DEFAULT_MAX_ACCOUNTS);
    this.#payments = new PaymentRetries(options.maxAccounts ?? DEFAULT_MAX_ACCOUNTS);
    this.#v2 = new V2Tasks(options.maxAccounts ?? DEFAULT_MAX_ACCOUNTS);
  }

  /**
   * Compiles every answer's validator now (the proxy's checker does at start, decision 029):
   * otherwise each compiles on the first answer of its kind. Returns how many were compiled.
   */
  compileAnswerValidators(): number {
    return compileAnswerValidators(this.#contract);
  }

  /** Checks one exchange and returns its findings (also grouped for the result). */
  check(exchange: Exchange): Finding[] {
    this.#exchanges += 1;
    const matched = matchOperation(this.#contract, exchange);
    // The kit mock's control API is the operator's, not the service's: its exchanges state what
    // the interface cannot show, and are no unknown operation (decision 029, "Update").
    const control = this.#operator.controlOperation(exchange, matched);
    // Unknown paths are counted under one label, so a scan of random paths cannot grow the Map.
    const counted =
      matched.kind === 'operation'
        ? matched.operation.operationId
        : control !== undefined
          ? '(operator control API)'
          : '(unknown operation)';
    this.#operations.set(counted, (this.#operations.get(counted) ?? 0) + 1);
    // A reset or an imported state replaces the service's state: the history of before is void.
    const status = exchange.response.status;
    if ((control === 'resetState' || control === 'importState') && status >= 200 && status < 300) {
      this.#history.forget();
    }
    const findings = gradedBySource(matched, [
      ...(control === undefined ? checkExchange(this.#contract, exchange, matched) : []),
      ...this.#history.observe(exchange, matched),
      ...this.#operator.observe(exchange, matched),
      ...checkStatusSpelling(exchange, matched),
      ...this.#payments.observe(exchange, matched),
      ...this.#v2.observe(exchange, matched, control),
    ]);
    if (findings.length > 0) {
      // One masked excerpt for all the exchange's findings: masking parses both bodies again.
      const excerpt = this.#excerpt(exchange);
      for (const f of findings) {
        this.#groups.add(f, { time: exchange.time, message: f.message, excerpt });
      }
    }
    return findings;
  }

  /** The exchange's request line and masked bodies, as every sample of it shows them. */
  #excerpt(exchange: Exchange): Sample['excerpt'] {
    const { request, response } = exchange;
    const path = new URL(request.url, 'http://traffic.invalid').pathname;
    return [
      `${request.method.toUpperCase()} ${path}`,
      request.body ? maskBody(request.body, this.#mask).slice(0, SAMPLE_CHARS) : '',
      `-> ${response.status}`,
      response.body ? maskBody(response.body, this.#mask).slice(0, SAMPLE_CHARS) : '',
    ]
      .filter((line) => line !== '')
      .join('\n');
  }

  /**
   * What changed since the previous call, or undefined when no exchange was checked since (the
   * counts and the groups change only with an exchange): a poll of an idle checker costs nothing.
   */
  changes(): CheckerChanges | undefined {
    if (this.#exchanges === this.#changesAt) return undefined;
    this.#changesAt = this.#exchanges;
    return {
      exchanges: this.#exchanges,
      operations: [...this.#operations],
      groups: this.#groups.changes(),
      dropped: this.#groups.dropped,
    };
  }

  /** What the checked exchanges showed. */
  result(): CheckerResult {
    return {
      exchanges: this.#exchanges,
      operations: new Map(this.#operations),
      groups: this.#groups.list(),
      dropped: this.#groups.dropped,
    };
  }
}
