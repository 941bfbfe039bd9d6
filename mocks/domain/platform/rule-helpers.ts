/**
 * The helpers every family of platform validators shares (GEN-6, decisions 014 and 015): what
 * counts as given, the JSON types a typed parameter takes, amounts in pence, and the one way a
 * rule reports a code. A family is a `<part>Rules(account, ctx)` function over the generated
 * schema types that reads like the platform's validator list; each rule calls `report` with a
 * code, the attr it concerns and the data its catalogue detail is filled from (the templates sit
 * in the spec beside `x-platform-codes`, as `x-platform-details`), and writes no English itself.
 */
import {
  errorCatalogue,
  type FieldCode,
  type FieldError,
  type PlatformCatalogue,
} from '../../../spec/index.ts';
import { fieldError } from '../result.ts';
import type { Account, PlatformContext } from './context.ts';

/** One family of platform validators over an account payload, named `<part>Rules`. */
export type AccountRules = (account: Account, ctx: PlatformContext) => FieldError[];

/** A JSON object of the payload whose shape the spec already checked. */
export type JsonObject = Record<string, unknown>;

/**
 * Reports one failing rule: the platform's code at `attr`, its detail the catalogue's template
 * filled from `data`. The only way a family adds an error.
 */
export function report(
  errors: FieldError[],
  code: FieldCode,
  attr: string,
  data?: Record<string, unknown>,
): void {
  errors.push(fieldError(code, attr, data));
}

/**
 * Reports a code that validators of several elements raise, each in its own words: the wording
 * is named beside the element's `x-platform-codes` (`x-platform-details: {code: {wording: ...}}`).
 */
export function reportWording(
  errors: FieldError[],
  code: FieldCode,
  wording: string,
  attr: string,
  data?: Record<string, unknown>,
): void {
  errors.push({ attr, code, detail: errorCatalogue.detail(code, data, wording) });
}

/** Whether a value is given: the platform treats an absent key, null and "" alike. */
export function given<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null && value !== '';
}

/** Whether a value is text with at least one character (a string the platform reads as set). */
export function givenText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** Whether a value is text with something besides white space (the platform strips text). */
export function givenNonBlank(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Whether a value is a JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The items of a list the payload may leave out: none when it is not an array. */
export function list<T = JsonObject>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether a value has a type the platform names for a configurable field (`string`, `integer`,
 * `number`, `boolean`, `date`); an unknown type name accepts anything, as the platform does.
 */
export function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && DATE.test(value);
    default:
      return true;
  }
}

/** An amount in pence (decimal strings and numbers alike), so that sums compare exactly. */
export function pence(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

/**
 * platform: "Validate email address is not test address": starts test@ or xxx@, or ends
 * @test.com, @test.co.uk, .xxx or .xx. People and complaints both apply it.
 */
export function isTestEmail(email: string): boolean {
  const e = email.toLowerCase();
  return (
    e.startsWith('test@') ||
    e.startsWith('xxx@') ||
    ['@test.com', '@test.co.uk', '.xxx', '.xx'].some((end) => e.endsWith(end))
  );
}

// The catalogue's mailboxes as a set, built once per catalogue, so that a lookup is constant time.
const internalEmailCache = new WeakMap<PlatformCatalogue, Set<string>>();

/**
 * Whether an e-mail is one of the deployment's own mailboxes (platform: internal_email_address),
 * compared without case; a person's and the account's billing e-mail are both checked.
 */
export function isInternalEmail(email: string, catalogue: PlatformCatalogue): boolean {
  let set = internalEmailCache.get(catalogue);
  if (!set) {
    set = new Set((catalogue.internal_email_addresses ?? []).map((e) => e.toLowerCase()));
    internalEmailCache.set(catalogue, set);
  }
  return set.has(email.toLowerCase());
}

/**
 * GEN-4: the payload as the rules read it, where a key sent as `null` is absent. The platform
 * reads a nullable field sent as null as it reads the field left out, so every rule (the kit's
 * and the platform's families) gets a copy without null-valued keys, and none can tell the two
 * apart. Array items are kept as sent (a null item is not a missing key). The depth is the
 * payload's, which the edge has already bounded.
 */
export function nullsAsAbsent<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => nullsAsAbsent(item)) as T;
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== null) out[key] = nullsAsAbsent(item);
  }
  return out as T;
}

/**
 * GEN-4, as {@link nullsAsAbsent} reads the payload (the same value, key for key and in the same
 * order), but copying only the objects and arrays that hold a null-valued key somewhere inside:
 * every other part is the payload's own, shared. The account rules read the payload once per
 * request and never change it, and most accounts hold no null, so a whole copy of each was
 * allocated for nothing. Read the result; do not change it.
 */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const read = withoutNulls(item);
      if (out === undefined && read !== item) out = value.slice(0, i);
      out?.push(read);
    }
    return (out ?? value) as T;
  }
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  let out: JsonObject | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = value[key];
    const read = item === null ? null : withoutNulls(item);
    if (out === undefined) {
      if (item !== null && read === item) continue;
      // The first change: the keys before it as they are, then the rest as read.
      out = {};
      for (let j = 0; j < i; j++) out[keys[j]!] = value[keys[j]!];
    }
    if (item !== null) out[key] = read;
  }
  return (out ?? value) as T;
}
