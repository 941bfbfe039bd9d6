/**
 * One replayed answer against its recording (decision 029, Replay): the status and the body
 * exactly but for the noise rules of fidelity.ts, the Content-Type and the headers the spec
 * documents for that answer; every other header is the transport's and is ignored.
 */
import { type Header, headerValue, jsonBody, type TrafficResponse } from './exchange.ts';
import {
  type CompareContext,
  compareContext,
  compareValues,
  type Difference,
  type IdMap,
  shown,
} from './fidelity.ts';
import type { MaskPolicy } from './mask.ts';

/**
 * Operations whose success answer defines the order of its arrays: the spec's NoteResult and
 * TransactionsResponse are "in the order of the request" (NOTE-5, TXN-3), and validate-account,
 * historical statements and V2 validate answer the validated data (VAL-2, HST-2), whose array
 * positions are part of its meaning (ERR-5 names items by index). The reference gives no order
 * anywhere else, so every other array is compared as a multiset (order-open).
 */
export const ORDERED_ANSWERS = new Set([
  'createNotes',
  'createTransactions',
  'validateAccount',
  'createHistoricalStatements',
  'validateV2Account',
]);

/** Whether the arrays of this operation's answer with this status keep their order. */
export function orderedAnswer(operationId: string | undefined, status: number): boolean {
  return status >= 200 && status < 300 && ORDERED_ANSWERS.has(operationId ?? '');
}

/** What comparing one answer found. */
export interface AnswerComparison {
  same: boolean;
  differences: Difference[];
  /** Differences beyond those kept. */
  more: number;
  /** Noise rules applied, counted. */
  noise: Map<string, number>;
}

/** Settings of {@link compareAnswers}. */
export interface AnswerOptions {
  ids: IdMap;
  operationId?: string;
  /** Headers the spec documents for the recorded answer (lower case; Retry-After...). */
  documentedHeaders?: readonly string[];
  toleranceMs?: number;
  mask?: MaskPolicy;
}

/** A media type without case or spacing noise (RFC 9110: both are insignificant). */
function mediaType(value: string | undefined): string | undefined {
  return value
    ?.split(';')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '')
    .join(';');
}

function compareHeaders(
  recorded: readonly Header[],
  replayed: readonly Header[],
  documented: readonly string[],
  ctx: CompareContext,
): void {
  const a = mediaType(headerValue(recorded, 'content-type'));
  const b = mediaType(headerValue(replayed, 'content-type'));
  if (a !== b) {
    ctx.differences.push({
      pointer: '/response/headers/content-type',
      recorded: shown(a, '', ctx.mask),
      replayed: shown(b, '', ctx.mask),
      why: 'media types differ (Content-Type is compared, parameters and case aside)',
    });
  }
  for (const name of documented) {
    const x = headerValue(recorded, name);
    const y = headerValue(replayed, name);
    if (x === y) continue;
    const seconds = Math.ceil(ctx.toleranceMs / 1000);
    if (
      x &&
      y &&
      /^\d+$/.test(x) &&
      /^\d+$/.test(y) &&
      Math.abs(Number(x) - Number(y)) <= seconds
    ) {
      ctx.noise.set('clock-seconds', (ctx.noise.get('clock-seconds') ?? 0) + 1);
      continue;
    }
    ctx.differences.push({
      pointer: `/response/headers/${name.toLowerCase()}`,
      recorded: shown(x, '', ctx.mask),
      replayed: shown(y, '', ctx.mask),
      why: 'a header the spec documents for this answer differs',
    });
  }
}

/** Compares a replayed answer with the recorded one; learns the identifiers it assigned. */
export function compareAnswers(
  recorded: TrafficResponse,
  replayed: TrafficResponse,
  options: AnswerOptions,
): AnswerComparison {
  const ctx = compareContext(options.ids, {
    ...(options.toleranceMs === undefined ? {} : { toleranceMs: options.toleranceMs }),
    ...(options.mask ? { mask: options.mask } : {}),
    ordered: orderedAnswer(options.operationId, recorded.status),
  });
  if (recorded.status !== replayed.status) {
    ctx.differences.push({
      pointer: '/response/status',
      recorded: String(recorded.status),
      replayed: String(replayed.status),
      why: 'statuses differ (a status is compared exactly)',
    });
  }
  compareHeaders(recorded.headers, replayed.headers, options.documentedHeaders ?? [], ctx);
  const a = jsonBody(recorded.body);
  const b = jsonBody(replayed.body);
  if (a.ok && b.ok) compareValues(a.value, b.value, '/response/body', '', ctx);
  else if (recorded.body !== replayed.body) {
    ctx.differences.push({
      pointer: '/response/body',
      recorded: shown(recorded.body, '', ctx.mask),
      replayed: shown(replayed.body, '', ctx.mask),
      why: 'bodies differ as text (at least one is not JSON, so no noise rule applies)',
    });
  }
  return {
    same: ctx.differences.length === 0 && ctx.more === 0,
    differences: ctx.differences,
    more: ctx.more,
    noise: ctx.noise,
  };
}
