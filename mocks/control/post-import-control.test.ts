import { describe, expect, test } from 'vitest';
import { mockControl } from '../../spec/index.ts';
import { createTestClient } from '../test-client.ts';

function conforms(operationId: string, response: { status: number; body: unknown }) {
  expect(
    mockControl.checkResponse(operationId, response.status, 'application/json', response.body)
      .problems,
  ).toEqual([]);
}

async function importedAccount() {
  const client = createTestClient();
  await client.login();
  const account = client.account();
  await client.stage(account);
  await client.process(account.external_account_number);
  const ext = account.external_account_number;
  return { client, account, ext };
}

const status = (client: ReturnType<typeof createTestClient>, ext: string) =>
  client.call('GET', `/v1/data-import/account-transfer-status/DEMO_ENERGY/${ext}/`);

describe('control API: registration outcomes', () => {
  test('[STS-5] [STS-6] [STS-8] the operator drives an account from PENDING through IN_PROGRESS to COMPLETED', async () => {
    const { client, ext } = await importedAccount();
    expect((await status(client, ext)).body).toMatchObject({ status: 'PENDING' });
    const sent = await client.call(
      'POST',
      `/v1/data-import/send-registration-flows/DEMO_ENERGY/${ext}/`,
    );
    expect(sent.status).toBe(200);
    expect((await status(client, ext)).body).toMatchObject({ status: 'IN_PROGRESS' });
    const points = await client.call('GET', `/__mock/accounts/DEMO_ENERGY/${ext}/meter-points`);
    conforms('getMeterPointRegistrations', points);
    for (const point of points.body as { mpxn: string }[]) {
      const set = await client.call(
        'PUT',
        `/__mock/accounts/DEMO_ENERGY/${ext}/meter-points/${point.mpxn}/outcome`,
        {
          outcome: 'accepted',
          after_seconds: 2 * 24 * 3600,
        },
      );
      conforms('setMeterPointOutcome', set);
    }
    expect((await status(client, ext)).body).toMatchObject({ status: 'IN_PROGRESS' });
    await client.call('PUT', '/__mock/clock', { advance_seconds: 30 * 24 * 3600 });
    await client.login();
    expect((await status(client, ext)).body).toMatchObject({ status: 'COMPLETED' });
  });

  test('[STS-7] a rejected meter point makes the transfer REJECTED', async () => {
    const { client, ext } = await importedAccount();
    await client.call('POST', `/v1/data-import/send-registration-flows/DEMO_ENERGY/${ext}/`);
    const points = (await client.call('GET', `/__mock/accounts/DEMO_ENERGY/${ext}/meter-points`))
      .body as { mpxn: string }[];
    await client.call(
      'PUT',
      `/__mock/accounts/DEMO_ENERGY/${ext}/meter-points/${points[0]!.mpxn}/outcome`,
      { outcome: 'rejected' },
    );
    expect((await status(client, ext)).body).toMatchObject({ status: 'REJECTED' });
  });

  test('[REG-6] a forced flow fault gives REGISTRATION_FLOW_ERROR with its error_detail', async () => {
    const { client, ext } = await importedAccount();
    const points = (await client.call('GET', `/__mock/accounts/DEMO_ENERGY/${ext}/meter-points`))
      .body as { mpxn: string }[];
    const mpxn = points[0]!.mpxn;
    const set = await client.call(
      'PUT',
      `/__mock/accounts/DEMO_ENERGY/${ext}/meter-points/${mpxn}/flow-fault`,
      {
        error_detail: 'TEN not current supplier',
      },
    );
    conforms('setRegistrationFlowFault', set);
    const sent = await client.call(
      'POST',
      `/v1/data-import/send-registration-flows/DEMO_ENERGY/${ext}/`,
    );
    const results = (
      sent.body as { meter_points: { mpxn: string; status: string; error_detail?: string }[] }[]
    )[0]!.meter_points;
    expect(results).toContainEqual({
      mpxn,
      status: 'REGISTRATION_FLOW_ERROR',
      error_detail: 'TEN not current supplier',
    });
  });

  test('setMeterPointOutcome refuses an unknown outcome and a not-imported account', async () => {
    const { client, ext } = await importedAccount();
    const bad = await client.call(
      'PUT',
      `/__mock/accounts/DEMO_ENERGY/${ext}/meter-points/1200060176720/outcome`,
      { outcome: 'maybe' },
    );
    expect(bad.status).toBe(400);
    conforms('setMeterPointOutcome', bad);
    const missing = await client.call(
      'PUT',
      '/__mock/accounts/DEMO_ENERGY/NOPE/meter-points/1200060176720/outcome',
      { outcome: 'accepted' },
    );
    expect(missing.status).toBe(404);
    conforms('setMeterPointOutcome', missing);
  });
});

describe('control API: payment vendor faults', () => {
  const instruction = (ext: string, reference: string) => ({
    import_supplier: 'DEMO_ENERGY',
    external_account_number: ext,
    vendor: 'STRIPE',
    reference,
    type: 'CARD',
  });

  test('[PAY-5] "fail the next N calls" with an intermittent fault gives 500 N times, then the same request succeeds', async () => {
    const { client, ext } = await importedAccount();
    const set = await client.call(
      'PUT',
      `/__mock/payment-vendor/accounts/DEMO_ENERGY/${ext}/fault`,
      { kind: 'intermittent', remaining: 2 },
    );
    expect(set.body).toEqual({ kind: 'intermittent', remaining: 2 });
    conforms('setAccountPaymentVendorFault', set);
    const request = instruction(ext, 'REF-0001');
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await client.call('POST', '/v1/data-import/payment-instruction/create/', request)).status,
      );
    }
    expect(statuses).toEqual([500, 500, 201]);
  });

  test('[PAY-4] a persistent supplier fault gives 400 until cleared', async () => {
    const { client, ext } = await importedAccount();
    await client.call('PUT', '/__mock/payment-vendor/suppliers/DEMO_ENERGY/fault', {
      kind: 'persistent',
    });
    const failed = await client.call(
      'POST',
      '/v1/data-import/payment-instruction/create/',
      instruction(ext, 'REF-0002'),
    );
    expect(failed.status).toBe(400);
    conforms(
      'clearSupplierPaymentVendorFault',
      await client.call('DELETE', '/__mock/payment-vendor/suppliers/DEMO_ENERGY/fault'),
    );
    const created = await client.call(
      'POST',
      '/v1/data-import/payment-instruction/create/',
      instruction(ext, 'REF-0003'),
    );
    expect(created.status).toBe(201);
  });

  test('cancelPaymentInstruction lets a second instruction be created', async () => {
    const { client, ext } = await importedAccount();
    expect(
      (
        await client.call(
          'POST',
          '/v1/data-import/payment-instruction/create/',
          instruction(ext, 'REF-1'),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await client.call(
          'POST',
          '/v1/data-import/payment-instruction/create/',
          instruction(ext, 'REF-2'),
        )
      ).status,
    ).toBe(400);
    conforms(
      'cancelPaymentInstruction',
      await client.call('DELETE', `/__mock/accounts/DEMO_ENERGY/${ext}/payment-instruction`),
    );
    expect(
      (
        await client.call(
          'POST',
          '/v1/data-import/payment-instruction/create/',
          instruction(ext, 'REF-2'),
        )
      ).status,
    ).toBe(201);
  });
});

describe('control API: notes and documents', () => {
  test('[NOTE-7] getAccountNotes shows notes with their pinned state', async () => {
    const { client, ext } = await importedAccount();
    await client.call('POST', '/v1/data-import/notes/create/', {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: ext,
      notes: [{ body: 'Pinned for a week.', is_pinned: true, unpin_at: '2026-11-08T12:00:00Z' }],
    });
    const notes = await client.call('GET', `/__mock/accounts/DEMO_ENERGY/${ext}/notes`);
    conforms('getAccountNotes', notes);
    expect(notes.body).toContainEqual(
      expect.objectContaining({ body: 'Pinned for a week.', is_pinned: true, pinned_now: true }),
    );
  });

  test('[DOC-1] with check documents on, a note whose document is not in the store is refused', async () => {
    const { client, ext } = await importedAccount();
    const on = await client.call('PUT', '/__mock/documents', { check_documents: true });
    expect(on.body).toEqual({ check_documents: true });
    const response = await client.call('POST', '/v1/data-import/notes/create/', {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: ext,
      notes: [{ document_paths: [{ document_path: 'missing/letter.pdf' }] }],
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('path_does_not_exist_in_file_store');
  });
});

describe('control API: placed documents', () => {
  test('[DOC-2] a document placed in the bucket exists for the check; the same path elsewhere does not', async () => {
    const { client, ext } = await importedAccount();
    await client.call('PUT', '/__mock/documents', { check_documents: true });
    const placed = await client.call('POST', '/__mock/documents/files', {
      import_supplier: 'DEMO_ENERGY',
      path: '/notes/1234/welcome-letter.pdf',
    });
    expect(placed).toEqual({
      status: 201,
      body: { location: 'demo-energy/notes/1234/welcome-letter.pdf' },
    });
    conforms('placeDocument', placed);
    const note = (path: string) =>
      client.call('POST', '/v1/data-import/notes/create/', {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: ext,
        notes: [{ body: `Letter ${path}`, document_paths: [{ document_path: path }] }],
      });
    expect((await note('notes/1234/welcome-letter.pdf')).status).toBe(201);
    expect((await note('notes/1234/other-letter.pdf')).status).toBe(400);
  });

  test('[DOC-2] placeDocument refuses a path that leaves the root, and an unknown supplier', async () => {
    const client = createTestClient();
    const before = client.snapshot();
    const outside = await client.call('POST', '/__mock/documents/files', {
      import_supplier: 'DEMO_ENERGY',
      path: '../x.pdf',
    });
    expect(outside.status).toBe(400);
    conforms('placeDocument', outside);
    const unknown = await client.call('POST', '/__mock/documents/files', {
      import_supplier: 'NOBODY',
      path: 'x.pdf',
    });
    expect(unknown.status).toBe(404);
    expect(client.snapshot()).toBe(before);
  });
});
