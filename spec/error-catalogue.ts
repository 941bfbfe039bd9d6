/**
 * The error catalogue (decision 008): every error code the mock can answer, read from the
 * bundled spec's `x-error-catalogue` and joined by the field codes the schemas declare beside
 * their keywords (`x-error-codes`), account rules (`x-domain-rules`) and the platform validators
 * they carry (`x-platform-codes`). The mock's domain and
 * edge, the fixtures' invalid twins and the tests take codes, statuses and default details from
 * here (ERR-1..ERR-4).
 */
import type { ErrorCode, FieldCode } from './generated/error-codes.ts';

export type { ErrorCode, FieldCode } from './generated/error-codes.ts';

type Json = Record<string, unknown>;

/** Where an error code comes from: the interface reference, the real platform, or the kit. */
export type ErrorSource = 'reference' | 'platform' | 'kit';

/** Body shapes other than the interface's error body `{detail, code, errors}`. */
export type ErrorBodyShape =
  | 'error'
  | 'transaction-import-error'
  | 'payment-vendor-error'
  | 'graphql-error'
  | 'registration-flows-not-found'
  | 'meter-point-statuses-not-found'
  | 'v2-already-imported';

/** One code of the catalogue. */
export interface CatalogueEntry {
  code: string;
  /**
   * Named wordings of a code one platform validator words its own way, where the same code is
   * raised by validators of several elements (`x-platform-details: {code: {wording: template}}`).
   */
  wordings?: ReadonlyMap<string, string>;
  /** `request`: the top-level code of an answer; `field`: the code of one `errors` item. */
  level: 'request' | 'field';
  /** The HTTP status of a request-level code. */
  status?: number;
  /** The status on operations that answer the same condition differently, by operationId. */
  statuses?: Record<string, number>;
  source: ErrorSource;
  rules: string[];
  /** The default detail, a template whose `{name}` placeholders are filled from the failure's data. */
  detail: string;
  body?: ErrorBodyShape;
  /**
   * The body shape on operations whose documented answer to the same condition has a shape of
   * its own, by operationId (payment-instruction's CreatePaymentInstructionError).
   */
  bodies?: Record<string, ErrorBodyShape>;
  /** Data of the failure copied to the top level of the error body (PRC-8). */
  fields?: string[];
  description?: string;
}

function sourceOf(schema: Json): ErrorSource {
  if (schema['x-source'] === 'platform') return 'platform';
  return schema['x-kit-assumption'] !== undefined ? 'kit' : 'platform';
}

/** The detail of a platform code whose element gives no template of its own. */
function genericPlatformDetail(code: string): string {
  return `The value breaks the platform's rule ${code}.`;
}

/** Field codes declared beside the schemas: `x-error-codes` values and `x-domain-rules` codes. */
function declaredFieldCodes(document: Json): CatalogueEntry[] {
  const found = new Map<string, CatalogueEntry>();
  const templated = new Set<string>();
  const visit = (node: unknown, schema: Json | null) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, schema);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const here = node as Json;
    const codes = here['x-error-codes'] as Record<string, string> | undefined;
    for (const code of Object.values(codes ?? {})) {
      if (!found.has(code)) {
        found.set(code, {
          code,
          level: 'field',
          source: sourceOf(here),
          rules: (here['x-rules'] as string[] | undefined) ?? [],
          detail: 'The value is not valid.',
        });
      }
    }
    const rules = here['x-domain-rules'] as { code: string; rule: string }[] | undefined;
    for (const rule of rules ?? []) {
      if (!found.has(rule.code)) {
        found.set(rule.code, {
          code: rule.code,
          level: 'field',
          source: sourceOf(here),
          rules: (here['x-rules'] as string[] | undefined) ?? [],
          detail: rule.rule,
        });
      }
    }
    // The platform's validator codes on an element (decision 014): field codes of the platform,
    // answered on the field the validator concerns with the request code of the operation. Their
    // detail templates sit beside them (`x-platform-details`), so a rule reports a code and its
    // data and never writes English of its own.
    // A template is what the platform validator answers, so it wins over the default a format
    // keyword or an account rule gives the same code (first template found wins).
    const details = (here['x-platform-details'] as Record<string, unknown> | undefined) ?? {};
    for (const code of (here['x-platform-codes'] as string[] | undefined) ?? []) {
      const given = Object.hasOwn(details, code) ? details[code] : undefined;
      const template = typeof given === 'string' ? given : undefined;
      const known = found.get(code);
      if (!known) {
        found.set(code, {
          code,
          level: 'field',
          source: 'platform',
          rules: ['GEN-6'],
          detail: template ?? genericPlatformDetail(code),
        });
      } else if (template !== undefined && !templated.has(code)) {
        found.set(code, { ...known, detail: template });
      }
      if (template !== undefined) templated.add(code);
    }
    for (const [key, value] of Object.entries(here)) {
      if (key !== 'x-error-catalogue') visit(value, schema);
    }
  };
  visit(document.components, null);
  return [...found.values()];
}

/**
 * The named wordings of codes (`x-platform-details` values that are maps, beside the
 * `x-platform-codes` of the elements whose validators word them), by code. Null-prototype maps:
 * the names come from the spec, never from a request.
 */
function declaredWordings(document: Json): Map<string, Map<string, string>> {
  const wordings = new Map<string, Map<string, string>>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const here = node as Json;
    const details = (here['x-platform-details'] as Record<string, unknown> | undefined) ?? {};
    for (const [code, value] of Object.entries(details)) {
      if (!value || typeof value !== 'object') continue;
      const named = wordings.get(code) ?? new Map<string, string>();
      for (const [name, template] of Object.entries(value as Record<string, string>)) {
        if (named.has(name)) throw new Error(`The wording ${code}/${name} is declared twice.`);
        named.set(name, template);
      }
      wordings.set(code, named);
    }
    for (const [key, value] of Object.entries(here)) if (key !== 'x-error-catalogue') visit(value);
  };
  visit(document.components);
  return wordings;
}

/** The catalogue of a bundled OpenAPI document, by code. */
export function loadErrorCatalogue(document: Json): ReadonlyMap<string, CatalogueEntry> {
  const raw = (document['x-error-catalogue'] as Record<string, Json> | undefined) ?? {};
  const catalogue = new Map<string, CatalogueEntry>();
  for (const [code, entry] of Object.entries(raw)) {
    catalogue.set(code, {
      code,
      level: (entry.level as CatalogueEntry['level'] | undefined) ?? 'request',
      ...(entry.status !== undefined ? { status: entry.status as number } : {}),
      ...(entry.statuses ? { statuses: entry.statuses as Record<string, number> } : {}),
      source: entry.source as ErrorSource,
      rules: (entry.rules as string[] | undefined) ?? [],
      detail: entry.detail as string,
      ...(entry.body ? { body: entry.body as ErrorBodyShape } : {}),
      ...(entry.bodies ? { bodies: entry.bodies as Record<string, ErrorBodyShape> } : {}),
      ...(entry.fields ? { fields: entry.fields as string[] } : {}),
      ...(entry.description ? { description: entry.description as string } : {}),
    });
  }
  for (const entry of declaredFieldCodes(document)) {
    if (!catalogue.has(entry.code)) catalogue.set(entry.code, entry);
  }
  for (const [code, wordings] of declaredWordings(document)) {
    const entry = catalogue.get(code);
    if (!entry) throw new Error(`The wordings of ${code} belong to no code of the catalogue.`);
    catalogue.set(code, { ...entry, wordings });
  }
  return catalogue;
}

/** Fills a detail template's `{name}` placeholders from data; unknown names stay as written. */
export function fillDetail(template: string, data: Record<string, unknown> = {}): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    data[name] === undefined || data[name] === null ? whole : String(data[name]),
  );
}

/**
 * A wait in whole seconds as a detail's words ("1 second", "600 seconds"): the `{wait}` of the
 * catalogue's Retry-After details (ERR-6, PRC-9), so that no answer says "1 seconds".
 */
export function secondsText(seconds: number): string {
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** The codes of one catalogue, with its lookups. */
export class ErrorCatalogue {
  readonly entries: ReadonlyMap<string, CatalogueEntry>;

  constructor(document: Json) {
    this.entries = loadErrorCatalogue(document);
  }

  /** The entry of a code; throws for a code the catalogue lacks, so that none goes out unlisted. */
  entry(code: string): CatalogueEntry {
    const entry = this.entries.get(code);
    if (!entry) throw new Error(`The error code "${code}" is not in the error catalogue.`);
    return entry;
  }

  /** The HTTP status a request-level code gets on an operation. */
  status(code: ErrorCode, operationId?: string | null): number {
    const entry = this.entry(code);
    return (operationId ? entry.statuses?.[operationId] : undefined) ?? entry.status ?? 400;
  }

  /** The default detail of a code, filled from the failure's data. */
  detail(code: ErrorCode | FieldCode, data?: Record<string, unknown>, wording?: string): string {
    const entry = this.entry(code);
    if (wording === undefined) return fillDetail(entry.detail, data);
    const template = entry.wordings?.get(wording);
    if (template === undefined) throw new Error(`The code "${code}" has no wording "${wording}".`);
    return fillDetail(template, data);
  }
}
