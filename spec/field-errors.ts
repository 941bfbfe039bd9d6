/**
 * Turns JSON Schema failures into the interface's error items `{detail, code, attr}` (ERR-4,
 * ERR-5): a stable code per failure (decision 002, overridable per schema with `x-error-codes`)
 * and `attr` as a dot path with zero-based indexes (`customers.0.landline`).
 */
import type { ErrorObject } from 'ajv';

/** One item of the `errors` array of the interface's validation error body (ERR-4). */
export interface FieldError {
  detail: string;
  code: string;
  attr: string;
}

type Json = Record<string, unknown>;

const TYPE_DETAILS: Record<string, string> = {
  string: 'Not a valid string.',
  integer: 'A valid integer is required.',
  number: 'A valid number is required.',
  boolean: 'Must be a valid boolean.',
  object: 'Expected a dictionary of items.',
  array: 'Expected a list of items.',
  null: 'This field must be null.',
};

const FORMAT_DETAILS: Record<string, string> = {
  date: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  'date-time': 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDTHH:MM:SSZ.',
  email: 'Enter a valid email address.',
};

/** Converts a JSON pointer (`/customers/0/landline`) into the interface's dot path (ERR-5). */
export function pointerToAttr(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function join(attr: string, child: string): string {
  return attr ? `${attr}.${child}` : child;
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function defaultCodeAndDetail(error: ErrorObject): { code: string; detail: string } {
  const p = error.params as Json;
  switch (error.keyword) {
    case 'required':
      return { code: 'required', detail: 'This field is required.' };
    case 'type': {
      const type = String(p.type).split(',')[0] ?? '';
      return { code: 'invalid', detail: TYPE_DETAILS[type] ?? `Must be of type ${p.type}.` };
    }
    case 'enum':
    case 'const':
      return { code: 'invalid_choice', detail: `"${show(error.data)}" is not a valid choice.` };
    case 'discriminator':
      return p.error === 'mapping'
        ? { code: 'invalid_choice', detail: `"${show(p.tagValue)}" is not a valid choice.` }
        : { code: 'required', detail: 'This field is required.' };
    case 'maxLength':
      return {
        code: 'max_length',
        detail: `Ensure this field has no more than ${p.limit} characters.`,
      };
    case 'minLength':
      return error.data === ''
        ? { code: 'blank', detail: 'This field may not be blank.' }
        : { code: 'min_length', detail: `Ensure this field has at least ${p.limit} characters.` };
    case 'minItems':
      return Number(p.limit) === 1
        ? { code: 'empty', detail: 'This list may not be empty.' }
        : { code: 'min_length', detail: `Ensure this field has at least ${p.limit} elements.` };
    case 'maxItems':
      return {
        code: 'max_length',
        detail: `Ensure this field has no more than ${p.limit} elements.`,
      };
    case 'minimum':
    case 'exclusiveMinimum':
      return {
        code: 'min_value',
        detail: `Ensure this value is greater than or equal to ${p.limit}.`,
      };
    case 'maximum':
    case 'exclusiveMaximum':
      return {
        code: 'max_value',
        detail: `Ensure this value is less than or equal to ${p.limit}.`,
      };
    case 'format':
      return {
        code: 'invalid',
        detail: FORMAT_DETAILS[String(p.format)] ?? `Enter a valid ${p.format}.`,
      };
    case 'pattern':
      return { code: 'invalid', detail: 'This value does not match the required pattern.' };
    case 'unevaluatedProperties':
    case 'additionalProperties':
    case 'false schema':
      return { code: 'unknown_field', detail: 'This field is not part of the interface.' };
    default:
      return { code: 'invalid', detail: error.message ?? 'Invalid value.' };
  }
}

/** The index of the `{type: 'null'}` branch of an anyOf failure, or -1. */
function nullBranch(error: ErrorObject): number {
  const branches = ((error.parentSchema ?? {}) as Json).anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return -1;
  return branches.findIndex((b) => (b as Json | undefined)?.type === 'null');
}

/** Whether a proper ancestor of a schema path (`#/properties/a/anyOf/1/type`) passes `test`. */
function someAncestor(schemaPath: string, test: (path: string) => boolean): boolean {
  for (let at = schemaPath.indexOf('/'); at >= 0; at = schemaPath.indexOf('/', at + 1)) {
    if (test(schemaPath.slice(0, at))) return true;
  }
  return false;
}

/** An instance path and each path above it (`/a/0/b`, `/a/0`, `/a`, ``). */
function instancePrefixes(instancePath: string): string[] {
  const out = [instancePath];
  for (
    let at = instancePath.lastIndexOf('/');
    at >= 0;
    at = instancePath.lastIndexOf('/', at - 1)
  ) {
    out.push(instancePath.slice(0, at));
    if (at === 0) break;
  }
  return out;
}

/** The attr of a failure of the body as a whole, as Django REST Framework names it. */
export const NON_FIELD_ERRORS = 'non_field_errors';

function attrOf(error: ErrorObject): string {
  const p = error.params as Json;
  const base = pointerToAttr(error.instancePath);
  switch (error.keyword) {
    case 'required':
      return join(base, String(p.missingProperty));
    case 'unevaluatedProperties':
      return join(base, String(p.unevaluatedProperty));
    case 'additionalProperties':
      return join(base, String(p.additionalProperty));
    case 'discriminator':
      return join(base, String(p.tag));
    default:
      return base;
  }
}

/**
 * Maps ajv errors (compiled with `allErrors` and `verbose`) to field errors. Failures inside the
 * branches of an `anyOf`/`oneOf` are folded into the combinator's own error, whose schema can name
 * one code for "none of the alternatives" (`note_body_or_document_path_not_found`); `if` errors
 * are dropped because their `then` failures say what is wrong. Duplicates (attr, code) collapse.
 */
export function toFieldErrors(errors: readonly ErrorObject[]): FieldError[] {
  // Each error looks up the schema paths above it in sets, so the work grows with the number of
  // errors times the depth of the schema, never with the square of the number of errors (a body
  // with tens of thousands of failures is mapped in one pass).
  // A nullable field is `anyOf: [<schema>, {type: 'null'}]`: a non-null value that fails is
  // reported by the failures of <schema> itself, as the platform reports a non-null field.
  const nullBranches = new Set<string>();
  const dropped = new Set<ErrorObject>();
  for (const e of errors) {
    if (e.keyword !== 'anyOf') continue;
    const branch = nullBranch(e);
    if (branch < 0) continue;
    dropped.add(e);
    nullBranches.add(`${e.schemaPath}/${branch}`);
  }
  for (const e of errors) {
    if (!dropped.has(e) && someAncestor(e.schemaPath, (path) => nullBranches.has(path))) {
      dropped.add(e);
    }
  }
  // The instance paths of the combinators by their schema path.
  const combinators = new Map<string, Set<string>>();
  for (const e of errors) {
    if ((e.keyword === 'anyOf' || e.keyword === 'oneOf') && !dropped.has(e)) {
      const at = combinators.get(e.schemaPath);
      if (at) at.add(e.instancePath);
      else combinators.set(e.schemaPath, new Set([e.instancePath]));
    }
  }
  const inCombinator = (e: ErrorObject) =>
    someAncestor(e.schemaPath, (path) => {
      const at = combinators.get(path);
      return at !== undefined && instancePrefixes(e.instancePath).some((p) => at.has(p));
    });
  const kept = errors.filter((e) => !dropped.has(e) && e.keyword !== 'if' && !inCombinator(e));
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of kept) {
    const schema = (error.parentSchema ?? {}) as Json;
    const codes = (schema['x-error-codes'] ?? {}) as Record<string, string>;
    const details = (schema['x-error-details'] ?? {}) as Record<string, string>;
    const fallback = defaultCodeAndDetail(error);
    const code = codes[error.keyword] ?? fallback.code;
    const template = details[error.keyword];
    const detail = template ? template.replaceAll('{value}', show(error.data)) : fallback.detail;
    // `x-error-attr` names the field a rule over several fields is reported on.
    const named = ((schema['x-error-attr'] ?? {}) as Record<string, string>)[error.keyword];
    const attr =
      (named ? join(pointerToAttr(error.instancePath), named) : attrOf(error)) || NON_FIELD_ERRORS;
    const key = `${attr}\u0000${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ detail, code, attr });
  }
  return out;
}
