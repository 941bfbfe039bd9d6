/**
 * Fidelity of a replay (decision 029, Replay): compares the answer a target gave to a replayed
 * request with the answer recorded for it, under stated noise rules, and keeps the identifiers the
 * recorded service assigned mapped to those the target assigned. Status and body are otherwise
 * exact; every difference names its JSON pointer, both values (masked) and why no noise rule
 * made them equal.
 */
import { DEFAULT_MASK_POLICY, MASKED, type MaskPolicy, maskJson } from './mask.ts';

/** The noise rules a replay applies, each with the reason it is noise rather than a difference. */
export const NOISE_RULES = new Map<string, string>([
  [
    'timestamp-format',
    'two RFC 3339 date-times naming the same instant are equal whatever their format (GEN-3)',
  ],
  [
    'timestamp-clock',
    'a date-time taken from the clock may differ by the clock tolerance: the replay sets the clock to the time the request was sent, the service read it a moment later',
  ],
  [
    'clock-seconds',
    'a Unix time in seconds (iat, exp, origIat, refreshExpiresIn: AUTH-4) may differ by the clock tolerance',
  ],
  [
    'assigned-id',
    'identifiers the service assigns (service account numbers, tokens: GEN-9, PRC-4, AUTH-1) are equal when the recorded one maps to the replayed one',
  ],
  [
    'order-open',
    'arrays the reference gives no order for (lists STS-9..STS-11, STS-13, REG-4, error items ERR-4) are compared as multisets',
  ],
  [
    'redacted-in-recording',
    'a value the recording redacted ([REDACTED...]) cannot be compared and is not',
  ],
]);

/**
 * Keys whose differing values are identifiers the service assigned: learnt from the first answer
 * that shows them (GEN-9 and PRC-4 for account numbers, AUTH-1 for tokens, decisions 026 and 028
 * for the platform's and V2's names of the account number).
 */
const ASSIGNED_ID_KEYS = new Set([
  'token',
  'refreshToken',
  'service_account_number',
  'kraken_account_number',
  'kraken_identifier',
  'account_id',
]);

/** Keys holding a Unix time in seconds taken from the clock (ObtainTokenPayload, AUTH-4). */
const EPOCH_SECONDS_KEYS = new Set(['iat', 'exp', 'origIat', 'refreshExpiresIn']);

/** An RFC 3339 date-time (GEN-3 asks for the Z form; any offset and fraction is read here). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** A value a recording redacted: `[REDACTED]` or a stable pseudonym such as `[REDACTED:token:1]`. */
export const REDACTED = /^\[REDACTED(:[^\]]{0,64})?\]$/;

/** Whether a text is a redaction marker. */
export function isRedacted(text: string): boolean {
  return REDACTED.test(text);
}

/** The most identifiers a replay keeps mapped; past it the oldest is forgotten. */
export const MAX_MAPPED_IDS = 1_000_000;

/**
 * Identifiers the recorded service assigned, mapped to those the target assigned, both ways, so
 * that one replayed id cannot stand for two recorded ones. Maps, never objects: ids are input.
 */
export class IdMap {
  readonly #forward = new Map<string, string>();
  readonly #reverse = new Map<string, string>();
  readonly #max: number;

  constructor(max = MAX_MAPPED_IDS) {
    this.#max = Math.max(1, Math.min(max, MAX_MAPPED_IDS));
  }

  /** The replayed identifier a recorded one maps to. */
  get(recorded: string): string | undefined {
    return this.#forward.get(recorded);
  }

  get size(): number {
    return this.#forward.size;
  }

  /** Maps a recorded identifier to a replayed one, replacing what either was mapped to. */
  set(recorded: string, replayed: string): void {
    const before = this.#forward.get(recorded);
    if (before !== undefined) this.#reverse.delete(before);
    const other = this.#reverse.get(replayed);
    if (other !== undefined) this.#forward.delete(other);
    if (this.#forward.size >= this.#max) {
      const oldest = this.#forward.keys().next().value as string;
      this.#reverse.delete(this.#forward.get(oldest) as string);
      this.#forward.delete(oldest);
    }
    this.#forward.set(recorded, replayed);
    this.#reverse.set(replayed, recorded);
  }

  /** Whether neither side is mapped yet, so that the pair may be learnt. */
  unbound(recorded: string, replayed: string): boolean {
    return !this.#forward.has(recorded) && !this.#reverse.has(replayed);
  }
}

/** One difference between a recorded and a replayed answer. */
export interface Difference {
  /** RFC 6901 pointer into the exchange (`/response/status`, `/response/body/...`). */
  pointer: string;
  /** Both values as JSON text, masked (mask.ts); `(absent)` when one side has none. */
  recorded: string;
  replayed: string;
  /** Why it is a difference: which noise rule was considered and did not apply. */
  why: string;
}

/** How one comparison goes: its settings and what it found. */
export interface CompareContext {
  ids: IdMap;
  toleranceMs: number;
  /** Whether arrays keep their order (the operation's answer defines it). */
  ordered: boolean;
  mask: MaskPolicy;
  differences: Difference[];
  /** Noise rules applied, counted. */
  noise: Map<string, number>;
  /** Differences kept per exchange; further ones are counted in `more`. */
  maxDifferences: number;
  more: number;
  /** Comparisons left before arrays are compared in order only (multisets are quadratic). */
  budget: number;
}

/** A comparison context with the defaults. */
export function compareContext(
  ids: IdMap,
  options: Partial<
    Pick<CompareContext, 'toleranceMs' | 'ordered' | 'mask' | 'maxDifferences'>
  > = {},
): CompareContext {
  return {
    ids,
    toleranceMs: options.toleranceMs ?? DEFAULT_CLOCK_TOLERANCE_MS,
    ordered: options.ordered ?? false,
    mask: options.mask ?? DEFAULT_MASK_POLICY,
    differences: [],
    noise: new Map(),
    maxDifferences: options.maxDifferences ?? 50,
    more: 0,
    budget: MAX_COMPARISONS,
  };
}

/**
 * Comparisons one answer may take: matching arrays as multisets is quadratic at every level, so
 * a hostile body could make it exponential; past this budget arrays are compared in order.
 */
export const MAX_COMPARISONS = 1_000_000;

/** The default clock tolerance: a service reads its clock within this of the request's time. */
export const DEFAULT_CLOCK_TOLERANCE_MS = 2000;

/** The JSON text of a value for a report, masked by the policy and cut to 500 characters. */
export function shown(value: unknown, key: string, policy: MaskPolicy): string {
  if (value === undefined) return '(absent)';
  if (policy.fields.has(key.toLowerCase()) && value !== null) return JSON.stringify(MASKED);
  const text = JSON.stringify(maskJson(value, policy)) ?? String(value);
  return text.length > 500 ? `${text.slice(0, 500)}...` : text;
}

const escapeToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Nesting beyond this is compared as text, so a hostile body cannot exhaust the stack. */
const MAX_DEPTH = 64;

/** Compares one pair of values at a pointer; `dry` only answers whether they are equal. */
export function compareValues(
  recorded: unknown,
  replayed: unknown,
  pointer: string,
  key: string,
  ctx: CompareContext,
  dry = false,
  depth = 0,
): boolean {
  const differ = (why: string) => {
    if (!dry) addDifference(ctx, pointer, key, recorded, replayed, why);
    return false;
  };
  if (Object.is(recorded, replayed)) return true;
  ctx.budget -= 1;
  if (typeof recorded === 'string' && typeof replayed === 'string') {
    return compareStrings(recorded, replayed, pointer, key, ctx, dry);
  }
  if (typeof recorded === 'number' && typeof replayed === 'number') {
    const seconds = Math.ceil(ctx.toleranceMs / 1000);
    if (EPOCH_SECONDS_KEYS.has(key) && Math.abs(recorded - replayed) <= seconds) {
      return noise(ctx, 'clock-seconds', dry);
    }
    return differ(
      EPOCH_SECONDS_KEYS.has(key)
        ? `Unix times differ by ${Math.abs(recorded - replayed)} s, beyond the clock tolerance of ${seconds} s (clock-seconds)`
        : 'numbers differ (no noise rule applies to numbers)',
    );
  }
  if (depth > MAX_DEPTH) return differ(`nested deeper than ${MAX_DEPTH} levels: not compared`);
  if (Array.isArray(recorded) && Array.isArray(replayed)) {
    return compareArrays(recorded, replayed, pointer, ctx, dry, depth);
  }
  if (isObject(recorded) && isObject(replayed)) {
    return compareObjects(recorded, replayed, pointer, ctx, dry, depth);
  }
  return differ(`types differ (${kindOf(recorded)} recorded, ${kindOf(replayed)} replayed)`);
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'absent';
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function noise(ctx: CompareContext, rule: string, dry: boolean): true {
  if (!dry) ctx.noise.set(rule, (ctx.noise.get(rule) ?? 0) + 1);
  return true;
}

function addDifference(
  ctx: CompareContext,
  pointer: string,
  key: string,
  recorded: unknown,
  replayed: unknown,
  why: string,
): void {
  if (ctx.differences.length >= ctx.maxDifferences) {
    ctx.more += 1;
    return;
  }
  ctx.differences.push({
    pointer,
    recorded: shown(recorded, key, ctx.mask),
    replayed: shown(replayed, key, ctx.mask),
    why,
  });
}

function compareStrings(
  recorded: string,
  replayed: string,
  pointer: string,
  key: string,
  ctx: CompareContext,
  dry: boolean,
): boolean {
  const differ = (why: string) => {
    if (!dry) addDifference(ctx, pointer, key, recorded, replayed, why);
    return false;
  };
  if (isRedacted(recorded)) {
    // A stable pseudonym (`[REDACTED:token:1]`) stands for one credential: later requests that
    // carry it get the one the target gave here. A bare marker stands for none in particular.
    if (!dry && ASSIGNED_ID_KEYS.has(key) && recorded !== '[REDACTED]' && replayed) {
      ctx.ids.set(recorded, replayed);
    }
    return noise(ctx, 'redacted-in-recording', dry);
  }
  const mapped = ctx.ids.get(recorded);
  if (mapped === replayed) return noise(ctx, 'assigned-id', dry);
  if (ASSIGNED_ID_KEYS.has(key)) {
    if (mapped === undefined && ctx.ids.unbound(recorded, replayed) && recorded && replayed) {
      if (!dry) ctx.ids.set(recorded, replayed);
      return noise(ctx, 'assigned-id', dry);
    }
    return differ(
      mapped === undefined
        ? 'assigned id: the replayed id already stands for another recorded one (assigned-id)'
        : `assigned id: the recorded id was mapped to another replayed id (assigned-id)`,
    );
  }
  if (DATE_TIME.test(recorded) && DATE_TIME.test(replayed)) {
    const gap = Math.abs(Date.parse(recorded) - Date.parse(replayed));
    if (gap === 0) return noise(ctx, 'timestamp-format', dry);
    if (gap <= ctx.toleranceMs) return noise(ctx, 'timestamp-clock', dry);
    return differ(
      `date-times differ by ${gap} ms, beyond the clock tolerance of ${ctx.toleranceMs} ms (timestamp-clock)`,
    );
  }
  return differ(
    'strings differ (not a redacted value, an assigned id or a pair of date-times: no noise rule applies)',
  );
}

function compareObjects(
  recorded: Record<string, unknown>,
  replayed: Record<string, unknown>,
  pointer: string,
  ctx: CompareContext,
  dry: boolean,
  depth: number,
): boolean {
  let equal = true;
  const keys = new Set([...Object.keys(recorded), ...Object.keys(replayed)]);
  for (const key of keys) {
    const a = Object.hasOwn(recorded, key) ? recorded[key] : undefined;
    const b = Object.hasOwn(replayed, key) ? replayed[key] : undefined;
    const at = `${pointer}/${escapeToken(key)}`;
    if (a === undefined || b === undefined) {
      if (a === b) continue;
      if (!dry) {
        addDifference(ctx, at, key, a, b, `a field is ${a === undefined ? 'added' : 'missing'}`);
      }
      equal = false;
    } else if (!compareValues(a, b, at, key, ctx, dry, depth + 1)) equal = false;
    if (!equal && dry) return false;
  }
  return equal;
}

/** Arrays longer than this are compared in order: matching as multisets is quadratic. */
const MAX_MULTISET = 2000;

function compareArrays(
  recorded: unknown[],
  replayed: unknown[],
  pointer: string,
  ctx: CompareContext,
  dry: boolean,
  depth: number,
): boolean {
  const inOrder = () => {
    let equal = recorded.length === replayed.length;
    const n = Math.max(recorded.length, replayed.length);
    for (let i = 0; i < n && (equal || !dry); i += 1) {
      const at = `${pointer}/${i}`;
      if (i >= recorded.length || i >= replayed.length) {
        if (!dry)
          addDifference(ctx, at, '', recorded[i], replayed[i], 'an item is added or missing');
      } else if (!compareValues(recorded[i], replayed[i], at, '', ctx, dry, depth + 1)) {
        equal = false;
      }
    }
    return equal;
  };
  const large = recorded.length > MAX_MULTISET || replayed.length > MAX_MULTISET;
  if (ctx.ordered || large || ctx.budget <= 0) return inOrder();
  const positional =
    recorded.length === replayed.length &&
    recorded.every((item, i) => compareValues(item, replayed[i], '', '', ctx, true, depth + 1));
  if (positional) return dry ? true : inOrder();
  // One item or none has no order to open.
  if (recorded.length <= 1 && replayed.length <= 1) return inOrder();
  return compareMultiset(recorded, replayed, pointer, ctx, dry, depth);
}

/** Matches each recorded item with an equal replayed one, in any order (order-open). */
function compareMultiset(
  recorded: unknown[],
  replayed: unknown[],
  pointer: string,
  ctx: CompareContext,
  dry: boolean,
  depth: number,
): boolean {
  const taken = new Array<boolean>(replayed.length).fill(false);
  const unmatched: number[] = [];
  let moved = false;
  recorded.forEach((item, i) => {
    const j = replayed.findIndex(
      (other, k) => !taken[k] && compareValues(item, other, '', '', ctx, true, depth + 1),
    );
    if (j === -1) unmatched.push(i);
    else {
      taken[j] = true;
      if (j !== i) moved = true;
      if (!dry) compareValues(item, replayed[j], `${pointer}/${j}`, '', ctx, false, depth + 1);
    }
  });
  const extra = taken.flatMap((t, k) => (t ? [] : [k]));
  if (unmatched.length === 0 && extra.length === 0) {
    return moved ? noise(ctx, 'order-open', dry) : true;
  }
  if (dry) return false;
  // Unmatched items pair up in order, so a changed field shows at its own pointer.
  const pairs = Math.min(unmatched.length, extra.length);
  for (let n = 0; n < pairs; n += 1) {
    const i = unmatched[n] as number;
    const k = extra[n] as number;
    compareValues(recorded[i], replayed[k], `${pointer}/${k}`, '', ctx, false, depth + 1);
  }
  for (const i of unmatched.slice(pairs)) {
    addDifference(
      ctx,
      `${pointer}/${i}`,
      '',
      recorded[i],
      undefined,
      'a recorded item has no equal item in the replayed array (compared as a multiset: order-open)',
    );
  }
  for (const k of extra.slice(pairs)) {
    addDifference(
      ctx,
      `${pointer}/${k}`,
      '',
      undefined,
      replayed[k],
      'a replayed item has no equal item in the recorded array (compared as a multiset: order-open)',
    );
  }
  return false;
}
