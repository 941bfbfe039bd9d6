/**
 * The process rules one answer shows when the answer names its own condition (decision 029,
 * "Update: rules a stream shows"): the error code of a process answer says which failure the
 * service met, and the reference fixes the answer of three of them. A code is the service's own
 * statement; a service with other codes (ERR-3 leaves the list open) is not judged here, since
 * one exchange cannot tell its failures apart.
 * - `import_process_does_not_exist` (the platform's code for an account that is not staged):
 *   PRC-2 "otherwise a failure, 400", so another status breaks PRC-2.
 * - `dry_run_succeeded` (the catalogue's code for a dry run that would succeed): PRC-5 fixes the
 *   message, "Account would successfully import. Rolled back due to Dry Run.", and the status 400.
 * - `account_already_imported` (the account is already imported): PRC-8, the 400 "also carries
 *   external_account_number and service_account_number".
 */
import { errorCatalogue, type OperationInfo } from '../spec/index.ts';
import { type Exchange, ExchangeJson } from './exchange.ts';
import { type Finding, finding } from './findings.ts';

/** PRC-5's message, as the error catalogue holds the reference's words. */
export const DRY_RUN_MESSAGE = errorCatalogue.detail('dry_run_succeeded');

const PROCESS = 'processAccountImportProcess';

/** The answer's top-level JSON object, or undefined. */
function answerObject(json: ExchangeJson): Record<string, unknown> | undefined {
  const body = json.answer;
  return body.ok &&
    body.value !== null &&
    typeof body.value === 'object' &&
    !Array.isArray(body.value)
    ? (body.value as Record<string, unknown>)
    : undefined;
}

/** PRC-8: an already imported account's 400 carries both numbers as strings. */
function alreadyImported(body: Record<string, unknown>): Finding[] {
  const out: Finding[] = [];
  for (const field of ['external_account_number', 'service_account_number'] as const) {
    if (typeof body[field] === 'string') continue;
    out.push(
      finding(
        'PRC-8',
        'reference',
        PROCESS,
        `/response/body/${field}`,
        `the answer says account_already_imported but carries no ${field}`,
      ),
    );
  }
  return out;
}

/** PRC-5: a dry run that would succeed answers 400 with the reference's exact message. */
function drySucceeded(status: number, text: string): Finding[] {
  const out: Finding[] = [];
  if (status !== 400) {
    out.push(
      finding(
        'PRC-5',
        'reference',
        PROCESS,
        '/response/status',
        `a dry run that would succeed (dry_run_succeeded) was answered ${status}, not 400`,
      ),
    );
  }
  if (!text.includes(DRY_RUN_MESSAGE)) {
    out.push(
      finding(
        'PRC-5',
        'reference',
        PROCESS,
        '/response/body/detail',
        `a dry run that would succeed (dry_run_succeeded) does not carry the message "${DRY_RUN_MESSAGE}"`,
      ),
    );
  }
  return out;
}

/**
 * The process answer's rules its own code shows (PRC-2, PRC-5, PRC-8). Only error answers are
 * read: a 2xx is judged by its schema (PRC-4).
 */
export function checkProcessAnswer(
  op: OperationInfo,
  exchange: Exchange,
  json = new ExchangeJson(exchange),
): Finding[] {
  const { status } = exchange.response;
  if (op.operationId !== PROCESS || status < 400 || status >= 500) return [];
  const body = answerObject(json);
  const code = body?.code;
  if (body === undefined || typeof code !== 'string') return [];
  if (code === 'import_process_does_not_exist' && status !== 400) {
    return [
      finding(
        'PRC-2',
        'reference',
        PROCESS,
        '/response/status',
        `an account that is not staged (import_process_does_not_exist) was answered ${status}, not 400`,
      ),
    ];
  }
  if (code === 'dry_run_succeeded') return drySucceeded(status, exchange.response.body);
  if (code === 'account_already_imported') return alreadyImported(body);
  return [];
}
