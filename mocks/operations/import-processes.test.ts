import { describe, expect, test } from 'vitest';
import { createTestClient } from '../test-client.ts';

const base = '/v1/data-import';

async function withAccounts() {
  const client = createTestClient();
  await client.login();
  const staged = client.account();
  const imported = client.account();
  await client.stage(staged);
  await client.stage(imported);
  const created = (await client.process(imported.external_account_number)).body as {
    service_account_number: string;
  };
  return { client, staged, imported, serviceAccountNumber: created.service_account_number };
}

describe('getAccountTransferStatus (GET .../account-transfer-status/{code}/{external}/)', () => {
  test('[STS-3] 404 when no account import process exists for the pair', async () => {
    const client = createTestClient();
    await client.login();
    const response = await client.call('GET', `${base}/account-transfer-status/DEMO_ENERGY/NOPE/`);
    expect(response).toEqual({
      status: 404,
      body: { detail: expect.any(String), code: 'import_process_does_not_exist', errors: [] },
    });
    expect(client.problems('getAccountTransferStatus', response)).toEqual([]);
  });

  test('[STS-2] [STS-4] a staged account is UNKNOWN with an empty service account number', async () => {
    const { client, staged } = await withAccounts();
    const response = await client.call(
      'GET',
      `${base}/account-transfer-status/DEMO_ENERGY/${staged.external_account_number}/`,
    );
    expect(response).toEqual({
      status: 200,
      body: { status: 'UNKNOWN', service_account_number: '' },
    });
    expect(client.problems('getAccountTransferStatus', response)).toEqual([]);
  });

  test('[STS-1] [STS-5] a created account without registration flows is PENDING with its number', async () => {
    const { client, imported, serviceAccountNumber } = await withAccounts();
    const response = await client.call(
      'GET',
      `${base}/account-transfer-status/DEMO_ENERGY/${imported.external_account_number}/`,
    );
    expect(response).toEqual({
      status: 200,
      body: { status: 'PENDING', service_account_number: serviceAccountNumber },
    });
  });

  test('[GEN-9] the pair identifies the account: the same number under another supplier is not found', async () => {
    const { client, imported } = await withAccounts();
    const response = await client.call(
      'GET',
      `${base}/account-transfer-status/DEMO_PAUSED/${imported.external_account_number}/`,
    );
    expect(response.status).toBe(404);
  });
});

/** A list operation's answer to a supplier code one character over ImportSupplierCode's 32. */
async function listTooLong(list: string) {
  const client = createTestClient();
  await client.login();
  const response = await client.call('GET', `${base}/${list}/${'A'.repeat(33)}/`);
  expect(response).toEqual({
    status: 400,
    body: {
      detail: 'Could not validate the request.',
      code: 'request_failed_validation',
      errors: [
        {
          detail: 'Ensure this field has no more than 32 characters.',
          code: 'max_length',
          attr: 'import_supplier_code',
        },
      ],
    },
  });
  expect((await client.call('GET', `${base}/${list}/${'A'.repeat(32)}/`)).status).toBe(200);
}

describe('listAllAccountImportProcesses (GET .../all-account-import-processes/{code}/)', () => {
  test('[ERR-1] [ERR-4] a supplier code longer than the spec allows is refused with the validation error body', async () => {
    await listTooLong('all-account-import-processes');
  });

  test('[STS-9] lists staged and imported accounts; pending ones have null number and creation time', async () => {
    const { client, staged, imported, serviceAccountNumber } = await withAccounts();
    const response = await client.call('GET', `${base}/all-account-import-processes/DEMO_ENERGY/`);
    expect(response).toEqual({
      status: 200,
      body: [
        {
          external_account_number: staged.external_account_number,
          service_account_number: null,
          account_created_at: null,
        },
        {
          external_account_number: imported.external_account_number,
          service_account_number: serviceAccountNumber,
          account_created_at: '2026-11-01T12:00:00Z',
        },
      ],
    });
    expect(client.problems('listAllAccountImportProcesses', response)).toEqual([]);
  });

  test('[STS-12] an unknown supplier, or one without accounts, gets 200 with an empty list', async () => {
    const client = createTestClient();
    await client.login();
    for (const code of ['DEMO_ENERGY', 'NO_SUCH_SUPPLIER']) {
      expect(await client.call('GET', `${base}/all-account-import-processes/${code}/`)).toEqual({
        status: 200,
        body: [],
      });
    }
  });
});

describe('listPendingAccountImportProcesses (GET .../pending-account-import-processes/{code}/)', () => {
  test('[ERR-1] [ERR-4] a supplier code longer than the spec allows is refused with the validation error body', async () => {
    await listTooLong('pending-account-import-processes');
  });

  test('[STS-10] lists staged accounts only, with null number and creation time', async () => {
    const { client, staged } = await withAccounts();
    const response = await client.call(
      'GET',
      `${base}/pending-account-import-processes/DEMO_ENERGY/`,
    );
    expect(response).toEqual({
      status: 200,
      body: [
        {
          external_account_number: staged.external_account_number,
          service_account_number: null,
          account_created_at: null,
        },
      ],
    });
    expect(client.problems('listPendingAccountImportProcesses', response)).toEqual([]);
  });
});

describe('listImportedAccountImportProcesses (GET .../imported-account-import-processes/{code}/)', () => {
  test('[ERR-1] [ERR-4] a supplier code longer than the spec allows is refused with the validation error body', async () => {
    await listTooLong('imported-account-import-processes');
  });

  test('[STS-11] lists accounts that now have a platform account, with number and creation time', async () => {
    const { client, imported, serviceAccountNumber } = await withAccounts();
    const response = await client.call(
      'GET',
      `${base}/imported-account-import-processes/DEMO_ENERGY/`,
    );
    expect(response).toEqual({
      status: 200,
      body: [
        {
          external_account_number: imported.external_account_number,
          service_account_number: serviceAccountNumber,
          account_created_at: '2026-11-01T12:00:00Z',
        },
      ],
    });
    expect(client.problems('listImportedAccountImportProcesses', response)).toEqual([]);
  });
});
