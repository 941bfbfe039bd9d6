/**
 * How the control API shows the state's records: snake_case, like the interface's own bodies,
 * while the state export, state files and config files keep the state's camelCase documents.
 */
import type { OutboxEntry, Supplier } from '../domain/state.ts';
import type { JournalEntry } from '../journal.ts';

/** A supplier as `listSuppliers` and `putSupplier` answer it (SUP-1, SUP-4). */
export function supplierView(supplier: Supplier) {
  return {
    code: supplier.code,
    status: supplier.status,
    emails_on_migration: supplier.emailsOnMigration,
    document_root: supplier.documentRoot,
  };
}

/** An outbox e-mail as `getOutbox` answers it (SUP-4). */
export function outboxView(entry: OutboxEntry) {
  return {
    to: entry.to,
    subject: entry.subject,
    body: entry.body,
    import_supplier: entry.importSupplier,
    external_account_number: entry.externalAccountNumber,
    service_account_number: entry.serviceAccountNumber,
    sent_at: entry.sentAt,
  };
}

/** A journal line as `getJournal` answers it (already redacted by the journal). */
export function journalView({ operationId, responseBody, ...entry }: JournalEntry) {
  return { ...entry, operation_id: operationId, response_body: responseBody };
}
