/**
 * Keys from input never reach an object's prototype: supplier codes, account keys, meter points
 * and the payment vendor's fault counters are looked up in `Map`s or null-prototype objects, so
 * `__proto__`, `constructor`, `toString` and `hasOwnProperty` are ordinary codes (unknown until
 * the operator creates them), and no request can change `Object.prototype` for the whole process.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { createTestClient } from './test-client.ts';

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

const pristine = Object.getOwnPropertyNames(Object.prototype).sort();

function expectCleanPrototype() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(pristine);
  expect(({} as Record<string, unknown>).remaining).toBeUndefined();
}

/** Every `detail` of a body: none may hold an unfilled `{name}` template. */
function details(body: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'detail' && typeof value === 'string') found.push(value);
        walk(value);
      }
    }
  };
  walk(body);
  return found;
}

afterEach(() => {
  // A failing test must not leave the prototype poisoned for the tests after it.
  for (const name of Object.getOwnPropertyNames(Object.prototype)) {
    if (!pristine.includes(name)) delete (Object.prototype as Record<string, unknown>)[name];
  }
});

describe('putSupplier and the operations of a supplier', () => {
  test('a supplier named __proto__ is staged, processed and paid like any other, and the process stays clean (SUP-1, PAY-4)', async () => {
    const client = createTestClient();
    await client.login();
    const created = await client.call('PUT', '/__mock/suppliers/__proto__', { status: 'Ongoing' });
    expect(created).toMatchObject({ status: 201, body: { code: '__proto__', status: 'Ongoing' } });
    const fault = await client.call('PUT', '/__mock/payment-vendor/suppliers/__proto__/fault', {
      kind: 'persistent',
      remaining: 2,
    });
    expect(fault.status).toBe(200);
    const account = client.account({ import_supplier: '__proto__' });
    expect((await client.stage(account)).status).toBe(201);
    const processed = await client.process(account.external_account_number, {
      import_supplier_code: '__proto__',
    });
    expect(processed.status).toBe(201);
    const payment = await client.call('POST', '/v1/data-import/payment-instruction/create/', {
      import_supplier: '__proto__',
      external_account_number: account.external_account_number,
      vendor: 'STRIPE',
      reference: 'pm_1OqDemoEnergyCard0001',
      type: 'CARD',
    });
    // The operator's fault for this supplier is in force: the vendor fails persistently.
    expect(payment.status).toBe(400);
    expectCleanPrototype();
    const listed = await client.call('GET', '/__mock/suppliers');
    expect(listed.body).toContainEqual(expect.objectContaining({ code: '__proto__' }));

    expect((await client.call('POST', '/__mock/reset')).status).toBe(200);
    expectCleanPrototype();
    await client.login();
    expect((await client.stage(client.account())).status).toBe(201);
    expect((await client.call('GET', '/__mock/clock')).status).toBe(200);
  });

  test.each(PROTOTYPE_KEYS)(
    'a supplier code %s is unknown until the operator creates it (SUP-1, STG-1)',
    async (code) => {
      const client = createTestClient();
      await client.login();
      const account = client.account({ import_supplier: code });
      const staged = await client.stage(account);
      expect(staged.status).toBe(400);
      expect(staged.body).toMatchObject({ code: 'import_supplier_not_found' });
      for (const detail of details(staged.body)) expect(detail).not.toMatch(/\{[a-z_]+\}/);
      const listing = await client.call(
        'GET',
        `/v1/data-import/all-account-import-processes/${encodeURIComponent(code)}/`,
      );
      expect(listing.status).toBeLessThan(500);
      for (const detail of details(listing.body)) expect(detail).not.toMatch(/\{[a-z_]+\}/);
      const placed = await client.call('POST', '/__mock/documents/files', {
        import_supplier: code,
        path: 'notes/letter.pdf',
      });
      expect(placed.status).toBe(404);
      const fault = await client.call(
        'PUT',
        `/__mock/payment-vendor/suppliers/${encodeURIComponent(code)}/fault`,
        { kind: 'persistent' },
      );
      expect(fault.status).toBe(404);
      const created = await client.call('PUT', `/__mock/suppliers/${encodeURIComponent(code)}`, {
        status: 'Paused',
      });
      expect(created).toMatchObject({ status: 201, body: { code, status: 'Paused' } });
      const paused = await client.stage(client.account({ import_supplier: code }));
      expect(paused.body).toMatchObject({ code: 'import_supplier_migration_not_ongoing' });
      for (const detail of details(paused.body)) expect(detail).toContain('Paused');
      expectCleanPrototype();
    },
  );

  test('an imported state holding prototype keys keeps them as ordinary entries (GEN-2)', async () => {
    const client = createTestClient();
    await client.call('PUT', '/__mock/suppliers/__proto__', { status: 'Ongoing' });
    await client.call('PUT', '/__mock/suppliers/constructor', { status: 'Complete' });
    await client.call('PUT', '/__mock/payment-vendor/suppliers/__proto__/fault', {
      kind: 'intermittent',
      remaining: 1,
    });
    const exported = (await client.call('GET', '/__mock/state')).body as Record<string, unknown>;
    await client.call('POST', '/__mock/reset');
    expect((await client.call('PUT', '/__mock/state', exported)).status).toBe(200);
    const again = (await client.call('GET', '/__mock/state')).body;
    expect(again).toEqual(exported);
    expect(Object.keys((again as { suppliers: object }).suppliers)).toContain('__proto__');
    const suppliers = client.mock.service.state.suppliers;
    expect(Object.getPrototypeOf(suppliers)).toBeNull();
    expect(
      Object.getPrototypeOf(client.mock.service.state.paymentVendor.supplierFaults),
    ).toBeNull();
    expectCleanPrototype();
  });
});

describe('patchPlatformCatalogue', () => {
  test('[GEN-6] a section named __proto__ is an unknown section, refused without touching the catalogue', async () => {
    const client = createTestClient();
    const before = (await client.call('GET', '/__mock/catalogue')).body;
    for (const text of ['{"__proto__":{"injected":true}}', '{"__proto__":{"campaigns":[]}}']) {
      const answer = await client.call('PATCH', '/__mock/catalogue', undefined, { raw: text });
      expect(answer.status, text).toBe(400);
      const fields = (answer.body as { errors: { field?: string; attr?: string }[] }).errors.map(
        (e) => e.attr ?? e.field,
      );
      // The section the client sent is named, not a field of its value.
      expect(fields.join(' '), text).toContain('__proto__');
      expect(fields.join(' '), text).not.toContain('injected');
      const after = (await client.call('GET', '/__mock/catalogue')).body;
      expect(after).toEqual(before);
      // Nothing of the refused change is held, in the catalogue or under it.
      expect(JSON.parse(client.snapshot()).platformCatalogue).toEqual(before);
    }
    expectCleanPrototype();
  });
});
