/**
 * Verify (decision 025), WireMock's `/__admin/requests/count` and `/find`: how many of the
 * journal's requests have a shape (the overrides' language, mocks/domain/overrides-match.ts) since
 * an instant of the mock clock, and which. It reads what the bounded journal still holds: a
 * request dropped to keep it bounded, or a body the text ring overwrote, cannot be judged, and the
 * answer says so (`complete: false`) rather than count it either way.
 */
import { type controlComponents, dataImport, mockControl } from '../../spec/index.ts';
import { matchShape } from '../domain/overrides-match.ts';
import type { JournalEntry } from '../journal.ts';
import { faultSubject, type MockService, parsedBody } from '../service.ts';

/** A shape, the instant to count from and the most entries to give (RequestQuery). */
export type RequestQuery = controlComponents['schemas']['RequestQuery'];

/** What the journal says about a shape. */
export interface VerifyResult {
  /** How many kept requests match. */
  count: number;
  /** False when a dropped request or a lost body could have matched: the count is a floor. */
  complete: boolean;
  /** The sequence numbers of the matching requests, oldest first. */
  seqs: number[];
}

/** The path parameters of a journalled request, routed again by its document. */
function routeParams(method: string, path: string): Record<string, string> {
  const route = (path.startsWith('/__mock/') ? mockControl : dataImport).route(method, path);
  return route.kind === 'found' ? route.params : {};
}

/** Matches the journal's kept requests against a shape since `query.since` (mock clock). */
export function verifyRequests(service: MockService, query: RequestQuery): VerifyResult {
  const sinceMs = query.since === undefined ? Number.NEGATIVE_INFINITY : Date.parse(query.since);
  const dropped = service.journal.droppedUntilMs;
  let complete = dropped === undefined || dropped < sinceMs;
  // Bodies are read from the ring and parsed only for a shape that looks into them.
  const needsBody =
    query.body_subset !== undefined ||
    (query.body_equals?.length ?? 0) > 0 ||
    query.import_supplier !== undefined ||
    query.external_account_number !== undefined;
  const seqs: number[] = [];
  for (const entry of service.journal.scan()) {
    if (entry.clockMs < sinceMs) continue;
    const bodyText = needsBody ? entry.bodyText : '';
    const params = needsBody ? routeParams(entry.method, entry.path) : {};
    const body = bodyText === undefined ? undefined : parsedBody(bodyText);
    const names = faultSubject(entry.operationId ?? '', params, body);
    const match = matchShape(query, {
      method: entry.method,
      path: entry.path,
      operationId: entry.operationId,
      headers: entry.headers,
      body,
      bodyKnown: bodyText !== undefined,
      importSupplier: names.importSupplier,
      externalAccountNumber: names.externalAccountNumber,
    });
    if (match === 'match') seqs.push(entry.seq);
    else if (match === 'unknown') complete = false;
  }
  return { count: seqs.length, complete, seqs };
}

/** The matching requests as the journal shows them (redacted), the newest `limit` (100). */
export function findRequests(
  service: MockService,
  query: RequestQuery,
): { count: number; complete: boolean; requests: JournalEntry[] } {
  const { count, complete, seqs } = verifyRequests(service, query);
  const requests = seqs
    .slice(-(query.limit ?? 100))
    .map((seq) => service.journal.entry(seq))
    .filter((e): e is JournalEntry => e !== undefined);
  return { count, complete, requests };
}
