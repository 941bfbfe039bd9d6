/**
 * Loads a bundled OpenAPI 3.1 document and compiles it into validators and a router. The spec is
 * the single source of truth (decision 001): the mock, the fixtures and the contract suite take every
 * shape check from here and nowhere else.
 */
import type { AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { PlatformCoercion } from './coercion.ts';
import { type FieldError, NON_FIELD_ERRORS, toFieldErrors } from './field-errors.ts';
import { addKitFormats, calendarFormat } from './formats/index.ts';

// ajv-formats ships CommonJS; under Bundler resolution its default may be wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;

/** One HTTP method of the interface, as the router and validators see it. */
export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
  tags: string[];
  rules: string[];
  assumption?: string;
  /** Status codes documented for this operation, as strings ('200', '400', ...). */
  statuses: string[];
  /** Whether the operation requires the TokenAuth scheme. */
  secured: boolean;
  parameters: ParameterInfo[];
  hasRequestBody: boolean;
  /** The code an invalid request body or query gets (`x-validation-code`; ERR-1, ERR-3). */
  validationCode: string;
  /** The code any unreadable or invalid body gets instead, when the operation names one (`x-unreadable-body-code`). */
  unreadableBodyCode?: string;
  /**
   * The array of the body whose items' failures are the operation's own business rather than a
   * refusal of the request (`x-item-errors`, TXN-9).
   */
  itemErrors?: string;
  /** Body shapes of documented error responses other than the error body (`x-error-body`), by status. */
  errorBodies: Record<string, string>;
  operation: Json;
}

/** A path or query parameter of an operation. */
export interface ParameterInfo {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Json;
}

/** What the router answers for a method and a path. */
export type RouteMatch =
  | { kind: 'found'; operation: OperationInfo; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

/** The result of checking a response against the documented ones (schemathesis-style wording). */
export interface ResponseCheck {
  ok: boolean;
  problems: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Rewrites `#/components/schemas/X` to the ajv id of the components document. */
export function rewriteRefs(node: unknown, baseId: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, baseId));
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
      out[key] = `${baseId}#/$defs/${value.slice('#/components/schemas/'.length)}`;
    } else if (key === 'discriminator' && value && typeof value === 'object') {
      // ajv implements discriminator without `mapping`; the branches' `const` tags say the same.
      const { mapping: _mapping, ...rest } = value as Json;
      out[key] = rest;
    } else {
      out[key] = rewriteRefs(value, baseId);
    }
  }
  return out;
}

function collectExtensionKeys(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const n of node) collectExtensionKeys(n, into);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Json)) {
      if (key.startsWith('x-')) into.add(key);
      collectExtensionKeys(value, into);
    }
  }
  return into;
}

function templateToRegExp(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      if (part.startsWith('{')) {
        names.push(part.slice(1, -1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { regex: new RegExp(`^${pattern}$`), names };
}

/** A path parameter decoded, or undefined when it is not a valid percent-encoding (`%FF`). */
function decodeParameter(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * ajv gathers the errors of a referenced schema with `vErrors.concat(...)`, which copies every
 * error gathered so far at each call: with `allErrors`, a map of N invalid entries that are
 * checked through a reference (a state's accounts, each an AccountRecord) costs O(N²) copies,
 * minutes for tens of thousands. The generated code appends them in place instead, as ajv does
 * with the errors of its own keywords: linear.
 */
const CONCAT_ERRORS =
  /vErrors = vErrors === null \? ([\w$]+)\.errors : vErrors\.concat\(\1\.errors\);/g;

/** A compiled validator's code with the errors of references appended in place (see above). */
export function linearErrorGathering(code: string): string {
  return code.replace(
    CONCAT_ERRORS,
    (_whole, source: string) =>
      `if (vErrors === null) vErrors = ${source}.errors; else for (const e of ${source}.errors) vErrors.push(e);`,
  );
}

/**
 * The kit's ajv for a bundled document (GEN-1..GEN-11): its options, the formats (ajv-formats,
 * `date` read character by character, the kit's own), the document's extension keywords and
 * its component schemas under `id`. The contract compiles with it at start; the build compiles
 * the request bodies' validators with the same instance to standalone code (decision 027), with
 * `source` set so that ajv keeps the code. `firstError` compiles validators that stop at the
 * first failure and keep no schema beside it: the same answer, valid or not, with none of the
 * errors, which the build generates as the first check of a request body (decision 027).
 */
export function createKitAjv(
  document: Json,
  id: string,
  source = false,
  firstError = false,
): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    // `anyOf: [{required: [body]}, {required: [document_paths]}]` names properties defined beside it.
    strictRequired: false,
    allErrors: !firstError,
    verbose: !firstError,
    discriminator: true,
    allowUnionTypes: true,
    code: { process: linearErrorGathering, source },
  });
  addFormats(ajv);
  // The calendar formats run on every date of every body: `date` is read without a pattern's
  // match array (formats/dates.ts isCalendarDate, the same answers as ajv-formats').
  for (const name of ['date', 'date-time', 'time'] as const) {
    ajv.addFormat(name, calendarFormat(name));
  }
  addKitFormats(ajv);
  ajv.addVocabulary([
    'example',
    'xml',
    'externalDocs',
    ...collectExtensionKeys(document, new Set()),
  ]);
  const components = (document.components as Json | undefined) ?? {};
  const schemas = (components.schemas as Json | undefined) ?? {};
  ajv.addSchema({ $id: id, $defs: rewriteRefs(schemas, id) as Json });
  return ajv;
}

/** One path of the document: how to match it and its operations by method. */
interface Route {
  regex: RegExp;
  names: string[];
  path: string;
  byMethod: Map<string, OperationInfo>;
}

/**
 * A compiled contract: validators by operationId and schema name, and a router over its paths.
 * Create one per document with {@link loadContract}.
 */
export class Contract {
  readonly document: Json;
  readonly operations: ReadonlyMap<string, OperationInfo>;
  readonly #ajv: Ajv2020;
  readonly #id: string;
  readonly #cache = new Map<string, ValidateFunction>();
  readonly #byObject = new WeakMap<object, ValidateFunction>();
  /** The stand-ins of each request schema (see {@link Contract.validateRequestBody}). */
  readonly #standIns = new WeakMap<object, readonly (readonly [string, string])[]>();
  readonly #coercion: PlatformCoercion;
  /** The routes of paths without parameters, by path (see {@link Contract.route}). */
  readonly #literal = new Map<string, Route>();
  readonly #routes: Route[] = [];

  /** Request body validators compiled at build time, by `request:<operationId>` (decision 027). */
  readonly #precompiled: ReadonlyMap<string, ValidateFunction>;
  /** The build's first-failure validators of the request bodies, by operationId (decision 027). */
  readonly #firstChecks: ReadonlyMap<string, ValidateFunction>;
  /**
   * Whether a request body is checked first by its first-failure validator (decision 027), on
   * when the build gave them: it answers valid or not as the full validator does, and only a
   * refused body then goes through the full one for its errors. The in-process benchmark turns it
   * off to measure both ways in one run; the answers are the same either way.
   */
  firstChecks: boolean;

  constructor(
    document: Json,
    id: string,
    compiled: CompiledRequestValidators = {},
    firstChecks: CompiledRequestValidators = {},
  ) {
    this.document = document;
    this.#firstChecks = new Map(Object.entries(firstChecks));
    this.firstChecks = this.#firstChecks.size > 0;
    this.#precompiled = new Map(
      Object.entries(compiled).map(([operationId, validate]) => [
        `request:${operationId}`,
        validate,
      ]),
    );
    this.#id = id;
    this.#coercion = new PlatformCoercion(document);
    this.#ajv = createKitAjv(document, id);

    const operations = new Map<string, OperationInfo>();
    const globalSecured = Array.isArray(document.security) && document.security.length > 0;
    for (const [path, item] of Object.entries((document.paths as Json | undefined) ?? {})) {
      const { regex, names } = templateToRegExp(path);
      const byMethod = new Map<string, OperationInfo>();
      for (const method of METHODS) {
        const operation = (item as Json)[method] as Json | undefined;
        if (!operation) continue;
        const security = operation.security as unknown[] | undefined;
        const info: OperationInfo = {
          operationId: operation.operationId as string,
          method: method.toUpperCase(),
          path,
          tags: (operation.tags as string[] | undefined) ?? [],
          rules: (operation['x-rules'] as string[] | undefined) ?? [],
          assumption: operation['x-kit-assumption'] as string | undefined,
          statuses: Object.keys((operation.responses as Json | undefined) ?? {}),
          secured: security === undefined ? globalSecured : security.length > 0,
          parameters: [
            ...(((item as Json).parameters as ParameterInfo[] | undefined) ?? []),
            ...((operation.parameters as ParameterInfo[] | undefined) ?? []),
          ],
          hasRequestBody: operation.requestBody !== undefined,
          validationCode:
            (operation['x-validation-code'] as string | undefined) ?? 'request_failed_validation',
          ...(operation['x-unreadable-body-code']
            ? { unreadableBodyCode: operation['x-unreadable-body-code'] as string }
            : {}),
          ...(operation['x-item-errors']
            ? { itemErrors: operation['x-item-errors'] as string }
            : {}),
          errorBodies: Object.fromEntries(
            Object.entries((operation.responses as Json | undefined) ?? {}).flatMap(
              ([status, response]) => {
                const shape = (response as Json)['x-error-body'];
                return typeof shape === 'string' ? [[status, shape]] : [];
              },
            ),
          ),
          operation,
        };
        operations.set(info.operationId, info);
        byMethod.set(info.method, info);
      }
      this.#routes.push({ regex, names, path, byMethod });
    }
    this.operations = operations;
    // A path without parameters is found by a map lookup, unless an earlier template also matches
    // it (the first match in the document's order wins, as with the scan).
    this.#routes.forEach((route, i) => {
      if (route.names.length > 0) return;
      const shadowed = this.#routes.slice(0, i).some((r) => r.regex.test(route.path));
      if (!shadowed && !this.#literal.has(route.path)) this.#literal.set(route.path, route);
    });
  }

  /** The operation with this operationId; throws for an id the spec does not have. */
  operation(operationId: string): OperationInfo {
    const info = this.operations.get(operationId);
    if (!info) throw new Error(`Unknown operationId "${operationId}"`);
    return info;
  }

  /** Finds the operation for a method and a path (404 and 405 semantics, RFC 9110 Allow). */
  route(method: string, pathname: string): RouteMatch {
    const literal = this.#literal.get(pathname);
    for (const route of literal ? [literal] : this.#routes) {
      const match = route.regex.exec(pathname);
      if (!match) continue;
      const operation = route.byMethod.get(method.toUpperCase());
      if (!operation) return { kind: 'method_not_allowed', allow: [...route.byMethod.keys()] };
      const params: Record<string, string> = {};
      for (const [i, name] of route.names.entries()) {
        const value = decodeParameter(match[i + 1] ?? '');
        // A parameter that is no valid percent-encoding names no resource.
        if (value === undefined) return { kind: 'not_found' };
        params[name] = value;
      }
      return { kind: 'found', operation, params };
    }
    return { kind: 'not_found' };
  }

  #compile(key: string, schema: unknown): ValidateFunction {
    let validate = this.#cache.get(key);
    if (!validate) {
      validate =
        this.#precompiled.get(key) ??
        this.#ajv.compile(rewriteRefs(schema, this.#id) as AnySchemaObject);
      this.#cache.set(key, validate);
    }
    return validate;
  }

  /** The JSON schema of an operation's request body, or undefined when it takes none. */
  requestBodySchema(operationId: string): unknown {
    return this.#mediaSchema(this.operation(operationId).operation.requestBody);
  }

  /** Validates a value against a named component schema; [] when it is valid. */
  validateSchema(name: string, value: unknown): FieldError[] {
    const validate = this.#compile(`schema:${name}`, { $ref: `#/components/schemas/${name}` });
    return validate(value) ? [] : toFieldErrors(validate.errors ?? []);
  }

  /** The raw ajv errors of a value against a named component schema (for tests and tools). */
  rawSchemaErrors(name: string, value: unknown): ErrorObject[] {
    const validate = this.#compile(`schema:${name}`, { $ref: `#/components/schemas/${name}` });
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }

  /**
   * Validates a JSON request body of an operation; [] when it is valid. The body is first read
   * as the platform's serializers read it (spec/coercion.ts: numbers for text fields become text,
   * decimals are taken as strings or numbers), in place, so the caller keeps the coerced value.
   * Once valid, a deprecated stand-in the schema names in `x-platform-stand-ins` (`account_number`
   * for `external_account_number`) is copied to the field it stands in for.
   */
  validateRequestBody(operationId: string, body: unknown): FieldError[] {
    const schema = this.#mediaSchema(this.operation(operationId).operation.requestBody);
    if (!schema) return [];
    // Most bodies are valid as sent: then only their decimals are read (coerceDecimals), and the
    // full coercion and a second validation are for bodies the schema refuses as sent. Whether it
    // is valid, the first-failure validator answers as the full one does, gathering no errors.
    const first = this.firstChecks ? this.#firstChecks.get(operationId) : undefined;
    if ((first ?? this.#compile(`request:${operationId}`, schema))(body)) {
      const decimals = this.#coercion.coerceDecimals(schema as Json, body);
      if (decimals.errors.length === 0) this.#applyStandIns(schema as Json, body);
      return decimals.errors;
    }
    const coerced = this.#coercion.coerce(schema as Json, body);
    // A decimal beyond the field's precision gets the platform's own code (max_decimal_places,
    // max_whole_digits) rather than the schema's generic failure on the same field.
    const precise = new Set(coerced.errors.map((e) => e.attr));
    const errors = [
      ...this.#validateWith(`request:${operationId}`, schema, body).filter(
        (e) => !precise.has(e.attr),
      ),
      ...coerced.errors,
    ];
    if (errors.length === 0) this.#applyStandIns(schema as Json, body);
    return errors;
  }

  #applyStandIns(schema: Json, body: unknown): void {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    const object = body as Json;
    for (const [field, standIn] of this.#standInsOf(schema)) {
      if (object[field] === undefined && object[standIn] !== undefined) {
        object[field] = object[standIn];
      }
    }
  }

  /** The `x-platform-stand-ins` of a request schema as pairs, read once per schema. */
  #standInsOf(schema: Json): readonly (readonly [string, string])[] {
    let pairs = this.#standIns.get(schema);
    if (pairs === undefined) {
      const target = (this.#resolveSchema(schema)['x-platform-stand-ins'] ?? {}) as Record<
        string,
        string
      >;
      pairs = Object.entries(target);
      this.#standIns.set(schema, pairs);
    }
    return pairs;
  }

  #resolveSchema(schema: Json): Json {
    const ref = schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return schema;
    const schemas = ((this.document.components as Json | undefined)?.schemas ?? {}) as Json;
    return (schemas[ref.slice('#/components/schemas/'.length)] as Json | undefined) ?? schema;
  }

  /**
   * Reads query parameters from their string form (booleans as true/false/1/0 and integers, as
   * Django REST Framework accepts them) and validates them. Unknown query parameters are ignored.
   */
  parseQuery(
    operationId: string,
    query: Record<string, string | undefined>,
  ): { values: Record<string, unknown>; errors: FieldError[] } {
    const values: Record<string, unknown> = {};
    const errors: FieldError[] = [];
    for (const parameter of this.operation(operationId).parameters) {
      if (parameter.in !== 'query') continue;
      const raw = query[parameter.name];
      if (raw === undefined) {
        if (parameter.required) {
          errors.push({
            attr: parameter.name,
            code: 'required',
            detail: 'This field is required.',
          });
        } else if (parameter.schema.default !== undefined) {
          values[parameter.name] = parameter.schema.default;
        }
        continue;
      }
      let value: unknown = raw;
      // Whole numbers as Django REST Framework reads them (`?limit=100`); anything else stays a
      // string and fails the schema.
      if (parameter.schema.type === 'integer' && /^-?\d+$/.test(raw)) value = Number(raw);
      if (parameter.schema.type === 'boolean') {
        const lowered = raw.toLowerCase();
        if (['true', '1'].includes(lowered)) value = true;
        else if (['false', '0'].includes(lowered)) value = false;
        else {
          errors.push({
            attr: parameter.name,
            code: 'invalid',
            detail: 'Must be a valid boolean.',
          });
          continue;
        }
      }
      const found = this.#validateWith(
        `query:${operationId}:${parameter.name}`,
        parameter.schema,
        value,
      ).map((e) => ({
        ...e,
        // A failure of the parameter's value as a whole points at the parameter itself.
        attr: e.attr === NON_FIELD_ERRORS ? parameter.name : `${parameter.name}.${e.attr}`,
      }));
      if (found.length) errors.push(...found);
      else values[parameter.name] = value;
    }
    return { values, errors };
  }

  /**
   * The failures of the path parameters of an operation marked `x-check-path-parameters` against
   * their schemas (a supplier code longer than ImportSupplierCode allows), each at the parameter's
   * name; none on other operations, where the reference's 404 answers a pair that cannot exist.
   */
  checkPath(operationId: string, params: Record<string, string>): FieldError[] {
    const info = this.operation(operationId);
    if (info.operation['x-check-path-parameters'] !== true) return [];
    return info.parameters
      .filter((parameter) => parameter.in === 'path' && params[parameter.name] !== undefined)
      .flatMap((parameter) =>
        this.#validateWith(
          `path:${operationId}:${parameter.name}`,
          parameter.schema,
          params[parameter.name],
        ).map((e) => ({
          ...e,
          attr: e.attr === NON_FIELD_ERRORS ? parameter.name : `${parameter.name}.${e.attr}`,
        })),
      );
  }

  /**
   * Checks a response against the operation's documented responses: status documented, content
   * type, body schema. Problems read "<title> / Received: ... / Documented: ...".
   */
  checkResponse(
    operationId: string,
    status: number,
    contentType: string | null | undefined,
    body: unknown,
  ): ResponseCheck {
    const info = this.operation(operationId);
    const responses = (info.operation.responses as Json | undefined) ?? {};
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    if (!key) {
      return {
        ok: false,
        problems: [
          `Undocumented HTTP status code\nReceived: ${status}\nDocumented: ${info.statuses.join(', ')}`,
        ],
      };
    }
    const response = this.#resolve(responses[key]) as Json;
    const content = response.content as Json | undefined;
    if (!content) return { ok: true, problems: [] };
    const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const documented = Object.keys(content);
    if (!documented.includes(media)) {
      return {
        ok: false,
        problems: [
          `Undocumented Content-Type\nReceived: ${media || '(none)'}\nDocumented: ${documented.join(', ')}`,
        ],
      };
    }
    const schema = (content[media] as Json).schema;
    if (!schema) return { ok: true, problems: [] };
    const validate = this.#compile(`response:${operationId}:${key}:${media}`, schema);
    if (validate(body)) return { ok: true, problems: [] };
    const details = (validate.errors ?? [])
      .slice(0, 10)
      .map((e) => `  ${e.instancePath || '/'} ${e.message ?? e.keyword}`)
      .join('\n');
    return {
      ok: false,
      problems: [
        `Response violates schema\nReceived: ${status} ${JSON.stringify(body)?.slice(0, 500)}\nDocumented: the ${key} ${media} schema of ${operationId}\n${details}`,
      ],
    };
  }

  /**
   * Validates a value against any schema fragment of this document (refs such as
   * `#/components/schemas/X` resolve); the compiled validator is cached per fragment object.
   */
  validateValue(schema: object, value: unknown): FieldError[] {
    let validate = this.#byObject.get(schema);
    if (!validate) {
      validate = this.#ajv.compile(rewriteRefs(schema, this.#id) as AnySchemaObject);
      this.#byObject.set(schema, validate);
    }
    return validate(value) ? [] : toFieldErrors(validate.errors ?? []);
  }

  #validateWith(key: string, schema: unknown, value: unknown): FieldError[] {
    const validate = this.#compile(key, schema);
    return validate(value) ? [] : toFieldErrors(validate.errors ?? []);
  }

  #mediaSchema(requestBody: unknown): unknown {
    const body = this.#resolve(requestBody) as Json | undefined;
    const content = body?.content as Json | undefined;
    return (content?.['application/json'] as Json | undefined)?.schema;
  }

  /** Follows one `#/components/...` reference of a response or request body object. */
  #resolve(node: unknown): unknown {
    const ref = (node as Json | undefined)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
    return ref
      .slice(2)
      .split('/')
      .reduce<unknown>((n, part) => (n as Json | undefined)?.[part], this.document);
  }
}

/**
 * Request body validators by operationId, generated as standalone code by the build (decision
 * 027): the contract uses them instead of compiling the same schemas at start.
 */
export type CompiledRequestValidators = Readonly<Record<string, ValidateFunction>>;

/**
 * Compiles a bundled OpenAPI document; `id` names it inside ajv (`kit:openapi`, `kit:control`).
 * `compiled` holds request body validators the build generated from the same document, and
 * `firstChecks` the same stopping at the first failure (decision 027).
 */
export function loadContract(
  document: Json,
  id: string,
  compiled: CompiledRequestValidators = {},
  firstChecks: CompiledRequestValidators = {},
): Contract {
  return new Contract(document, id, compiled, firstChecks);
}

export type { FieldError };
