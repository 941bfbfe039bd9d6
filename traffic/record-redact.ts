/**
 * The redaction of a recording (decision 029, "A redacted recording"): every secret and piece of
 * personal data the mask policy names is replaced by a stable pseudonym, `[REDACTED:<kind>:<n>]`,
 * numbered per kind in order of first sight. The same value maps to the same pseudonym for the
 * whole recording, so a token obtained in one exchange and sent in the Authorization header of
 * the next carry the same pseudonym, and a replay can map it to the token its own target issues.
 * Headers keep their names and order; only values change.
 */
import { createHash } from 'node:crypto';
import type { Exchange } from './exchange.ts';
import {
  DEFAULT_MASK_POLICY,
  type MaskPolicy,
  redactBody,
  redactHeaders,
  redactUrl,
} from './mask.ts';

/** Distinct values numbered; past it a value is replaced by `[REDACTED:<kind>]`, unnumbered. */
export const MAX_PSEUDONYMS = 100_000;

/** The pattern every pseudonym matches (for readers of a redacted recording). */
export const PSEUDONYM = /\[REDACTED:([a-z0-9_-]+)(?::(\d+))?\]/g;

/**
 * Stable pseudonyms for one recording. Values are held by their SHA-256, never as text, so the
 * process holding a recording's map does not hold its secrets either; memory is bounded by
 * {@link MAX_PSEUDONYMS}.
 */
export class Pseudonyms {
  readonly #byValue = new Map<string, string>();
  readonly #counters = new Map<string, number>();
  readonly #max: number;

  constructor(max = MAX_PSEUDONYMS) {
    this.#max = Math.max(0, Math.min(max, 10_000_000));
  }

  /** The pseudonym of a value of a kind; a value that is already a pseudonym stays as it is. */
  of(kind: string, value: string): string {
    if (/^\[REDACTED:[a-z0-9_-]+(?::\d+)?\]$/.test(value)) return value;
    const key = createHash('sha256').update(kind).update('\u0000').update(value).digest('base64');
    const known = this.#byValue.get(key);
    if (known !== undefined) return known;
    if (this.#byValue.size >= this.#max) return `[REDACTED:${kind}]`;
    const n = (this.#counters.get(kind) ?? 0) + 1;
    this.#counters.set(kind, n);
    const pseudonym = `[REDACTED:${kind}:${n}]`;
    this.#byValue.set(key, pseudonym);
    return pseudonym;
  }
}

/** A copy of an exchange with every secret of the policy replaced by its pseudonym. */
export function redactExchange(
  exchange: Exchange,
  pseudonyms: Pseudonyms,
  policy: MaskPolicy = DEFAULT_MASK_POLICY,
): Exchange {
  const replace = (kind: string, value: string) => pseudonyms.of(kind, value);
  const { request, response } = exchange;
  return {
    time: exchange.time,
    request: {
      method: request.method,
      url: redactUrl(request.url, policy, replace),
      headers: redactHeaders(request.headers, policy, replace),
      body: redactBody(request.body, policy, replace),
    },
    response: {
      status: response.status,
      headers: redactHeaders(response.headers, policy, replace),
      body: redactBody(response.body, policy, replace),
    },
  };
}
