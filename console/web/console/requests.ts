/**
 * The paths and bodies the console sends, built from what the person entered: pure functions (no
 * DOM, no fetch), unit-tested beside this file. Every path segment from input is encoded, so a
 * supplier code or an account number can never reach another route.
 */

/** The account the console has open, by supplier code and external account number. */
export interface AccountRef {
  code: string;
  external: string;
}

/** `<supplier>/<external account number>`, each segment encoded, as both APIs' paths take it. */
export function accountSegments(code: string, external: string): string {
  return `${encodeURIComponent(code)}/${encodeURIComponent(external)}`;
}

/** An interface path of the open account: `<prefix>/<supplier>/<external>/`. */
export function interfaceAccountPath(prefix: string, account: AccountRef): string {
  return `${prefix}/${accountSegments(account.code, account.external)}/`;
}

/** A control path of an account: `accounts/<supplier>/<external>`. */
export function controlAccountPath(account: AccountRef): string {
  return `accounts/${accountSegments(account.code, account.external)}`;
}

/** The control path of one meter point's registration of an account (REG-6, STS-7). */
export function meterPointPath(account: AccountRef, mpxn: string): string {
  return `${controlAccountPath(account)}/meter-points/${encodeURIComponent(mpxn)}`;
}

/** The control path of a skip mark (STG-6). */
export function skipMarkPath(code: string, external: string): string {
  return `skip-marks/${accountSegments(code, external)}`;
}

/** Where a payment vendor fault sits: one account, or (no account given) every account of a supplier (PAY-4). */
export function faultScope(code: string, external: string): string {
  return external
    ? `accounts/${accountSegments(code, external)}`
    : `suppliers/${encodeURIComponent(code)}`;
}

/** The clock change that advances it by an amount of a unit (the unit given in seconds). */
export function advanceChange(amount: string, unitSeconds: string): { advance_seconds: number } {
  return { advance_seconds: Number(amount) * Number(unitSeconds) };
}

/** setProcessing's body: an empty limit turns the limit off (PRC-9); an empty time is none. */
export function processingChange(
  limit: string,
  time: string,
): { concurrency_limit: number | null; processing_time_ms: number } {
  const trimmed = limit.trim();
  return {
    concurrency_limit: trimmed === '' ? null : Number(trimmed),
    processing_time_ms: Number(time || '0'),
  };
}

/** setPaymentVendorFault's body: an empty count fails every call until cleared (PAY-4). */
export function vendorFaultChange(
  kind: string,
  remaining: string,
): { kind: string; remaining?: number } {
  const trimmed = remaining.trim();
  return { kind, ...(trimmed === '' ? {} : { remaining: Number(trimmed) }) };
}

/**
 * The account to stage or validate: the payload the person wrote, with the supplier and account
 * number of the form winning over the payload's. Throws when the payload is not a JSON object.
 */
export function stagedAccount(
  payload: string,
  supplier: string,
  external: string,
): Record<string, unknown> {
  const account = JSON.parse(payload) as Record<string, unknown>;
  account.import_supplier = supplier;
  account.external_account_number = external.trim();
  return account;
}

/** processAccount's body for the open account (PRC-1); a dry run is rolled back (PRC-5, PRC-6). */
export function processRequest(
  account: AccountRef,
  team: string,
  dryRun: boolean,
): Record<string, unknown> {
  return {
    import_supplier_code: account.code,
    external_account_number: account.external,
    operations_team_name: team,
    ...(dryRun ? { dry_run: true } : {}),
  };
}

/** setMeterPointOutcome's body: no outcome clears it; a delay is given in hours (STS-7). */
export function outcomeChange(
  outcome: string,
  hours: string,
): { outcome: string | null; after_seconds?: number } {
  const after = Number(hours || '0');
  return {
    outcome: outcome === '' ? null : outcome,
    ...(outcome !== '' && after > 0 ? { after_seconds: after * 3600 } : {}),
  };
}

/** The error detail a flow fault gives when the person writes none (REG-6). */
export const DEFAULT_FLOW_FAULT = 'Flow rejected by the industry';

/** setRegistrationFlowFault's body: clearing sends null (REG-6). */
export function flowFaultChange(clear: boolean, detail: string): { error_detail: string | null } {
  return { error_detail: clear ? null : detail.trim() || DEFAULT_FLOW_FAULT };
}

/** What can be attached to an imported account: the interface path and the spec's example. */
export interface AttachKind {
  path: string;
  example: string;
  title: string;
}

/** The kinds of data attached to an imported account (NOTE-8), by the picker's value. */
export const ATTACH: Readonly<Record<string, AttachKind>> = {
  notes: {
    path: '/v1/data-import/notes/create/',
    example: 'CreateNotesRequest',
    title: 'Add notes',
  },
  transactions: {
    path: '/v1/data-import/transactions/create/?check_previously_added=true',
    example: 'CreateTransactionsRequest',
    title: 'Add transactions',
  },
  statements: {
    path: '/v1/data-import/historical-statements/create/',
    example: 'CreateHistoricalStatementsRequest',
    title: 'Add historical statements',
  },
  payment: {
    path: '/v1/data-import/payment-instruction/create/',
    example: 'CreateCardPaymentInstructionRequest',
    title: 'Create a payment instruction',
  },
};

/** The spec's example of a request, made the open account's, as the attach box shows it. */
export function attachText(example: unknown, account: AccountRef): string {
  return JSON.stringify(
    {
      ...(example as Record<string, unknown>),
      import_supplier: account.code,
      external_account_number: account.external,
    },
    null,
    2,
  );
}

/** The accounts table's filters. */
export interface AccountFilter {
  supplier: string;
  kind: string;
  search: string;
}

/** listAccounts' query for the filters (at most 200 accounts are listed). */
export function accountQuery(filter: AccountFilter): URLSearchParams {
  const query = new URLSearchParams({ limit: '200' });
  if (filter.supplier) query.set('import_supplier', filter.supplier);
  if (filter.kind) query.set('status', filter.kind);
  if (filter.search.trim()) query.set('search', filter.search.trim());
  return query;
}

/** The journal's filters. */
export interface JournalFilter {
  operation: string;
  status: string;
}

/** getJournal's query: newest first, without bodies (one entry is read when opened). */
export function journalQuery(filter: JournalFilter): URLSearchParams {
  const query = new URLSearchParams({ order: 'newest_first', limit: '200', bodies: 'false' });
  if (filter.operation) query.set('operation_id', filter.operation);
  if (filter.status) query.set('status', filter.status);
  return query;
}

/** The OpenAPI documents as far as the console reads them: operation ids and examples. */
export interface SpecDocument {
  paths: Record<string, Record<string, { operationId?: string }>>;
  components: { examples: Record<string, { value: unknown }> };
}

/** Every operation id of the documents, in order: the journal names the operation of each request. */
export function operationIds(documents: SpecDocument[]): string[] {
  return documents.flatMap((doc) =>
    Object.values(doc.paths).flatMap((item) =>
      Object.values(item)
        .map((op) => op.operationId)
        .filter((id): id is string => typeof id === 'string'),
    ),
  );
}

/** The state of an account as its actions need it: none held, staged, or imported. */
export type AccountStage = 'none' | 'staged' | 'imported';

/** The stage of the open account from getAccountRecord's answer. */
export function accountStage(
  status: number,
  record: { status?: string } | undefined,
): AccountStage {
  return status !== 200 ? 'none' : record?.status === 'imported' ? 'imported' : 'staged';
}

/** Why some of the account's actions are off in each stage: the interface would refuse them. */
export const STAGE_HINTS: Readonly<Record<AccountStage, string>> = {
  none: 'The mock holds no staged data for this account: stage it first.',
  staged:
    'Staged, not imported: process it first; registration flows and attached data need an imported account (REG-8, NOTE-8).',
  imported: 'Imported: processing it again would be refused (PRC-8).',
};
