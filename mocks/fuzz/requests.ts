/**
 * Hostile requests over every operation of both documents the mock serves (spec/openapi.yaml and
 * spec/control.yaml), from a seed: the same seed gives the same requests. Each starts from the
 * operation's own examples and breaks one thing the way a fuzzer or a hostile page would: bodies
 * nested past the edge's limit, huge and non-finite numbers, prototype keys as field names and as
 * codes, bad percent-encodings in path parameters, wrong types, broken JSON, strings as long as
 * the schema allows. Test tooling: nothing of the mock imports it.
 */
import { type Contract, dataImport, mockControl, type OperationInfo } from '../../spec/index.ts';

/** A request as the fuzzer sends it: the path is sent as it is (no encoding is added). */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The operation it aims at and what it breaks, to tell a failure's reader. */
  operationId: string;
  hostility: string;
}

/** A seeded pseudo-random source (mulberry32): reproducible runs from a number. */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

type Json = Record<string, unknown>;

/** Keys that are properties of every plain object. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
];

/** Path segments that are no valid percent-encoding, or that a router might treat specially. */
const HOSTILE_SEGMENTS = [
  '%FF',
  '%E0%A4%A',
  '%',
  '%C0%80',
  '%00',
  '%2F',
  '..',
  '.',
  '%2e%2e',
  'a'.repeat(32),
  'a'.repeat(33),
  'x'.repeat(4000),
  '%F0%9F%99%82',
  '%20',
  ...PROTOTYPE_KEYS,
];

/** Numbers that break arithmetic on dates, counters and lifetimes. */
const HOSTILE_NUMBERS = [
  '1e308',
  '-1e308',
  '1e999',
  '-1e999',
  '1e16',
  '-1e16',
  '9007199254740993',
  '-1',
  '0',
  '-0',
  '0.5',
  '1e-300',
  '2147483648',
  '1e13',
];

/** Query values of every kind. */
const HOSTILE_QUERY = [
  '1e308',
  '-1',
  'NaN',
  'Infinity',
  '9'.repeat(400),
  '',
  '0x10',
  'true',
  '4xx',
  '5xx',
  'newest_first',
  '%FF',
  '__proto__',
  '1',
  '100',
];

/** The request body examples of an operation, resolved through the document's references. */
function examplesOf(contract: Contract, info: OperationInfo): unknown[] {
  const document = contract.document;
  const resolve = (node: unknown): unknown => {
    const ref = (node as Json | undefined)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
    return resolve(
      ref
        .slice(2)
        .split('/')
        .reduce<unknown>((n, part) => (n as Json | undefined)?.[part], document),
    );
  };
  const body = resolve(info.operation.requestBody) as Json | undefined;
  const media = resolve((body?.content as Json | undefined)?.['application/json']) as
    | Json
    | undefined;
  if (!media) return [];
  const found: unknown[] = [];
  if (media.example !== undefined) found.push(media.example);
  for (const example of Object.values((media.examples as Json | undefined) ?? {})) {
    const value = (resolve(example) as Json | undefined)?.value;
    if (value !== undefined) found.push(value);
  }
  return found;
}

/** One operation with what the fuzzer needs of it. */
interface Target {
  contract: Contract;
  info: OperationInfo;
  examples: unknown[];
}

/** Every operation of both documents. */
export function fuzzTargets(): Target[] {
  return [dataImport, mockControl].flatMap((contract) =>
    [...contract.operations.values()].map((info) => ({
      contract,
      info,
      examples: examplesOf(contract, info),
    })),
  );
}

/** A value's leaves and objects, by path (arrays by index). */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) paths(v, [...prefix, i], out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  }
  return out;
}

/** A placeholder that becomes a raw JSON number (1e999 has no JSON.stringify form). */
const RAW = '\u0000raw:';

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Json;
  let node = copy as Json;
  for (const part of path.slice(0, -1)) node = node[part as string] as Json;
  Object.defineProperty(node, path.at(-1)!, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

function toText(value: unknown): string {
  return JSON.stringify(value).replace(
    new RegExp(`"${RAW.replace('\u0000', '\\\\u0000')}([^"]*)"`, 'g'),
    (_whole, raw: string) => raw,
  );
}

/** A value of another kind than JSON Schema would expect, or a hostile one of the same kind. */
function hostileValue(random: Random): unknown {
  switch (random.int(6)) {
    case 0:
      return `${RAW}${random.pick(HOSTILE_NUMBERS)}`;
    case 1:
      return random.pick([
        '',
        'x'.repeat(random.pick([31, 32, 33, 255, 256, 1024, 20_000])),
        random.pick(PROTOTYPE_KEYS),
        '%FF',
        '\u0000',
        '\ud800',
        '🙂'.repeat(40),
        '0001-01-01T00:00:00Z',
        '9999-12-31T23:59:59Z',
        '275760-09-13T00:00:00Z',
        '2024-02-30',
      ]);
    case 2:
      return random.pick([null, true, false, [], {}, [[[]]], [null]]);
    case 3:
      return { [random.pick(PROTOTYPE_KEYS)]: { remaining: 1, status: 'Ongoing', polluted: true } };
    case 4:
      return Array.from({ length: random.pick([2, 100, 5_000]) }, () => random.pick([1, 'x', {}]));
    default:
      return JSON.parse(`{"${random.pick(PROTOTYPE_KEYS)}": {"kind": "persistent"}}`);
  }
}

/** `depth` levels of arrays and objects around a value, as text. */
function nestedText(depth: number, inner: string): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    if (i % 2 === 0) {
      open += '{"a":';
      close = `}${close}`;
    } else {
      open += '[';
      close = `]${close}`;
    }
  }
  return `${open}${inner}${close}`;
}

/** The fuzzer's knowledge of the mock's data: codes and numbers that exist. */
export interface FuzzWorld {
  token: string | undefined;
  suppliers: string[];
  accounts: string[];
  mpxns: string[];
}

/** A path of an operation with each parameter a known, a random or a hostile value. */
function pathOf(
  info: OperationInfo,
  world: FuzzWorld,
  random: Random,
): { path: string; note: string } {
  let note = '';
  const path = info.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    if (random.chance(0.25)) {
      const segment = random.pick(HOSTILE_SEGMENTS);
      note ||= `path ${name}=${segment.slice(0, 20)}`;
      return segment;
    }
    const known =
      name.includes('supplier') || name === 'code'
        ? random.pick(world.suppliers)
        : name.includes('account')
          ? random.pick(world.accounts)
          : name === 'mpxn'
            ? random.pick(world.mpxns)
            : name === 'seq'
              ? String(random.int(50))
              : random.pick(['MIGRATIONS', 'X', '1']);
    return encodeURIComponent(known);
  });
  return { path, note };
}

function queryOf(info: OperationInfo, random: Random): string {
  const params = info.parameters.filter((p) => p.in === 'query');
  const pairs: string[] = [];
  for (const p of params) {
    if (random.chance(0.5)) pairs.push(`${p.name}=${random.pick(HOSTILE_QUERY)}`);
  }
  if (random.chance(0.1)) pairs.push(`${random.pick(PROTOTYPE_KEYS)}=1`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A body for an operation: an example, broken in one way (or, now and then, as it is). */
function bodyOf(
  target: Target,
  world: FuzzWorld,
  random: Random,
): { body: string | undefined; note: string } {
  const example =
    target.examples.length > 0 ? structuredClone(random.pick(target.examples)) : undefined;
  const base = example ?? (random.chance(0.5) ? {} : undefined);
  if (target.info.operationId === 'obtainToken' && random.chance(0.3)) {
    // The GraphQL document itself nests and repeats: selections, input values, lists, aliases.
    const depth = random.pick([65, 1_000, 5_000]);
    const query = random.pick([
      `mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) ${'{ token '.repeat(depth)}${'}'.repeat(depth)} }`,
      `mutation { obtainKrakenToken(input: ${'{a: '.repeat(depth)}1${'}'.repeat(depth)}) { token } }`,
      `mutation { obtainKrakenToken(input: ${'['.repeat(depth)}1${']'.repeat(depth)}) { token } }`,
      `mutation { ${'a: obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } '.repeat(depth)}}`,
    ]);
    return { body: JSON.stringify({ query }), note: `GraphQL document of depth or count ${depth}` };
  }
  const roll = random.int(100);
  if (roll < 12)
    return { body: base === undefined ? undefined : JSON.stringify(base), note: 'example' };
  if (roll < 20 && base !== undefined) {
    // The codes a map is keyed by: every supplier code and account number of the example.
    const code = random.pick(world.suppliers);
    const account = random.pick(world.accounts);
    const text = JSON.stringify(base, (key, value) =>
      /supplier/.test(key) && typeof value === 'string'
        ? code
        : key === 'external_account_number' && typeof value === 'string'
          ? account
          : value,
    );
    return { body: text, note: `supplier ${code}, account ${account}` };
  }
  if (roll < 55 && base !== undefined) {
    const all = paths(base);
    const at = random.pick(all);
    const value = hostileValue(random);
    return { body: toText(setAt(base, at, value)), note: `value at ${at.join('.') || '(root)'}` };
  }
  if (roll < 65 && base !== undefined && base && typeof base === 'object') {
    const objects = paths(base).filter((p) => {
      let node: unknown = base;
      for (const part of p) node = (node as Json)[part as string];
      return node !== null && typeof node === 'object' && !Array.isArray(node);
    });
    const at = random.pick(objects);
    const key = random.pick(PROTOTYPE_KEYS);
    let node: unknown = structuredClone(base);
    const root = node;
    for (const part of at) node = (node as Json)[part as string];
    Object.defineProperty(node as Json, key, {
      value: hostileValue(random),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return { body: toText(root), note: `key ${key} at ${at.join('.') || '(root)'}` };
  }
  if (roll < 77) {
    const depth = random.pick([65, 100, 1_000, 3_000, 5_000, 20_000]);
    const inner = base === undefined ? '1' : JSON.stringify(base);
    return { body: nestedText(depth, inner), note: `nested ${depth} deep` };
  }
  if (roll < 88) {
    const text = base === undefined ? '{"a": 1}' : JSON.stringify(base);
    const broken = random.pick([
      text.slice(0, Math.max(1, random.int(text.length))),
      'NaN',
      'Infinity',
      '{"a": 1e999}',
      `${text}${text}`,
      '\ufeff{}',
      '[]',
      '"x"',
      'null',
      '{"a":"\\ud800"}',
      '{"__proto__": {"polluted": 1}}',
    ]);
    return { body: broken, note: 'broken or odd JSON' };
  }
  // A value of the wrong kind for the whole body.
  return { body: toText(hostileValue(random)), note: 'wrong body kind' };
}

/**
 * The `index`th hostile request: the operations take turns, so that every operation of both
 * documents is aimed at once in each round of as many requests as there are operations.
 */
export function nextRequest(
  targets: Target[],
  world: FuzzWorld,
  random: Random,
  index: number,
): FuzzRequest {
  const target = targets[index % targets.length]!;
  const { info } = target;
  const { path, note: pathNote } = pathOf(info, world, random);
  const headers: Record<string, string> = {};
  const media = random.int(20);
  if (media > 1) headers['content-type'] = 'application/json';
  else if (media === 1) headers['content-type'] = 'text/plain';
  const auth = random.int(20);
  if (auth > 2 && world.token) headers.authorization = `Token ${world.token}`;
  else if (auth === 1)
    headers.authorization = random.pick(['Token x', 'Bearer', 'Token ', 'x'.repeat(9000)]);
  const { body, note: bodyNote } =
    info.hasRequestBody || random.chance(0.05)
      ? bodyOf(target, world, random)
      : { body: undefined, note: '' };
  const method = random.chance(0.04)
    ? random.pick(['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS'])
    : info.method;
  return {
    method,
    path: `${path}${queryOf(info, random)}`,
    headers,
    ...(body !== undefined ? { body } : {}),
    operationId: info.operationId,
    hostility: [pathNote, bodyNote].filter(Boolean).join('; ') || 'none',
  };
}
