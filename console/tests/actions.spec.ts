/**
 * Every operator action of the console, done by clicking and typing, and its effect checked the
 * way a supplier sees it: through the interface (or, for what only the operator sees, through the
 * page itself).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { defaultPlatformCatalogue } from '../../spec/index.ts';
import {
  domesticExample,
  EXAMPLE_EXTERNAL,
  expect,
  type InterfaceClient,
  openAccount,
  openConsole,
  test,
} from './fixtures.ts';

const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const PROCESS = '/v1/data-import/account-import-process/process/';
const PAYMENT = '/v1/data-import/payment-instruction/create/';

async function stage(iface: InterfaceClient, external: string, supplier = 'DEMO_ENERGY') {
  const example = domesticExample();
  // Each account holds references of its own: the platform refuses a reference another account
  // holds (reference_already_exists).
  const references = (example.references as { value: string }[] | undefined)?.map((r) => ({
    ...r,
    value: `${r.value}-${external}`,
  }));
  return iface.call('POST', STAGE, {
    ...example,
    ...(references ? { references } : {}),
    import_supplier: supplier,
    external_account_number: external,
  });
}

async function imported(iface: InterfaceClient, external = EXAMPLE_EXTERNAL) {
  expect((await stage(iface, external)).status).toBe(201);
  const processed = await iface.call('POST', PROCESS, {
    import_supplier_code: 'DEMO_ENERGY',
    external_account_number: external,
    operations_team_name: 'MIGRATIONS',
  });
  expect(processed.status).toBe(201);
}

function payment(reference: string, external = EXAMPLE_EXTERNAL) {
  return {
    import_supplier: 'DEMO_ENERGY',
    external_account_number: external,
    vendor: 'STRIPE',
    reference,
    type: 'CARD',
  };
}

async function expectMessage(page: Page, text: string) {
  await expect(page.locator('#message')).toContainText(text);
}

test.describe('suppliers and configuration', () => {
  test('[SUP-2] pausing a supplier in the console stops staging for it', async ({
    page,
    server,
    iface,
  }) => {
    await openConsole(page, server);
    await page.getByRole('button', { name: 'Edit supplier DEMO_ENERGY' }).click();
    await expect(page.getByLabel('Supplier code')).toHaveValue('DEMO_ENERGY');
    await page.getByLabel('Status', { exact: true }).selectOption('Paused');
    await page.getByLabel('E-mails on migration').uncheck();
    await page.getByLabel('Document root').fill('paused-root/');
    await page.getByRole('button', { name: 'Save supplier' }).click();
    await expectMessage(page, 'Save supplier DEMO_ENERGY: 200');
    await expect(page.locator('#suppliers-table')).toContainText('paused-root/');
    const staged = await stage(iface, 'PAUSED-1');
    expect(staged).toMatchObject({
      status: 400,
      body: { code: 'import_supplier_migration_not_ongoing' },
    });
  });

  test('[SUP-1] [PRC-3] a new supplier and a new team serve the interface at once', async ({
    page,
    server,
    iface,
  }) => {
    await openConsole(page, server);
    await page.getByLabel('Supplier code').fill('NEW_SUPPLIER');
    await page.getByLabel('Status', { exact: true }).selectOption('Ongoing');
    await page.getByRole('button', { name: 'Save supplier' }).click();
    await expectMessage(page, 'Save supplier NEW_SUPPLIER: 201');
    await page.getByLabel('New operations team').fill('BILLING');
    await page.getByRole('button', { name: 'Add team' }).click();
    await expectMessage(page, 'Add team BILLING: 201');
    await expect(page.locator('#teams-list')).toContainText('BILLING');
    expect((await stage(iface, 'NEW-1', 'NEW_SUPPLIER')).status).toBe(201);
    const processed = await iface.call('POST', PROCESS, {
      import_supplier_code: 'NEW_SUPPLIER',
      external_account_number: 'NEW-1',
      operations_team_name: 'BILLING',
    });
    expect(processed.status).toBe(201);
  });

  test('[STG-6] a skip mark refuses staging; removing it lets the account in', async ({
    page,
    server,
    iface,
  }) => {
    await openConsole(page, server);
    await page.getByLabel('Skip mark supplier').selectOption('DEMO_ENERGY');
    await page.getByLabel('Skip mark account number').fill('SKIP-1');
    await page.getByRole('button', { name: 'Mark to be skipped' }).click();
    await expectMessage(page, 'Mark SKIP-1 to be skipped: 200');
    expect(await stage(iface, 'SKIP-1')).toMatchObject({
      status: 400,
      body: { code: 'account_marked_to_be_skipped' },
    });
    await page.getByLabel('Kind of account').selectOption('skipped');
    await expect(page.locator('#accounts-table')).toContainText('SKIP-1');
    await page.getByRole('button', { name: 'Remove the skip mark of SKIP-1' }).click();
    await expectMessage(page, 'Remove the skip mark of SKIP-1: 200');
    expect((await stage(iface, 'SKIP-1')).status).toBe(201);
  });

  test('[PAY-4] [PAY-5] payment vendor faults fail instructions until cleared', async ({
    page,
    server,
    iface,
  }) => {
    await imported(iface);
    await openConsole(page, server);
    // Intermittent, once, for every account of the supplier.
    await page.getByLabel('Fault supplier').selectOption('DEMO_ENERGY');
    await page.getByLabel('Fault kind').selectOption('intermittent');
    await page.getByLabel('Failing calls (empty: until cleared)').fill('1');
    await page.getByRole('button', { name: 'Set the fault' }).click();
    await expectMessage(page, 'Set the payment vendor fault: 200');
    expect((await iface.call('POST', PAYMENT, payment('REF-1'))).status).toBe(500);
    // Persistent, for this account, until cleared.
    await page.getByLabel('Account (empty: every account of the supplier)').fill(EXAMPLE_EXTERNAL);
    await page.getByLabel('Fault kind').selectOption('persistent');
    await page.getByLabel('Failing calls (empty: until cleared)').fill('');
    await page.getByRole('button', { name: 'Set the fault' }).click();
    await expect(page.locator('#vendor-faults')).toContainText('until cleared');
    expect((await iface.call('POST', PAYMENT, payment('REF-2'))).status).toBe(400);
    await page
      .getByRole('button', { name: `Clear the payment vendor fault of ${EXAMPLE_EXTERNAL}` })
      .click();
    await expectMessage(page, 'Clear the payment vendor fault: 200');
    expect((await iface.call('POST', PAYMENT, payment('REF-3'))).status).toBe(201);
  });
});

test.describe('clock, processing and state', () => {
  test('[AUTH-4] advancing the clock expires a token; freezing stops it', async ({
    page,
    server,
    iface,
  }) => {
    expect((await stage(iface, 'CLOCK-1')).status).toBe(201);
    await openConsole(page, server);
    const before = Date.parse((await page.locator('#clock-now').textContent())!);
    await page.getByLabel('Advance by').fill('2');
    await page.getByLabel('Unit').selectOption({ label: 'hours' });
    await page.getByRole('button', { name: 'Advance the clock' }).click();
    await expectMessage(page, 'Advance the clock: 200');
    const after = Date.parse((await page.locator('#clock-now').textContent())!);
    expect(after - before).toBeGreaterThanOrEqual(2 * 3600 * 1000);
    const expired = await iface.call(
      'GET',
      '/v1/data-import/all-account-import-processes/DEMO_ENERGY/',
    );
    expect(expired.status).toBe(401);
    await page.getByRole('button', { name: 'Freeze the clock' }).click();
    await expect(page.locator('#clock-now')).toContainText('(frozen)');
    await expect(page.getByRole('button', { name: 'Let the clock run' })).toBeVisible();
  });

  test('[PRC-9] a processing limit set in the console answers 429 over it', async ({
    page,
    server,
    iface,
  }) => {
    expect((await stage(iface, 'LIMIT-1')).status).toBe(201);
    expect((await stage(iface, 'LIMIT-2')).status).toBe(201);
    await openConsole(page, server);
    await page.getByLabel('Concurrency limit (empty: none)').fill('1');
    await page.getByLabel('Processing time (ms)').fill('1500');
    await page.getByRole('button', { name: 'Save processing' }).click();
    await expectMessage(page, 'Save processing: 200');
    const process = (external: string) =>
      iface.call('POST', PROCESS, {
        import_supplier_code: 'DEMO_ENERGY',
        external_account_number: external,
        operations_team_name: 'MIGRATIONS',
      });
    const statuses = (await Promise.all([process('LIMIT-1'), process('LIMIT-2')])).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([201, 429]);
  });

  test('[GEN-2] export downloads the state, reset forgets it, import brings it back', async ({
    page,
    server,
    iface,
  }) => {
    await imported(iface);
    await openConsole(page, server);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the state' }).click();
    const file = await (await download).path();
    expect(JSON.parse(readFileSync(file, 'utf8')).accounts).not.toEqual({});

    // A reset asks first; cancelled, it changes nothing.
    await page.getByRole('button', { name: 'Reset the mock' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset the mock?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.locator('#accounts-table')).toContainText(EXAMPLE_EXTERNAL);
    const kept = await iface.call(
      'GET',
      `/v1/data-import/account-transfer-status/DEMO_ENERGY/${EXAMPLE_EXTERNAL}/`,
    );
    expect(kept.status).toBe(200);

    await page.getByRole('button', { name: 'Reset the mock' }).click();
    await confirm.getByRole('button', { name: 'Yes, reset the mock' }).click();
    await expectMessage(page, 'Reset the mock: 200');
    await expect(page.locator('#accounts-table')).toContainText('No account matches.');
    iface.renew();
    const gone = await iface.call(
      'GET',
      `/v1/data-import/account-transfer-status/DEMO_ENERGY/${EXAMPLE_EXTERNAL}/`,
    );
    expect(gone.status).toBe(404);

    await page.getByLabel('State file to import').setInputFiles(file);
    await page.getByRole('button', { name: 'Import the state' }).click();
    await expectMessage(page, 'Import the state: 200');
    await expect(page.locator('#accounts-table')).toContainText(EXAMPLE_EXTERNAL);
    iface.renew();
    const back = await iface.call(
      'GET',
      `/v1/data-import/account-transfer-status/DEMO_ENERGY/${EXAMPLE_EXTERNAL}/`,
    );
    expect(back).toMatchObject({ status: 200, body: { status: 'PENDING' } });
  });
});

/** Sets a flow fault on the open account's first meter point through its row; gives the MPXN. */
async function setFlowFault(page: Page, fault: string): Promise<string> {
  const mpxn = (await page.locator('[data-mpxn-status]').first().getAttribute('data-mpxn-status'))!;
  await page.getByLabel(`Flow fault for ${mpxn}`).fill(fault);
  await page.locator(`[data-key="set-fault-${mpxn}"]`).click();
  await expectMessage(page, `Flow fault of ${mpxn}: 200`);
  return mpxn;
}

test.describe('an account', () => {
  test('[PRC-8] [REG-8] [NOTE-8] its actions are enabled only in the state the interface accepts them in', async ({
    page,
    server,
    iface,
  }) => {
    expect((await stage(iface, EXAMPLE_EXTERNAL)).status).toBe(201);
    await openConsole(page, server);
    await openAccount(page);
    const processButton = page.getByRole('button', { name: 'Process the account' });
    const flows = page.getByRole('button', { name: 'Send registration flows' });
    const attach = page.getByRole('button', { name: 'Send', exact: true });
    await expect(processButton).toBeEnabled();
    await expect(flows).toBeDisabled();
    await expect(attach).toBeDisabled();
    await expect(page.locator('#account-actions-hint')).toContainText('process it first');

    await processButton.click();
    await expectMessage(page, 'Process the account: 201');
    await expect(processButton).toBeDisabled();
    await expect(flows).toBeEnabled();
    await expect(attach).toBeEnabled();
    await expect(page.locator('#account-actions-hint')).toContainText('Imported');
  });

  test('[REG-6] a refused meter point’s error_detail is shown as the service sent it', async ({
    page,
    server,
    iface,
  }) => {
    await imported(iface);
    await openConsole(page, server);
    await openAccount(page);
    await setFlowFault(page, 'TEN not current supplier');
    await page.getByRole('button', { name: 'Send registration flows' }).click();
    await expectMessage(page, 'Send registration flows: 200 TEN not current supplier');
  });

  test('[REG-6] a flow fault makes its registration flow answer REGISTRATION_FLOW_ERROR', async ({
    page,
    server,
    iface,
  }) => {
    await imported(iface);
    await openConsole(page, server);
    await openAccount(page);
    await setFlowFault(page, 'TEN not current supplier');
    const sent = await iface.call(
      'POST',
      `/v1/data-import/send-registration-flows/DEMO_ENERGY/${EXAMPLE_EXTERNAL}/`,
    );
    expect(JSON.stringify(sent.body)).toContain('REGISTRATION_FLOW_ERROR');
    expect(JSON.stringify(sent.body)).toContain('TEN not current supplier');
  });

  test('[STS-7] a rejected outcome makes the transfer REJECTED', async ({
    page,
    server,
    iface,
  }) => {
    await imported(iface);
    await openConsole(page, server);
    await openAccount(page);
    await page.getByRole('button', { name: 'Send registration flows' }).click();
    await expect(page.locator('#transfer-status')).toHaveText('IN_PROGRESS');
    const mpxn = (await page
      .locator('[data-mpxn-status]')
      .first()
      .getAttribute('data-mpxn-status'))!;
    await page.getByLabel(`Outcome for ${mpxn}`).selectOption('rejected');
    await page.locator(`[data-key="set-outcome-${mpxn}"]`).click();
    await expectMessage(page, `Outcome of ${mpxn}: 200`);
    await expect(page.locator('#transfer-status')).toHaveText('REJECTED');
    const transfer = await iface.call(
      'GET',
      `/v1/data-import/account-transfer-status/DEMO_ENERGY/${EXAMPLE_EXTERNAL}/`,
    );
    expect(transfer.body.status).toBe('REJECTED');
  });

  test('[GEN-9] [NOTE-7] shows its payload, pinned notes, transactions and payment instruction', async ({
    page,
    server,
    iface,
  }) => {
    await imported(iface);
    expect((await stage(iface, 'OTHER-2')).status).toBe(201);
    const notes = await iface.call('POST', '/v1/data-import/notes/create/', {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: EXAMPLE_EXTERNAL,
      notes: [{ body: 'Pinned welcome note.', is_pinned: true }],
    });
    expect(notes.status).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const transactions = await iface.call(
      'POST',
      '/v1/data-import/transactions/create/?check_previously_added=true',
      {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: EXAMPLE_EXTERNAL,
        transactions: [
          {
            transaction_id: 'TX-77',
            transaction_date: today,
            amount: 45.5,
            type: 'CHARGE',
            reason: 'IMPORTED_CHARGE',
          },
        ],
      },
    );
    expect(transactions.status).toBe(201);
    expect((await iface.call('POST', PAYMENT, payment('REF-77'))).status).toBe(201);

    await openConsole(page, server);
    await page.getByLabel('Kind of account').selectOption('imported');
    await expect(page.locator('#account-counts')).toContainText('Staged 1 · Imported 1');
    await expect(page.locator('#accounts-table tbody tr')).toHaveCount(1);
    await page.getByLabel('Kind of account').selectOption('');
    await page.getByLabel('Search external account number').fill('other');
    await expect(page.locator('#accounts-table tbody tr')).toHaveCount(1);
    await expect(page.locator('#accounts-table')).toContainText('OTHER-2');
    await page.getByLabel('Search external account number').fill('');
    await openAccount(page);
    await expect(page.getByRole('list', { name: 'Notes' })).toContainText(
      'pinned Pinned welcome note.',
    );
    await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('TX-77');
    await expect(page.locator('#payment-instruction')).toContainText('STRIPE CARD REF-77');
    await page.getByText('Staged payload').click();
    await expect(page.locator('#account-data details pre')).toContainText(
      '"external_account_number": "EXTERNAL-1234"',
    );
    // Ending the payment instruction lets the supplier create a new one.
    expect((await iface.call('POST', PAYMENT, payment('REF-78'))).status).toBe(400);
    await page.getByRole('button', { name: 'End it' }).click();
    await expectMessage(page, 'End the payment instruction: 200');
    expect((await iface.call('POST', PAYMENT, payment('REF-78'))).status).toBe(201);
  });
});

test.describe('journal and outbox', () => {
  test('[AUTH-1] the journal filters, opens redacted bodies and shows no secret', async ({
    page,
    server,
    iface,
  }) => {
    expect((await stage(iface, 'JOURNAL-1')).status).toBe(201);
    expect((await iface.call('POST', STAGE, { external_account_number: 'BROKEN' })).status).toBe(
      400,
    );
    await openConsole(page, server);
    const rows = page.locator('#journal-table tbody tr');
    await page.getByLabel('Requests with status').selectOption('4xx');
    // The rows of this filter, not a count that an earlier reading may also have had.
    await expect(rows).toHaveText([/createOrUpdateAccountImportProcess\s*400/]);
    await rows.getByRole('button', { name: /^Open request/ }).click();
    await expect(page.locator('#journal-request-body')).toContainText('BROKEN');
    await expect(page.locator('#journal-response-body')).toContainText('"errors"');
    await page.getByLabel('Requests with status').selectOption('');
    await page.getByLabel('Requests of operation').selectOption('obtainToken');
    await expect(rows).toHaveText([/obtainToken\s*200/]);
    await rows.getByRole('button', { name: /^Open request/ }).click();
    await expect(page.locator('#journal-request-body')).toContainText('[REDACTED]');
    await expect(page.locator('#journal-response-body')).toContainText('[REDACTED]');
    const text = await page.locator('body').textContent();
    expect(text).not.toContain('demo-api-key"');
    // Newest first: the list's first row is the latest request.
    await page.getByLabel('Requests of operation').selectOption('');
    const seqs = await page.locator('#journal-table tbody tr td:first-child').allTextContents();
    expect(seqs.map(Number)).toEqual([...seqs.map(Number)].sort((a, b) => b - a));
    await page.getByRole('button', { name: 'Clear the journal' }).click();
    // What is left is the clearing itself.
    await expect(page.locator('#journal-table tbody tr')).toHaveCount(1);
    await expect(page.locator('#journal-table tbody')).toContainText('DELETE/__mock/journal');
  });

  test('[SUP-4] the outbox shows the e-mail a migration sent', async ({ page, server, iface }) => {
    await openConsole(page, server);
    await expect(page.locator('#outbox-table')).toContainText('No e-mail was sent.');
    await imported(iface);
    await expect(page.locator('#outbox-table')).toContainText(EXAMPLE_EXTERNAL);
    await page.locator('#outbox-table').getByText('Read').click();
    await expect(page.locator('#outbox-table details p')).toContainText(EXAMPLE_EXTERNAL);
  });
});

test.describe('the platform catalogue', () => {
  test('[GEN-6] a section is edited as JSON and saved alone, a broken one is refused, the configured one restored', async ({
    page,
    server,
  }) => {
    await openConsole(page, server);
    const text = page.getByLabel('Catalogue section (JSON)');
    await page.getByLabel('Catalogue section', { exact: true }).selectOption('campaigns');
    await expect(text).toHaveValue(/"slug"/);
    const before = structuredClone(server.mock.service.state.platformCatalogue);
    const campaigns = [{ slug: 'winter-warmth-2026', name: 'Winter Warmth 2026' }];
    await text.fill(JSON.stringify(campaigns, null, 2));
    await page.getByRole('button', { name: 'Save the section' }).click();
    await expectMessage(page, "Save the catalogue's campaigns: 200");
    // Only the section saved changed.
    expect(server.mock.service.state.platformCatalogue).toEqual({ ...before, campaigns });
    await expect(page.locator('#catalogue-summary')).toContainText('campaigns: 1');

    await text.fill('"none"');
    await page.getByRole('button', { name: 'Save the section' }).click();
    await expectMessage(page, "Save the catalogue's campaigns: 400");
    await text.fill('[{"slug": ');
    await page.getByRole('button', { name: 'Save the section' }).click();
    await expectMessage(page, "Save the catalogue's campaigns: 400 not JSON");
    expect(server.mock.service.state.platformCatalogue.campaigns).toEqual(campaigns);

    await page.getByRole('button', { name: 'Restore the configured catalogue' }).click();
    await expectMessage(page, 'Restore the configured platform catalogue: 200');
    const configured = defaultPlatformCatalogue.campaigns.length;
    await expect(page.locator('#catalogue-summary')).toContainText(`campaigns: ${configured}`);
    await expect(text).toHaveValue(/smart_incentive/);
  });

  test('[GEN-6] one entry of a long list is edited without the rest of the list', async ({
    page,
    server,
  }) => {
    await openConsole(page, server);
    await page.getByLabel('Catalogue section', { exact: true }).selectOption('products');
    const products = server.mock.service.state.platformCatalogue.products;
    const last = products.at(-1)!;
    await page.getByLabel('Entry').selectOption({ label: last.code });
    const text = page.getByLabel('Catalogue section (JSON)');
    await expect(text).toHaveValue(new RegExp(`"code": "${last.code}"`));
    // The box holds the entry alone, not the thousands of lines of the whole catalogue.
    expect((await text.inputValue()).split('\n').length).toBeLessThan(400);
    const renamed = {
      ...JSON.parse(await text.inputValue()),
      display_name: 'Renamed in the console',
    };
    await text.fill(JSON.stringify(renamed, null, 2));
    await page.getByRole('button', { name: 'Save the section' }).click();
    await expectMessage(page, "Save the catalogue's products: 200");
    const after = server.mock.service.state.platformCatalogue.products;
    expect(after).toHaveLength(products.length);
    expect(after.at(-1)).toEqual(renamed);
    expect(after.slice(0, -1)).toEqual(products.slice(0, -1));
  });

  test('[GEN-6] the whole catalogue is downloaded and uploaded as a file', async ({
    page,
    server,
  }) => {
    await openConsole(page, server);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the whole catalogue' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('platform-catalogue.json');
    const downloaded = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(downloaded).toEqual(server.mock.service.state.platformCatalogue);

    const changed = { ...downloaded, campaigns: [{ slug: 'uploaded', name: 'Uploaded' }] };
    const upload = page.getByLabel('Upload a whole catalogue (JSON file)');
    await upload.setInputFiles({
      name: 'catalogue.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(changed)),
    });
    await expectMessage(page, 'Upload the catalogue catalogue.json: 200');
    expect(server.mock.service.state.platformCatalogue).toEqual(changed);

    // A file that is not a catalogue is refused and changes nothing.
    await upload.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...changed, campaigns: 'none' })),
    });
    await expectMessage(page, 'Upload the catalogue broken.json: 400');
    expect(server.mock.service.state.platformCatalogue).toEqual(changed);
  });
});
