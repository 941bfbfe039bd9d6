/**
 * The `mock-configuration` tag of the control API: the operator's powers the reference says
 * exist but have no endpoint (SUP-1): suppliers, operations teams, skip marks, the concurrency
 * limit of process, token lifetimes and API keys.
 */
import { mockControl } from '../../spec/index.ts';
import { placeDocument as placeInDomain, setCheckDocuments } from '../domain/notes.ts';
import {
  type PaymentVendorFaultInput,
  type PaymentVendorScope,
  setPaymentVendorFault,
} from '../domain/payment-instructions.ts';
import { accountKey, type Supplier } from '../domain/state.ts';
import { errorResponse, json, validationFailed } from '../operations/respond.ts';
import type { OperationResponse } from '../operations/types.ts';
import type { ControlOperation } from './types.ts';
import { supplierView } from './views.ts';

function invalid(operationId: string, body: unknown): OperationResponse | undefined {
  const errors = mockControl.validateRequestBody(operationId, body);
  return errors.length > 0
    ? validationFailed('request_failed_validation', 'Invalid request.', errors)
    : undefined;
}

/** `listSuppliers`: every supplier with status and configuration (SUP-1, SUP-4). */
export const listSuppliers: ControlOperation = (_request, { service }) =>
  json(200, Object.values(service.state.suppliers).map(supplierView));

/** `putSupplier`: creates (201) or updates (200) a supplier (SUP-1..SUP-4). */
export const putSupplier: ControlOperation = async ({ params, body }, { service }) => {
  const refused = invalid('putSupplier', body);
  if (refused) return refused;
  const change = body as {
    status?: Supplier['status'];
    emails_on_migration?: boolean;
    document_root?: string;
  };
  const code = params.code!;
  const existing = service.state.suppliers[code];
  const supplier: Supplier = {
    code,
    status: change.status ?? existing?.status ?? 'Ongoing',
    emailsOnMigration: change.emails_on_migration ?? existing?.emailsOnMigration ?? false,
    documentRoot: change.document_root ?? existing?.documentRoot ?? '',
  };
  service.state.suppliers[code] = supplier;
  await service.changed();
  return json(existing ? 200 : 201, supplierView(supplier));
};

/** `listOperationsTeams`: teams process may link accounts to (PRC-3). */
export const listOperationsTeams: ControlOperation = (_request, { service }) =>
  json(200, service.state.operationsTeams);

/** `putOperationsTeam`: creates a team (201) or confirms it (200) (PRC-3). */
export const putOperationsTeam: ControlOperation = async ({ params }, { service }) => {
  const name = params.name!;
  if (service.state.operationsTeams.includes(name)) {
    return json(200, { detail: `Operations team ${name} exists.` });
  }
  service.state.operationsTeams.push(name);
  await service.changed();
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
export const markAccountToBeSkipped: ControlOperation = async ({ params }, { service }) => {
  const key = accountKey(params.import_supplier_code!, params.external_account_number!);
  if (!service.state.skipMarks.includes(key)) service.state.skipMarks.push(key);
  await service.changed();
  return json(200, skipMark(params, true));
};

/** `unmarkAccountToBeSkipped`: the account may be staged again (STG-6). */
export const unmarkAccountToBeSkipped: ControlOperation = async ({ params }, { service }) => {
  const key = accountKey(params.import_supplier_code!, params.external_account_number!);
  service.state.skipMarks = service.state.skipMarks.filter((k) => k !== key);
  await service.changed();
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
export const getProcessing: ControlOperation = (_request, { service }) =>
  json(200, processingBody(service));

/** `setProcessing`: sets the concurrency limit (null disables it) and processing time (PRC-9). */
export const setProcessing: ControlOperation = async ({ body }, { service }) => {
  const refused = invalid('setProcessing', body);
  if (refused) return refused;
  const change = body as { concurrency_limit?: number | null; processing_time_ms?: number };
  const processing = service.state.processing;
  if (change.concurrency_limit !== undefined)
    processing.concurrencyLimit = change.concurrency_limit;
  if (change.processing_time_ms !== undefined)
    processing.processingTimeMs = change.processing_time_ms;
  await service.changed();
  return json(200, processingBody(service));
};

function authBody(state: { tokenLifetimeSeconds: number; refreshLifetimeSeconds: number }) {
  return {
    token_lifetime_seconds: state.tokenLifetimeSeconds,
    refresh_lifetime_seconds: state.refreshLifetimeSeconds,
  };
}

/** `getAuthSettings`: token lifetimes (AUTH-4). */
export const getAuthSettings: ControlOperation = (_request, { service }) =>
  json(200, authBody(service.state));

/** `setAuthSettings`: token lifetimes for tokens issued from now on (AUTH-4). */
export const setAuthSettings: ControlOperation = async ({ body }, { service }) => {
  const refused = invalid('setAuthSettings', body);
  if (refused) return refused;
  const change = body as { token_lifetime_seconds?: number; refresh_lifetime_seconds?: number };
  if (change.token_lifetime_seconds !== undefined) {
    service.state.tokenLifetimeSeconds = change.token_lifetime_seconds;
  }
  if (change.refresh_lifetime_seconds !== undefined) {
    service.state.refreshLifetimeSeconds = change.refresh_lifetime_seconds;
  }
  await service.changed();
  return json(200, authBody(service.state));
};

/** `addApiKey`: a new organisation API key, stored hashed (AUTH-1). */
export const addApiKey: ControlOperation = async ({ body }, { service }) => {
  const refused = invalid('addApiKey', body);
  if (refused) return refused;
  const { key, organisation } = body as { key: string; organisation: string };
  const keyHash = service.env.hash(key);
  if (!service.state.apiKeys.some((k) => k.keyHash === keyHash)) {
    service.state.apiKeys.push({ keyHash, organisation });
  }
  await service.changed();
  return json(201, { detail: `The API key of ${organisation} is added.` });
};

/** `getDocumentSettings`: whether document paths must name an existing file (DOC-1, DOC-2). */
export const getDocumentSettings: ControlOperation = (_request, { service }) =>
  json(200, { check_documents: service.state.checkDocuments });

/** `setDocumentSettings`: turns the check-documents switch on or off. */
export const setDocumentSettings: ControlOperation = async ({ body }, { service }) => {
  const refused = invalid('setDocumentSettings', body);
  if (refused) return refused;
  setCheckDocuments(service.state, (body as { check_documents: boolean }).check_documents);
  await service.changed();
  return json(200, { check_documents: service.state.checkDocuments });
};

/** `placeDocument`: a document exists in the mock's bucket from now on (DOC-1, DOC-2). */
export const placeDocument: ControlOperation = async ({ body }, { service }) => {
  const refused = invalid('placeDocument', body);
  if (refused) return refused;
  const { import_supplier, path } = body as { import_supplier: string; path: string };
  const placed = placeInDomain(service.state, import_supplier, path);
  if (!placed.ok) return errorResponse(placed.error);
  await service.changed();
  return json(201, placed.value);
};

async function setFault(
  operationId: string,
  scope: PaymentVendorScope,
  fault: unknown,
  service: Parameters<ControlOperation>[1]['service'],
): Promise<OperationResponse> {
  if (fault !== null) {
    const refused = invalid(operationId, fault);
    if (refused) return refused;
  }
  const result = setPaymentVendorFault(
    service.state,
    scope,
    fault as PaymentVendorFaultInput | null,
  );
  if (!result.ok) return errorResponse(result.error);
  await service.changed();
  return json(200, result.value ?? { detail: 'The fault is cleared.' });
}

/** `setSupplierPaymentVendorFault`: the vendor fails for a supplier's accounts (PAY-4, PAY-5). */
export const setSupplierPaymentVendorFault: ControlOperation = ({ params, body }, { service }) =>
  setFault('setSupplierPaymentVendorFault', { supplier: params.code! }, body, service);

/** `clearSupplierPaymentVendorFault`: the vendor answers normally again for the supplier. */
export const clearSupplierPaymentVendorFault: ControlOperation = ({ params }, { service }) =>
  setFault('clearSupplierPaymentVendorFault', { supplier: params.code! }, null, service);

/** `setAccountPaymentVendorFault`: the vendor fails for one account (PAY-4, PAY-5). */
export const setAccountPaymentVendorFault: ControlOperation = ({ params, body }, { service }) =>
  setFault(
    'setAccountPaymentVendorFault',
    { account: accountKey(params.import_supplier_code!, params.external_account_number!) },
    body,
    service,
  );

/** `clearAccountPaymentVendorFault`: the vendor answers normally again for the account. */
export const clearAccountPaymentVendorFault: ControlOperation = ({ params }, { service }) =>
  setFault(
    'clearAccountPaymentVendorFault',
    { account: accountKey(params.import_supplier_code!, params.external_account_number!) },
    null,
    service,
  );
