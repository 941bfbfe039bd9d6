/**
 * The control API's bodies as the console reads them: aliases of the types generated from
 * spec/control.yaml (the spec module is the single source of truth, decision 001), so that a view
 * changed in the spec fails the console's type check instead of drifting from a copy.
 * Type-only: esbuild drops these imports, and the browser bundle carries nothing of the spec.
 */
import type { controlComponents } from '../../../spec/index.ts';

type Schemas = controlComponents['schemas'];

/** The mock clock (getClock). */
export type ClockView = Schemas['Clock'];
/** Processing settings (getProcessing, PRC-9). */
export type ProcessingView = Schemas['Processing'];
/** An import supplier as listSuppliers shows it (SUP-1, SUP-4). */
export type SupplierView = Schemas['SupplierView'];
/** An account marked to be skipped (listSkipMarks, STG-6). */
export type SkipMark = Schemas['SkipMark'];
/** The payment vendor's faults by supplier and by account (listPaymentVendorFaults, PAY-4). */
export type PaymentVendorFaultList = Schemas['PaymentVendorFaultList'];
/** One page of accounts with the counts of each kind (listAccounts). */
export type AccountList = Schemas['AccountList'];
/** One request of the journal, secrets redacted (getJournal, getJournalEntry). */
export type JournalEntryView = Schemas['JournalEntryView'];
/** A migration e-mail of the outbox (getOutbox, SUP-4). */
export type OutboxEntryView = Schemas['OutboxEntryView'];
/** What the mock holds about one account (getAccountRecord). */
export type AccountRecord = Schemas['AccountRecord'];
/** A note of an imported account (getAccountNotes, NOTE-7). */
export type AccountNoteView = Schemas['AccountNoteView'];
/** The registration of one meter point (getMeterPointRegistrations, REG-6). */
export type MeterPointRegistrationView = Schemas['MeterPointRegistrationView'];
/** The outcome the industry gave a meter point's registration (STS-7). */
export type MeterPointOutcome = Schemas['MeterPointOutcome'];
