/**
 * Status and listing (STS-1..STS-12): account-transfer-status and the three lists. The lists are
 * per supplier and other tests stage under the same supplier at the same time, so assertions are
 * about this test's own accounts (contained or not); exact lists only for a supplier of the
 * test's own (mock mode) or an unknown one.
 */
import { expect, test } from './fixtures.ts';
import type { ImportProcessSummary } from './support/api-client.ts';
import { ControlClient } from './support/control-client.ts';
import { listOrNone } from './support/lists.ts';
import { DATETIME, operationTitle, REQUEST_VIOLATION } from './support/operations.ts';

function find(list: ImportProcessSummary[], external: string): ImportProcessSummary | undefined {
  return list.find((s) => s.external_account_number === external);
}

/**
 * ERR-1 (kit): a supplier code longer than the spec's ImportSupplierCode (32 characters) can name
 * no supplier; it is refused with the validation error body, the same check for each list.
 */
function tooLongCodeTest(kind: 'all' | 'pending' | 'imported'): void {
  test('[ERR-1] [ERR-4] [ERR-5] a supplier code longer than the spec allows is refused with the error body', {
    tag: REQUEST_VIOLATION,
  }, async ({ api, kit }) => {
    const exchange = await api.list(kind, 'X'.repeat(33), {
      invalid: true,
      assumption: 'A supplier code over 32 characters is bad input',
    });
    await kit.assume(
      '400 request_failed_validation with max_length at import_supplier_code',
      () => {
        expect(exchange.status).toBe(400);
        expect(exchange.body).toMatchObject({
          code: 'request_failed_validation',
          errors: [{ code: 'max_length', attr: 'import_supplier_code' }],
        });
      },
    );
  });
}

/** STS-12 (open): the list of a supplier without accounts, the same check for each list. */
function emptyListTest(kind: 'all' | 'pending' | 'imported'): void {
  test('[STS-12] a supplier without accounts gets 200 with an empty list', async ({
    api,
    settings,
    kit,
  }) => {
    const unknown = `EMPTY${settings.runId}`.toUpperCase().slice(0, 32);
    const exchange = await api.list(kind, unknown, {
      assumption: 'An unknown supplier, or one without accounts, gets 200 []',
    });
    await kit.assume('No account gives 200 with an empty list (STS-12 is open)', () => {
      expect(exchange.status).toBe(200);
      expect(exchange.body).toEqual([]);
    });
  });
}

test.describe(operationTitle('getAccountTransferStatus'), () => {
  test('[STS-3] 404 when no account import process exists for the pair', async ({
    api,
    settings,
    accounts,
    request,
    testKey,
  }) => {
    const external = accounts.next();
    if (settings.mode === 'mock') {
      // The premise, where the operator can state it: the target holds nothing for the pair.
      const control = new ControlClient(request, settings.controlURL, testKey);
      expect(await control.account(settings.importSupplier, external)).toBeUndefined();
    }
    const exchange = await api.transferStatus(settings.importSupplier, external);
    expect(exchange.status).toBe(404);
  });

  test('[STS-1] [STS-2] [STS-4] a staged account is UNKNOWN with an empty service_account_number', async ({
    api,
    lifecycle,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.stage(account);
    const exchange = await api.transferStatus(
      lifecycle.supplier,
      account.external_account_number as string,
    );
    expect(exchange.status).toBe(200);
    expect(exchange.body).toMatchObject({ status: 'UNKNOWN', service_account_number: '' });
  });

  test('[STS-1] [STS-5] a created account without registration flows is PENDING with its service_account_number', async ({
    api,
    lifecycle,
  }) => {
    const account = lifecycle.domesticAccount();
    const number = await lifecycle.import(account);
    const exchange = await api.transferStatus(
      lifecycle.supplier,
      account.external_account_number as string,
    );
    expect(exchange.status).toBe(200);
    expect(exchange.body).toMatchObject({
      status: api.transferStatusOf('PENDING'),
      service_account_number: number,
    });
  });

  test('[GEN-9] [STS-3] the pair identifies the account: the same number under another supplier is not found', async ({
    api,
    lifecycle,
    settings,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.stage(account);
    const other = `OTHER${settings.runId}`.toUpperCase().slice(0, 32);
    const exchange = await api.transferStatus(other, account.external_account_number as string);
    expect(exchange.status).toBe(404);
  });
});

test.describe(operationTitle('listAllAccountImportProcesses'), () => {
  test('[STS-9] [STS-12] answers with the supplier’s account import processes, 200 with an array when it has any', async ({
    api,
    settings,
  }) => {
    const items = await listOrNone(api, 'all', settings.importSupplier);
    for (const item of items) expect(typeof item.external_account_number).toBe('string');
  });

  test('[STS-9] [GEN-3] lists staged and imported accounts; pending ones have null service_account_number and account_created_at', async ({
    api,
    lifecycle,
  }) => {
    const staged = lifecycle.domesticAccount();
    const imported = lifecycle.domesticAccount();
    const before = await api.list('all', lifecycle.supplier);
    expect(find(before.body, staged.external_account_number as string)).toBeUndefined();
    await lifecycle.stage(staged);
    const number = await lifecycle.import(imported);
    const after = await api.list('all', lifecycle.supplier);
    expect(after.status).toBe(200);
    expect(find(after.body, staged.external_account_number as string)).toMatchObject({
      external_account_number: staged.external_account_number,
      service_account_number: null,
      account_created_at: null,
    });
    const created = find(after.body, imported.external_account_number as string);
    expect(created?.service_account_number).toBe(number);
    expect(created?.account_created_at, 'a datetime in UTC (GEN-3)').toMatch(DATETIME);
  });

  emptyListTest('all');
  tooLongCodeTest('all');

  test('[STS-12] [STS-9] a configured supplier without accounts gets 200 with an empty list', async ({
    api,
    control,
  }) => {
    const supplier = await control.supplier();
    const exchange = await api.list('all', supplier);
    expect(exchange.status).toBe(200);
    expect(exchange.body).toEqual([]);
  });
});

test.describe(operationTitle('listPendingAccountImportProcesses'), () => {
  test('[STS-10] [STS-12] answers with the supplier’s staged accounts, null numbers and times', async ({
    api,
    settings,
  }) => {
    for (const item of await listOrNone(api, 'pending', settings.importSupplier)) {
      expect(item.service_account_number).toBeNull();
      expect(item.account_created_at).toBeNull();
    }
  });

  test('[STS-10] lists staged accounts only, with null service_account_number and account_created_at', async ({
    api,
    lifecycle,
  }) => {
    const staged = lifecycle.domesticAccount();
    const imported = lifecycle.domesticAccount();
    await lifecycle.stage(staged);
    await lifecycle.import(imported);
    const exchange = await api.list('pending', lifecycle.supplier);
    expect(exchange.status).toBe(200);
    expect(find(exchange.body, staged.external_account_number as string)).toMatchObject({
      external_account_number: staged.external_account_number,
      service_account_number: null,
      account_created_at: null,
    });
    expect(find(exchange.body, imported.external_account_number as string)).toBeUndefined();
  });

  emptyListTest('pending');
  tooLongCodeTest('pending');
});

test.describe(operationTitle('listImportedAccountImportProcesses'), () => {
  test('[STS-11] [STS-12] answers for the supplier’s imported accounts, 200 when it has any', async ({
    api,
    settings,
  }) => {
    await listOrNone(api, 'imported', settings.importSupplier);
  });

  test('[STS-11] [GEN-3] lists the accounts that now have a platform account', async ({
    api,
    lifecycle,
    kit,
  }) => {
    const staged = lifecycle.domesticAccount();
    const imported = lifecycle.domesticAccount();
    await lifecycle.stage(staged);
    const number = await lifecycle.import(imported);
    const exchange = await api.list('imported', lifecycle.supplier);
    expect(exchange.status).toBe(200);
    expect(exchange.text, 'the imported account is named').toContain(
      imported.external_account_number as string,
    );
    expect(exchange.text, 'the staged account is not').not.toContain(
      staged.external_account_number as string,
    );
    await kit.assume('The items are the list summaries with number and creation time set', () => {
      const item = find(exchange.body, imported.external_account_number as string);
      expect(item?.service_account_number).toBe(number);
      expect(item?.account_created_at).toMatch(DATETIME);
    });
  });

  emptyListTest('imported');
  tooLongCodeTest('imported');
});
