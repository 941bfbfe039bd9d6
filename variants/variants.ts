/**
 * Legitimate variants of the mock: implementations that are correct but chose differently where
 * the reference leaves the choice open. Each is a rewriting proxy in front of the mock (proxy.ts)
 * and cites the reference's words, or names its silence, that leave the choice open. The contract
 * suite must pass every one in full and in safe mode (`npm run contract:variants`): a failure is
 * a false fail of the suite, never a finding about the variant. The mutants (mutation/) are the
 * other half: wrong variants the suite must kill.
 */
import { requestIs as is, type Json, mapTransactionData, parseJson as parse } from './harness.ts';
import type { Handle, ProxyRequest, ProxyResponse } from './proxy.ts';

/** One legitimate variant. */
export interface Variant {
  id: string;
  description: string;
  /** The reference's words (quoted) or silence (named) that leave this choice open. */
  cites: string;
  /** Extra settings the suite is run with (a CI team would set them for this service). */
  env?: Record<string, string>;
  handle: Handle;
}

const isJson = (response: ProxyResponse) => /json/i.test(response.headers['content-type'] ?? '');

function withJson(response: ProxyResponse, value: unknown): ProxyResponse {
  return {
    ...response,
    headers: { ...response.headers, 'content-type': 'application/json' },
    body: JSON.stringify(value),
  };
}

/** A handler that rewrites the JSON answers of matching requests. */
function rewrite(
  when: (request: ProxyRequest) => boolean,
  change: (body: unknown, response: ProxyResponse, request: ProxyRequest) => ProxyResponse,
): Handle {
  return async (request, forward) => {
    const response = await forward(request);
    if (!when(request) || !isJson(response)) return response;
    const body = parse(response.body);
    return body === undefined ? response : change(body, response, request);
  };
}

/**
 * Every request but the platform's V2 operations: where the reference leaves wording and codes to
 * the service, V2's are the platform's own statements (decision 028), which a service keeps.
 */
const referenceRequest = (request: { path: string }) => !request.path.startsWith('/v2/');

/** Applies `f` to every object inside a JSON value (depth first), returning a new value. */
function mapObjects(value: unknown, f: (object: Json) => Json): unknown {
  if (Array.isArray(value)) return value.map((item) => mapObjects(item, f));
  if (value && typeof value === 'object') {
    const out: Json = {};
    for (const [key, v] of Object.entries(value as Json)) out[key] = mapObjects(v, f);
    return f(out);
  }
  return value;
}

/** Whether a body is one registration answer object (the platform's shape, decision 026). */
const isMeterPointsObject = (body: unknown): body is Json =>
  !!body && typeof body === 'object' && Array.isArray((body as Json).meter_points);

/**
 * Whether an object is Django REST framework's field-keyed messages (the platform dialect's error
 * body, decision 026): every key a field whose value is its messages or the field's own keys.
 */
function isFieldKeyed(object: Json): boolean {
  const values = Object.values(object);
  return (
    values.length > 0 &&
    values.every(
      (v) =>
        (Array.isArray(v) && v.every((m) => typeof m === 'string')) ||
        (!!v && typeof v === 'object' && !Array.isArray(v) && isFieldKeyed(v as Json)),
    )
  );
}

/** The answers whose body is "the validated data" (VAL-2, HST-2): an echo, not a report. */
const echoes = (request: ProxyRequest) =>
  is(request, 'POST', '/validate-account/') || is(request, 'POST', '/historical-statements/');

const DRY_RUN_MESSAGE = 'Account would successfully import. Rolled back due to Dry Run.';

/** V2's paths (decision 028): schedule and validate are POSTs below it, the status a GET. */
const V2_ACCOUNTS = '/v2/data-import/accounts/';

/** The V2 statuses a task ends in. */
const V2_FINAL = new Set([
  'PROCESSED',
  'ERRORED',
  'DRY_RUN_SUCCEEDED',
  'DRY_RUN_ERRORED',
  'CANCELLED',
]);

/**
 * A V2 status that shows each task IN_PROGRESS once before its end: the first read of an ended
 * task answers IN_PROGRESS (no identifier, no error yet), every later read the real status.
 */
function inProgressOnce(): Handle {
  const shown = new Set<string>();
  return async (request, forward) => {
    const response = await forward(request);
    if (!is(request, 'GET', V2_ACCOUNTS) || response.status !== 200 || !isJson(response)) {
      return response;
    }
    const body = parse(response.body) as Json | undefined;
    if (!body || !V2_FINAL.has(String(body.status)) || shown.has(request.path)) return response;
    shown.add(request.path);
    return withJson(response, {
      ...body,
      status: 'IN_PROGRESS',
      kraken_identifier: null,
      latest_error: null,
      latest_event: {
        event: 'EVENT_ACCOUNT_IMPORT_PROCESS_IN_PROGRESS',
        occurred_at: body.modified_at,
        data: null,
      },
    });
  };
}

/** ObtainToken under other names: a GraphQL schema of the variant's own. */
const TOKEN_NAMES = {
  field: 'obtainToken',
  inputType: 'ObtainTokenInput',
  keyField: 'apiKey',
  tokenField: 'accessToken',
  refreshField: 'refresh',
};

export const variants: Variant[] = [
  {
    id: 'identity',
    description: 'the mock as it is, through the proxy (the proxy itself changes nothing)',
    cites: '(none: the control run)',
    handle: (request, forward) => forward(request),
  },
  {
    id: 'token-field-names',
    description:
      'ObtainToken is obtainToken(input: {apiKey | refresh}) answering {accessToken, refresh}; the platform’s names are unknown fields',
    cites:
      'Authentication: "a GraphQL mutation named ObtainToken"; "The mutation\'s input and output fields ... not shown."',
    env: {
      OBTAIN_TOKEN_FIELD: TOKEN_NAMES.field,
      OBTAIN_TOKEN_INPUT_TYPE: TOKEN_NAMES.inputType,
      OBTAIN_TOKEN_KEY_FIELD: TOKEN_NAMES.keyField,
      OBTAIN_TOKEN_TOKEN_FIELD: TOKEN_NAMES.tokenField,
      OBTAIN_TOKEN_REFRESH_FIELD: TOKEN_NAMES.refreshField,
    },
    handle: async (request, forward) => {
      if (!is(request, 'POST', '/v1/graphql/')) return forward(request);
      const sent = parse(request.body) as
        | { query?: string; variables?: { input?: Record<string, string> } }
        | undefined;
      const query = typeof sent?.query === 'string' ? sent.query : '';
      if (/\bobtainKrakenToken\b/.test(query)) {
        return withJson(
          { status: 200, headers: {}, body: '' },
          {
            errors: [{ message: 'Cannot query field "obtainKrakenToken" on type "Mutation".' }],
          },
        );
      }
      if (!new RegExp(`\\b${TOKEN_NAMES.field}\\b`).test(query)) return forward(request);
      const input: Record<string, string | undefined> = sent?.variables?.input ?? {};
      const translated: Record<string, string> = {};
      const key = input[TOKEN_NAMES.keyField];
      const refresh = input[TOKEN_NAMES.refreshField];
      if (key !== undefined) translated.APIKey = key;
      if (refresh !== undefined) translated.refreshToken = refresh;
      const answer = await forward({
        ...request,
        body: JSON.stringify({
          query:
            'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token refreshToken } }',
          variables: { input: translated },
        }),
      });
      const body = parse(answer.body) as
        | { data?: { obtainKrakenToken?: { token?: string; refreshToken?: string } | null } }
        | undefined;
      if (!body) return answer;
      const issued = body.data?.obtainKrakenToken;
      const { data: _data, ...rest } = body as Json;
      return withJson(answer, {
        ...rest,
        data: {
          [TOKEN_NAMES.field]: issued
            ? {
                [TOKEN_NAMES.tokenField]: issued.token,
                [TOKEN_NAMES.refreshField]: issued.refreshToken,
              }
            : null,
        },
      });
    },
  },
  {
    id: 'other-account-numbers',
    description: 'service account numbers are ACC-<lower-case hex> instead of A-<upper-case hex>',
    cites:
      'PRC-4: "201 with body service_account_number (string)"; STS-1 and the summaries give it as a string only.',
    handle: async (request, forward) => {
      const response = await forward(request);
      return {
        ...response,
        body: response.body.replace(
          /\bA-([0-9A-F]{8})\b/g,
          (_, hex: string) => `ACC-${hex.toLowerCase()}`,
        ),
      };
    },
  },
  {
    id: 'additions',
    description:
      'every object of every answer carries an extra field, and answers carry extra headers and a charset',
    cites:
      'Versioning: "The interface evolves: new endpoints and additions to existing endpoints can appear."',
    handle: async (request, forward) => {
      const response = await forward(request);
      const headers = {
        ...response.headers,
        'x-request-id': `req-${Math.random().toString(36).slice(2, 10)}`,
        'cache-control': 'no-store',
      };
      if (!isJson(response)) return { ...response, headers };
      const body = parse(response.body);
      if (body === undefined || echoes(request)) {
        return {
          ...response,
          headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
        };
      }
      // A field-keyed error body (the platform dialect's, decision 026) names a failing field by
      // every key, so a service adds nothing there: an addition would read as a field's messages.
      const added = mapObjects(body, (object) =>
        response.status >= 400 && isFieldKeyed(object)
          ? object
          : { ...object, trace_id: 'variant-addition' },
      );
      return {
        ...response,
        headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(added),
      };
    },
  },
  {
    id: 'other-error-wording-and-codes',
    description:
      'every error text is worded differently, and every code the reference does not name is the service’s own',
    cites:
      'ERR-2: "wording may change, so clients do not parse it"; ERR-3 gives account_failed_validation as an "Example"; Errors: "Complete list of error codes: not shown."',
    handle: rewrite(referenceRequest, (body, response) => {
      if (response.status < 400) return response;
      const reworded = mapObjects(body, (object) => {
        const out = { ...object };
        for (const key of ['detail', 'error_detail', 'error', 'message']) {
          if (typeof out[key] === 'string' && out[key] !== DRY_RUN_MESSAGE) {
            out[key] = `Refused (${String(out[key]).length} characters of explanation).`;
          }
        }
        // The codes the reference names itself (VAL-4) stay; the others are the service's own.
        // A code that is the answer's status is the platform document's own statement (its
        // dry-run body {detail, code: "400"}, decision 026), which a platform service keeps.
        if (
          typeof out.code === 'string' &&
          out.code !== 'invalid_phone_number' &&
          out.code !== String(response.status)
        ) {
          out.code = `E_${out.code.toUpperCase()}`;
        }
        return out;
      });
      return withJson(response, reworded);
    }),
  },
  {
    id: 'other-orders',
    description:
      'every list in an answer comes in reverse order (lists, notes and transaction results, errors, meter points)',
    cites:
      'NOTE-5 "an array of items", TXN-3 "object with results array", ERR-4, REG-4, STS-9..STS-13: no order is given anywhere.',
    handle: rewrite(
      (request) => !echoes(request),
      (body, response) => {
        const reverse = (value: unknown): unknown =>
          Array.isArray(value)
            ? [...value].reverse().map(reverse)
            : value && typeof value === 'object'
              ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, reverse(v)]))
              : value;
        return withJson(response, reverse(body));
      },
    ),
  },
  {
    id: 'refusals-403',
    description: 'a request without a valid token gets 403 with a body of the service’s own',
    cites:
      'AUTH-3: a request without a valid Authorization header is refused; "per-operation permissions: not shown" (status and body open).',
    handle: async (request, forward) => {
      const response = await forward(request);
      if (response.status !== 401) return response;
      return withJson(
        { ...response, status: 403 },
        { message: 'Forbidden: no valid credentials.' },
      );
    },
  },
  {
    id: 'other-404-bodies',
    description:
      'not-found answers without a body shape in the reference carry another body (transfer status, notes, transactions, payment instructions)',
    cites:
      'STS-3: "404 when no account import process exists for the pair" and NOTE-8: "404 when the account is not found", both without a body.',
    handle: async (request, forward) => {
      const response = await forward(request);
      if (response.status !== 404) return response;
      const open = [
        '/account-transfer-status/',
        '/notes/create/',
        '/transactions/create/',
        '/payment-instruction/create/',
      ];
      if (!open.some((fragment) => request.path.includes(fragment))) return response;
      return withJson(response, { message: 'Not found.', status_code: 404 });
    },
  },
  {
    id: 'statements-200',
    description: 'historical-statements/create answers 200 instead of 201',
    cites:
      'HST-2: "The listed status code is 201 while its description says 200; which one is returned: not shown."',
    handle: async (request, forward) => {
      const response = await forward(request);
      return is(request, 'POST', '/historical-statements/create/') && response.status === 201
        ? { ...response, status: 200 }
        : response;
    },
  },
  {
    id: 'lists-404-when-empty',
    description:
      'a list with no account import process answers 404 with a body of its own instead of 200 []',
    cites: 'STS-12: "Responses of the three list operations when no account is found: not shown."',
    handle: rewrite(
      (request) => request.method === 'GET' && /-account-import-processes\//.test(request.path),
      (body, response) =>
        response.status === 200 && Array.isArray(body) && body.length === 0
          ? withJson({ ...response, status: 404 }, { detail: 'No account import processes found.' })
          : response,
    ),
  },
  {
    id: 'registration-404-when-all-marked',
    description:
      'send-registration-flows answers 404 once every meter point of the account is already marked',
    cites:
      'REG-8: "404 when the account is not found or has no meter points to register; the body is an array of objects with error_detail, import_supplier_code, external_account_number."',
    handle: rewrite(
      (request) => is(request, 'POST', '/send-registration-flows/'),
      (body, response) => {
        // The platform dialect answers one object, not an array of one (decision 026): the
        // variant answers its 404 in the shape the 200 had, as a platform service would.
        const single = isMeterPointsObject(body);
        if (response.status !== 200 || !(single || Array.isArray(body))) return response;
        const items = (single ? [body] : body) as {
          import_supplier_code: string;
          external_account_number: string;
          meter_points: { status: string; error_detail?: string }[];
        }[];
        const allMarked = items.every(
          (item) =>
            item.meter_points.length > 0 &&
            item.meter_points.every(
              (p) =>
                p.status === 'REGISTRATION_FLOW_ERROR' &&
                /already marked/i.test(p.error_detail ?? ''),
            ),
        );
        if (!allMarked) return response;
        const notFound = items.map((item) => ({
          error_detail: `No meter points to register for ${item.external_account_number}.`,
          import_supplier_code: item.import_supplier_code,
          external_account_number: item.external_account_number,
        }));
        return withJson({ ...response, status: 404 }, single ? notFound[0] : notFound);
      },
    ),
  },
  {
    id: 'transaction-date-as-posted',
    description:
      'a transaction moved into the open statement period is echoed in the result with its date as posted',
    cites:
      'TXN-3: "each item has status and transaction_data" (what transaction_data shows after a move is not said); TXN-7 says only that the date is moved and explained.',
    handle: rewrite(
      (request) => is(request, 'POST', '/transactions/create/'),
      (body, response, request) => {
        const results = (body as { results?: { transaction_data?: Json }[] }).results;
        if (response.status !== 201 || !results) return response;
        const posted = new Map(
          ((parse(request.body) as { transactions?: Json[] } | undefined)?.transactions ?? []).map(
            (t) => [t.transaction_id, t.transaction_date],
          ),
        );
        return withJson(response, {
          ...(body as Json),
          results: mapTransactionData(results, (data) => ({
            ...data,
            transaction_date: posted.get(data?.transaction_id) ?? data?.transaction_date,
          })),
        });
      },
    ),
  },
  {
    id: 'transactions-unknown-account-400',
    description:
      'transactions for an account that is not imported get 400 TRANSACTION_IMPORT_ERROR instead of 404',
    cites: 'TXN-10: "Behaviour for an unknown account on this operation: not shown."',
    handle: async (request, forward) => {
      const response = await forward(request);
      if (!is(request, 'POST', '/transactions/create/') || response.status !== 404) return response;
      const first =
        (parse(request.body) as { transactions?: Json[] } | undefined)?.transactions?.[0] ?? {};
      return withJson(
        { ...response, status: 400 },
        {
          status: 'TRANSACTION_IMPORT_ERROR',
          error_detail: 'Account not found.',
          transaction_data: first,
        },
      );
    },
  },
  {
    id: 'token-prefix-required',
    description: 'only the sample form "Token <token>" is accepted; a bare token is refused',
    cites:
      'AUTH-2: "The instructions say to set it to the token value; the sample request uses the form Token <ACCESS_TOKEN>."',
    handle: async (request, forward) => {
      const authorization = request.headers.authorization;
      if (
        request.path.startsWith('/v1/data-import/') &&
        authorization &&
        !/^Token /.test(authorization)
      ) {
        return withJson(
          { status: 401, headers: {}, body: '' },
          { detail: 'Invalid token header.', code: 'authentication_failed' },
        );
      }
      return forward(request);
    },
  },
  {
    id: 'later-meter-point-statuses',
    description: 'meter point statuses after PRE_REGISTRATION have the service’s own names',
    cites: 'Meter point status: "Only PRE_REGISTRATION occurs. Other values: not shown." (STS-14)',
    handle: rewrite(
      (request) => is(request, 'GET', '/meterpoint-statuses-for-account/'),
      (body, response) =>
        Array.isArray(body)
          ? withJson(
              response,
              (body as Json[]).map((item) =>
                typeof item.status === 'string' && item.status !== 'PRE_REGISTRATION'
                  ? { ...item, status: `SUPPLIER_${item.status}` }
                  : item,
              ),
            )
          : response,
    ),
  },
  // --- The platform's V2 account import (decision 028): choices its document leaves open.
  {
    id: 'v2-in-progress-visible',
    description:
      'a V2 task is read IN_PROGRESS once before its end is shown, as on a platform whose tasks take time',
    cites:
      'The platform’s V2 status examples list IN_PROGRESS among a task’s statuses, and its document says nothing of how long a task runs or how often a client polls (decision 028).',
    handle: inProgressOnce(),
  },
  {
    id: 'v2-other-detail-wording',
    description: 'V2 refusals and not_found word their detail messages otherwise',
    cites:
      'The platform’s document gives detail as a free string in StandardizedValidationErrorResponse, its non_field_errors and its not_found; only codes are machine-readable (decision 028).',
    handle: rewrite(
      (request) => request.path.startsWith(V2_ACCOUNTS),
      (body, response) =>
        response.status >= 400
          ? withJson(
              response,
              mapObjects(body, (object) =>
                typeof object.detail === 'string'
                  ? { ...object, detail: `Request not accepted: ${object.detail.toUpperCase()}` }
                  : object,
              ),
            )
          : response,
    ),
  },
  {
    id: 'v2-status-additions',
    description:
      'the V2 status carries fields of its own besides the platform’s (a task id, every event)',
    cites:
      '"New endpoints and additions to existing endpoints can appear" (Versioning), which the suite applies to the platform’s V2 answers as to v1’s.',
    handle: rewrite(
      (request) => is(request, 'GET', V2_ACCOUNTS),
      (body, response) =>
        response.status === 200 && body && typeof body === 'object'
          ? withJson(response, { ...(body as Json), task_id: 'task-1', events: [] })
          : response,
    ),
  },
];
