/**
 * The fault plan (decision 024): the operator's rules that make the interface's operations slow,
 * failing or cut off, by operation, supplier or account, for the next N requests, a seeded share
 * of them or a window of the mock clock. Pure: the plan and its counters are plain data, every
 * draw comes from the plan's seeded sequence, time is the mock clock's instant handed in, and a
 * decision is taken in one synchronous step, so that N requests in parallel consume exactly N
 * of a rule's `times`. The edge applies the decision (mocks/service.ts); the adapters cut the
 * connection. A fault never changes the state: the plan lives beside it, and only a rule marked
 * `after_change` lets the operation run before its answer is lost.
 */
import { type controlComponents, type ErrorCode, secondsText } from '../../spec/index.ts';
import type { DomainError, Result } from './result.ts';
import { fieldError, invalid, ok } from './result.ts';
import { nextRandom, seedFrom } from './seeded-random.ts';

type Schemas = controlComponents['schemas'];

/**
 * A rule as the control API, a profile and a config file give it: the schema's fields (the
 * schema's `anyOf`, one of status, connection or latency, is checked at the edge).
 */
export type FaultRule = Schemas['FaultRuleFields'];
/** A plan: a profile's document, PUT /__mock/faults, a config file's `faults`. */
export type FaultPlan = Omit<Schemas['FaultPlan'], 'rules'> & { rules: FaultRule[] };
/** One rule as the plan shows it. */
export type FaultRuleView = Omit<Schemas['FaultRuleState'], 'rule'> & { rule: FaultRule };
/** The plan as GET /__mock/faults shows it. */
export type FaultPlanView = Omit<Schemas['FaultPlanState'], 'rules'> & { rules: FaultRuleView[] };
/** How the journal marks an injected fault. */
export type FaultMark = controlComponents['schemas']['FaultMark'];

/** The longest wait a rule may ask for, in ms: a latency or a slow body (30 s, decision 024). */
export const MAX_FAULT_LATENCY_MS = 30_000;
/** The most rules a plan holds. */
export const MAX_FAULT_RULES = 100;
/** The Retry-After of a 429 or 503 whose rule gives none. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;
/** How long a slow body takes when its rule does not say. */
export const DEFAULT_SLOW_BODY_MS = 1_000;
/** The status a connection fault carries before the change when its rule gives none. */
export const DEFAULT_CARRIER_STATUS = 503;

/** A way of losing an answer on the connection. */
export type ConnectionFaultKind = 'reset' | 'empty' | 'truncated' | 'slow_body';

/** What the adapters do to the connection instead of sending the answer plainly. */
export interface ConnectionFault {
  kind: ConnectionFaultKind;
  /** How long the body takes to arrive (slow_body). */
  slowBodyMs: number;
}

/** What a request is matched on: its operation, and the supplier and account it names. */
export interface FaultSubject {
  operationId: string;
  importSupplier?: string;
  externalAccountNumber?: string;
}

interface KeptRule {
  id: string;
  rule: FaultRule;
  injected: number;
  remaining: number | null;
  fromMs: number;
  untilMs: number;
}

/** The plan in force, its counters and the state of its seeded sequence. */
export interface FaultBook {
  name: string | null;
  seed: number;
  random: number;
  rules: KeptRule[];
  nextId: number;
}

/** What the edge does to one request. */
export interface FaultDecision {
  mark: FaultMark;
  /** How long to wait before anything else, in ms (0 for none). */
  latencyMs: number;
  /** The failure answered instead of (or, after the change, in place of) the operation's answer. */
  failure?: DomainError;
  headers?: Record<string, string>;
  connection?: ConnectionFault;
  /** The operation runs first, and its answer is the one replaced. */
  afterChange: boolean;
}

/** The catalogue code of each status a fault may answer (decision 024). */
const STATUS_CODES: ReadonlyMap<number, ErrorCode> = new Map<number, ErrorCode>([
  [429, 'rate_limited'],
  [500, 'server_error'],
  [502, 'bad_gateway'],
  [503, 'service_unavailable'],
  [504, 'gateway_timeout'],
]);

/** Where the reference names the answer of a status on one operation: process's 429 (PRC-9). */
const OPERATION_CODES: ReadonlyMap<string, ErrorCode> = new Map<string, ErrorCode>([
  ['processAccountImportProcess 429', 'concurrency_limit_exceeded'],
]);

/** The statuses that always carry Retry-After (RFC 9110 names it for 429 and 503). */
const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Whether a fault may answer this status. */
export function isFaultStatus(status: number): boolean {
  return STATUS_CODES.has(status);
}

/**
 * The failure and headers of an injected status on an operation: the catalogue's code (the
 * reference's where it names one), Retry-After on 429 and 503 (`retryAfter` seconds, 1 when
 * absent) and on other statuses when given.
 */
export function faultFailure(
  status: number,
  operationId: string,
  retryAfter?: number,
  reason = 'injected fault',
): { failure: DomainError; headers?: Record<string, string> } {
  const code = OPERATION_CODES.get(`${operationId} ${status}`) ?? STATUS_CODES.get(status);
  if (!code) throw new Error(`No fault answers status ${status}.`);
  const seconds =
    retryAfter ?? (RETRY_STATUSES.has(status) ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
  const wait = seconds ?? DEFAULT_RETRY_AFTER_SECONDS;
  const failure: DomainError = {
    code,
    // `wait` is the catalogue detail's "Retry in {wait}.": 1 second, 2 seconds.
    data: { retry_after: wait, wait: secondsText(wait), reason },
  };
  return seconds === undefined
    ? { failure }
    : { failure, headers: { 'retry-after': String(seconds) } };
}

/** The refusals of a rule the schema cannot express: ranges whose start is after their end. */
function ruleErrors(rule: FaultRule, at: string) {
  const errors = [];
  const latency = rule.latency;
  if (latency?.distribution === 'uniform' && latency.min_ms > latency.max_ms) {
    errors.push(
      fieldError('range_inverted', `${at}latency.min_ms`, { low: 'min_ms', high: 'max_ms' }),
    );
  }
  if (rule.from !== undefined && rule.until !== undefined) {
    if (Date.parse(rule.from) >= Date.parse(rule.until)) {
      errors.push(fieldError('range_inverted', `${at}from`, { low: 'from', high: 'until' }));
    }
  }
  return errors;
}

function keep(book: FaultBook, rule: FaultRule): KeptRule {
  book.nextId += 1;
  return {
    id: `f${book.nextId}`,
    rule: structuredClone(rule),
    injected: 0,
    remaining: rule.times ?? null,
    fromMs: rule.from === undefined ? Number.NEGATIVE_INFINITY : Date.parse(rule.from),
    untilMs: rule.until === undefined ? Number.POSITIVE_INFINITY : Date.parse(rule.until),
  };
}

/**
 * A book for a plan (an empty one without): the counters start at the rules' `times`, the draws
 * at the plan's seed, or at a seed from `randomBytes` when it has none. A plan with a range whose
 * start is after its end is refused whole.
 */
export function createFaultBook(
  plan: FaultPlan | undefined,
  randomBytes: (length: number) => Uint8Array,
): Result<FaultBook> {
  const rules = plan?.rules ?? [];
  const errors = rules.flatMap((rule, i) => ruleErrors(rule, `rules.${i}.`));
  if (errors.length > 0) return invalid(errors);
  const seed = plan?.seed ?? seedFrom(randomBytes(4));
  const book: FaultBook = { name: plan?.name ?? null, seed, random: seed, rules: [], nextId: 0 };
  book.rules = rules.map((rule) => keep(book, rule));
  return ok(book);
}

/** Adds a rule after the others; refused when its range is inverted or the plan is full. */
export function addFaultRule(book: FaultBook, rule: FaultRule): Result<FaultRuleView> {
  const errors = ruleErrors(rule, '');
  if (errors.length > 0) return invalid(errors);
  if (book.rules.length >= MAX_FAULT_RULES) {
    return { ok: false, error: { code: 'fault_plan_full', data: { limit: MAX_FAULT_RULES } } };
  }
  const kept = keep(book, rule);
  book.rules.push(kept);
  return ok(ruleView(kept));
}

/** Removes the rule with this id; the others keep their counters. */
export function removeFaultRule(book: FaultBook, id: string): Result<{ id: string }> {
  const index = book.rules.findIndex((r) => r.id === id);
  if (index < 0) return { ok: false, error: { code: 'fault_rule_not_found', data: { id } } };
  book.rules.splice(index, 1);
  return ok({ id });
}

function ruleView(kept: KeptRule): FaultRuleView {
  return {
    id: kept.id,
    rule: structuredClone(kept.rule),
    injected: kept.injected,
    remaining: kept.remaining,
  };
}

/** The plan as the control API shows it. */
export function faultPlanView(book: FaultBook): FaultPlanView {
  return { name: book.name, seed: book.seed, rules: book.rules.map(ruleView) };
}

function draw(book: FaultBook): number {
  const { value, state } = nextRandom(book.random);
  book.random = state;
  return value;
}

function matches(rule: FaultRule, subject: FaultSubject): boolean {
  return (
    (rule.operation_id === undefined || rule.operation_id === subject.operationId) &&
    (rule.import_supplier === undefined || rule.import_supplier === subject.importSupplier) &&
    (rule.external_account_number === undefined ||
      rule.external_account_number === subject.externalAccountNumber)
  );
}

/** The wait a latency asks for, drawn from the plan's sequence and held under the ceiling. */
function latencyOf(book: FaultBook, latency: FaultRule['latency']): number {
  if (!latency) return 0;
  let ms: number;
  if (latency.distribution === 'fixed') ms = latency.ms;
  else if (latency.distribution === 'uniform') {
    ms = latency.min_ms + Math.floor(draw(book) * (latency.max_ms - latency.min_ms + 1));
  } else {
    // Box-Muller: a standard normal from two uniform draws (1 - u keeps the logarithm finite).
    const u1 = 1 - draw(book);
    const u2 = draw(book);
    const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    ms = latency.median_ms * Math.exp(latency.sigma * z);
  }
  return Math.min(MAX_FAULT_LATENCY_MS, Math.max(0, Math.round(ms)));
}

/**
 * The fault of one request, or undefined: the first rule that matches the request, whose window
 * on the mock clock holds `nowMs`, that has `times` left and whose share draw falls under its
 * `share`. The rule's counters move at once, in the same step, so that concurrent requests never
 * take the same count twice.
 */
export function decideFault(
  book: FaultBook,
  subject: FaultSubject,
  nowMs: number,
): FaultDecision | undefined {
  for (const kept of book.rules) {
    const { rule } = kept;
    if (!matches(rule, subject)) continue;
    if (nowMs < kept.fromMs || nowMs >= kept.untilMs) continue;
    if (kept.remaining === 0) continue;
    // A share of 1 (or none) draws nothing, so adding a certain rule does not shift the others.
    if (rule.share !== undefined && rule.share < 1 && !(draw(book) < rule.share)) continue;
    kept.injected += 1;
    if (kept.remaining !== null) kept.remaining -= 1;
    return decision(book, kept, subject.operationId);
  }
  return undefined;
}

function decision(book: FaultBook, kept: KeptRule, operationId: string): FaultDecision {
  const { rule } = kept;
  const latencyMs = latencyOf(book, rule.latency);
  const afterChange = rule.after_change ?? false;
  const mark: FaultMark = {
    kind: rule.connection ? 'connection' : rule.status ? 'status' : 'latency',
    rule_id: kept.id,
    after_change: afterChange,
    ...(latencyMs > 0 ? { latency_ms: latencyMs } : {}),
  };
  const result: FaultDecision = { mark, latencyMs, afterChange };
  // A connection fault before the change carries a status answer (the rule's, or 503), so that
  // a cut or slow body is one that says nothing was done.
  const status = rule.status ?? (rule.connection ? DEFAULT_CARRIER_STATUS : undefined);
  if (status !== undefined && (rule.status !== undefined || !afterChange)) {
    const answer = faultFailure(
      status,
      operationId,
      rule.retry_after_seconds,
      `injected fault ${kept.id}`,
    );
    result.failure = answer.failure;
    if (answer.headers) result.headers = answer.headers;
    mark.status = status;
  }
  if (rule.connection) {
    mark.connection = rule.connection;
    result.connection = {
      kind: rule.connection,
      slowBodyMs: rule.slow_body_ms ?? DEFAULT_SLOW_BODY_MS,
    };
  }
  return result;
}
