/**
 * The rule catalogue of the reference (`docs/reference/rules.md`) and the reference's list of endpoints, read from the documents
 * themselves so that traceability checks can never drift from them. Node-only (reads files).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One rule of the catalogue: `GEN-1`, its text, and whether the reference leaves part open. */
export interface Rule {
  id: string;
  group: string;
  text: string;
  open: boolean;
}

const referenceDir = fileURLToPath(new URL('../docs/reference/', import.meta.url));

/** Every rule ID of rules.md, in catalogue order. */
export function loadRules(): Rule[] {
  const text = readFileSync(`${referenceDir}rules.md`, 'utf8');
  const rules: Rule[] = [];
  for (const line of text.split('\n')) {
    const match = /^- ([A-Z]+)-(\d+) (.*)$/.exec(line);
    if (!match) continue;
    const [, group, n, body] = match as unknown as [string, string, string, string];
    rules.push({ id: `${group}-${n}`, group, text: body, open: /\(open\)/.test(body) });
  }
  return rules;
}

/** An endpoint of the reference: method and path with `{}` for each placeholder segment. */
export interface ReferenceEndpoint {
  method: string;
  path: string;
}

/** Normalises a path so that `<import-supplier-code>` and `{import_supplier_code}` compare equal. */
export function normalisePath(path: string): string {
  return path.replace(/<[^>]+>|\{[^}]+\}/g, '{}');
}

/** The endpoints the reference's tables list (GET for the status and listing table). */
export function loadReferenceEndpoints(): ReferenceEndpoint[] {
  const text = readFileSync(`${referenceDir}data-import-interface.md`, 'utf8');
  const endpoints: ReferenceEndpoint[] = [];
  for (const line of text.split('\n')) {
    const withMethod = /^\| (GET|POST|PUT|PATCH|DELETE) \| (\/v1\/[^ |]+) \|/.exec(line);
    const statusRow = /^\| (\/v1\/[^ |]+) \|/.exec(line);
    if (withMethod) endpoints.push({ method: withMethod[1]!, path: normalisePath(withMethod[2]!) });
    else if (statusRow) endpoints.push({ method: 'GET', path: normalisePath(statusRow[1]!) });
  }
  return endpoints;
}
