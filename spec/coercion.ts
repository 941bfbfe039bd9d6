/**
 * Reads a request body the way the platform's serializers (Django REST Framework) read it, before
 * the schema is checked: a JSON number given for a text field becomes its text (`7123456789` ->
 * `"7123456789"`), while booleans, objects and arrays stay as they are and fail the schema with
 * "Not a valid string."; a decimal field takes a decimal string or a JSON number alike and keeps
 * the form its schema names first; numeric text for a number or integer field is read as the number (`x-decimal-as: number` for the transaction amounts GEN-8 sends
 * as numbers). A JSON number with more digits than the field's precision (`x-decimal`) is refused
 * with the platform's decimal codes. The body is changed in place, so the mock and every other
 * caller see the value the serializer would have produced.
 */
import type { FieldError } from './field-errors.ts';

type Json = Record<string, unknown>;

/** Coerces one value in place against the schema it was built for (see PlatformCoercion). */
type Coercer = (value: unknown, path: (string | number)[], errors: FieldError[]) => unknown;

interface Expanded {
  properties: Record<string, Json>;
  items?: Json;
  types: Set<string>;
  decimal?: { whole: number; places: number };
  decimalAs?: 'number' | 'string';
  /** A nullable wrapper's inner schema, or one branch picked by a tag. */
  branches: Json[];
  discriminator?: string;
  conditional?: { when: Json; matched?: Json; otherwise?: Json };
  /** Whether every branch is text only (made once, see #branchFor). */
  textBranches?: boolean;
  /** The branch for each discriminator tag seen, found once (see #branchFor). */
  byTag?: Map<unknown, Json | undefined>;
}

/** Turns a number into plain decimal text, never exponent notation. */
export function decimalText(value: number): string {
  const size = Math.abs(value);
  // JavaScript writes exponents only below 1e-6 and from 1e21 on: every other number's own text
  // is already plain (the common case, on every decimal of every request).
  if (size === 0 || (size >= 1e-6 && size < 1e21) || !(size < 1e21)) return String(value);
  return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

const MINUS = 45;
const POINT = 46;
const ZERO = 48;
const NINE = 57;

/** Where the run of digits starting at `from` ends. */
function digitsEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c < ZERO || c > NINE) break;
    i++;
  }
  return i;
}

/** The platform's decimal limits for one value: the first failure's code and detail, or null. */
export function decimalProblem(
  text: string,
  limits: { whole: number; places: number },
): { code: string; detail: string } | null {
  // `-?digits(.digits)?`, read by hand: this runs for every decimal of every body.
  const wholeStart = text.charCodeAt(0) === MINUS ? 1 : 0;
  const wholeEnd = digitsEnd(text, wholeStart);
  let end = wholeEnd;
  let places = 0;
  if (text.charCodeAt(end) === POINT) {
    end = digitsEnd(text, wholeEnd + 1);
    places = end - wholeEnd - 1;
  }
  if (end !== text.length) return { code: 'invalid', detail: 'A valid number is required.' };
  if (places > limits.places) {
    return {
      code: 'max_decimal_places',
      detail: `Ensure that there are no more than ${limits.places} decimal places.`,
    };
  }
  // Leading zeros are not digits of the number, but a lone zero is.
  let first = wholeStart;
  while (first < wholeEnd - 1 && text.charCodeAt(first) === ZERO) first++;
  if (wholeEnd - first > limits.whole) {
    return {
      code: 'max_whole_digits',
      detail: `Ensure that there are no more than ${limits.whole} digits before the decimal point.`,
    };
  }
  return null;
}

/**
 * Whether a JSON number fits a decimal's limits, decided by arithmetic (no text): true only when
 * {@link decimalProblem} of its {@link decimalText} is null; false when it may not fit (the text
 * then decides). Its places fit when rounding it to them gives it back (the nearest double of a
 * decimal with at most that many places is the number itself), its whole digits when it is below
 * the power of ten.
 */
export function numberFits(value: number, limits: { whole: number; places: number }): boolean {
  const size = Math.abs(value);
  if (!(size === 0 || (size >= 1e-6 && size < 1e15))) return false;
  if (limits.whole < 1 || limits.places > 15) return false;
  const scale = 10 ** limits.places;
  const scaled = Math.round(value * scale);
  if (Math.abs(scaled) >= 2 ** 52) return false;
  return scaled / scale === value && size < 10 ** limits.whole;
}

/** Coerces each item of an array in place (see PlatformCoercion). */
function coerceItems(
  items: Coercer,
  value: unknown[],
  path: (string | number)[],
  errors: FieldError[],
): void {
  for (let i = 0; i < value.length; i++) {
    path.push(i);
    const item = value[i];
    const kept = items(item, path, errors);
    // Written back only when changed: most values are kept as they are, and a store into
    // objects of every shape is slower than the comparison.
    if (kept !== item) value[i] = kept;
    path.pop();
  }
}

/** Coerces the fields of an object that have a coercer, in the object's order, in place. */
function coerceFields(
  properties: Map<string, Coercer>,
  object: Json,
  path: (string | number)[],
  errors: FieldError[],
): void {
  for (const name in object) {
    const child = properties.get(name);
    if (!child) continue;
    path.push(name);
    const field = object[name];
    const kept = child(field, path, errors);
    if (kept !== field) object[name] = kept;
    path.pop();
  }
}

/** Applies the platform's input coercion to request bodies of one OpenAPI document. */
export class PlatformCoercion {
  readonly #schemas: Record<string, Json>;
  readonly #cache = new WeakMap<object, Expanded>();
  readonly #coercers = new WeakMap<object, Coercer>();
  readonly #decimalCoercers = new WeakMap<object, Coercer>();
  readonly #reaches = new WeakMap<object, boolean>();

  constructor(document: Json) {
    this.#schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<
      string,
      Json
    >;
  }

  #deref(node: Json): Json | undefined {
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return undefined;
    return this.#schemas[ref.slice('#/components/schemas/'.length)];
  }

  #expand(node: Json): Expanded {
    const cached = this.#cache.get(node);
    if (cached) return cached;
    const out: Expanded = { properties: {}, types: new Set(), branches: [] };
    this.#cache.set(node, out);
    const merge = (inner: Expanded) => {
      for (const [k, v] of Object.entries(inner.properties)) out.properties[k] ??= v;
      out.items ??= inner.items;
      for (const t of inner.types) out.types.add(t);
      out.decimal ??= inner.decimal;
      out.decimalAs ??= inner.decimalAs;
      out.branches.push(...inner.branches);
      out.discriminator ??= inner.discriminator;
      out.conditional ??= inner.conditional;
    };
    const target = this.#deref(node);
    if (target) merge(this.#expand(target));
    for (const part of (node.allOf as Json[] | undefined) ?? []) merge(this.#expand(part));
    for (const [k, v] of Object.entries((node.properties as Json | undefined) ?? {})) {
      if (v && typeof v === 'object') out.properties[k] = v as Json;
    }
    if (node.items && typeof node.items === 'object') out.items = node.items as Json;
    const type = node.type;
    if (typeof type === 'string') out.types.add(type);
    if (Array.isArray(type)) for (const t of type) out.types.add(String(t));
    const decimal = node['x-decimal'] as { whole: number; places: number } | undefined;
    if (decimal) out.decimal = decimal;
    if (node['x-decimal-as'] === 'number') out.decimalAs = 'number';
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = node[key] as Json[] | undefined;
      if (branches) out.branches.push(...branches.filter((b) => b.type !== 'null'));
    }
    const discriminator = (node.discriminator as Json | undefined)?.propertyName;
    if (typeof discriminator === 'string') out.discriminator = discriminator;
    if (node.if && typeof node.if === 'object') {
      out.conditional = {
        when: node.if as Json,
        matched: node.then as Json | undefined,
        otherwise: node.else as Json | undefined,
      };
    }
    return out;
  }

  /** Whether an object matches a simple `if` (required names and enum/const of properties). */
  #matches(condition: Json, value: Json): boolean {
    for (const name of (condition.required as string[] | undefined) ?? []) {
      if (!(name in value)) return false;
    }
    for (const [name, rule] of Object.entries((condition.properties as Json | undefined) ?? {})) {
      if (!(name in value)) continue;
      const r = rule as Json;
      if (Array.isArray(r.enum) && !r.enum.includes(value[name])) return false;
      if ('const' in r && r.const !== value[name]) return false;
    }
    return true;
  }

  /** The branch of a union that applies to a value (by tag, or the only object branch). */
  #branchFor(e: Expanded, value: unknown): Json | undefined {
    if (e.branches.length === 0) return undefined;
    if (e.branches.length === 1) return e.branches[0];
    if (e.discriminator && value && typeof value === 'object') {
      const tag = (value as Json)[e.discriminator];
      e.byTag ??= new Map();
      if (e.byTag.has(tag)) return e.byTag.get(tag);
      const found = e.branches.find((b) => {
        const property = this.#expand(b).properties[e.discriminator as string];
        if (!property) return false;
        return (
          property.const === tag || (Array.isArray(property.enum) && property.enum.includes(tag))
        );
      });
      // Tags are the body's: only those of the schema's own enums are kept, so the map is bounded.
      if (found) e.byTag.set(tag, found);
      return found;
    }
    // Branches that are all text (a date or a datetime) read a number the same way.
    e.textBranches ??= e.branches
      .map((b) => this.#expand(b))
      .every((k) => k.types.size > 0 && [...k.types].every((t) => t === 'string'));
    return e.textBranches ? e.branches[0] : undefined;
  }

  /**
   * The coercer of one schema node, built once and kept: the walk runs on every request body, so
   * what a node's schema says (its types, decimal limits, properties, branches) is read once
   * into a closure, and each closure calls its children's directly (decision 018).
   */
  #coercer(schema: Json): Coercer {
    return this.#kept(this.#coercers, schema, (node) => this.#build(node));
  }

  /** A node's coercer from `cache`, or a placeholder that builds it on first use. */
  #kept(cache: WeakMap<object, Coercer>, schema: Json, build: (node: Json) => Coercer): Coercer {
    const known = cache.get(schema);
    if (known) return known;
    // A placeholder first: schemas are recursive, and a node's children are made on first use.
    let built: Coercer | undefined;
    const coercer: Coercer = (value, path, errors) => {
      built ??= build(schema);
      return built(value, path, errors);
    };
    cache.set(schema, coercer);
    return coercer;
  }

  /**
   * Coerces `value` (at `path` in the body, the root when empty) against `schema`; pushes the
   * decimal failures a schema cannot express and returns the value to keep. The path is one
   * array pushed and popped along the walk and joined only for an error: building every field's
   * name as text cost more than the coercion itself.
   */
  #build(schema: Json): Coercer {
    const e = this.#expand(schema);
    // Text for a plain text field is kept as it is (the common case, checked first).
    const plainText = e.branches.length === 0 && !e.decimal && e.types.has('string');
    const conditional = e.conditional;
    const properties = new Map<string, Coercer>();
    for (const [name, child] of Object.entries(e.properties)) {
      properties.set(name, this.#coercer(child));
    }
    const items = e.items ? this.#coercer(e.items) : undefined;
    const hasString = e.types.has('string');
    const hasInteger = e.types.has('integer');
    const hasNumber = e.types.has('number');
    const numberAsText = hasString && !hasNumber && !hasInteger;
    const branchCoercers = new Map<Json, Coercer>();
    const branchCoercer = (branch: Json) => {
      let found = branchCoercers.get(branch);
      if (!found) {
        found = this.#coercer(branch);
        branchCoercers.set(branch, found);
      }
      return found;
    };
    const coerce: Coercer = (value, path, errors) => {
      if (value === null || value === undefined || typeof value === 'boolean') return value;
      if (plainText && typeof value === 'string') return value;
      if (conditional && typeof value === 'object' && !Array.isArray(value)) {
        const chosen = this.#matches(conditional.when, value as Json)
          ? conditional.matched
          : conditional.otherwise;
        if (chosen) return branchCoercer(chosen)(value, path, errors);
      }
      if (properties.size === 0) {
        const branch = this.#branchFor(e, value);
        if (branch) return branchCoercer(branch)(value, path, errors);
      }
      if (e.decimal) return this.#decimal(e, value, path, errors);
      if (typeof value === 'string') {
        if (hasString) return value;
        // Numeric text for a number field is read as the number (Django REST Framework's
        // IntegerField and FloatField do so).
        if (hasInteger && /^-?\d+$/.test(value)) return Number(value);
        if (hasNumber && /^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(value)) return Number(value);
        return value;
      }
      if (typeof value === 'number') {
        return numberAsText && Number.isFinite(value) ? decimalText(value) : value;
      }
      if (Array.isArray(value)) {
        if (items) coerceItems(items, value, path, errors);
        return value;
      }
      if (typeof value === 'object') {
        // The body's own fields, not every field the schema knows: bodies are sparse.
        coerceFields(properties, value as Json, path, errors);
      }
      return value;
    };
    return coerce;
  }

  #decimal(e: Expanded, value: unknown, path: (string | number)[], errors: FieldError[]): unknown {
    const limits = e.decimal as { whole: number; places: number };
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return value;
      // A field kept as a number needs its text only to be checked: arithmetic decides most.
      if (e.decimalAs === 'number' && numberFits(value, limits)) return value;
      const text = decimalText(value);
      const problem = decimalProblem(text, limits);
      if (problem) {
        errors.push({ attr: path.join('.') || 'non_field_errors', ...problem });
        return value;
      }
      return e.decimalAs === 'number' ? value : text;
    }
    if (typeof value === 'string' && /^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(value)) {
      // Decimal text beyond the precision gets the platform's decimal code whatever the form the
      // kit keeps; within it, a field the kit keeps as a number reads it as one.
      const problem = decimalProblem(value, limits);
      if (problem) {
        errors.push({ attr: path.join('.') || 'non_field_errors', ...problem });
        return value;
      }
      if (e.decimalAs === 'number') return Number(value);
    }
    return value;
  }

  /** Whether a decimal field lies at or under this node (a cycle counts as yes). */
  #reachesDecimal(schema: Json, visiting: Set<Json>): boolean {
    const known = this.#reaches.get(schema);
    if (known !== undefined) return known;
    if (visiting.has(schema)) return true;
    visiting.add(schema);
    const e = this.#expand(schema);
    const children = [
      ...Object.values(e.properties),
      ...(e.items ? [e.items] : []),
      ...e.branches,
      ...(e.conditional?.matched ? [e.conditional.matched] : []),
      ...(e.conditional?.otherwise ? [e.conditional.otherwise] : []),
    ];
    const reaches =
      e.decimal !== undefined || children.some((c) => this.#reachesDecimal(c, visiting));
    visiting.delete(schema);
    this.#reaches.set(schema, reaches);
    return reaches;
  }

  /**
   * The decimals-only coercer of a node: the same reading of decimals as {@link #build}, but it
   * goes only where a decimal field can be and leaves everything else as it is.
   */
  #decimalCoercer(schema: Json): Coercer {
    return this.#kept(this.#decimalCoercers, schema, (node) => this.#buildDecimals(node));
  }

  #buildDecimals(schema: Json): Coercer {
    if (!this.#reachesDecimal(schema, new Set())) return (value) => value;
    const e = this.#expand(schema);
    const conditional = e.conditional;
    const hasProperties = Object.keys(e.properties).length > 0;
    const properties = new Map<string, Coercer>();
    for (const [name, child] of Object.entries(e.properties)) {
      if (this.#reachesDecimal(child, new Set())) properties.set(name, this.#decimalCoercer(child));
    }
    const items = e.items ? this.#decimalCoercer(e.items) : undefined;
    return (value, path, errors) => {
      if (value === null || value === undefined || typeof value === 'boolean') return value;
      if (conditional && typeof value === 'object' && !Array.isArray(value)) {
        const chosen = this.#matches(conditional.when, value as Json)
          ? conditional.matched
          : conditional.otherwise;
        if (chosen) return this.#decimalCoercer(chosen)(value, path, errors);
      }
      if (!hasProperties) {
        const branch = this.#branchFor(e, value);
        if (branch) return this.#decimalCoercer(branch)(value, path, errors);
      }
      if (e.decimal) return this.#decimal(e, value, path, errors);
      if (typeof value !== 'object') return value;
      if (Array.isArray(value)) {
        if (items) coerceItems(items, value, path, errors);
        return value;
      }
      if (properties.size === 0) return value;
      // In the body's order, as the full walk goes, so that failures come in the same order.
      coerceFields(properties, value as Json, path, errors);
      return value;
    };
  }

  /**
   * Coerces only the decimals of a body the schema already accepts as sent, in place. Every
   * other coercion turns a value the schema refuses into one it accepts (a number for a text
   * field, numeric text for a number field), so for an accepted body this is the whole reading,
   * and it skips every part of the body where no decimal can be.
   */
  coerceDecimals(schema: Json, body: unknown): { value: unknown; errors: FieldError[] } {
    const errors: FieldError[] = [];
    const value = this.#decimalCoercer(schema)(body, [], errors);
    return { value, errors };
  }

  /**
   * Coerces a body against a schema in place; returns the decimal failures found on numbers (the
   * schema reports every other failure).
   */
  coerce(schema: Json, body: unknown): { value: unknown; errors: FieldError[] } {
    const errors: FieldError[] = [];
    const value = this.#coercer(schema)(body, [], errors);
    return { value, errors };
  }
}
