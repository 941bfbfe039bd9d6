/**
 * The `mock-configuration` tag of the control API: the operator's powers the reference says
 * exist but have no endpoint (SUP-1): suppliers, operations teams, skip marks, the concurrency
 * limit of process, token lifetimes and API keys.
 */
import { own, setOwn } from '../domain/dictionary.ts';
import { placeDocument as placeInDomain, setCheckDocuments } from '../domain/documents.ts';
import {
  type PaymentVendorFaultInput,
  type PaymentVendorScope,
  setPaymentVendorFault,
} from '../domain/payment-instructions.ts';
import { accountKey, type Supplier, touch } from '../domain/state.ts';
import { reply as json, type Outcome, outcome } from '../operations/types.ts';
import type { ControlContext, ControlOperation } from './types.ts';
import { supplierView } from './views.ts';

/** `listSuppliers`: every supplier with status and configuration (SUP-1, SUP-4). */
export const listSuppliers: ControlOperation<'listSuppliers'> = (_request, { service }) =>
  json(200, Object.values(service.state.suppliers).map(supplierView));

/** `putSupplier`: creates (201) or updates (200) a supplier (SUP-1..SUP-4). */
export const putSupplier: ControlOperation<'putSupplier'> = ({ params, body }, { service }) => {
  const change = body;
  const code = params.code;
  const existing = own(service.state.suppliers, code);
  const supplier: Supplier = {
    code,
    status: change.status ?? existing?.status ?? 'Ongoing',
    emailsOnMigration: change.emails_on_migration ?? existing?.emailsOnMigration ?? false,
    documentRoot: change.document_root ?? existing?.documentRoot ?? '',
  };
  setOwn(service.state.suppliers, code, supplier);
  touch(service.state);
  return json(existing ? 200 : 201, supplierView(supplier));
};

/** `listOperationsTeams`: teams process may link accounts to (PRC-3). */
export const listOperationsTeams: ControlOperation<'listOperationsTeams'> = (
  _request,
  { service },
) => json(200, service.state.operationsTeams);

/** `putOperationsTeam`: creates a team (201) or confirms it (200) (PRC-3). */
export const putOperationsTeam: ControlOperation<'putOperationsTeam'> = (
  { params },
  { service },
) => {
  const name = params.name;
  if (service.state.operationsTeams.includes(name)) {
    return json(200, { detail: `Operations team ${name} exists.` });
  }
  service.state.operationsTeams.push(name);
  touch(service.state);
  return json(201, { detail: `Operations team ${name} is created.` });
};

function skipMark(params: Record<string, string>, skipped: boolean) {
  return {
    import_supplier_code: params.import_supplier_code,
    external_account_number: params.external_account_number,
    skipped,
  };
}

/** `markAccountToBeSkipped`: staging and processing of the account are refused (STG-6). */
export const markAccountToBeSkipped: ControlOperation<'markAccountToBeSkipped'> = (
  { params },
  { service },
) => {
  const key = accountKey(params.import_supplier_code, params.external_account_number);
  if (!service.state.skipMarks.includes(key)) service.state.skipMarks.push(key);
  touch(service.state);
  return json(200, skipMark(params, true));
};

/** `unmarkAccountToBeSkipped`: the account may be staged again (STG-6). */
export const unmarkAccountToBeSkipped: ControlOperation<'unmarkAccountToBeSkipped'> = (
  { params },
  { service },
) => {
  const key = accountKey(params.import_supplier_code, params.external_account_number);
  service.state.skipMarks = service.state.skipMarks.filter((k) => k !== key);
  touch(service.state);
  return json(200, skipMark(params, false));
};

function processingBody(service: {
  state: { processing: { concurrencyLimit: number | null; processingTimeMs: number } };
}) {
  return {
    concurrency_limit: service.state.processing.concurrencyLimit,
    processing_time_ms: service.state.processing.processingTimeMs,
  };
}

/** `getProcessing`: the concurrency limit (PRC-9) and processing time. */
export const getProcessing: ControlOperation<'getProcessing'> = (_request, { service }) =>
  json(200, processingBody(service));

/** `setProcessing`: sets the concurrency limit (null disables it) and processing time (PRC-9). */
export const setProcessing: ControlOperation<'setProcessing'> = ({ body }, { service }) => {
  const change = body;
  const processing = service.state.processing;
  if (change.concurrency_limit !== undefined)
    processing.concurrencyLimit = change.concurrency_limit;
  if (change.processing_time_ms !== undefined)
    processing.processingTimeMs = change.processing_time_ms;
  touch(service.state);
  return json(200, processingBody(service));
};

function authBody(state: { tokenLifetimeSeconds: number; refreshLifetimeSeconds: number }) {
  return {
    token_lifetime_seconds: state.tokenLifetimeSeconds,
    refresh_lifetime_seconds: state.refreshLifetimeSeconds,
  };
}

/** `getAuthSettings`: token lifetimes (AUTH-4). */
export const getAuthSettings: ControlOperation<'getAuthSettings'> = (_request, { service }) =>
  json(200, authBody(service.state));

/** `setAuthSettings`: token lifetimes for tokens issued from now on (AUTH-4). */
export const setAuthSettings: ControlOperation<'setAuthSettings'> = ({ body }, { service }) => {
  const change = body;
  if (change.token_lifetime_seconds !== undefined) {
    service.state.tokenLifetimeSeconds = change.token_lifetime_seconds;
  }
  if (change.refresh_lifetime_seconds !== undefined) {
    service.state.refreshLifetimeSeconds = change.refresh_lifetime_seconds;
  }
  touch(service.state);
  return json(200, authBody(service.state));
};

/** `addApiKey`: a new organisation API key, stored hashed (AUTH-1). */
export const addApiKey: ControlOperation<'addApiKey'> = ({ body }, { service }) => {
  const { key, organisation } = body;
  const keyHash = service.env.hash(key);
  // The journal shows no text holding it from now on.
  service.journal.redactor.addSecret(key);
  if (!service.state.apiKeys.some((k) => k.keyHash === keyHash)) {
    service.state.apiKeys.push({ keyHash, organisation });
  }
  touch(service.state);
  return json(201, { detail: `The API key of ${organisation} is added.` });
};

/** `getDocumentSettings`: whether document paths must name an existing file (DOC-1, DOC-2). */
export const getDocumentSettings: ControlOperation<'getDocumentSettings'> = (
  _request,
  { service },
) => json(200, { check_documents: service.state.checkDocuments });

/** `setDocumentSettings`: turns the check-documents switch on or off. */
export const setDocumentSettings: ControlOperation<'setDocumentSettings'> = (
  { body },
  { service },
) => {
  setCheckDocuments(service.state, body.check_documents);
  return json(200, { check_documents: service.state.checkDocuments });
};

/** `placeDocument`: a document exists in the mock's bucket from now on (DOC-1, DOC-2). */
export const placeDocument: ControlOperation<'placeDocument'> = ({ body }, { service }) => {
  return outcome(placeInDomain(service.state, body.import_supplier, body.path), 201);
};

function setFault(
  scope: PaymentVendorScope,
  fault: PaymentVendorFaultInput | null,
  { service }: ControlContext,
): Outcome {
  return outcome(
    setPaymentVendorFault(service.state, scope, fault),
    200,
    (value) => value ?? { detail: 'The fault is cleared.' },
  );
}

/** `setSupplierPaymentVendorFault`: the vendor fails for a supplier's accounts (PAY-4, PAY-5). */
export const setSupplierPaymentVendorFault: ControlOperation<'setSupplierPaymentVendorFault'> = (
  { params, body },
  context,
) => setFault({ supplier: params.code }, body, context);

/** `clearSupplierPaymentVendorFault`: the vendor answers normally again for the supplier. */
export const clearSupplierPaymentVendorFault: ControlOperation<
  'clearSupplierPaymentVendorFault'
> = ({ params }, context) => setFault({ supplier: params.code }, null, context);

/** `setAccountPaymentVendorFault`: the vendor fails for one account (PAY-4, PAY-5). */
export const setAccountPaymentVendorFault: ControlOperation<'setAccountPaymentVendorFault'> = (
  { params, body },
  context,
) =>
  setFault(
    { account: accountKey(params.import_supplier_code, params.external_account_number) },
    body,
    context,
  );

/** `clearAccountPaymentVendorFault`: the vendor answers normally again for the account. */
export const clearAccountPaymentVendorFault: ControlOperation<'clearAccountPaymentVendorFault'> = (
  { params },
  context,
) =>
  setFault(
    { account: accountKey(params.import_supplier_code, params.external_account_number) },
    null,
    context,
  );
