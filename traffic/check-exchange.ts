/**
 * The checks one exchange shows on its own: which operation it is (the spec's router), whether
 * its request and its answer have the operation's documented shapes, and whether an error answer
 * has the error body (ERR-1, ERR-4). Each deviation becomes a finding citing the rule whose body
 * the answer breaks (decision 029).
 */
import type { Contract, OperationInfo } from '../spec/index.ts';
import { gradeAnswerProblems } from './answer-relaxation.ts';
import { checkProcessAnswer } from './check-exchange-process.ts';
import { checkEveryFailureListed } from './check-exchange-validate.ts';
import { type Exchange, ExchangeJson, headerValue, pathOf } from './exchange.ts';
import { type Finding, type FindingSource, finding } from './findings.ts';
import { failsAtMasked } from './masked-values.ts';

/** The rule promising each operation's success body (the reference's rules.md). */
const SUCCESS_RULE = new Map<string, string>([
  ['obtainToken', 'AUTH-1'],
  ['validateAccount', 'VAL-2'],
  ['createOrUpdateAccountImportProcess', 'STG-4'],
  ['processAccountImportProcess', 'PRC-4'],
  ['createNotes', 'NOTE-5'],
  ['createTransactions', 'TXN-3'],
  ['createHistoricalStatements', 'HST-2'],
  ['createPaymentInstruction', 'PAY-3'],
  ['sendRegistrationFlows', 'REG-4'],
  ['getAccountTransferStatus', 'STS-1'],
  ['listAllAccountImportProcesses', 'STS-9'],
  ['listPendingAccountImportProcesses', 'STS-10'],
  ['listImportedAccountImportProcesses', 'STS-11'],
  ['getMeterpointStatusesForAccount', 'STS-13'],
]);

/**
 * The rule promising each operation's 404 body, where the reference gives one (REG-8, STS-15
 * describe it). STS-3 and NOTE-8 give the status only: another body there is the platform's
 * difference, a warning.
 */
const NOT_FOUND_RULE = new Map<string, string>([
  ['sendRegistrationFlows', 'REG-8'],
  ['getMeterpointStatusesForAccount', 'STS-15'],
]);

/** The rule an answer with this status to this operation is judged by, and its source. */
export function ruleOfAnswer(
  operationId: string,
  status: number,
): { rule: string; source: FindingSource } {
  if (status >= 200 && status < 300) {
    return { rule: SUCCESS_RULE.get(operationId) ?? 'GEN-2', source: 'reference' };
  }
  if (status === 400) return { rule: 'ERR-1', source: 'reference' };
  if (status === 404 && NOT_FOUND_RULE.has(operationId)) {
    return { rule: NOT_FOUND_RULE.get(operationId) ?? 'STS-3', source: 'reference' };
  }
  // 401, 413, 415, 429, 500, 503 bodies are open in the reference: the kit's spec documents the
  // platform's, so a different body is a platform fact, not a broken rule (AUTH-3, ERR-6).
  return { rule: `kit:response-${status}`, source: 'platform' };
}

/** What the exchange is: an operation of the interface, or a path the spec does not have. */
export type Matched =
  | { kind: 'operation'; operation: OperationInfo; params: Record<string, string> }
  | { kind: 'unknown'; label: string };

/** Matches an exchange with the spec's operation (the same router the mock uses). */
export function matchOperation(contract: Contract, exchange: Exchange): Matched {
  const path = pathOf(exchange.request.url);
  const method = exchange.request.method.toUpperCase();
  const route = contract.route(method, path);
  if (route.kind === 'found') {
    return { kind: 'operation', operation: route.operation, params: route.params };
  }
  return { kind: 'unknown', label: `${method} ${path}` };
}

/**
 * Compiles the validator of every documented answer (each operation's statuses and media types)
 * now, rather than on the first answer of each: the proxy's checker calls it at start, so its
 * first exchanges do not wait behind 0.7 to 0.9 s of compiling (decision 029, "The proxy").
 * Checking an empty body with each is what compiles it (`Contract.checkResponse` keeps the
 * compiled validator by operation, status and media type). Returns how many were compiled.
 */
export function compileAnswerValidators(contract: Contract): number {
  let compiled = 0;
  for (const op of contract.operations.values()) {
    const responses = (op.operation.responses ?? {}) as Record<string, unknown>;
    for (const status of op.statuses) {
      if (!/^\d{3}$/.test(status)) continue;
      for (const media of mediaTypesOf(contract, responses[status])) {
        contract.checkResponse(op.operationId, Number(status), media, undefined);
        compiled += 1;
      }
    }
  }
  return compiled;
}

/** The media types a documented answer has a body for (its `$ref` to components followed). */
function mediaTypesOf(contract: Contract, response: unknown): string[] {
  const ref = (response as { $ref?: unknown } | undefined)?.$ref;
  const resolved =
    typeof ref === 'string' && ref.startsWith('#/')
      ? ref
          .slice(2)
          .split('/')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown> | undefined)?.[part],
            contract.document,
          )
      : response;
  const content = (resolved as { content?: unknown } | undefined)?.content;
  return content !== null && typeof content === 'object' ? Object.keys(content) : [];
}

/** The first JSON pointer named in a problem of `Contract.checkResponse` ("  /a/0 must be..."). */
function pointerOfProblem(problem: string): string {
  const line = problem.split('\n').find((l) => l.startsWith('  /'));
  const at = line?.trim().split(' ')[0];
  return at && at !== '/' ? at : '';
}

/** The request's body against the operation's schema: an invalid body answered 2xx breaks ERR-1. */
function checkRequest(
  contract: Contract,
  op: OperationInfo,
  exchange: Exchange,
  json: ExchangeJson,
): Finding[] {
  const { status } = exchange.response;
  if (!op.hasRequestBody || status < 200 || status >= 300) return [];
  // Validation reads decimals and stand-ins into the value in place: it takes the value.
  const body = json.takeRequest();
  if (!body.ok) {
    return [
      finding(
        'GEN-2',
        'reference',
        op.operationId,
        '/request/body',
        `a body that is not JSON was answered ${status}`,
      ),
    ];
  }
  const errors = contract.validateRequestBody(op.operationId, body.value);
  // A field a recording masked is not the value sent, and breaks what holds it (masked-values.ts).
  if (errors.length === 0 || failsAtMasked(body.value, errors)) return [];
  const first = errors[0];
  const pointer = `/request/body/${(first?.attr ?? '').split('.').join('/')}`.replace(/\/$/, '');
  return [
    finding(
      'ERR-1',
      'reference',
      op.operationId,
      pointer,
      `a request failing validation (${first?.code ?? 'invalid'}) was answered ${status}, not 400`,
    ),
  ];
}

/**
 * Operations whose success status the reference leaves open (HST-2: "The listed status code is
 * 201 while its description says 200; which one is returned: not shown."): another 2xx there is
 * a choice, not a broken rule.
 */
const OPEN_SUCCESS_STATUS = new Set(['createHistoricalStatements']);

/**
 * A success answered with a 2xx status the operation does not document, where the reference
 * states the success status (VAL-2 "gets 200", STG-4, PRC-4 ...): the success rule is broken, an
 * error; any other undocumented status stays a kit warning (a service may answer 502 from a
 * gateway).
 */
function undocumentedStatus(op: OperationInfo, status: number): Finding {
  const success = SUCCESS_RULE.get(op.operationId);
  const documented = op.statuses.filter((s) => s.startsWith('2'));
  if (
    status >= 200 &&
    status < 300 &&
    success !== undefined &&
    documented.length > 0 &&
    !OPEN_SUCCESS_STATUS.has(op.operationId)
  ) {
    return finding(
      success,
      'reference',
      op.operationId,
      '/response/status',
      `a success answered ${status}; the reference's is ${documented.join(' or ')}`,
    );
  }
  return finding(
    'kit:undocumented-status',
    'kit',
    op.operationId,
    '/response/status',
    `status ${status} is not documented for ${op.operationId}`,
  );
}

/** The answer against the operation's documented statuses and bodies. */
function checkAnswer(
  contract: Contract,
  op: OperationInfo,
  exchange: Exchange,
  json: ExchangeJson,
): Finding[] {
  const { status, headers, body } = exchange.response;
  if (!op.statuses.includes(String(status))) return [undocumentedStatus(op, status)];
  const parsed = json.answer;
  const contentType = headerValue(headers, 'content-type');
  const value = parsed.ok ? parsed.value : body === '' ? undefined : body;
  const check = contract.checkResponse(op.operationId, status, contentType, value);
  if (check.ok) return [];
  // A failure the suite's reviewed relaxations lift is graded as the suite grades it: a warning.
  const sent = json.request;
  return gradeAnswerProblems(
    op,
    { status, contentType, body: value, request: sent.ok ? sent.value : undefined },
    check.problems,
    ruleOfAnswer(op.operationId, status),
    pointerOfProblem,
  );
}

/** ERR-5: a dot-delimited path of field names and zero-based indexes (customers.0.landline). */
const DOT_PATH = /^[^.[\]]+(\.[^.[\]]+)*$/;

/**
 * The attr of each field error of a 400 (ERR-5: "attr is a dot-delimited path ... example
 * customers.0.landline"): one exchange shows a path written any other way, such as
 * customers[0].landline. Bodies the schema already refuses are not judged twice.
 */
function checkAttrPaths(op: OperationInfo, exchange: Exchange, json: ExchangeJson): Finding[] {
  if (exchange.response.status !== 400) return [];
  const body = json.answer;
  const errors =
    body.ok && body.value !== null && typeof body.value === 'object'
      ? (body.value as { errors?: unknown }).errors
      : undefined;
  if (!Array.isArray(errors)) return [];
  const out: Finding[] = [];
  for (const [i, item] of errors.slice(0, 1000).entries()) {
    const attr =
      item !== null && typeof item === 'object' ? (item as { attr?: unknown }).attr : undefined;
    if (typeof attr !== 'string' || attr === '' || DOT_PATH.test(attr)) continue;
    out.push(
      finding(
        'ERR-5',
        'reference',
        op.operationId,
        `/response/body/errors/${i}/attr`,
        `attr "${attr.slice(0, 200)}" is not a dot-delimited path`,
      ),
    );
  }
  return out;
}

/**
 * The expiries of the last Authorization headers read: a client sends one token with every
 * request for the token's lifetime, so decoding it once a token, not once a request, saves the
 * checker a base64 decode and a JSON.parse on nearly every exchange. Bounded: emptied when full.
 */
const EXPIRIES = new Map<string, number | undefined>();
const MAX_EXPIRIES = 256;

/** The `exp` (seconds) of the JWT an Authorization header carries, when it carries one. */
export function tokenExpiry(authorization: string | undefined): number | undefined {
  if (authorization === undefined || authorization.length > 8192) return undefined;
  if (EXPIRIES.has(authorization)) return EXPIRIES.get(authorization);
  const exp = readExpiry(authorization);
  if (EXPIRIES.size >= MAX_EXPIRIES) EXPIRIES.clear();
  EXPIRIES.set(authorization, exp);
  return exp;
}

/** Decodes the JWT payload of an Authorization header for its `exp`. */
function readExpiry(authorization: string): number | undefined {
  const payload = authorization.trim().split(/\s+/).pop()?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const exp =
      claims !== null && typeof claims === 'object' ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A token accepted after its expiry: the reference leaves the lifetime open (AUTH-4), the
 * platform refuses an expired token, so this is a platform fact (a warning).
 */
function checkToken(op: OperationInfo, exchange: Exchange): Finding[] {
  const { status } = exchange.response;
  if (!op.secured || status < 200 || status >= 300) return [];
  const exp = tokenExpiry(headerValue(exchange.request.headers, 'authorization'));
  if (exp === undefined || exchange.time <= exp * 1000) return [];
  return [
    finding(
      'AUTH-4',
      'platform',
      op.operationId,
      '/request/headers/authorization',
      `a token that expired ${Math.round(exchange.time / 1000 - exp)} s earlier was accepted with ${status}`,
    ),
  ];
}

/**
 * Every finding one exchange shows by itself. An exchange outside the spec's paths is a kit
 * warning: the service may have paths the kit's spec does not list.
 */
export function checkExchange(
  contract: Contract,
  exchange: Exchange,
  matched = matchOperation(contract, exchange),
): Finding[] {
  if (matched.kind === 'unknown') {
    return [
      finding(
        'kit:unknown-operation',
        'kit',
        matched.label,
        '/request/url',
        `no operation of the interface answers ${matched.label}`,
      ),
    ];
  }
  const op = matched.operation;
  const json = new ExchangeJson(exchange);
  // The checks that only read the bodies come first, so that an answer echoing the request is
  // judged on the value parsed once, before the request's validation changes it in place.
  const answer = checkAnswer(contract, op, exchange, json);
  const attrs = checkAttrPaths(op, exchange, json);
  const token = checkToken(op, exchange);
  const process = checkProcessAnswer(op, exchange, json);
  const listed = checkEveryFailureListed(contract, op, exchange, json);
  const request = checkRequest(contract, op, exchange, json);
  return [...request, ...answer, ...attrs, ...token, ...process, ...listed];
}
