/**
 * Deliberately wrong variants of the mock: each breaks one rule
 * of the reference the way a real implementation might. A mutant wraps the real service's
 * `handle()` from the outside, changing a request on its way in or an answer on its way out, so
 * that no mutant touches the mock's production code paths.
 */
import type { PlainRequest, PlainResponse } from '../mocks/service.ts';
import { requestIs as is, type Json, mapTransactionData, parseJson } from '../variants/harness.ts';

/** The service's entry point, as a mutant sees it. */
export type Handle = (request: PlainRequest) => Promise<PlainResponse>;

/** One wrong variant. */
export interface Mutant {
  id: string;
  /** The rule of the reference it breaks. */
  rule: string;
  description: string;
  /** The operationIds whose tests should notice (the harness runs those describes). */
  operations: string[];
  wrap(handle: Handle): Handle;
}

/** The request's JSON body, or an empty object when it is not JSON. */
function body(request: PlainRequest): Json {
  const value = parseJson(request.bodyText);
  return value === undefined ? {} : (value as Json);
}

function withBody(request: PlainRequest, next: Json): PlainRequest {
  return { ...request, bodyText: JSON.stringify(next) };
}

/** A mutant that rewrites answers of requests matching `when`. */
function answer(
  when: (request: PlainRequest) => boolean,
  change: (response: PlainResponse, request: PlainRequest) => PlainResponse,
): (handle: Handle) => Handle {
  return (handle) => async (request) => {
    const response = await handle(request);
    return when(request) ? change(response, request) : response;
  };
}

/** The answer of a successful staging of the request's account. */
function staged(request: PlainRequest, status: number): PlainResponse {
  const sent = body(request);
  return {
    status,
    body: {
      import_supplier: sent.import_supplier,
      external_account_number: sent.external_account_number,
    },
  };
}

/** A mutant that answers a refusal with `code` (and detail containing `detail`) as a success. */
function acceptRefusal(code: string, status: number, detail = ''): (handle: Handle) => Handle {
  return answer(
    (r) => is(r, 'POST', STAGE),
    (res, req) =>
      (res.body as Json).code === code && String((res.body as Json).detail).includes(detail)
        ? staged(req, status)
        : res,
  );
}

const VALIDATE = '/validate-account/';
const STAGE = '/create-or-update/';
const PROCESS = '/account-import-process/process/';
/** V2's paths (decision 028): a POST there is schedule or validate, a GET below it the status. */
const V2_SCHEDULE = '/v2/data-import/accounts/';
const V2_STATUS = '/v2/data-import/accounts/';
const V2_VALIDATE = '/v2/data-import/accounts/validate/';
const DAY_MS = 24 * 60 * 60 * 1000;

export const mutants: Mutant[] = [
  {
    id: 'validate-201',
    rule: 'VAL-2',
    description: 'validate-account answers 201 instead of 200',
    operations: ['validateAccount'],
    wrap: answer(
      (r) => is(r, 'POST', VALIDATE),
      (res) => (res.status === 200 ? { ...res, status: 201 } : res),
    ),
  },
  {
    id: 'validate-empty-echo',
    rule: 'VAL-2',
    description: 'validate-account answers 200 with an empty body instead of the validated data',
    operations: ['validateAccount'],
    wrap: answer(
      (r) => is(r, 'POST', VALIDATE),
      (res) => (res.status === 200 ? { ...res, body: {} } : res),
    ),
  },
  {
    id: 'validate-no-errors-array',
    rule: 'ERR-4',
    description: 'validation failures lose their errors array',
    operations: ['validateAccount', 'createOrUpdateAccountImportProcess'],
    wrap: answer(
      (r) => is(r, 'POST', VALIDATE) || is(r, 'POST', STAGE),
      (res) => {
        if (res.status !== 400) return res;
        const { errors: _errors, ...rest } = res.body as Json;
        return { ...res, body: rest };
      },
    ),
  },
  {
    id: 'attr-brackets',
    rule: 'ERR-5',
    description: 'attr paths use brackets (customers[0].landline) instead of dots',
    operations: ['validateAccount', 'createOrUpdateAccountImportProcess'],
    wrap: answer(
      (r) => is(r, 'POST', VALIDATE) || is(r, 'POST', STAGE),
      (res) => {
        if (res.status !== 400) return res;
        const b = res.body as { errors?: { attr: string }[] };
        return {
          ...res,
          body: {
            ...b,
            errors: b.errors?.map((e) => ({ ...e, attr: e.attr.replace(/\.(\d+)/g, '[$1]') })),
          },
        };
      },
    ),
  },
  {
    id: 'first-error-only',
    rule: 'VAL-3',
    description: 'a failing account reports only its first error',
    operations: ['validateAccount'],
    wrap: answer(
      (r) => is(r, 'POST', VALIDATE),
      (res) => {
        const b = res.body as { errors?: unknown[] };
        return res.status === 400 && b.errors
          ? { ...res, body: { ...b, errors: b.errors.slice(0, 1) } }
          : res;
      },
    ),
  },
  {
    id: 'phone-not-checked',
    rule: 'VAL-4',
    description: 'invalid telephone numbers are accepted',
    operations: ['validateAccount', 'createOrUpdateAccountImportProcess'],
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      const errors = (response.body as { errors?: { code: string }[] }).errors ?? [];
      if (
        is(request, 'POST', VALIDATE) &&
        response.status === 400 &&
        errors.length > 0 &&
        errors.every((e) => e.code === 'invalid_phone_number')
      ) {
        return { status: 200, body: body(request) };
      }
      return response;
    },
  },
  {
    id: 'business-form-not-checked',
    rule: 'VAL-5',
    description: 'a business account carrying warm_home_discount is accepted',
    operations: ['validateAccount'],
    wrap: (handle) => async (request) => {
      const sent = body(request);
      if (
        is(request, 'POST', VALIDATE) &&
        sent.account_type === 'BUSINESS' &&
        'warm_home_discount' in sent
      ) {
        const { warm_home_discount: _w, ...rest } = sent;
        const response = await handle(withBody(request, rest));
        return response.status === 200 ? { ...response, body: sent } : response;
      }
      return handle(request);
    },
  },
  {
    id: 'validate-stores',
    rule: 'VAL-7',
    description: 'validate-account stages the account it validates',
    operations: ['validateAccount'],
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      if (is(request, 'POST', VALIDATE) && response.status === 200) {
        await handle({
          ...request,
          path: request.path.replace(VALIDATE, '/account-import-process/create-or-update/'),
        });
      }
      return response;
    },
  },
  {
    id: 'stage-always-201',
    rule: 'STG-3',
    description: 'staging an already staged account answers 201 instead of 200',
    operations: ['createOrUpdateAccountImportProcess'],
    wrap: answer(
      (r) => is(r, 'POST', STAGE),
      (res) => (res.status === 200 ? { ...res, status: 201 } : res),
    ),
  },
  {
    id: 'stage-renamed-field',
    rule: 'STG-4',
    description: 'the staging body says import_supplier_code instead of import_supplier',
    operations: ['createOrUpdateAccountImportProcess'],
    wrap: answer(
      (r) => is(r, 'POST', STAGE),
      (res) => {
        if (res.status >= 300) return res;
        const { import_supplier, ...rest } = res.body as Json;
        return { ...res, body: { ...rest, import_supplier_code: import_supplier } };
      },
    ),
  },
  {
    id: 'restage-imported',
    rule: 'STG-5',
    description: 'staging an imported account is accepted (200)',
    operations: ['createOrUpdateAccountImportProcess'],
    wrap: acceptRefusal('account_already_imported', 200),
  },
  {
    id: 'skip-mark-ignored',
    rule: 'STG-6',
    description: 'accounts marked to be skipped are staged anyway',
    operations: ['createOrUpdateAccountImportProcess'],
    wrap: acceptRefusal('account_marked_to_be_skipped', 201),
  },
  {
    id: 'paused-accepts',
    rule: 'STG-7',
    description: 'a Paused supplier accepts staging',
    operations: ['createOrUpdateAccountImportProcess'],
    wrap: acceptRefusal('import_supplier_migration_not_ongoing', 201, 'Paused'),
  },
  {
    id: 'complete-accepts',
    rule: 'STG-8',
    description: 'a Complete supplier accepts staging',
    operations: ['createOrUpdateAccountImportProcess'],
    wrap: acceptRefusal('import_supplier_migration_not_ongoing', 201, 'Complete'),
  },
  {
    id: 'process-unstaged-404',
    rule: 'PRC-2',
    description: 'processing an account that is not staged answers 404 instead of 400',
    operations: ['processAccountImportProcess'],
    wrap: answer(
      (r) => is(r, 'POST', PROCESS),
      (res) =>
        (res.body as Json).code === 'import_process_does_not_exist' ? { ...res, status: 404 } : res,
    ),
  },
  {
    id: 'team-not-checked',
    rule: 'PRC-3',
    description: 'process links the account to any team name, existing or not',
    operations: ['processAccountImportProcess'],
    wrap: (handle) => async (request) => {
      if (!is(request, 'POST', PROCESS)) return handle(request);
      const response = await handle(request);
      const errors = (response.body as { errors?: { code: string }[] }).errors ?? [];
      if (errors.some((e) => e.code === 'operations_team_name_does_not_exist')) {
        return handle(withBody(request, { ...body(request), operations_team_name: 'MIGRATIONS' }));
      }
      return response;
    },
  },
  {
    id: 'process-number-as-integer',
    rule: 'PRC-4',
    description: 'service_account_number is a number, not a string',
    operations: ['processAccountImportProcess'],
    wrap: answer(
      (r) => is(r, 'POST', PROCESS),
      (res) => (res.status === 201 ? { ...res, body: { service_account_number: 12345678 } } : res),
    ),
  },
  {
    id: 'dry-run-message',
    rule: 'PRC-5',
    description: 'the dry run answers with a different message',
    operations: ['processAccountImportProcess'],
    wrap: answer(
      (r) => is(r, 'POST', PROCESS),
      (res) =>
        (res.body as Json).code === 'dry_run_succeeded'
          ? { ...res, body: { ...(res.body as Json), detail: 'Dry run OK.' } }
          : res,
    ),
  },
  {
    id: 'dry-run-commits',
    rule: 'PRC-6',
    description: 'the dry run creates the account although it answers that it rolled back',
    operations: ['processAccountImportProcess'],
    wrap: (handle) => async (request) => {
      const sent = body(request);
      if (!is(request, 'POST', PROCESS) || sent.dry_run !== true) return handle(request);
      const response = await handle(request);
      if ((response.body as Json).code === 'dry_run_succeeded') {
        await handle(withBody(request, { ...sent, dry_run: false }));
      }
      return response;
    },
  },
  {
    id: 'already-imported-without-numbers',
    rule: 'PRC-8',
    description: 'processing an imported account again omits the account numbers',
    operations: ['processAccountImportProcess'],
    wrap: answer(
      (r) => is(r, 'POST', PROCESS),
      (res) => {
        if ((res.body as Json).code !== 'account_already_imported') return res;
        const {
          service_account_number: _s,
          external_account_number: _e,
          ...rest
        } = res.body as Json;
        return { ...res, body: rest };
      },
    ),
  },
  {
    id: 'auth-not-enforced',
    rule: 'AUTH-3',
    description: 'data-import requests without an Authorization header are served',
    operations: ['validateAccount', 'getAccountTransferStatus', 'listAllAccountImportProcesses'],
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      if (response.status === 401 && !request.headers.authorization) {
        return response.status === 401 && request.method === 'GET'
          ? { status: 200, body: [] }
          : {
              status: 400,
              body: { detail: 'Invalid.', code: 'account_failed_validation', errors: [] },
            };
      }
      return response;
    },
  },
  {
    id: 'bad-token-accepted',
    rule: 'AUTH-3',
    description: 'an unknown token is accepted as if it were valid',
    operations: ['listAllAccountImportProcesses', 'getAccountTransferStatus'],
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      if (response.status === 401 && request.headers.authorization && request.method === 'GET') {
        return { status: 200, body: [] };
      }
      return response;
    },
  },
  {
    id: 'staged-status-pending',
    rule: 'STS-4',
    description: 'a staged account reports PENDING instead of UNKNOWN',
    operations: ['getAccountTransferStatus'],
    wrap: answer(
      (r) => is(r, 'GET', '/account-transfer-status/'),
      (res) =>
        (res.body as Json).status === 'UNKNOWN'
          ? { ...res, body: { ...(res.body as Json), status: 'PENDING' } }
          : res,
    ),
  },
  {
    id: 'staged-number-null',
    rule: 'STS-2',
    description: 'service_account_number is null instead of "" while no account is created',
    operations: ['getAccountTransferStatus'],
    wrap: answer(
      (r) => is(r, 'GET', '/account-transfer-status/'),
      (res) =>
        (res.body as Json).service_account_number === ''
          ? { ...res, body: { ...(res.body as Json), service_account_number: null } }
          : res,
    ),
  },
  {
    id: 'unknown-status-200',
    rule: 'STS-3',
    description: 'an unknown pair gets 200 UNKNOWN instead of 404',
    operations: ['getAccountTransferStatus'],
    wrap: answer(
      (r) => is(r, 'GET', '/account-transfer-status/'),
      (res) =>
        res.status === 404
          ? { status: 200, body: { status: 'UNKNOWN', service_account_number: '' } }
          : res,
    ),
  },
  {
    id: 'pending-list-includes-imported',
    rule: 'STS-10',
    description: 'the pending list shows imported accounts too',
    operations: ['listPendingAccountImportProcesses'],
    wrap: (handle) => async (request) => {
      if (!is(request, 'GET', '/pending-account-import-processes/')) return handle(request);
      return handle({ ...request, path: request.path.replace('/pending-', '/all-') });
    },
  },
  {
    id: 'all-list-empty-string-nulls',
    rule: 'STS-9',
    description: 'pending rows of the all list carry "" instead of null',
    operations: ['listAllAccountImportProcesses'],
    wrap: answer(
      (r) => is(r, 'GET', '/all-account-import-processes/'),
      (res) =>
        Array.isArray(res.body)
          ? {
              ...res,
              body: (res.body as Json[]).map((row) => ({
                ...row,
                service_account_number: row.service_account_number ?? '',
                account_created_at: row.account_created_at ?? '',
              })),
            }
          : res,
    ),
  },
  {
    id: 'imported-list-empty',
    rule: 'STS-11',
    description: 'the imported list is always empty',
    operations: ['listImportedAccountImportProcesses'],
    wrap: answer(
      (r) => is(r, 'GET', '/imported-account-import-processes/'),
      (res) => (res.status === 200 ? { ...res, body: [] } : res),
    ),
  },
  {
    id: 'notes-no-dedupe',
    rule: 'NOTE-3',
    description: 'a note whose body already exists is reported as created',
    operations: ['createNotes'],
    wrap: answer(
      (r) => is(r, 'POST', '/notes/create/'),
      (res) =>
        Array.isArray(res.body)
          ? {
              ...res,
              body: (res.body as Json[]).map((n) => ({ ...n, status: 'NOTE_CREATION_SUCCESS' })),
            }
          : res,
    ),
  },
  {
    id: 'notes-on-staged-account',
    rule: 'NOTE-8',
    description: 'notes are accepted for an account that is only staged (201 instead of 404)',
    operations: ['createNotes'],
    wrap: answer(
      (r) => is(r, 'POST', '/notes/create/'),
      (res, req) =>
        res.status === 404
          ? {
              status: 201,
              body: ((body(req).notes as Json[] | undefined) ?? []).map((n) => ({
                created_at: n.created_at ?? '2026-01-01T00:00:00Z',
                body: n.body ?? '',
                status: 'NOTE_CREATION_SUCCESS',
              })),
            }
          : res,
    ),
  },
  {
    id: 'transaction-amount-number',
    rule: 'GEN-8',
    description: 'transaction results return amount as a JSON number',
    operations: ['createTransactions'],
    wrap: answer(
      (r) => is(r, 'POST', '/transactions/create/'),
      (res) => {
        const results = (res.body as { results?: { transaction_data: Json }[] }).results;
        if (res.status !== 201 || !results) return res;
        return {
          ...res,
          body: {
            results: mapTransactionData(results, (data) => ({
              ...data,
              amount: Number(data.amount),
            })),
          },
        };
      },
    ),
  },
  {
    id: 'transactions-no-previously-added-check',
    rule: 'TXN-5',
    description: 'a transaction already added is added again',
    operations: ['createTransactions'],
    wrap: answer(
      (r) => is(r, 'POST', '/transactions/create/'),
      (res) => {
        const results = (res.body as { results?: Json[] }).results;
        if (!results) return res;
        return {
          ...res,
          body: {
            results: results.map((r) =>
              r.status === 'TRANSACTION_ALREADY_EXISTS'
                ? { ...r, status: 'TRANSACTION_ADDED_TO_ACCOUNT' }
                : r,
            ),
          },
        };
      },
    ),
  },
  {
    id: 'transaction-error-status-renamed',
    rule: 'TXN-9',
    description:
      'a failing transaction batch says status ERROR instead of TRANSACTION_IMPORT_ERROR',
    operations: ['createTransactions'],
    wrap: answer(
      (r) => is(r, 'POST', '/transactions/create/'),
      (res) =>
        (res.body as Json).status === 'TRANSACTION_IMPORT_ERROR'
          ? { ...res, body: { ...(res.body as Json), status: 'ERROR' } }
          : res,
    ),
  },
  {
    id: 'intermittent-vendor-400',
    rule: 'PAY-5',
    description: 'an intermittent vendor problem answers 400 instead of 500',
    operations: ['createPaymentInstruction'],
    wrap: answer(
      (r) => is(r, 'POST', '/payment-instruction/create/'),
      (res) => (res.status === 500 ? { ...res, status: 400 } : res),
    ),
  },
  {
    id: 'payment-no-reference',
    rule: 'PAY-3',
    description: 'the payment instruction answer lacks the reference',
    operations: ['createPaymentInstruction'],
    wrap: answer(
      (r) => is(r, 'POST', '/payment-instruction/create/'),
      (res) => {
        if (res.status !== 201) return res;
        const { reference: _r, ...rest } = res.body as Json;
        return { ...res, body: rest };
      },
    ),
  },
  {
    id: 'registration-404-object',
    rule: 'REG-8',
    description: 'registration flows answer 404 with an object instead of an array',
    operations: ['sendRegistrationFlows'],
    wrap: answer(
      (r) => is(r, 'POST', '/send-registration-flows/'),
      (res) =>
        res.status === 404 && Array.isArray(res.body)
          ? { ...res, body: (res.body as Json[])[0] ?? {} }
          : res,
    ),
  },
  {
    id: 'registration-error-without-detail',
    rule: 'REG-6',
    description: 'a meter point that cannot be marked has no error_detail',
    operations: ['sendRegistrationFlows'],
    wrap: answer(
      (r) => is(r, 'POST', '/send-registration-flows/'),
      (res) =>
        res.status === 200 && Array.isArray(res.body)
          ? {
              ...res,
              body: (res.body as { meter_points: Json[] }[]).map((r) => ({
                ...r,
                meter_points: r.meter_points.map(({ error_detail: _e, ...m }) => m),
              })),
            }
          : res,
    ),
  },
  {
    id: 'meter-point-status-lowercase',
    rule: 'STS-14',
    description: 'meter point statuses are lower-case (pre_registration)',
    operations: ['getMeterpointStatusesForAccount'],
    wrap: answer(
      (r) => is(r, 'GET', '/meterpoint-statuses-for-account/'),
      (res) =>
        res.status === 200 && Array.isArray(res.body)
          ? {
              ...res,
              body: (res.body as Json[]).map((m) => ({
                ...m,
                status: String(m.status).toLowerCase(),
              })),
            }
          : res,
    ),
  },
  {
    id: 'rejected-reported-in-progress',
    rule: 'STS-7',
    description: 'a rejected change of supply is reported as IN_PROGRESS',
    operations: ['getAccountTransferStatus'],
    wrap: answer(
      (r) => is(r, 'GET', '/account-transfer-status/'),
      (res) =>
        (res.body as Json).status === 'REJECTED'
          ? { ...res, body: { ...(res.body as Json), status: 'IN_PROGRESS' } }
          : res,
    ),
  },
  {
    id: 'completed-never',
    rule: 'STS-8',
    description: 'a transfer never reaches COMPLETED',
    operations: ['getAccountTransferStatus'],
    wrap: answer(
      (r) => is(r, 'GET', '/account-transfer-status/'),
      (res) =>
        (res.body as Json).status === 'COMPLETED'
          ? { ...res, body: { ...(res.body as Json), status: 'IN_PROGRESS' } }
          : res,
    ),
  },
  // --- The platform's V2 account import (decision 028): the platform is its only source.
  {
    id: 'v2-window-end-off-by-a-day',
    rule: 'schedule_window_end_too_far_in_future',
    description: 'V2 schedule allows a window ending up to five days ahead instead of four',
    operations: ['scheduleV2AccountCreation'],
    wrap: (handle) => (request) => {
      if (!is(request, 'POST', V2_SCHEDULE)) return handle(request);
      const sent = body(request);
      const params = sent.task_params as Json | undefined;
      const end = typeof params?.schedule_window_end === 'string' ? params.schedule_window_end : '';
      if (!end || !Number.isFinite(Date.parse(end))) return handle(request);
      // The end is judged a day earlier than it is: one more day passes the limit.
      const judged = `${new Date(Date.parse(end) - DAY_MS).toISOString().slice(0, 19)}Z`;
      return handle(
        withBody(request, { ...sent, task_params: { ...params, schedule_window_end: judged } }),
      );
    },
  },
  {
    id: 'v2-task-stays-pending',
    rule: 'PROCESSED',
    description: 'a V2 task never leaves PENDING: its status is always read as scheduled',
    operations: ['getV2AccountImportStatus'],
    wrap: answer(
      (r) => is(r, 'GET', V2_STATUS),
      (res) => {
        const status = res.body as Json;
        if (res.status !== 200 || status.status === 'PENDING') return res;
        return {
          ...res,
          body: {
            ...status,
            status: 'PENDING',
            kraken_identifier: null,
            latest_error: null,
            latest_event: {
              event: 'EVENT_ACCOUNT_IMPORT_PROCESS_CREATED',
              occurred_at: status.created_at,
              data: null,
            },
          },
        };
      },
    ),
  },
  {
    id: 'v2-processed-without-kraken-identifier',
    rule: 'PROCESSED',
    description: 'a PROCESSED V2 task has no kraken_identifier',
    operations: ['getV2AccountImportStatus'],
    wrap: answer(
      (r) => is(r, 'GET', V2_STATUS),
      (res) =>
        (res.body as Json | undefined)?.status === 'PROCESSED'
          ? { ...res, body: { ...(res.body as Json), kraken_identifier: null } }
          : res,
    ),
  },
  {
    id: 'v2-already-imported-201',
    rule: 'account_import_process_already_imported',
    description: 'V2 schedule of an account already imported answers 201 as if scheduled',
    operations: ['scheduleV2AccountCreation'],
    wrap: answer(
      (r) => is(r, 'POST', V2_SCHEDULE),
      (res) =>
        (res.body as Json | undefined)?.non_field_errors !== undefined
          ? { status: 201, body: undefined }
          : res,
    ),
  },
  {
    id: 'v2-field-keyed-errors',
    rule: 'StandardizedValidationErrorResponse',
    description:
      'V2 refusals answer the field-keyed body of the platform’s validate example instead of {code, detail, errors}',
    operations: ['scheduleV2AccountCreation', 'validateV2Account'],
    wrap: answer(
      (r) => is(r, 'POST', V2_SCHEDULE),
      (res) => {
        const errors = (res.body as Json | undefined)?.errors;
        if (res.status !== 400 || !Array.isArray(errors)) return res;
        const keyed = new Map<string, string[]>();
        for (const item of errors as Json[]) {
          const attr = String(item.attr);
          keyed.set(attr, [...(keyed.get(attr) ?? []), String(item.detail)]);
        }
        return { ...res, body: Object.fromEntries(keyed) };
      },
    ),
  },
  {
    id: 'v2-dry-run-imports',
    rule: 'DRY_RUN_SUCCEEDED',
    description: 'a V2 dry run is reported PROCESSED, as if the account were created',
    operations: ['getV2AccountImportStatus'],
    wrap: answer(
      (r) => is(r, 'GET', V2_STATUS),
      (res) =>
        (res.body as Json | undefined)?.status === 'DRY_RUN_SUCCEEDED'
          ? { ...res, body: { ...(res.body as Json), status: 'PROCESSED' } }
          : res,
    ),
  },
  {
    id: 'v2-status-found-for-any-pair',
    rule: 'not_found',
    description:
      'the V2 status of a pair with no task answers 200 PENDING instead of 404 not_found',
    operations: ['getV2AccountImportStatus'],
    wrap: answer(
      (r) => is(r, 'GET', V2_STATUS),
      (res) =>
        res.status === 404
          ? {
              status: 200,
              body: {
                status: 'PENDING',
                kraken_identifier: null,
                created_at: '2026-01-01T00:00:00Z',
                modified_at: '2026-01-01T00:00:00Z',
                latest_event: {
                  event: 'EVENT_ACCOUNT_IMPORT_PROCESS_CREATED',
                  occurred_at: '2026-01-01T00:00:00Z',
                  data: null,
                },
                latest_error: null,
              },
            }
          : res,
    ),
  },
  {
    id: 'v2-validate-stores',
    rule: 'validateV2Account',
    description: 'V2 validate of a valid account schedules it, as if it were schedule',
    operations: ['validateV2Account'],
    wrap: (handle) => async (request) => {
      if (!is(request, 'POST', V2_VALIDATE)) return handle(request);
      const answered = await handle(request);
      if (answered.status !== 200) return answered;
      const sent = body(request);
      await handle({
        ...withBody(request, { payload: sent.payload, task_params: {} }),
        path: request.path.replace(V2_VALIDATE, '/v2/data-import/accounts/'),
      });
      return answered;
    },
  },
];
