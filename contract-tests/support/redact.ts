/**
 * Keeps the API key and every token out of reports, logs and attachments.
 * Workers register each secret they hold; every text the suite writes (attachments, failure
 * messages, annotations) goes through {@link redactText} or {@link redactJson} first. The
 * conformance-summary reporter scans the finished reports as well (see secret-scan.ts), so a slip
 * fails the run instead of leaking.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What replaces a secret. */
export const REDACTED = '[REDACTED]';

/** Field names whose values are secrets wherever they occur in a JSON body. */
const SECRET_FIELDS = new Set([
  'token',
  'refreshtoken',
  'apikey',
  'organizationsecretkey',
  'authorization',
  'access_token',
  'api_key',
]);

/** A JSON Web Token: three base64url parts, the first two JSON objects. */
export const JWT_PATTERN = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g;

const secrets = new Set<string>();

/** The file through which workers tell the main process which secrets to scan the reports for. */
export function secretsFile(runId: string): string {
  return join(tmpdir(), `data-import-contract-secrets-${runId}.txt`);
}

/**
 * Registers a secret: from now on it is redacted from every text of this process, and the
 * report scan of the run looks for it. Values shorter than 8 characters are ignored (too likely
 * to occur by chance; no real key or token is that short).
 */
export function registerSecret(value: string | undefined, runId?: string): void {
  if (!value || value.length < 8 || secrets.has(value)) return;
  secrets.add(value);
  if (runId) {
    mkdirSync(tmpdir(), { recursive: true });
    appendFileSync(secretsFile(runId), `${value}\n`, { mode: 0o600 });
  }
}

/** Replaces every registered secret and anything shaped like a JWT in a text. */
export function redactText(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(REDACTED);
  return out.replace(JWT_PATTERN, REDACTED);
}

/** A copy of a JSON value with secret fields and registered secrets replaced. */
export function redactJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => redactJson(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      out[key] =
        SECRET_FIELDS.has(key.toLowerCase()) && typeof v === 'string' ? REDACTED : redactJson(v);
    }
    return out as T;
  }
  if (typeof value === 'string') return redactText(value) as T;
  return value;
}

/** A copy of request or response headers with Authorization and cookies redacted. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = /^(authorization|cookie|set-cookie|x-api-key)$/i.test(name)
      ? REDACTED
      : redactText(value);
  }
  return out;
}

/**
 * A header line of an HTTP call log (Playwright lists a request's headers in the log of a failed
 * call) whose value can be a credential. The lines carry ANSI colour codes, so the value stops at
 * the reset code or the end of the line.
 */
const CREDENTIAL_HEADER_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stops at the ANSI reset code
  /((?:proxy-)?authorization|cookie|set-cookie|x-api-key)(: )[^\n\u001b]*/gi;

/** A text with credential headers of call logs, registered secrets and JWTs redacted. */
export function redactCallLog(text: string): string {
  return redactText(text.replace(CREDENTIAL_HEADER_LINE, `$1$2${REDACTED}`));
}

/** The parts of a reported error (Playwright's TestError) that hold text. */
export interface ReportedError {
  message?: string;
  stack?: string;
  value?: string;
  snippet?: string;
  cause?: ReportedError;
}

/**
 * Redacts an error the runner reports, in place, before any reporter writes it: Playwright
 * records the failed `request.fetch` step of a test with its call log, Authorization included,
 * whatever the test itself does with the error.
 */
export function redactReportedError(error: ReportedError | undefined): void {
  if (!error) return;
  for (const field of ['message', 'stack', 'value', 'snippet'] as const) {
    const text = error[field];
    if (typeof text === 'string') error[field] = redactCallLog(text);
  }
  redactReportedError(error.cause);
}
