/**
 * The operator's statements about state, read from the kit mock's control API as it passes
 * through (decision 029, "Update: the operator's exchanges"). Against the kit's mock the
 * operator sets what no exchange of the interface shows: a supplier Paused or Complete (SUP-1),
 * an account marked to be skipped, the industry's outcome of a meter point, the operations teams,
 * an account it does not hold.
 * A control exchange (a path of spec/control.yaml, routed by the control spec) answered 2xx is
 * the operator's statement of that state, taken from its answer; the interface's answers that
 * follow are judged by the reference's rules on it: a staging accepted under a Paused supplier
 * breaks STG-7, and so on. A deployed service has no control API: no exchange is routed by the
 * control spec, nothing is stated, and none of these checks ever fires.
 *
 * Memory is bounded as the history's is: each kind of statement keeps at most `maxEntries`
 * keys, the oldest forgotten first (only its check is lost).
 */

import { type Contract, mockControl } from '../spec/index.ts';
import { BoundedKeys } from './bounded-keys.ts';
import type { Matched } from './check-exchange.ts';
import { type Exchange, jsonBody, pathOf } from './exchange.ts';
import { type Finding, finding } from './findings.ts';
import { field, text } from './json-fields.ts';

/** The default number of keys each kind of statement keeps. */
export const DEFAULT_MAX_OPERATOR_ENTRIES = 100_000;

/** One key per account: supplier and external account number, joined by a byte neither holds. */
function accountKey(supplier: string, external: string): string {
  return `${supplier}\u0000${external}`;
}

/** Interface operations whose success may create the account a body names (STG-1, decision 028). */
const CREATES_ACCOUNT = new Set([
  'createOrUpdateAccountImportProcess',
  'scheduleV2AccountCreation',
]);

/** The operator's changes to the answers fixed in advance (decision 025). */
const OVERRIDE_CHANGES = new Set(['addOverride', 'clearOverrides', 'removeOverride']);

/** The rule a supplier's status breaks when a staging under it is accepted (STG-7, STG-8). */
const STAGING_RULE = new Map([
  ['Paused', 'STG-7'],
  ['Complete', 'STG-8'],
]);

/** What the operator stated through the control API, and the checks it makes possible. */
export class OperatorState {
  readonly #suppliers: BoundedKeys<string>;
  readonly #skipped: BoundedKeys<true>;
  /** Per account: the meter points whose rejection is in force (the industry said no). */
  readonly #rejected: BoundedKeys<Set<string>>;
  /** Accounts whose registration flows the interface answered as sent (REG-4). */
  readonly #flowsSent: BoundedKeys<true>;
  /** Accounts the operator was told the mock does not hold (a 404 of its account record). */
  readonly #absent: BoundedKeys<true>;
  /** The operations teams, once a listing stated the whole set (PRC-3); undefined before. */
  #teams: Set<string> | undefined;
  readonly #control: Contract;

  constructor(maxEntries = DEFAULT_MAX_OPERATOR_ENTRIES, control: Contract = mockControl) {
    this.#suppliers = new BoundedKeys(maxEntries);
    this.#skipped = new BoundedKeys(maxEntries);
    this.#rejected = new BoundedKeys(maxEntries);
    this.#flowsSent = new BoundedKeys(maxEntries);
    this.#absent = new BoundedKeys(maxEntries);
    this.#control = control;
  }

  /**
   * The control operation an exchange the interface does not know calls, if any: such an
   * exchange is the operator's, not the service's, and is no unknown operation.
   */
  controlOperation(exchange: Exchange, matched: Matched): string | undefined {
    if (matched.kind !== 'unknown') return undefined;
    const route = this.#control.route(exchange.request.method, pathOf(exchange.request.url));
    return route.kind === 'found' ? route.operation.operationId : undefined;
  }

  /** Reads a statement of the operator, or judges an exchange of the interface by those seen. */
  observe(exchange: Exchange, matched: Matched): Finding[] {
    if (matched.kind === 'unknown') {
      this.#state(exchange);
      return [];
    }
    const { status } = exchange.response;
    if (status < 200 || status >= 300) return [];
    const params = new Map(Object.entries(matched.params));
    this.#created(exchange, matched.operation.operationId);
    switch (matched.operation.operationId) {
      case 'createOrUpdateAccountImportProcess':
        return this.#staging(exchange, 'createOrUpdateAccountImportProcess');
      case 'processAccountImportProcess':
        return this.#processing(exchange);
      case 'sendRegistrationFlows':
        this.#flowsAnswered(exchange, accountKey(...accountOfPath(params)));
        return [];
      case 'getAccountTransferStatus':
        return this.#transferStatus(exchange, params);
      default:
        return [];
    }
  }

  /** A 2xx answer of the control API: the state it confirms (a 404 of an account: its absence). */
  #state(exchange: Exchange): void {
    const { status } = exchange.response;
    const route = this.#control.route(exchange.request.method, pathOf(exchange.request.url));
    if (route.kind !== 'found') return;
    const params = new Map(Object.entries(route.params));
    if (status === 404 && route.operation.operationId === 'getAccountRecord') {
      this.#absent.set(accountKey(...accountOfPath(params)), true);
      return;
    }
    if (status < 200 || status >= 300) return;
    // An answer the operator fixed in advance is no longer the mock's state speaking.
    if (OVERRIDE_CHANGES.has(route.operation.operationId)) this.#absent.clear();
    const answer = jsonBody(exchange.response.body);
    const body = answer.ok ? answer.value : undefined;
    switch (route.operation.operationId) {
      case 'resetState':
      case 'importState':
        this.#forget();
        return;
      case 'putSupplier': {
        const code = text(field(body, 'code')) ?? params.get('code');
        const supplierStatus = text(field(body, 'status'));
        if (code !== undefined && supplierStatus !== undefined) {
          this.#suppliers.set(code, supplierStatus);
        }
        return;
      }
      case 'markAccountToBeSkipped':
      case 'unmarkAccountToBeSkipped': {
        const key = accountKey(...accountOfPath(params));
        if (field(body, 'skipped') === true) this.#skipped.set(key, true);
        else this.#skipped.delete(key);
        return;
      }
      case 'setMeterPointOutcome':
        this.#outcome(exchange, params, body);
        return;
      case 'listOperationsTeams':
        if (Array.isArray(body)) this.#teams = new Set(body.slice(0, 100_000).filter(isText));
        return;
      case 'putOperationsTeam': {
        const name = params.get('name');
        if (name !== undefined) this.#teams?.add(name);
        return;
      }
      default:
        return;
    }
  }

  #forget(): void {
    this.#suppliers.clear();
    this.#skipped.clear();
    this.#rejected.clear();
    this.#flowsSent.clear();
    this.#absent.clear();
    this.#teams = undefined;
  }

  /**
   * An interface exchange answered 2xx that may create the account it names (a staging, a V2
   * schedule whose task creates it): the absence stated before is void for that account.
   */
  #created(exchange: Exchange, operation: string): void {
    if (this.#absent.size === 0 || !CREATES_ACCOUNT.has(operation)) return;
    const request = jsonBody(exchange.request.body);
    const body = request.ok ? request.value : undefined;
    const payload = field(body, 'payload') ?? body;
    const supplier = text(field(payload, 'import_supplier'));
    const external = text(field(payload, 'external_account_number'));
    if (supplier !== undefined && external !== undefined) {
      this.#absent.delete(accountKey(supplier, external));
    }
  }

  /**
   * The industry's outcome the operator set for a meter point (REG-7): a rejection in force when
   * the operator set it (no later instant in its answer) is remembered; any other outcome
   * replaces it.
   */
  #outcome(exchange: Exchange, params: Map<string, string>, body: unknown): void {
    const key = accountKey(...accountOfPath(params));
    const mpxn = params.get('mpxn') ?? '';
    const at = field(body, 'at');
    const inForce =
      at === null || (typeof at === 'string' && Date.parse(at) <= exchange.time + 1000);
    const rejected = this.#rejected.get(key) ?? new Set<string>();
    if (field(body, 'kind') === 'rejected' && inForce) rejected.add(mpxn);
    else rejected.delete(mpxn);
    if (rejected.size > 0 && rejected.size <= 1000) this.#rejected.set(key, rejected);
    else this.#rejected.delete(key);
  }

  /**
   * Flows answered as sent (REG-4): the account's registration has begun. A meter point the
   * answer lists is a new attempt, so an earlier rejection of it is no longer in force.
   */
  #flowsAnswered(exchange: Exchange, key: string): void {
    this.#flowsSent.set(key, true);
    const rejected = this.#rejected.get(key);
    if (!rejected) return;
    const answer = jsonBody(exchange.response.body);
    const items = answer.ok && Array.isArray(answer.value) ? answer.value.slice(0, 1000) : [];
    for (const item of items) {
      const points = field(item, 'meter_points');
      if (!Array.isArray(points)) continue;
      for (const point of points.slice(0, 1000)) {
        const mpxn = text(field(point, 'mpxn'));
        if (mpxn !== undefined) rejected.delete(mpxn);
      }
    }
    if (rejected.size === 0) this.#rejected.delete(key);
  }

  /** STG-6, STG-7, STG-8: a staging accepted where the operator's state refuses it. */
  #staging(exchange: Exchange, operation: string): Finding[] {
    const request = jsonBody(exchange.request.body);
    const body = request.ok ? request.value : undefined;
    const supplier = text(field(body, 'import_supplier'));
    const external = text(field(body, 'external_account_number'));
    if (supplier === undefined) return [];
    const out: Finding[] = [];
    const supplierStatus = this.#suppliers.get(supplier);
    const rule = supplierStatus === undefined ? undefined : STAGING_RULE.get(supplierStatus);
    if (rule !== undefined) {
      out.push(
        accepted(
          rule,
          operation,
          exchange,
          `staging under a supplier the operator set ${supplierStatus}`,
        ),
      );
    }
    if (external !== undefined && this.#skipped.get(accountKey(supplier, external))) {
      out.push(
        accepted(
          'STG-6',
          operation,
          exchange,
          'staging an account the operator marked to be skipped',
        ),
      );
    }
    return out;
  }

  /** PRC-10 and PRC-3: a process accepted under a Paused or Complete supplier, or an unknown team. */
  #processing(exchange: Exchange): Finding[] {
    const operation = 'processAccountImportProcess';
    const request = jsonBody(exchange.request.body);
    const body = request.ok ? request.value : undefined;
    const supplier =
      text(field(body, 'import_supplier_code')) ?? text(field(body, 'import_supplier'));
    const out: Finding[] = [];
    const supplierStatus = supplier === undefined ? undefined : this.#suppliers.get(supplier);
    if (supplierStatus !== undefined && STAGING_RULE.has(supplierStatus)) {
      out.push(
        accepted(
          'PRC-10',
          operation,
          exchange,
          `processing under a supplier the operator set ${supplierStatus}`,
        ),
      );
    }
    const team = text(field(body, 'operations_team_name'));
    if (team !== undefined && this.#teams !== undefined && !this.#teams.has(team)) {
      out.push(
        accepted(
          'PRC-3',
          operation,
          exchange,
          `linking the account to team "${team.slice(0, 100)}", which the operator's list does not hold`,
        ),
      );
    }
    return out;
  }

  /**
   * STS-3: a status answered 200 for an account the operator was told the mock does not hold,
   * with nothing since that could create it. STS-7: REJECTED once flows are sent and the
   * operator rejected at least one meter point.
   */
  #transferStatus(exchange: Exchange, params: Map<string, string>): Finding[] {
    const key = accountKey(...accountOfPath(params));
    if (this.#absent.get(key)) {
      return [
        finding(
          'STS-3',
          'reference',
          'getAccountTransferStatus',
          '/response/status',
          `a status answered ${exchange.response.status} for a pair the operator was told the mock does not hold, with no staging since: no account import process exists for it`,
        ),
      ];
    }
    if (!this.#rejected.get(key) || !this.#flowsSent.get(key)) return [];
    const answer = jsonBody(exchange.response.body);
    const status = field(answer.ok ? answer.value : undefined, 'status');
    if (status === 'REJECTED') return [];
    return [
      finding(
        'STS-7',
        'reference',
        'getAccountTransferStatus',
        '/response/body/status',
        `transfer status ${JSON.stringify(status)?.slice(0, 60)} after the operator rejected a meter point whose flow was sent`,
      ),
    ];
  }
}

function isText(value: unknown): value is string {
  return typeof value === 'string';
}

/** The account a path names (import_supplier_code, external_account_number). */
function accountOfPath(params: Map<string, string>): [string, string] {
  return [params.get('import_supplier_code') ?? '', params.get('external_account_number') ?? ''];
}

/** A refusal the reference requires, answered as a success. */
function accepted(rule: string, operation: string, exchange: Exchange, what: string): Finding {
  return finding(
    rule,
    'reference',
    operation,
    '/response/status',
    `${what} was answered ${exchange.response.status}, not refused`,
  );
}
