/**
 * The mock's whole state as plain, JSON-serialisable data (decision 003): an instance you create,
 * seed, reset, export and import. Nothing here knows HTTP; the clock and randomness are injected
 * into the functions that need them. Every command that changes the state bumps its revision,
 * so that the edge persists exactly the requests that changed something (decision 008).
 */
import {
  type components,
  defaultPlatformCatalogue,
  type PlatformCatalogue,
} from '../../spec/index.ts';
import { type ClockState, runningClock } from './clock.ts';
import { dictionary } from './dictionary.ts';

type Schemas = components['schemas'];

/** Import supplier status (SUP-1): set by the operator, never by the interface. */
export type SupplierStatus = 'Ongoing' | 'Paused' | 'Complete';

/** An import supplier and the configuration that controls migration behaviours (SUP-4). */
export interface Supplier {
  code: string;
  status: SupplierStatus;
  /** Customers get an e-mail when their account is migrated (SUP-4). */
  emailsOnMigration: boolean;
  /** Root location that document paths are relative to (DOC-2). */
  documentRoot: string;
}

/** A token issued by ObtainToken (AUTH-1); stored by the SHA-256 of its value, never in clear. */
export interface TokenRecord {
  kind: 'access' | 'refresh';
  subject: string;
  issuedAt: string;
  expiresAt: string;
}

/** An account import process: staged data, and once processed, the platform account (GEN-9). */
export interface AccountRecord {
  importSupplier: string;
  externalAccountNumber: string;
  status: 'staged' | 'imported';
  data: Schemas['Account'];
  stagedAt: string;
  updatedAt: string;
  serviceAccountNumber?: string;
  createdAt?: string;
  operationsTeam?: string;
  /** Notes attached after import (NOTE-1..NOTE-8), oldest first; the payload's own are in `data`. */
  notes?: NoteRecord[];
  /** Transactions added after import (TXN-1..TXN-10), oldest first. */
  transactions?: TransactionRecord[];
  /** Historical statements attached after import (HST-1..HST-3), oldest first. */
  statements?: StatementRecord[];
  /** The account's active payment instruction (PAY-1..PAY-5); at most one. */
  paymentInstruction?: PaymentInstructionRecord;
  /** Registration of each energy meter point, by MPAN core or MPRN (REG-1..REG-8, STS-5..STS-8, STS-13..STS-15). */
  registrations?: Record<string, MeterPointRegistration>;
  /** The V2 import task of an account scheduled through V2 (decision 028). */
  v2Task?: V2Task;
}

/** The statuses of a V2 import task (the platform's examples; decision 028). */
export type V2TaskStatus =
  | 'PENDING'
  | 'IN_PROGRESS'
  | 'PROCESSED'
  | 'ERRORED'
  | 'DRY_RUN_SUCCEEDED'
  | 'DRY_RUN_ERRORED'
  | 'CANCELLED';

/** The error a V2 task ended with (the platform's LatestError). */
export interface V2TaskError {
  code: string;
  detail: string;
  domain: string;
}

/** A V2 import task: its window, its status and every step with its time (decision 028). */
export interface V2Task {
  isDryRun: boolean;
  windowStart: string;
  windowEnd: string;
  status: V2TaskStatus;
  createdAt: string;
  modifiedAt: string;
  events: { event: string; occurredAt: string; data: V2TaskError | null }[];
  krakenIdentifier: string | null;
  latestError: V2TaskError | null;
  /** The status the operator holds the task in; a held task does not run. */
  heldIn?: V2TaskStatus;
}

/** A note created through notes/create or pinned by a moved transaction (NOTE-3..NOTE-7, TXN-7). */
export interface NoteRecord {
  body: string;
  createdAt: string;
  /** Whether created_at was posted; NOTE-3 compares created_at only when it was given. */
  createdAtGiven: boolean;
  documentPaths: string[];
  isPinned: boolean;
  unpinAt?: string;
  /** What made the note: notes/create, or a transaction moved into the open statement period. */
  origin: 'notes_create' | 'transaction_moved';
}

/** A transaction as added to the account: echoed as it was answered (GEN-8, TXN-3, TXN-7). */
export interface TransactionRecord {
  transactionData: Record<string, unknown> & { transaction_id: string; transaction_date: string };
  addedAt: string;
  /** The posted date when force_add_to_current_statement moved it (TXN-7). */
  movedFrom?: string;
}

/** A historical statement as attached, with when it was (HST-1..HST-3). */
export interface StatementRecord {
  statement: Schemas['HistoricalStatement'];
  attachedAt: string;
}

/** A payment instruction the simulated vendor verified (PAY-2, PAY-3). */
export interface PaymentInstructionRecord {
  vendor: string;
  reference: string;
  type: string;
  createdAt: string;
}

/** The industry's answer to a registration, set or scheduled by the operator (REG-7, STS-6..STS-8). */
export interface RegistrationOutcome {
  kind: 'accepted' | 'rejected';
  /** When the outcome takes effect on the mock clock; null: as soon as the flow is sent. */
  at: string | null;
}

/** The registration of one energy meter point (REG-2..REG-7). */
export interface MeterPointRegistration {
  /** When the meter point was marked for registration; absent while it is PRE_REGISTRATION. */
  sentAt?: string;
  /** The supply start date the flow was sent with (REG-3). */
  supplyStartDate?: string;
  outcome?: RegistrationOutcome;
  /** An error the operator forces on send-registration-flows for this meter point (REG-6). */
  flowFault?: string;
}

/** A fault of the simulated payment vendor (PAY-4, PAY-5). */
export interface PaymentVendorFault {
  /** persistent: 400, do not retry unchanged; intermittent: 500, retry as is. */
  kind: 'persistent' | 'intermittent';
  /** How many more calls fail; null: every call until the operator clears it. */
  remaining: number | null;
}

/** The simulated upstream payment vendor (PAY-2): the operator's faults and what it remembers. */
export interface PaymentVendorState {
  /** Faults by import supplier code. */
  supplierFaults: Record<string, PaymentVendorFault>;
  /** Faults by account key; they win over the supplier's. */
  accountFaults: Record<string, PaymentVendorFault>;
  /**
   * `<account key>|<reference>` of magic `FAIL-INTERMITTENT-` references that already failed
   * once, so that the same request retried succeeds (PAY-5).
   */
  intermittentFailed: string[];
}

/** An e-mail the mock would have sent (supplier "e-mails on migration", SUP-4). */
export interface OutboxEntry {
  to: string;
  subject: string;
  body: string;
  importSupplier: string;
  externalAccountNumber: string;
  serviceAccountNumber: string;
  sentAt: string;
}

/**
 * The outbox (SUP-4) as the domain uses it: it appends, and the operator reads it whole. An array
 * is one; a store keeps the entries on disk and reads them only when asked (decision 016), so a
 * restart does not read a million e-mails.
 */
export interface Outbox extends Iterable<OutboxEntry> {
  push(...entries: OutboxEntry[]): number;
  readonly length: number;
}

/** The optional concurrency limit of the process operation (PRC-9) and its simulated duration. */
export interface ProcessingSettings {
  /** Accounts processed at once before 429; null when the limit is disabled (the default). */
  concurrencyLimit: number | null;
  /** How long a process request takes, so that the limit can be reached in tests. */
  processingTimeMs: number;
}

/** An API key the operator issued to an organisation; stored by its SHA-256. */
export interface ApiKeyRecord {
  keyHash: string;
  organisation: string;
}

/** The whole state of one mock instance. */
export interface MockState {
  version: 1;
  /** Bumped by every command that changes the state (decision 008). */
  revision: number;
  clock: ClockState;
  apiKeys: ApiKeyRecord[];
  tokenLifetimeSeconds: number;
  refreshLifetimeSeconds: number;
  suppliers: Record<string, Supplier>;
  operationsTeams: string[];
  /**
   * Account import processes by `<supplier code>/<external account number>` ({@link accountKey}):
   * in memory by default, one record per account in an embedded store with `--data-dir`
   * (decision 012).
   */
  accounts: AccountMap;
  /** Account keys the operator marked to be skipped (STG-6). */
  skipMarks: string[];
  tokens: Record<string, TokenRecord>;
  /** Sequence behind service account numbers; never goes back, so numbers are never reused. */
  accountSequence: number;
  processing: ProcessingSettings;
  /** E-mails sent on migration (SUP-4): an array in memory, read from disk on a store (decision 016). */
  outbox: Outbox;
  /**
   * The operator's "check documents" switch (DOC-1, DOC-2): when on, document paths must name a
   * file of the document store standing in for the bucket.
   */
  checkDocuments: boolean;
  /** Documents the operator placed in the bucket through the control API, as bucket locations (DOC-2). */
  placedDocuments: string[];
  /** The simulated upstream payment vendor (PAY-2, PAY-4, PAY-5). */
  paymentVendor: PaymentVendorState;
  /**
   * The platform's own data its validators check payloads against (GEN-6, decision 015); its
   * keys are the catalogue's snake_case, kept as they are in documents.
   */
  platformCatalogue: PlatformCatalogue;
  /** The operator's failure for the next V2 task that runs (decision 028); null when none. */
  v2FailNext?: { code: string; detail: string } | null;
}

/** What the lists of account import processes show of one (STS-9..STS-11). */
export type ProcessSummary = Pick<
  AccountRecord,
  'externalAccountNumber' | 'status' | 'serviceAccountNumber' | 'createdAt' | 'stagedAt'
>;

/**
 * The account import processes of a state (decision 012): a map the domain reads with `get` and
 * changes in place or with `set`, before it calls {@link touch}. The standalone server's store
 * keeps one record per account on disk behind the same interface and writes the records a
 * request read or set when its revision moved, so domain code is the same in memory and on disk.
 */
export interface AccountMap {
  get(key: string): AccountRecord | undefined;
  set(key: string, record: AccountRecord): void;
  has(key: string): boolean;
  readonly size: number;
  /** Every account, in staging order; a store reads them lazily from disk. */
  entries(): Iterable<[string, AccountRecord]>;
  /** One supplier's processes, oldest staging first (STS-9..STS-11); a store streams an index. */
  processesOf(importSupplier: string): Iterable<ProcessSummary>;
  /** The plain object form (`JSON.stringify`, state documents). */
  toJSON(): Record<string, AccountRecord>;
  /**
   * The key of an imported account that holds an identifier the platform keeps unique across
   * its accounts, other than the keys in `except`, or undefined (platform: "Validate account
   * reference does not already exist", "Validate CAIS reference is not in use on another
   * account"). Answered from an index the map keeps current in `set()`, so the check costs the
   * same at a million accounts as at ten: the domain `set`s a record when it becomes imported.
   */
  holderOf(kind: HeldIdentifierKind, value: string, except?: readonly string[]): string | undefined;
}

/**
 * The identifiers an imported account holds, which the platform keeps unique across its
 * accounts: an account reference (`value` from {@link referenceIdentifier}) and a debt's CAIS
 * reference.
 */
export type HeldIdentifierKind = 'reference' | 'cais';

/** The value under which an account reference is held: its namespace and value together. */
export function referenceIdentifier(namespace: unknown, value: unknown): string {
  return JSON.stringify([String(namespace), String(value)]);
}

/** One held identifier as one string (kind, then value), the key of the maps' indexes. */
export function heldIdentifierKey(kind: HeldIdentifierKind, value: string): string {
  return `${kind}:${value}`;
}

type Json = Record<string, unknown>;

function objectsOf(value: unknown): Json[] {
  return Array.isArray(value)
    ? value.filter((v): v is Json => typeof v === 'object' && v !== null)
    : [];
}

/**
 * The identifiers a record holds ({@link heldIdentifierKey} form): none while it is staged (a
 * draft that staging again replaces), its references and its debts' CAIS references once it is
 * imported (platform: "Validate account reference does not already exist", "Validate CAIS
 * reference is not in use on another account").
 */
export function identifiersHeldBy(record: AccountRecord): string[] {
  if (record.status !== 'imported') return [];
  const data = record.data as unknown as Json;
  const held = new Set<string>();
  for (const ref of objectsOf(data.references)) {
    held.add(heldIdentifierKey('reference', referenceIdentifier(ref.namespace, ref.value)));
  }
  const debts = [...objectsOf(data.debts), ...objectsOf(data.debt ? [data.debt] : [])];
  for (const debt of debts) {
    if (typeof debt.cais_reference === 'string') {
      held.add(heldIdentifierKey('cais', debt.cais_reference));
    }
  }
  return [...held];
}

/** The in-memory {@link AccountMap}: in process, in browsers and by default in the server. */
export class MemoryAccounts implements AccountMap {
  readonly #records = new Map<string, AccountRecord>();
  /** Held identifier -> the keys of the imported accounts holding it ({@link holderOf}). */
  readonly #holders = new Map<string, Set<string>>();
  /** Account key -> the identifiers it held when last `set`, so that a change lets them go. */
  readonly #heldBy = new Map<string, string[]>();

  constructor(records: Record<string, AccountRecord> | Iterable<[string, AccountRecord]> = {}) {
    const entries = Symbol.iterator in records ? records : Object.entries(records);
    for (const [key, record] of entries as Iterable<[string, AccountRecord]>) {
      this.set(key, record);
    }
  }

  get(key: string): AccountRecord | undefined {
    return this.#records.get(key);
  }

  set(key: string, record: AccountRecord): void {
    this.#records.set(key, record);
    for (const id of this.#heldBy.get(key) ?? []) {
      const holders = this.#holders.get(id);
      holders?.delete(key);
      if (holders?.size === 0) this.#holders.delete(id);
    }
    const held = identifiersHeldBy(record);
    if (held.length === 0) {
      this.#heldBy.delete(key);
      return;
    }
    this.#heldBy.set(key, held);
    for (const id of held) {
      const holders = this.#holders.get(id);
      if (holders) holders.add(key);
      else this.#holders.set(id, new Set([key]));
    }
  }

  holderOf(
    kind: HeldIdentifierKind,
    value: string,
    except: readonly string[] = [],
  ): string | undefined {
    for (const holder of this.#holders.get(heldIdentifierKey(kind, value)) ?? []) {
      if (!except.includes(holder)) return holder;
    }
    return undefined;
  }

  has(key: string): boolean {
    return this.#records.has(key);
  }

  get size(): number {
    return this.#records.size;
  }

  entries(): Iterable<[string, AccountRecord]> {
    return this.#records.entries();
  }

  processesOf(importSupplier: string): Iterable<ProcessSummary> {
    // ISO-8601 instants of one form order as strings; a plain comparison is many times faster
    // than localeCompare on a list of thousands.
    return [...this.#records.values()]
      .filter((r) => r.importSupplier === importSupplier)
      .sort((a, b) => (a.stagedAt < b.stagedAt ? -1 : a.stagedAt > b.stagedAt ? 1 : 0));
  }

  toJSON(): Record<string, AccountRecord> {
    return Object.fromEntries(this.#records);
  }
}

/** The key of an account: the pair (import supplier code, external account number) (GEN-9). */
export function accountKey(importSupplier: string, externalAccountNumber: string): string {
  return `${importSupplier}/${externalAccountNumber}`;
}

/** Records that a command changed the state, so that the edge persists the request (decision 008). */
export function touch(state: MockState): void {
  state.revision = (state.revision ?? 0) + 1;
}

/**
 * A state export of an earlier version of the mock, brought to the current form: account keys
 * and vendor memory that used a NUL separator get the readable `/` and `|` (decision 008), and
 * a state without a platform catalogue gets the kit's defaults (decision 015).
 */
export function upgradeState(
  state: Omit<MockState, 'accounts' | 'platformCatalogue'> & {
    accounts?: Record<string, AccountRecord>;
    platformCatalogue?: PlatformCatalogue;
  },
): MockState {
  const rekey = <T>(record: Record<string, T>) =>
    dictionary(Object.entries(record).map(([k, v]) => [k.replace('\u0000', '/'), v] as const));
  return {
    ...state,
    revision: state.revision ?? 0,
    // Keyed by input: without a prototype (dictionary.ts).
    suppliers: dictionary(state.suppliers),
    accounts: new MemoryAccounts(rekey(state.accounts ?? {})),
    skipMarks: (state.skipMarks ?? []).map((k) => k.replace('\u0000', '/')),
    // A state exported before the catalogue existed checks against the kit's defaults.
    platformCatalogue: state.platformCatalogue ?? structuredClone(defaultPlatformCatalogue),
    paymentVendor: state.paymentVendor && {
      ...state.paymentVendor,
      supplierFaults: dictionary(state.paymentVendor.supplierFaults),
      accountFaults: rekey(state.paymentVendor.accountFaults ?? {}),
      intermittentFailed: (state.paymentVendor.intermittentFailed ?? []).map((k) =>
        k.replace('\u0000', '/').replace('\u0000', '|'),
      ),
    },
  };
}

/**
 * A state as given by its holder: a parsed `JSON.stringify` of a state carries its accounts as a
 * plain object, which gets the in-memory {@link AccountMap} again.
 */
export function asState(
  state: Omit<MockState, 'accounts'> & { accounts: AccountMap | Record<string, AccountRecord> },
): MockState {
  const accounts = state.accounts;
  return typeof accounts.get === 'function'
    ? (state as MockState)
    : { ...state, accounts: new MemoryAccounts(accounts as Record<string, AccountRecord>) };
}

/** What a fresh state is made of: the operator's configuration. */
export interface StateSeed {
  apiKeyHashes: ApiKeyRecord[];
  suppliers: Supplier[];
  operationsTeams: string[];
  tokenLifetimeSeconds?: number;
  refreshLifetimeSeconds?: number;
  processing?: Partial<ProcessingSettings>;
  /** The platform catalogue; the kit's defaults when absent (decision 015). */
  platformCatalogue?: PlatformCatalogue;
}

/** A fresh state from the operator's configuration. */
export function createState(seed: StateSeed): MockState {
  return {
    version: 1,
    revision: 0,
    clock: runningClock(),
    apiKeys: [...seed.apiKeyHashes],
    tokenLifetimeSeconds: seed.tokenLifetimeSeconds ?? 3600,
    refreshLifetimeSeconds: seed.refreshLifetimeSeconds ?? 7 * 24 * 3600,
    suppliers: dictionary(seed.suppliers.map((s) => [s.code, { ...s }] as const)),
    operationsTeams: [...seed.operationsTeams],
    accounts: new MemoryAccounts(),
    skipMarks: [],
    tokens: {},
    accountSequence: 0,
    processing: { concurrencyLimit: null, processingTimeMs: 0, ...seed.processing },
    outbox: [],
    checkDocuments: false,
    placedDocuments: [],
    paymentVendor: {
      supplierFaults: dictionary(),
      accountFaults: dictionary(),
      intermittentFailed: [],
    },
    platformCatalogue: structuredClone(seed.platformCatalogue ?? defaultPlatformCatalogue),
  };
}
