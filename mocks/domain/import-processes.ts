/**
 * The account import process (the reference's state table): stage with create-or-update
 * (STG-1..STG-9), process into a platform account with an optional dry run (PRC-1..PRC-10), and
 * the status queries over it (STS-1..STS-12). Checks come first and state changes last, so a
 * refused command leaves the state as it was.
 */

import type { components } from '../../spec/index.ts';
import { checkAccountRules } from './account-rules.ts';
import { alreadyImported, requireOngoingSupplier } from './accounts.ts';
import { clockTimestamp } from './clock.ts';
import { own } from './dictionary.ts';
import type { MockEnv } from './env.ts';
import { LazyList } from './lazy-list.ts';
import { recordImportedReferences } from './platform/account.ts';
import { checkPlatformAccountRules, platformContext } from './platform/index.ts';
import { withoutNulls } from './platform/rule-helpers.ts';
import { accountTransferStatus } from './registration.ts';
import { fail, fieldError, invalid, ok, type Result } from './result.ts';
import {
  type AccountRecord,
  accountKey,
  type MockState,
  type ProcessSummary,
  type Supplier,
  touch,
} from './state.ts';

type Account = components['schemas']['Account'];

/**
 * VAL-1..VAL-7: the account rules beyond the spec's shapes, on the mock clock's today; they read
 * a null field as an absent one (GEN-4, `withoutNulls`).
 */
export function validateAccountRules(state: MockState, env: MockEnv, sent: Account) {
  const account = withoutNulls(sent);
  const ctx = platformContext(
    state,
    env,
    accountKey(account.import_supplier, account.external_account_number ?? ''),
  );
  return [...checkAccountRules(account, ctx.today), ...checkPlatformAccountRules(account, ctx)];
}

/** Stages an account (STG-1..STG-8): 201 the first time, 200 when its data is replaced. */
export function stageAccount(
  state: MockState,
  env: MockEnv,
  account: Account,
): Result<{ created: boolean; record: AccountRecord }> {
  const supplierCheck = requireOngoingSupplier(state, account.import_supplier, 'import_supplier');
  if (!supplierCheck.ok) return supplierCheck;
  const key = accountKey(account.import_supplier, account.external_account_number ?? '');
  const existing = state.accounts.get(key);
  if (existing?.status === 'imported') return alreadyImported(existing);
  if (state.skipMarks.includes(key)) {
    return fail('account_marked_to_be_skipped', {
      external_account_number: account.external_account_number,
    });
  }
  const now = clockTimestamp(state.clock, env.now());
  const record: AccountRecord = {
    importSupplier: account.import_supplier,
    externalAccountNumber: account.external_account_number ?? '',
    status: 'staged',
    data: account,
    stagedAt: existing?.stagedAt ?? now,
    updatedAt: now,
  };
  state.accounts.set(key, record);
  touch(state);
  return ok({ created: !existing, record });
}

/**
 * A service account number for the n-th account: `A-` and 8 hex digits. Multiplying by an odd
 * constant modulo 2^32 is a bijection, so numbers never repeat while the sequence only grows.
 */
export function serviceAccountNumberFor(sequence: number): string {
  const scrambled = Number((BigInt(sequence) * 2654435761n) % 4294967296n);
  return `A-${scrambled.toString(16).toUpperCase().padStart(8, '0')}`;
}

/** What process takes (PRC-1). */
export interface ProcessCommand {
  importSupplierCode: string;
  externalAccountNumber: string;
  /** Absent when the supplier allocates teams itself (the catalogue's operations_team_auto_allocation). */
  operationsTeamName?: string | undefined;
  dryRun: boolean;
}

/**
 * Turns staged data into a platform account linked to a team (PRC-2..PRC-8, PRC-10). A dry run
 * that would succeed changes nothing and fails with `dry_run_succeeded` (PRC-5, PRC-6); one that
 * would fail gives the real errors.
 */
export function processAccount(
  state: MockState,
  env: MockEnv,
  command: ProcessCommand,
): Result<{ record: AccountRecord; supplier: Supplier }> {
  // The request's own validator comes first, as the platform runs it before any lookup.
  const autoAllocation = platformContext(state, env).catalogue.operations_team_auto_allocation;
  if (command.operationsTeamName === undefined && !autoAllocation) {
    return invalid([fieldError('operations_team_should_be_provided', 'operations_team_name')]);
  }
  const key = accountKey(command.importSupplierCode, command.externalAccountNumber);
  const record = state.accounts.get(key);
  if (!record) {
    // A supplier closed for migration says so first (PRC-10): nothing can be staged under it.
    const supplier = own(state.suppliers, command.importSupplierCode);
    if (supplier && supplier.status !== 'Ongoing') {
      const closed = requireOngoingSupplier(
        state,
        command.importSupplierCode,
        'import_supplier_code',
      );
      if (!closed.ok) return closed;
    }
    return fail('import_process_does_not_exist', {
      import_supplier: command.importSupplierCode,
      external_account_number: command.externalAccountNumber,
    });
  }
  if (record.status === 'imported') return alreadyImported(record);
  const supplierCheck = requireOngoingSupplier(
    state,
    command.importSupplierCode,
    'import_supplier_code',
  );
  if (!supplierCheck.ok) return supplierCheck;
  if (state.skipMarks.includes(key)) {
    return fail('account_marked_to_be_skipped', {
      external_account_number: command.externalAccountNumber,
    });
  }
  const team = operationsTeamOf(state, command.operationsTeamName);
  if (!team.ok) return team;
  const ruleErrors = validateAccountRules(state, env, record.data);
  if (ruleErrors.length > 0) return invalid(ruleErrors, 'account_failed_validation');
  if (command.dryRun) return fail('dry_run_succeeded');

  state.accountSequence += 1;
  record.status = 'imported';
  record.serviceAccountNumber = serviceAccountNumberFor(state.accountSequence);
  record.createdAt = clockTimestamp(state.clock, env.now());
  record.operationsTeam = team.value;
  recordImportedReferences(state, key, record.data);
  if (supplierCheck.value.emailsOnMigration) queueMigrationEmails(state, record);
  touch(state);
  return ok({ record, supplier: supplierCheck.value });
}

/**
 * PRC-3 and platform: "Validate that an operations team exists" on process. A named team must
 * exist whatever the supplier's setting (the reference's process always works with a team);
 * without one (the supplier allocates teams itself: the catalogue's
 * operations_team_auto_allocation, checked first in processAccount) the first team takes the
 * account.
 */
function operationsTeamOf(state: MockState, name: string | undefined): Result<string | undefined> {
  if (name === undefined) return ok(state.operationsTeams[0]);
  if (!state.operationsTeams.includes(name)) {
    const team = { operations_team_name: name };
    const error = fieldError('operations_team_name_does_not_exist', 'operations_team_name', team);
    return fail('request_failed_validation', team, { detail: error.detail, errors: [error] });
  }
  return ok(name);
}

/** SUP-4: with "e-mails on migration" on, each customer with an e-mail address is told. */
function queueMigrationEmails(state: MockState, record: AccountRecord): void {
  const customers = (record.data.customers ?? []) as { email?: string; given_name?: string }[];
  for (const customer of customers) {
    if (!customer.email) continue;
    state.outbox.push({
      to: customer.email,
      subject: 'Your account has moved to us',
      body: `Hello ${customer.given_name ?? ''}, your account ${record.externalAccountNumber} is now account ${record.serviceAccountNumber}.`,
      importSupplier: record.importSupplier,
      externalAccountNumber: record.externalAccountNumber,
      serviceAccountNumber: record.serviceAccountNumber ?? '',
      sentAt: record.createdAt ?? '',
    });
  }
}

/**
 * STS-1..STS-8: the transfer status of one account import process. UNKNOWN while only staged;
 * for a created account the reference's table over its energy meter points, on the mock clock at
 * `systemNow` (the operations layer passes `env.now()`; without it the system time is used, so a
 * scheduled registration outcome is judged against the real time plus the clock's offset).
 */
export function transferStatus(
  state: MockState,
  importSupplierCode: string,
  externalAccountNumber: string,
  systemNow: number = Date.now(),
): Result<{ status: string; service_account_number: string }> {
  const record = state.accounts.get(accountKey(importSupplierCode, externalAccountNumber));
  if (!record) {
    return fail('import_process_does_not_exist', {
      import_supplier: importSupplierCode,
      external_account_number: externalAccountNumber,
    });
  }
  if (record.status !== 'imported') return ok({ status: 'UNKNOWN', service_account_number: '' });
  return ok({
    status: accountTransferStatus(record, clockTimestamp(state.clock, systemNow)),
    service_account_number: record.serviceAccountNumber ?? '',
  });
}

/** Which account import processes a list operation shows (STS-9..STS-11). */
export type ProcessListKind = 'all' | 'pending' | 'imported';

type Summary = components['schemas']['AccountImportProcessSummary'];

/**
 * The summaries of a supplier's account import processes, oldest staging first: an array in
 * memory, a {@link LazyList} over a store's index.
 */
export function listImportProcesses(
  state: MockState,
  importSupplierCode: string,
  kind: ProcessListKind,
): components['schemas']['AccountImportProcessSummary'][] | LazyList<Summary> {
  const processes = state.accounts.processesOf(importSupplierCode);
  return Array.isArray(processes)
    ? [...importProcessSummaries(processes, kind)]
    : new LazyList(() => importProcessSummaries(processes, kind));
}

/**
 * The summaries one by one: a store streams them from its index (decision 012), so the
 * standalone server writes a list of a million processes without holding it.
 */
function* importProcessSummaries(
  processes: Iterable<ProcessSummary>,
  kind: ProcessListKind,
): Generator<Summary> {
  for (const r of processes) {
    if (kind !== 'all' && (kind === 'pending') !== (r.status === 'staged')) continue;
    yield {
      external_account_number: r.externalAccountNumber,
      service_account_number: r.serviceAccountNumber ?? null,
      account_created_at: r.createdAt ?? null,
    } as Summary;
  }
}
