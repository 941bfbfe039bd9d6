/**
 * PAY-4 and PAY-5 from a stream: a persistent vendor problem gives 400 and the same request
 * fails again; an intermittent one gives 500 and "the request is retried as it is". So a
 * payment instruction refused with 400 whose very same request (byte for byte) then succeeds,
 * with nothing in between that could change the answer, was an intermittent problem answered 400:
 * PAY-5 broken (decision 029, "Update"). What can change the answer between the two is cleared:
 * a staging or process of the account, and the operator's statements on the kit's mock (a
 * payment fault set or cleared for the account or its supplier, the supplier changed, a reset).
 * Memory: one digest per account, at most `maxAccounts`, the oldest forgotten first.
 */
import { createHash } from 'node:crypto';
import { type Contract, mockControl } from '../spec/index.ts';
import { BoundedKeys } from './bounded-keys.ts';
import type { Matched } from './check-exchange.ts';
import { type Exchange, jsonBody, pathOf } from './exchange.ts';
import { type Finding, finding } from './findings.ts';
import { field, text } from './json-fields.ts';

const OPERATION = 'createPaymentInstruction';

/** The account a request body names (import_supplier or import_supplier_code, GEN-9). */
function accountOfBody(body: string): string | undefined {
  const parsed = jsonBody(body);
  const value = parsed.ok ? parsed.value : undefined;
  const supplier =
    text(field(value, 'import_supplier')) ?? text(field(value, 'import_supplier_code'));
  const external = text(field(value, 'external_account_number'));
  return supplier === undefined || external === undefined
    ? undefined
    : `${supplier}\u0000${external}`;
}

/** Control operations that change how the mock's vendor or supplier answers a payment. */
const ACCOUNT_FAULTS = new Set([
  'setAccountPaymentVendorFault',
  'clearAccountPaymentVendorFault',
  'cancelPaymentInstruction',
]);
const SUPPLIER_CHANGES = new Set([
  'setSupplierPaymentVendorFault',
  'clearSupplierPaymentVendorFault',
  'putSupplier',
]);

/** The refused payment requests per account, until they are retried or something changes. */
export class PaymentRetries {
  readonly #refused: BoundedKeys<string>;
  readonly #control: Contract;

  constructor(maxAccounts: number, control: Contract = mockControl) {
    this.#refused = new BoundedKeys(maxAccounts);
    this.#control = control;
  }

  /** Observes one exchange; a PAY-5 finding when a request refused with 400 succeeds unchanged. */
  observe(exchange: Exchange, matched: Matched): Finding[] {
    if (matched.kind === 'unknown') {
      this.#operator(exchange);
      return [];
    }
    const operation = matched.operation.operationId;
    // Only a payment, or a staging or process while a refusal is kept, needs the account named:
    // any other body is left unread (parsing it was a sixth of the proxy checker's time).
    const clears = operation.endsWith('AccountImportProcess') && this.#refused.size > 0;
    if (operation !== OPERATION && !clears) return [];
    const key = accountOfBody(exchange.request.body);
    if (key === undefined) return [];
    if (operation !== OPERATION) {
      this.#refused.delete(key);
      return [];
    }
    const { status } = exchange.response;
    const digest = createHash('sha256').update(exchange.request.body).digest('base64');
    if (status === 400) {
      this.#refused.set(key, digest);
      return [];
    }
    const before = this.#refused.get(key);
    this.#refused.delete(key);
    if (status !== 201 || before !== digest) return [];
    return [
      finding(
        'PAY-5',
        'reference',
        OPERATION,
        '/response/status',
        'the same request refused with 400 before now succeeds unchanged: an intermittent vendor problem, which is answered 500',
      ),
    ];
  }

  /** The operator's changes to payment faults or suppliers clear what they may change. */
  #operator(exchange: Exchange): void {
    const { status } = exchange.response;
    if (status < 200 || status >= 300) return;
    const route = this.#control.route(exchange.request.method, pathOf(exchange.request.url));
    if (route.kind !== 'found') return;
    const id = route.operation.operationId;
    const params = new Map(Object.entries(route.params));
    if (id === 'resetState' || id === 'importState') this.#refused.clear();
    else if (ACCOUNT_FAULTS.has(id)) {
      const supplier = params.get('import_supplier_code') ?? '';
      this.#refused.delete(`${supplier}\u0000${params.get('external_account_number') ?? ''}`);
    } else if (SUPPLIER_CHANGES.has(id)) {
      const prefix = `${params.get('code') ?? params.get('import_supplier_code') ?? ''}\u0000`;
      for (const key of [...this.#refused.keys()]) {
        if (key.startsWith(prefix)) this.#refused.delete(key);
      }
    }
  }
}
