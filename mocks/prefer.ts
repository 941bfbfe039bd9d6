/**
 * Prism's per-request override for a stateful mock (decision 024): `Prefer: code=NNN` asks for
 * the operation's documented answer of that status (its first example, or the one `example=`
 * names), and a status the operation does not document but a fault may answer (429, 500, 502,
 * 503, 504) gets the catalogue's body. Only failures are given: a success the state did not make
 * would contradict the state, so a 1xx-3xx code is left to the stateful answer. Nothing changes
 * either way. `dynamic=` is not supported (a generated body would contradict the state) and is
 * ignored, as RFC 7240 asks of a preference a server does not honour.
 */
import type { OperationInfo } from '../spec/index.ts';
import { faultFailure, isFaultStatus } from './domain/faults.ts';
import type { DomainError } from './domain/result.ts';

type Json = Record<string, unknown>;

/** What a Prefer header asks of the mock, when it asks for an answer the mock gives. */
export type PreferredAnswer =
  | { kind: 'example'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'failure'; status: number; failure: DomainError; headers?: Record<string, string> }
  | { kind: 'refused'; failure: DomainError };

/** The preferences of a Prefer header, by name (RFC 7240: `name=value`, `,` or `;` between). */
function preferences(header: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of header.split(/[,;]/)) {
    const [name, ...rest] = part.split('=');
    const key = name?.trim().toLowerCase();
    if (!key || rest.length === 0 || found.has(key)) continue;
    found.set(
      key,
      rest
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return found;
}

/** A node of the bundled document with its local `$ref`s followed (a few levels at most). */
function resolved(document: Json, node: unknown): Json | undefined {
  let current = node as Json | undefined;
  for (let i = 0; i < 5 && current && typeof current.$ref === 'string'; i++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) return undefined;
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (at, key) =>
          at && typeof at === 'object' && Object.hasOwn(at, key) ? (at as Json)[key] : undefined,
        document,
      ) as Json | undefined;
  }
  return current;
}

/** The documented examples of one response of an operation, by name, in the document's order. */
function documentedExamples(
  document: Json,
  info: OperationInfo,
  status: string,
): Map<string, unknown> {
  const examples = new Map<string, unknown>();
  const responses = (info.operation.responses ?? {}) as Json;
  if (!Object.hasOwn(responses, status)) return examples;
  const response = resolved(document, responses[status]);
  const media = resolved(document, (response?.content as Json | undefined)?.['application/json']);
  const named = (media?.examples ?? {}) as Json;
  for (const name of Object.keys(named)) {
    const example = resolved(document, named[name]);
    if (example && Object.hasOwn(example, 'value')) examples.set(name, example.value);
  }
  if (examples.size === 0 && media && Object.hasOwn(media, 'example')) {
    examples.set('example', media.example);
  }
  return examples;
}

/**
 * The answer a `Prefer` header asks for on an operation, or undefined when it asks for none the
 * mock gives (no header, no `code=`, a code that is no failure status, an unreadable code).
 */
export function preferredAnswer(
  document: Json,
  info: OperationInfo,
  header: string | undefined,
): PreferredAnswer | undefined {
  if (header === undefined) return undefined;
  const asked = preferences(header);
  const code = asked.get('code');
  if (code === undefined || !/^[45][0-9][0-9]$/.test(code)) return undefined;
  const status = Number(code);
  const exampleName = asked.get('example');
  const examples = documentedExamples(document, info, code);
  const refused = (): PreferredAnswer => ({
    kind: 'refused',
    failure: {
      code: 'prefer_code_not_documented',
      data: {
        status: code,
        prefer: header.slice(0, 200),
        example:
          exampleName === undefined ? '' : ` with the example "${exampleName.slice(0, 100)}"`,
      },
    },
  });
  if (examples.size > 0) {
    const body =
      exampleName === undefined ? examples.values().next().value : examples.get(exampleName);
    if (exampleName !== undefined && !examples.has(exampleName)) return refused();
    const retry = faultRetryHeaders(status, info.operationId);
    return { kind: 'example', status, body, ...(retry ? { headers: retry } : {}) };
  }
  if (exampleName === undefined && isFaultStatus(status)) {
    const { failure, headers } = faultFailure(status, info.operationId, undefined, 'Prefer');
    return { kind: 'failure', status, failure, ...(headers ? { headers } : {}) };
  }
  return refused();
}

/** Retry-After for a documented 429 or 503 example, as the catalogue's answers carry it. */
function faultRetryHeaders(
  status: number,
  operationId: string,
): Record<string, string> | undefined {
  return isFaultStatus(status) ? faultFailure(status, operationId).headers : undefined;
}
