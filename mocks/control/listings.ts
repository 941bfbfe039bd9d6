/**
 * The control API's listings, for an operator who looks rather than asks about one record: the
 * accounts with search (GEN-9, STG-6), the skip marks (STG-6), the payment vendor's faults
 * (PAY-4, PAY-5) and the request journal filtered and one entry of it with its bodies. The
 * browser console is built on these and on the interface only (decision 011).
 */
import type { AccountRecord } from '../domain/state.ts';
import { reply as json } from '../operations/types.ts';
import type { ControlOperation } from './types.ts';
import { journalView } from './views.ts';

/** The supplier code and external account number of an account key (`<code>/<number>`). */
function splitKey(key: string): [string, string] {
  const at = key.indexOf('/');
  return [key.slice(0, at), key.slice(at + 1)];
}

function byAccount(
  a: { import_supplier_code: string; external_account_number: string },
  b: typeof a,
) {
  return (
    a.import_supplier_code.localeCompare(b.import_supplier_code) ||
    a.external_account_number.localeCompare(b.external_account_number)
  );
}

function summary(
  importSupplier: string,
  externalAccountNumber: string,
  record: AccountRecord | undefined,
  skipped: boolean,
) {
  return {
    import_supplier: importSupplier,
    external_account_number: externalAccountNumber,
    status: record?.status ?? null,
    skipped,
    service_account_number: record?.serviceAccountNumber ?? null,
    staged_at: record?.stagedAt ?? null,
    updated_at: record?.updatedAt ?? null,
  };
}

/** `listAccounts`: accounts and skip marks, filtered, counted and paged (GEN-9, STG-6). */
export const listAccounts: ControlOperation<'listAccounts'> = ({ query }, { service }) => {
  const search = query.search?.toLowerCase();
  const state = service.state;
  const skipped = new Set(state.skipMarks);
  const keys = new Set([...[...state.accounts.entries()].map(([key]) => key), ...state.skipMarks]);
  const matching = [...keys]
    .map((key) => {
      const record = state.accounts.get(key);
      // A record names its own pair; a bare skip mark only has its key.
      const [code, external] = record
        ? [record.importSupplier, record.externalAccountNumber]
        : splitKey(key);
      return summary(code, external, record, skipped.has(key));
    })
    .filter(
      (a) =>
        (query.import_supplier === undefined || a.import_supplier === query.import_supplier) &&
        (search === undefined || a.external_account_number.toLowerCase().includes(search)),
    );
  const counts = {
    staged: matching.filter((a) => a.status === 'staged').length,
    imported: matching.filter((a) => a.status === 'imported').length,
    skipped: matching.filter((a) => a.skipped).length,
  };
  const status = query.status;
  const items = matching
    .filter((a) => status === undefined || (status === 'skipped' ? a.skipped : a.status === status))
    .sort((a, b) =>
      byAccount(
        { ...a, import_supplier_code: a.import_supplier },
        { ...b, import_supplier_code: b.import_supplier },
      ),
    );
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 100;
  return json(200, { total: items.length, counts, items: items.slice(offset, offset + limit) });
};

/** `listSkipMarks`: every account marked to be skipped (STG-6). */
export const listSkipMarks: ControlOperation<'listSkipMarks'> = (_input, { service }) =>
  json(
    200,
    service.state.skipMarks
      .map((key) => {
        const [code, external] = splitKey(key);
        return { import_supplier_code: code, external_account_number: external, skipped: true };
      })
      .sort(byAccount),
  );

/** `listPaymentVendorFaults`: the faults in force for suppliers and accounts (PAY-4, PAY-5). */
export const listPaymentVendorFaults: ControlOperation<'listPaymentVendorFaults'> = (
  _input,
  { service },
) => {
  const vendor = service.state.paymentVendor;
  return json(200, {
    suppliers: Object.entries(vendor.supplierFaults).map(([code, fault]) => ({
      import_supplier_code: code,
      kind: fault.kind,
      remaining: fault.remaining,
    })),
    accounts: Object.entries(vendor.accountFaults).map(([key, fault]) => {
      const [code, external] = splitKey(key);
      return {
        import_supplier_code: code,
        external_account_number: external,
        kind: fault.kind,
        remaining: fault.remaining,
      };
    }),
  });
};

function statusMatches(filter: string | undefined, status: number): boolean {
  if (filter === undefined) return true;
  return filter.endsWith('xx') ? String(status)[0] === filter[0] : Number(filter) === status;
}

/**
 * `getJournal`: the newest requests (control API reads are not kept), redacted, filtered by
 * operation and status, the newest `limit` of them, oldest or newest first, with or without their
 * bodies.
 */
export const getJournal: ControlOperation<'getJournal'> = ({ query }, { service }) => {
  const bodies = query.bodies !== false;
  let entries = service.journal
    .entries({ bodies })
    .filter(
      (e) =>
        (query.operation_id === undefined || e.operationId === query.operation_id) &&
        statusMatches(query.status, e.status),
    );
  // A limit keeps the newest entries whatever the order: a journal is read for what just
  // happened (decision 019).
  if (query.limit !== undefined) entries = entries.slice(-query.limit);
  if (query.order === 'newest_first') entries = entries.reverse();
  return json(
    200,
    entries.map((e) => {
      const view: Record<string, unknown> = journalView(e);
      if (!bodies) {
        delete view.body;
        delete view.response_body;
      }
      return view;
    }),
  );
};

/** `getJournalEntry`: one request with its redacted request and response bodies. */
export const getJournalEntry: ControlOperation<'getJournalEntry'> = ({ params }, { service }) => {
  const entry = service.journal.entry(Number(params.seq));
  return entry
    ? json(200, journalView(entry))
    : { error: { code: 'not_found', detail: `The journal holds no entry ${params.seq}.` } };
};
