/**
 * The checks that need history, kept per supplier and account from what passed through
 * (decision 029). The checker concludes only from what the same stream showed: a stream may
 * start mid-migration, so a rule fires only when an earlier exchange of the stream showed the
 * state the later answer contradicts (an account staged, imported, or said to have no import
 * process), never from the absence of an exchange before the stream began. Like PRC-2 below, the
 * rules take the stream to carry every exchange of the accounts it shows (the proxy is their
 * gateway). An answer to a request sent before the exchange that set the state is not judged:
 * the two may have run at once.
 * - Staging: 201 for an account seen staged (STG-3), 200 or 201 for one seen imported (STG-5),
 *   200 for one the service said had no import process with no staging since (STG-2; VAL-7 when
 *   a validation was answered in between: it stored the account).
 * - Process: 201 after the service said no import process existed and nothing was staged since
 *   (PRC-2, STS-3).
 * - Status: 200 for a pair the service said had no import process, with no staging since (STS-3;
 *   VAL-7 after a validation), past UNKNOWN for an account seen staged and not processed since
 *   (STS-4), going back (STS-4, STS-5), a service account number changing (GEN-9).
 * - An account showing imported (a status past UNKNOWN, notes 201, account_already_imported)
 *   after it was seen not imported and then only dry-run (PRC-6), or notes 201 for an account
 *   seen staged or absent and not imported since (NOTE-8).
 * - Lists: an imported account listed as pending (STS-10), an account seen imported left out of
 *   the imported list (STS-11, history-imported.ts).
 * - Repeats: a note answered created when the same body (and created_at) was created on the
 *   account before (NOTE-3), a transaction sent again unchanged added again (TXN-5,
 *   history-transactions.ts).
 * Memory stays flat: accounts are bounded by `maxAccounts` (history-accounts.ts), notes and
 * transactions are kept as digests, never bodies.
 */

import type { Matched } from './check-exchange.ts';
import { DRY_RUN_MESSAGE } from './check-exchange-process.ts';
import type { Exchange } from './exchange.ts';
import { jsonBody } from './exchange.ts';
import { type Finding, finding } from './findings.ts';
import {
  type AccountPair,
  AccountSlots,
  DEFAULT_MAX_ACCOUNTS,
  DRY_RUN,
  IMPORTED,
  KNOWN_ABSENT,
  STAGED,
  VALIDATED,
} from './history-accounts.ts';
import { checkPending, ImportedAccounts } from './history-imported.ts';
import { checkNotes } from './history-notes.ts';
import { checkStatus, STATUSES } from './history-status.ts';
import { checkTransactions } from './history-transactions.ts';

export { DEFAULT_MAX_ACCOUNTS } from './history-accounts.ts';

/** What an account seen not imported loses once it shows imported. */
const NOT_IMPORTED_BITS = KNOWN_ABSENT | STAGED | DRY_RUN | VALIDATED;

type Operation = Extract<Matched, { kind: 'operation' }>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The supplier and account an exchange is about: path parameters first, then the body. */
function accountOf(matched: Operation, request: unknown): AccountPair | undefined {
  const params = new Map(Object.entries(matched.params));
  const body = isRecord(request) ? request : undefined;
  const supplier =
    params.get('import_supplier_code') ??
    text(body?.import_supplier) ??
    text(body?.import_supplier_code);
  const account = params.get('external_account_number') ?? text(body?.external_account_number);
  return supplier !== undefined && account !== undefined ? [supplier, account] : undefined;
}

/** The rule a 200 breaks after the service said the account had no import process. */
function absentRule(flags: number, fallback: string): string {
  return flags & VALIDATED ? 'VAL-7' : fallback;
}

/**
 * Per-supplier, per-account history of the exchanges seen, with the rules that need it
 * (decision 029: about 140 bytes an account, digests of notes and transactions only once some).
 */
export class TrafficHistory {
  #accounts: AccountSlots;
  #imported = new ImportedAccounts();
  readonly #maxAccounts: number;

  constructor(maxAccounts = DEFAULT_MAX_ACCOUNTS) {
    this.#maxAccounts = maxAccounts;
    this.#accounts = new AccountSlots(maxAccounts);
  }

  /**
   * Forgets every account: the service's state was replaced (the kit mock's operator reset or
   * imported it, decision 029 "Update"), so what the stream showed before no longer holds, and a
   * staging answered 201 for an account staged before the reset is not STG-3.
   */
  forget(): void {
    this.#accounts = new AccountSlots(this.#maxAccounts);
    this.#imported = new ImportedAccounts();
  }

  /** Accounts whose history is kept now. */
  get size(): number {
    return this.#accounts.size;
  }

  /** What the history holds now, for the bounds' tests: accounts, digests, imported accounts. */
  get held(): { accounts: number; digests: number; imported: number } {
    return {
      accounts: this.#accounts.size,
      digests: this.#accounts.digests,
      imported: this.#imported.size,
    };
  }

  /** Checks one exchange against the history, then records what it shows. */
  observe(exchange: Exchange, matched: Matched): Finding[] {
    if (matched.kind !== 'operation') return [];
    const { status } = exchange.response;
    // Only the operations below show history; the others are not read at all.
    switch (matched.operation.operationId) {
      case 'validateAccount':
        if (status === 200) this.#validated(matched, exchange);
        return [];
      case 'createOrUpdateAccountImportProcess':
        return status === 200 || status === 201 ? this.#staged(matched, exchange) : [];
      case 'processAccountImportProcess':
        return status === 201 || status === 400 ? this.#process(matched, exchange) : [];
      case 'getAccountTransferStatus':
        return this.#transfer(matched, exchange);
      case 'createNotes':
        return status === 201 ? this.#notesOf(matched, exchange) : [];
      case 'createTransactions':
        return status === 201 ? this.#transactions(matched, exchange) : [];
      case 'listPendingAccountImportProcesses':
        return status === 200 ? checkPending(this.#accounts, matched, answerOf(exchange)) : [];
      case 'listImportedAccountImportProcesses':
        return this.#imported.check(matched, exchange);
      case 'scheduleV2AccountCreation':
        if (status >= 200 && status < 300) this.#scheduledV2(matched, exchange);
        return [];
      default:
        return [];
    }
  }

  /**
   * A validation answered 200 of an account the service said had no import process (VAL-7 if a
   * staging then answers 200). While no account is known to be absent, the account sent (the
   * largest body of the interface) is not read again.
   */
  #validated(matched: Operation, exchange: Exchange): void {
    if (this.#accounts.absent === 0) return;
    const pair = accountOf(matched, requestOf(exchange));
    const slot = pair && this.#accounts.find(pair);
    if (slot === undefined) return;
    const flags = this.#accounts.flags(slot);
    if (flags & KNOWN_ABSENT) this.#accounts.setFlags(slot, flags | VALIDATED);
  }

  /**
   * A V2 schedule accepted (decision 028): the account is staged and a task the stream does not
   * see imports it later, with no v1 process. What was known of it as not imported is dropped,
   * so the task's import is not read as a dry run's (PRC-6) or notes' (NOTE-8).
   */
  #scheduledV2(matched: Operation, exchange: Exchange): void {
    const request = requestOf(exchange);
    const pair = accountOf(matched, isRecord(request) ? request.payload : undefined);
    const slot = pair && this.#accounts.find(pair);
    if (slot === undefined) return;
    this.#accounts.setFlags(slot, this.#accounts.flags(slot) & ~NOT_IMPORTED_BITS);
    this.#accounts.touch(slot, exchange.time);
  }

  /** A staging answered 200 or 201: STG-2, STG-3, STG-5, VAL-7 by what was seen before. */
  #staged(matched: Operation, exchange: Exchange): Finding[] {
    const pair = accountOf(matched, requestOf(exchange));
    if (!pair) return [];
    const slot = this.#accounts.slot(pair);
    const flags = this.#accounts.flags(slot);
    const { status } = exchange.response;
    const out: Finding[] = [];
    const say = (rule: string, message: string) =>
      out.push(
        finding(rule, 'reference', matched.operation.operationId, '/response/status', message),
      );
    if (exchange.time >= this.#accounts.time(slot)) {
      if (flags & IMPORTED) {
        say('STG-5', `staging answered ${status} for an account the stream saw imported, not 400`);
      } else if (status === 201 && flags & STAGED) {
        say('STG-3', 'staging an account the stream saw staged answered 201, not 200');
      } else if (status === 200 && flags & KNOWN_ABSENT) {
        say(
          absentRule(flags, 'STG-2'),
          'the first staging since the service said the account had no import process answered 200, not 201',
        );
      }
    }
    if (!(flags & IMPORTED)) {
      this.#accounts.setFlags(slot, (flags & ~(KNOWN_ABSENT | VALIDATED)) | STAGED);
      this.#accounts.touch(slot, exchange.time);
    }
    return out;
  }

  #process(matched: Operation, exchange: Exchange): Finding[] {
    const request = requestOf(exchange);
    const pair = accountOf(matched, request);
    if (!pair) return [];
    if (exchange.response.status === 400) {
      return this.#processRefused(pair, isRecord(request) && request.dry_run === true, exchange);
    }
    const slot = this.#accounts.slot(pair);
    const out: Finding[] = [];
    if (this.#accounts.flags(slot) & KNOWN_ABSENT && exchange.time >= this.#accounts.time(slot)) {
      out.push(
        finding(
          'PRC-2',
          'reference',
          'processAccountImportProcess',
          '/response/status',
          'process answered 201 for an account the service had said had no import process, with no staging since',
        ),
      );
    }
    this.#markImported(slot, pair, exchange.time);
    const answer = answerOf(exchange);
    const number = isRecord(answer) ? text(answer.service_account_number) : undefined;
    if (number !== undefined) this.#accounts.setNumber(slot, number);
    return out;
  }

  /**
   * A process refused with 400: a dry run answered with PRC-5's message (the account is staged
   * and stays so, PRC-6), an account the answer calls already imported, or one it calls not
   * staged (the platform's import_process_does_not_exist, STS-3's absence).
   */
  #processRefused(pair: AccountPair, dryRun: boolean, exchange: Exchange): Finding[] {
    const answer = answerOf(exchange);
    const code = isRecord(answer) ? answer.code : undefined;
    if (dryRun && exchange.response.body.includes(DRY_RUN_MESSAGE)) {
      const slot = this.#accounts.slot(pair);
      const flags = this.#accounts.flags(slot);
      if (!(flags & IMPORTED)) {
        this.#accounts.setFlags(slot, (flags & ~(KNOWN_ABSENT | VALIDATED)) | STAGED | DRY_RUN);
        this.#accounts.touch(slot, exchange.time);
      }
      return [];
    }
    if (code === 'account_already_imported') {
      const slot = this.#accounts.slot(pair);
      return this.#showsImported(
        slot,
        pair,
        exchange,
        'processAccountImportProcess',
        '/response/body/code',
      );
    }
    if (code === 'import_process_does_not_exist') {
      const slot = this.#accounts.slot(pair);
      const flags = this.#accounts.flags(slot);
      if (!(flags & (IMPORTED | STAGED))) {
        this.#accounts.setFlags(slot, flags | KNOWN_ABSENT);
        this.#accounts.touch(slot, exchange.time);
      }
    }
    return [];
  }

  /** The account is imported from now on: it joins its supplier's imported accounts (STS-11). */
  #markImported(slot: number, pair: AccountPair, time: number): void {
    const flags = this.#accounts.flags(slot);
    if (!(flags & IMPORTED)) this.#imported.add(pair[0], pair[1], time);
    this.#accounts.setFlags(slot, (flags & ~NOT_IMPORTED_BITS) | IMPORTED);
    this.#accounts.touch(slot, time);
  }

  /**
   * An answer shows the account imported though no process was answered 201 since the stream
   * saw it not imported: after a dry run, the dry run created it (PRC-6); notes accepted for it
   * break NOTE-8 ("it must be imported, not only staged").
   */
  #showsImported(
    slot: number,
    pair: AccountPair,
    exchange: Exchange,
    operation: string,
    pointer: string,
  ): Finding[] {
    const flags = this.#accounts.flags(slot);
    const out: Finding[] = [];
    const notImported = !(flags & IMPORTED) && flags & (STAGED | KNOWN_ABSENT);
    if (notImported && exchange.time >= this.#accounts.time(slot)) {
      if (flags & DRY_RUN) {
        out.push(
          finding(
            'PRC-6',
            'reference',
            operation,
            pointer,
            'the account shows imported after a dry run, with no process answered 201 since it was seen not imported',
          ),
        );
      } else if (operation === 'createNotes') {
        out.push(
          finding(
            'NOTE-8',
            'reference',
            operation,
            '/response/status',
            'notes answered 201 for an account the stream saw staged or absent and never imported since',
          ),
        );
      }
    }
    this.#markImported(slot, pair, exchange.time);
    return out;
  }

  #transfer(matched: Operation, exchange: Exchange): Finding[] {
    const { status } = exchange.response;
    if (status !== 404 && status !== 200) return [];
    const pair = accountOf(matched, undefined);
    if (!pair) return [];
    const slot = this.#accounts.slot(pair);
    const flags = this.#accounts.flags(slot);
    if (status === 404) {
      if (!(flags & IMPORTED)) {
        this.#accounts.setFlags(slot, (flags & ~(STAGED | DRY_RUN | VALIDATED)) | KNOWN_ABSENT);
        this.#accounts.touch(slot, exchange.time);
      }
      return [];
    }
    const answer = answerOf(exchange);
    if (!isRecord(answer)) return [];
    const out: Finding[] = [];
    if (flags & KNOWN_ABSENT && exchange.time >= this.#accounts.time(slot)) {
      out.push(
        finding(
          absentRule(flags, 'STS-3'),
          'reference',
          'getAccountTransferStatus',
          '/response/status',
          'the status answered 200 for a pair the service had said had no import process, with no staging since',
        ),
      );
    }
    const code = (STATUSES as readonly string[]).indexOf(text(answer.status) ?? '');
    out.push(...stagedNotCreated(flags, code, exchange.time >= this.#accounts.time(slot)));
    out.push(...checkStatus(this.#accounts, slot, answer));
    if (code > 0) {
      out.push(
        ...this.#showsImported(
          slot,
          pair,
          exchange,
          'getAccountTransferStatus',
          '/response/body/status',
        ),
      );
    } else if (!(this.#accounts.flags(slot) & IMPORTED)) {
      // A 200 shows an import process exists (STS-3); UNKNOWN, that no account does (STS-4). A
      // status the kit does not know (GEN-10) shows the process only.
      const now = this.#accounts.flags(slot) & ~(KNOWN_ABSENT | VALIDATED);
      this.#accounts.setFlags(slot, code === 0 ? now | STAGED : now);
      this.#accounts.touch(slot, exchange.time);
    }
    return out;
  }

  #notesOf(matched: Operation, exchange: Exchange): Finding[] {
    const request = requestOf(exchange);
    const pair = accountOf(matched, request);
    if (!pair) return [];
    const slot = this.#accounts.slot(pair);
    const out = this.#showsImported(slot, pair, exchange, 'createNotes', '/response/status');
    out.push(...checkNotes(this.#accounts, slot, request, answerOf(exchange)));
    return out;
  }

  /** TXN-5 (history-transactions.ts). TXN-10 leaves an unknown account's answer open, so a 201
   * here says nothing of whether the account is imported. */
  #transactions(matched: Operation, exchange: Exchange): Finding[] {
    const request = requestOf(exchange);
    const pair = accountOf(matched, request);
    if (!pair || !isRecord(request)) return [];
    return checkTransactions(
      this.#accounts,
      this.#accounts.slot(pair),
      request,
      answerOf(exchange),
      exchange,
    );
  }
}

/**
 * STS-4: UNKNOWN while no account exists for the pair. An account the stream saw staged (not only
 * dry-run: PRC-6 judges that) with no process answered 201 since has no account yet, so a status
 * past UNKNOWN for it says an account exists that nothing created. Judged only for a request sent
 * after the staging was answered (the two may have run at once otherwise).
 */
function stagedNotCreated(flags: number, code: number, after: boolean): Finding[] {
  if (code <= 0 || !after || !(flags & STAGED) || flags & (IMPORTED | DRY_RUN)) return [];
  return [
    finding(
      'STS-4',
      'reference',
      'getAccountTransferStatus',
      '/response/body/status',
      `status ${STATUSES[code as 0]} for an account the stream saw staged with no process answered 201 since, not UNKNOWN`,
    ),
  ];
}

/** The request body as JSON, or undefined. */
function requestOf(exchange: Exchange): unknown {
  const body = jsonBody(exchange.request.body);
  return body.ok ? body.value : undefined;
}

/** The answer body as JSON, or undefined. */
function answerOf(exchange: Exchange): unknown {
  const body = jsonBody(exchange.response.body);
  return body.ok ? body.value : undefined;
}
