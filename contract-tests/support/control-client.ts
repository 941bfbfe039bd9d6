/**
 * The operator's powers over the kit's mock, through its control API (`/__mock/`, described by
 * spec/control.yaml). Only tests in mock mode get one (see fixtures.ts); every answer is checked
 * against the control API's own spec, hard.
 *
 * Tests run in parallel against one mock, so this client never resets the mock or changes a
 * global setting: a test that needs a Paused supplier or an e-mail switch gets a supplier of its
 * own ({@link ControlClient.supplier}). Global settings (clock, concurrency limit, token
 * lifetime) are changed only by the `isolated` project, which has a mock of its own.
 *
 * @example
 * const paused = await control.supplier({ status: 'Paused' });
 * await control.skip(supplier, external);
 */
import type { APIRequestContext } from '@playwright/test';
import { type controlComponents, mockControl } from '../../spec/index.ts';
import { ConformanceError, safeFetch } from './api-client.ts';
import { REQUEST_TIMEOUT_MS } from './limits.ts';
import { redactText } from './redact.ts';

/**
 * A schema of the control API, as generated from spec/control.yaml: the views and changes this
 * client passes on are never copied by hand, so they cannot drift from what the mock answers.
 */
type Schema<Name extends keyof controlComponents['schemas']> = controlComponents['schemas'][Name];

function accountPath(supplier: string, external: string): string {
  return `/__mock/accounts/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}`;
}

/** A client of the control API; one per test. */
export class ControlClient {
  readonly #request: APIRequestContext;
  readonly #baseURL: string;
  readonly #prefix: string;
  #count = 0;

  /**
   * @param prefix makes the names this client creates unique in the run (run id and test id).
   */
  constructor(request: APIRequestContext, baseURL: string, prefix: string) {
    this.#request = request;
    this.#baseURL = baseURL.replace(/\/+$/, '');
    this.#prefix = prefix;
  }

  /** Calls a control operation and checks its answer against spec/control.yaml. */
  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const route = mockControl.route(method, path.split('?')[0] ?? path);
    if (route.kind !== 'found') throw new Error(`No control operation ${method} ${path}`);
    const response = await safeFetch(this.#request, `${this.#baseURL}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      data: body === undefined ? undefined : JSON.stringify(body),
      failOnStatusCode: false,
      timeout: REQUEST_TIMEOUT_MS,
    });
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as T) : (undefined as T);
    const check = mockControl.checkResponse(
      route.operation.operationId,
      response.status(),
      response.headers()['content-type'],
      parsed,
    );
    if (!check.ok) {
      throw new ConformanceError(
        redactText(`${check.problems.join('\n')}\n  at ${method} ${path}`),
      );
    }
    if (response.status() >= 400) {
      throw new Error(
        redactText(`Control call ${method} ${path} failed: ${response.status()} ${text}`),
      );
    }
    return { status: response.status(), body: parsed };
  }

  /** A unique name for something this test creates (supplier code, team name). */
  name(kind: string): string {
    this.#count += 1;
    return `${this.#prefix}_${kind}${this.#count}`.toUpperCase().slice(0, 32);
  }

  /** Creates a supplier of this test's own (Ongoing unless said otherwise); returns its code. */
  async supplier(change: Schema<'SupplierChange'> = {}): Promise<string> {
    const code = this.name('S');
    await this.call('PUT', `/__mock/suppliers/${code}`, { status: 'Ongoing', ...change });
    return code;
  }

  /** Changes a supplier this test created (status, e-mails on migration, document root). */
  async updateSupplier(
    code: string,
    change: Schema<'SupplierChange'>,
  ): Promise<Schema<'SupplierView'>> {
    return (await this.call<Schema<'SupplierView'>>('PUT', `/__mock/suppliers/${code}`, change))
      .body;
  }

  /** Creates an operations team of this test's own; returns its name. */
  async team(): Promise<string> {
    const name = this.name('T');
    await this.call('PUT', `/__mock/operations-teams/${encodeURIComponent(name)}`);
    return name;
  }

  /** Marks an account to be skipped (STG-6). */
  async skip(supplier: string, external: string): Promise<void> {
    await this.call(
      'PUT',
      `/__mock/skip-marks/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}`,
    );
  }

  /** The outbox entries of one account (SUP-4). */
  async outbox(supplier: string, external: string): Promise<Schema<'OutboxEntryView'>[]> {
    const query = new URLSearchParams({
      import_supplier: supplier,
      external_account_number: external,
    });
    return (await this.call<Schema<'OutboxEntryView'>[]>('GET', `/__mock/outbox?${query}`)).body;
  }

  /** What the mock holds about one account, or undefined when it holds nothing. */
  async account(supplier: string, external: string): Promise<Record<string, unknown> | undefined> {
    const path = `/__mock/accounts/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}`;
    const response = await safeFetch(this.#request, `${this.#baseURL}${path}`, {
      failOnStatusCode: false,
    });
    if (response.status() === 404) return undefined;
    return (await this.call<Record<string, unknown>>('GET', path)).body;
  }

  /** The notes the mock holds for an account, with their pinned state now (NOTE-7). */
  async notes(supplier: string, external: string): Promise<Schema<'AccountNoteView'>[]> {
    const path = `${accountPath(supplier, external)}/notes`;
    return (await this.call<Schema<'AccountNoteView'>[]>('GET', path)).body;
  }

  /** The registration state of an account's meter points (REG-2, STS-13). */
  async meterPoints(
    supplier: string,
    external: string,
  ): Promise<Schema<'MeterPointRegistrationView'>[]> {
    return (
      await this.call<Schema<'MeterPointRegistrationView'>[]>(
        'GET',
        `${accountPath(supplier, external)}/meter-points`,
      )
    ).body;
  }

  /** Sets the industry's outcome of a meter point's registration (REG-7, STS-6..STS-8). */
  async outcome(
    supplier: string,
    external: string,
    mpxn: string,
    change: Schema<'MeterPointOutcomeChange'>,
  ): Promise<void> {
    await this.call(
      'PUT',
      `${accountPath(supplier, external)}/meter-points/${encodeURIComponent(mpxn)}/outcome`,
      change,
    );
  }

  /** Makes every registration flow of a meter point fail with this error_detail (REG-6). */
  async flowFault(
    supplier: string,
    external: string,
    mpxn: string,
    errorDetail: string | null,
  ): Promise<void> {
    const change: Schema<'RegistrationFlowFaultChange'> = { error_detail: errorDetail };
    await this.call(
      'PUT',
      `${accountPath(supplier, external)}/meter-points/${encodeURIComponent(mpxn)}/flow-fault`,
      change,
    );
  }

  /** Makes the payment vendor fail for one account (PAY-4 persistent, PAY-5 intermittent). */
  async paymentFault(
    supplier: string,
    external: string,
    fault: Schema<'PaymentVendorFault'> | null,
  ): Promise<void> {
    const path = `/__mock/payment-vendor/accounts/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}/fault`;
    if (fault) await this.call('PUT', path, fault);
    else await this.call('DELETE', path);
  }

  /** Makes the payment vendor fail for a supplier this test created. */
  async supplierPaymentFault(
    supplier: string,
    fault: Schema<'PaymentVendorFault'> | null,
  ): Promise<void> {
    const path = `/__mock/payment-vendor/suppliers/${encodeURIComponent(supplier)}/fault`;
    if (fault) await this.call('PUT', path, fault);
    else await this.call('DELETE', path);
  }

  /** Switches the check that documents exist in the local bucket (isolated project only: global). */
  async checkDocuments(on: boolean): Promise<boolean> {
    const before = (await this.call<Schema<'DocumentSettings'>>('GET', '/__mock/documents')).body;
    const change: Schema<'DocumentSettings'> = { check_documents: on };
    await this.call('PUT', '/__mock/documents', change);
    return before.check_documents;
  }

  /** Places a document in the mock's bucket under a supplier's root location (DOC-2). */
  async placeDocument(supplier: string, path: string): Promise<string> {
    const placement: Schema<'DocumentPlacement'> = { import_supplier: supplier, path };
    const placed = await this.call<Schema<'PlacedDocument'>>(
      'POST',
      '/__mock/documents/files',
      placement,
    );
    return placed.body.location;
  }

  /** The mock clock. */
  async clock(): Promise<Schema<'Clock'>> {
    return (await this.call<Schema<'Clock'>>('GET', '/__mock/clock')).body;
  }

  /** Sets, freezes or advances the mock clock (isolated project only: it is global). */
  async setClock(change: Schema<'ClockChange'>): Promise<Schema<'Clock'>> {
    return (await this.call<Schema<'Clock'>>('PUT', '/__mock/clock', change)).body;
  }

  /** Sets the process concurrency limit and processing time (isolated project only). */
  async processing(change: Schema<'ProcessingChange'>): Promise<void> {
    await this.call('PUT', '/__mock/processing', change);
  }

  /** Sets token lifetimes (isolated project only). */
  async auth(change: Schema<'AuthSettingsChange'>): Promise<void> {
    await this.call('PUT', '/__mock/auth', change);
  }
}
