/**
 * GEN-4, GEN-6: a nullable field sent as `null` means what its absence means. The reference does
 * not speak of null in a request; the platform's document declares which fields may be null, and
 * the spec carries those facts (`x-source: platform`, `x-platform-facts: nullable`). For every
 * such field that is optional, on every object of the payload that declares it (fixture accounts
 * of both forms reach every part of the payload), the mock gives the same answer to the payload
 * with the field left out and with it `null`. The list of fields comes from the spec, never from
 * a hand list; a field the reference decides against (`x-platform-difference`) is left out.
 * The same holds for the bodies sent after the import (notes, transactions, historical
 * statements, payment instructions): each pair goes to two imported copies of one account, so
 * that the first request's effects (a statement id now held, a note added) cannot decide the
 * second's answer; the walk must reach every optional field the platform's document declares
 * nullable in those bodies. And an account imported with a nullable field `null` gets the
 * post-import answers it gets with the field left out: the post-import rules read the imported
 * account (its statements, its supply dates) as the import did.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { businessAccount } from '../fixtures/business-account.ts';
import { domesticAccount } from '../fixtures/domestic-account.ts';
import { historicalStatementsRequest } from '../fixtures/historical-statements-request.ts';
import { notesRequest } from '../fixtures/notes-request.ts';
import { paymentInstructionRequest } from '../fixtures/payment-instruction-request.ts';
import { DEFAULT_TODAY } from '../fixtures/random.ts';
import { transactionsRequest } from '../fixtures/transactions-request.ts';
import type { Account } from '../fixtures/types.ts';
import { openapiDocument } from '../spec/index.ts';
import { createHarness, type Harness } from './test-support.ts';

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

/** The platform's contract, when it is at hand (PLATFORM_CONTRACT, or the shared reference). */
const platformPath = [
  process.env.PLATFORM_CONTRACT,
  new URL('../../shared/reference/platform/data-import-openapi.yml', import.meta.url).pathname,
  new URL('../../../shared/reference/platform/data-import-openapi.yml', import.meta.url).pathname,
].find((p): p is string => typeof p === 'string' && existsSync(p));
const platform = platformPath ? (parse(readFileSync(platformPath, 'utf8')) as Json) : undefined;

/**
 * The optional fields the platform's document declares nullable in a request body, as `a.*.b`:
 * what the spec-driven walk must reach, so that a field the spec forgot to carry is found.
 */
function platformNullable(node: Json, path: string[] = [], depth = 0): string[] {
  if (!platform || depth > 12) return [];
  const ref = node.$ref;
  if (typeof ref === 'string') {
    const all = (platform.components as Json).schemas as Record<string, Json>;
    return platformNullable(all[ref.split('/').pop() as string] ?? {}, path, depth + 1);
  }
  const out: string[] = [];
  const required = new Set((node.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries((node.properties as Record<string, Json>) ?? {})) {
    const type = schema.type;
    const nullable = schema.nullable === true || (Array.isArray(type) && type.includes('null'));
    if (nullable && !required.has(name)) out.push([...path, name].join('.'));
    out.push(...platformNullable(schema, [...path, name], depth + 1));
  }
  if (isObject(node.items)) out.push(...platformNullable(node.items, [...path, '*'], depth + 1));
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const part of (node[key] as Json[] | undefined) ?? []) {
      out.push(...platformNullable(part, path, depth + 1));
    }
  }
  return out;
}

/** A post-import operation of the spec: its path, request schema and a valid body for an account. */
interface PostImport {
  operationId: string;
  build: (seed: number, account: Account) => Json;
}

/** The body builders of the fixtures, per post-import operation. */
const POST_IMPORTS: PostImport[] = [
  {
    operationId: 'createNotes',
    build: (seed, account) => notesRequest({ seed, account, today: DEFAULT_TODAY }) as Json,
  },
  {
    operationId: 'createTransactions',
    build: (seed, account) => transactionsRequest({ seed, account, today: DEFAULT_TODAY }) as Json,
  },
  {
    operationId: 'createHistoricalStatements',
    build: (seed, account) =>
      historicalStatementsRequest({ seed, account, today: DEFAULT_TODAY }) as Json,
  },
  {
    operationId: 'createPaymentInstruction',
    build: (seed, account) =>
      paymentInstructionRequest({ seed, account, today: DEFAULT_TODAY }) as Json,
  },
];

/** The operation's path and request body schema in the spec. */
function operationOf(document: Json, operationId: string): { path: string; schema: Json } {
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    const post = item.post as Json | undefined;
    if (post?.operationId !== operationId) continue;
    const content = (post.requestBody as Json).content as Record<string, Json>;
    return { path, schema: (content['application/json'] as Json).schema as Json };
  }
  throw new Error(`no POST operation ${operationId}`);
}

/** Post-import bodies per operation: each on an account of its own, alternating the forms. */
const POST_IMPORT_BODIES = 24;

/** A verdict with the second copy's external number read as the first's. */
function verdictAs(response: { status: number; body: unknown }, from: string, to: string): string {
  return verdict(response).split(from).join(to);
}

describe.each(POST_IMPORTS)('$operationId: null read as absence', (op) => {
  const { path, schema } = operationOf(openapiDocument as Json, op.operationId);
  test('[GEN-4] [GEN-6] every optional field the platform declares nullable gets the same answer absent and null', async () => {
    const h = await createHarness({ now: Date.parse(`${DEFAULT_TODAY}T12:00:00Z`) });
    const seen = new Map<string, number>();
    const differing: string[] = [];
    for (let seed = 0; seed < POST_IMPORT_BODIES; seed++) {
      const account = (seed % 2 ? businessAccount({ seed }) : domesticAccount({ seed })) as Account;
      const base = op.build(seed, account);
      for (const c of nullCases(schema, base)) {
        const count = seen.get(c.field) ?? 0;
        if (count >= PER_FIELD) continue;
        seen.set(c.field, count + 1);
        const first = `${account.external_account_number}-${c.field}-${count}-A`;
        const second = `${account.external_account_number}-${c.field}-${count}-B`;
        // Two imported copies: the mock's own account type, the same payload.
        type Imported = Parameters<typeof h.imported>[0];
        await h.imported({ ...account, external_account_number: first } as Imported);
        await h.imported({ ...account, external_account_number: second } as Imported);
        const absent = await h.call('POST', path, {
          body: withField({ ...base, external_account_number: first }, c.path, false),
        });
        const asNull = await h.call('POST', path, {
          body: withField({ ...base, external_account_number: second }, c.path, true),
        });
        const a = verdict(absent);
        const n = verdictAs(asNull, second, first);
        // A valid body without an optional field stays valid: the pair is compared on a success.
        if (absent.status >= 300 || a !== n) {
          differing.push(
            `seed ${seed} ${c.path.join('.')}: absent ${a.slice(0, 400)}; null ${n.slice(0, 400)}`,
          );
        }
      }
    }
    console.info(`${op.operationId}: ${seen.size} nullable fields checked absent against null`);
    expect(differing).toEqual([]);
    // Every optional field the platform's document declares nullable there was reached.
    if (platform) {
      const item = (platform.paths as Record<string, Json>)[path] as Json;
      const content = ((item.post as Json).requestBody as Json).content as Record<string, Json>;
      const declared = platformNullable((content['application/json'] as Json).schema as Json);
      expect([...seen.keys()].sort()).toEqual(expect.arrayContaining(declared.sort()));
    }
  }, 300_000);
});

/** Stages and processes an account; the status of the first step that is not a success, or 201. */
async function importAccount(h: Harness, body: Json): Promise<number> {
  const staged = await h.call('POST', '/v1/data-import/account-import-process/create-or-update/', {
    body,
  });
  if (staged.status !== 201) return staged.status;
  const processed = await h.call('POST', '/v1/data-import/account-import-process/process/', {
    body: {
      import_supplier_code: body.import_supplier,
      external_account_number: body.external_account_number,
      operations_team_name: 'MIGRATIONS',
    },
  });
  return processed.status;
}

/** Accounts per form for the walk below: enough that every nullable account field turns up. */
const IMPORTED_ACCOUNTS = 60;

describe('post-import operations on an account imported with null', () => {
  test('[GEN-4] [GEN-6] an account imported with a platform-nullable field null gets the answers it gets with the field absent', async () => {
    const h = await createHarness({ now: Date.parse(`${DEFAULT_TODAY}T12:00:00Z`) });
    const seen = new Set<string>();
    const differing: string[] = [];
    let successes = 0;
    for (let seed = 0; seed < IMPORTED_ACCOUNTS; seed++) {
      const form = seed % 2 ? 'BusinessAccount' : 'DomesticAccount';
      const account = (seed % 2 ? businessAccount({ seed }) : domesticAccount({ seed })) as Json;
      for (const c of nullCases({ $ref: `#/components/schemas/${form}` }, account)) {
        if (seen.has(c.field)) continue;
        seen.add(c.field);
        const first = `NULL-${seen.size}-A`;
        const second = `NULL-${seen.size}-B`;
        const absent = withField({ ...account, external_account_number: first }, c.path, false);
        const asNull = withField({ ...account, external_account_number: second }, c.path, true);
        const imports = [await importAccount(h, absent), await importAccount(h, asNull)];
        if (imports[0] !== imports[1]) differing.push(`import ${c.field}: ${imports.join(' vs ')}`);
        if (imports[0] !== 201 || imports[1] !== 201) continue;
        for (const op of POST_IMPORTS) {
          const { path } = operationOf(openapiDocument as Json, op.operationId);
          const base = op.build(seed, absent as unknown as Account);
          const a = await h.call('POST', path, {
            body: { ...base, external_account_number: first },
          });
          const n = await h.call('POST', path, {
            body: { ...base, external_account_number: second },
          });
          if (a.status < 300) successes++;
          if (verdict(a) !== verdictAs(n, second, first)) {
            differing.push(
              `${op.operationId} after ${c.field}: absent ${verdict(a).slice(0, 300)}; null ${verdictAs(n, second, first).slice(0, 300)}`,
            );
          }
        }
      }
    }
    console.info(`${seen.size} nullable account fields checked on the post-import operations`);
    expect(differing).toEqual([]);
    // The bodies fit their accounts: the pairs are compared on answers that were accepted.
    expect(successes).toBeGreaterThan(seen.size);
    expect(seen.has('supply_addresses.*.meter_points.*.aq_history.*.effective_to')).toBe(true);
  }, 300_000);
});
