/**
 * The account guards every operation after staging shares: an Ongoing supplier (SUP-2, SUP-3),
 * an account that is already imported (PRC-8) and the imported account a post-import operation
 * acts on (NOTE-8, which the kit applies to transactions, statements, the payment instruction
 * and registration as well; TXN-10, GEN-9).
 */
import { own } from './dictionary.ts';
import { fail, ok, type Result } from './result.ts';
import { type AccountRecord, accountKey, type MockState, type Supplier } from './state.ts';

/**
 * SUP-1: the supplier is one the operator set up (`import_supplier_not_found` on `attr` otherwise),
 * whatever its status: validate-account refuses an unknown supplier as staging does.
 */
export function requireKnownSupplier(
  state: MockState,
  code: string,
  attr: string,
): Result<Supplier> {
  const supplier = own(state.suppliers, code);
  if (supplier) return ok(supplier);
  return fail(
    'import_supplier_not_found',
    { import_supplier: code },
    {
      errors: [
        {
          attr,
          code: 'import_supplier_not_found',
          detail: `Import supplier ${code} does not exist.`,
        },
      ],
    },
  );
}

/** SUP-2, SUP-3: only an Ongoing supplier accepts migrations. */
export function requireOngoingSupplier(
  state: MockState,
  code: string,
  attr: string,
): Result<Supplier> {
  const known = requireKnownSupplier(state, code, attr);
  if (!known.ok) return known;
  const supplier = known.value;
  if (supplier.status !== 'Ongoing') {
    return fail('import_supplier_migration_not_ongoing', {
      import_supplier: code,
      status: supplier.status,
    });
  }
  return ok(supplier);
}

/** PRC-8, STG-5: the account is imported already; the answer names both account numbers. */
export function alreadyImported(record: AccountRecord): Result<never> {
  return fail('account_already_imported', {
    external_account_number: record.externalAccountNumber,
    service_account_number: record.serviceAccountNumber,
  });
}

/** An imported account and its supplier: what a post-import operation acts on. */
export interface ImportedAccount {
  key: string;
  record: AccountRecord;
  supplier: Supplier;
}

/**
 * The imported account of a pair (NOTE-8, TXN-10, GEN-9): `account_not_found` when it is unknown
 * or only staged (a wrong supplier code or external account number is not found either), then
 * `import_supplier_migration_not_ongoing` when its supplier is Paused or Complete (SUP-3, the
 * real platform's post-import validators).
 */
export function requireImportedAccount(
  state: MockState,
  importSupplier: string,
  externalAccountNumber: string,
): Result<ImportedAccount> {
  const key = accountKey(importSupplier, externalAccountNumber);
  const record = state.accounts.get(key);
  const supplier = own(state.suppliers, importSupplier);
  if (record?.status !== 'imported' || !supplier) {
    return fail('account_not_found', {
      import_supplier: importSupplier,
      external_account_number: externalAccountNumber,
    });
  }
  const ongoing = requireOngoingSupplier(state, importSupplier, 'import_supplier');
  if (!ongoing.ok) return ongoing;
  return ok({ key, record, supplier });
}

/**
 * The imported account of an account key, for the operator's reads and powers (control API):
 * `account_not_found` for an account that is unknown or only staged.
 */
export function importedAccountByKey(state: MockState, key: string): Result<AccountRecord> {
  const record = state.accounts.get(key);
  if (record?.status !== 'imported') {
    return fail('account_not_found', undefined, {
      detail: 'No imported account was found for this key.',
    });
  }
  return ok(record);
}
