/**
 * GEN-4, GEN-6: a nullable field sent as `null` means what its absence means. The reference does
 * not speak of null in a request; the platform's document declares which fields may be null, and
 * the spec carries those facts (`x-source: platform`, `x-platform-facts: nullable`). For every
 * such field that is optional, on every object of the payload that declares it (fixture accounts
 * of both forms reach every part of the payload), the mock gives the same answer to the payload
 * with the field left out and with it `null`. The list of fields comes from the spec, never from
 * a hand list; a field the reference decides against (`x-platform-difference`) is left out.
 */
import { describe, expect, test } from 'vitest';
import { businessAccount } from '../fixtures/business-account.ts';
import { domesticAccount } from '../fixtures/domestic-account.ts';
import { DEFAULT_TODAY } from '../fixtures/random.ts';
import { openapiDocument } from '../spec/index.ts';
import { createHarness } from './test-support.ts';

type Json = Record<string, unknown>;

const schemas = (openapiDocument.components as Json).schemas as Record<string, Json>;

function deref(node: Json): Json {
  const ref = node.$ref;
  return typeof ref === 'string' ? (schemas[ref.split('/').pop() as string] ?? {}) : node;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a schema admits null (`type: [.., 'null']` or an `anyOf` branch of type null). */
function admitsNull(node: Json): boolean {
  const n = deref(node);
  const type = n.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  return ((n.anyOf as Json[] | undefined) ?? []).some((b) => admitsNull(b));
}

/**
 * The schema parts that apply to a value: `$ref` and `allOf` followed, the `if/then/else` branch
 * and the discriminated `oneOf` branch the value takes.
 */
function applying(node: Json, value: unknown, out: Json[] = [], depth = 0): Json[] {
  if (depth > 16) return out;
  const n = deref(node);
  out.push(n);
  for (const part of (n.allOf as Json[] | undefined) ?? []) applying(part, value, out, depth + 1);
  if (n.if && isObject(value)) {
    const test = deref(n.if as Json);
    const required = (test.required as string[] | undefined) ?? [];
    const props = (test.properties as Record<string, Json> | undefined) ?? {};
    const holds =
      required.every((k) => k in value) &&
      Object.entries(props).every(([k, s]) => !Array.isArray(s.enum) || s.enum.includes(value[k]));
    const branch = (holds ? n.then : n.else) as Json | undefined;
    if (branch) applying(branch, value, out, depth + 1);
  }
  const discriminator = n.discriminator as { propertyName: string } | undefined;
  if (Array.isArray(n.oneOf) && discriminator && isObject(value)) {
    const mapping = (n.discriminator as { mapping: Record<string, string> }).mapping;
    const target = mapping[String(value[discriminator.propertyName])];
    const name = target
      ?.split('/')
      .pop()
      ?.replace(/\.yaml$/, '');
    if (name && schemas[name]) applying(schemas[name], value, out, depth + 1);
  }
  return out;
}

/** One nullable optional field on one object of a payload. */
interface NullCase {
  path: (string | number)[];
  /** The field's place with array positions as `*`, to count each field once. */
  field: string;
}

/**
 * Every optional field the platform declares nullable on every object of `value`, walking the
 * schema alongside the value.
 */
function nullCases(node: Json, value: unknown, path: (string | number)[] = []): NullCase[] {
  const out: NullCase[] = [];
  if (Array.isArray(value)) {
    const parts = applying(node, value);
    const items = parts.map((p) => p.items as Json | undefined).find(Boolean);
    if (!items) return out;
    return value.flatMap((item, i) => nullCases(items, item, [...path, i]));
  }
  if (!isObject(value)) return out;
  const parts = applying(node, value);
  const required = new Set(parts.flatMap((p) => (p.required as string[] | undefined) ?? []));
  const decided = new Set(
    parts.flatMap((p) => Object.keys((p['x-platform-difference'] as Json | undefined) ?? {})),
  );
  const properties = new Map<string, Json>();
  for (const p of parts) {
    for (const [k, s] of Object.entries((p.properties as Record<string, Json>) ?? {})) {
      if (isObject(s)) properties.set(k, s);
    }
  }
  for (const [name, schema] of properties) {
    const at = [...path, name];
    const platformNullable =
      schema['x-source'] === 'platform' && admitsNull(schema) && !decided.has(name);
    if (platformNullable && !required.has(name)) {
      out.push({ path: at, field: at.map((p) => (typeof p === 'number' ? '*' : p)).join('.') });
    }
    if (value[name] !== undefined && value[name] !== null) {
      out.push(...nullCases(schema, value[name], at));
    }
  }
  return out;
}

function withField(base: Json, path: (string | number)[], present: boolean): Json {
  const body = structuredClone(base);
  let node = body as Json;
  for (const key of path.slice(0, -1)) node = node[key as string] as Json;
  const last = path.at(-1) as string;
  if (present) node[last] = null;
  else delete node[last];
  return body;
}

/**
 * The answer's verdict: the status, and the body of a refusal. A success echoes the validated
 * data (VAL-2), which carries the null as sent, so its body is not compared.
 */
function verdict(response: { status: number; body: unknown }): string {
  return JSON.stringify(response.status < 300 ? response.status : response);
}

const VALIDATE = '/v1/data-import/validate-account/';
/** Fixture accounts per form: enough that every part of the payload turns up. */
const ACCOUNTS = 120;
/** Occurrences of one field checked at most (on different accounts), to bound the run. */
const PER_FIELD = 3;

describe('validateAccount (POST /v1/data-import/validate-account/): null read as absence', () => {
  test.each([
    ['DomesticAccount', (seed: number) => domesticAccount({ seed }) as unknown as Json],
    ['BusinessAccount', (seed: number) => businessAccount({ seed }) as unknown as Json],
  ] as const)(
    '[GEN-4] [GEN-6] %s: every optional field the platform declares nullable gets the same answer absent and null',
    async (name, build) => {
      const h = await createHarness({ now: Date.parse(`${DEFAULT_TODAY}T12:00:00Z`) });
      const seen = new Map<string, number>();
      const differing: string[] = [];
      for (let seed = 0; seed < ACCOUNTS; seed++) {
        const base = build(seed);
        for (const c of nullCases({ $ref: `#/components/schemas/${name}` }, base)) {
          const count = seen.get(c.field) ?? 0;
          if (count >= PER_FIELD) continue;
          seen.set(c.field, count + 1);
          const absent = await h.call('POST', VALIDATE, { body: withField(base, c.path, false) });
          const asNull = await h.call('POST', VALIDATE, { body: withField(base, c.path, true) });
          if (verdict(absent) !== verdict(asNull)) {
            differing.push(
              `seed ${seed} ${c.path.join('.')}: absent ${verdict(absent).slice(0, 400)}; null ${verdict(asNull).slice(0, 400)}`,
            );
          }
        }
      }
      console.info(`${name}: ${seen.size} nullable fields checked absent against null`);
      expect(differing).toEqual([]);
      // The walk reaches the nullable fields of every part, not a handful.
      expect(seen.size).toBeGreaterThan(30);
      expect(seen.has('supply_addresses.*.meter_points.*.aq_history.*.effective_to')).toBe(true);
    },
    300_000,
  );
});
