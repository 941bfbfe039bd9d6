/**
 * The README's whole walk, from staging an account to a COMPLETED transfer, done by a person in
 * the console alone (STG-1, PRC-1, PRC-2, NOTE-1, REG-1, REG-7, STS-6, STS-8), checked at the end
 * through the interface. With UPDATE_SCREENSHOTS=1 it refreshes the README's screenshots.
 */
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import {
  EXAMPLE_EXTERNAL,
  expect,
  openAccount,
  openConsole,
  processInConsole,
  stageInConsole,
  test,
} from './fixtures.ts';

const IMAGES = resolve(import.meta.dirname, '../../docs/images');

async function screenshot(page: Page, name: string, selector?: string) {
  if (!process.env.UPDATE_SCREENSHOTS) return;
  const path = resolve(IMAGES, `${name}.png`);
  if (selector) await page.locator(selector).screenshot({ path });
  else await page.screenshot({ path });
}

test.describe('the walk from staging to a COMPLETED transfer', () => {
  test('a person stages, processes, registers and completes a transfer in the console', async ({
    page,
    server,
    iface,
  }) => {
    await openConsole(page, server);
    await screenshot(page, 'console-overview');

    // The supplier's side: validate, then stage the spec's example account.
    const supplierSide = page.locator('#supplier-side');
    await supplierSide.getByRole('button', { name: 'Validate' }).click();
    await expect(page.locator('#message')).toContainText('Validate the account: 200');
    await stageInConsole(page);
    await expect(page.locator('#account-counts')).toContainText('Staged 1');

    // Open it, try a dry run, then process it for real.
    await openAccount(page);
    await page.getByLabel('Dry run').check();
    await page.getByRole('button', { name: 'Process the account' }).click();
    await expect(page.locator('#message')).toContainText(
      'Dry run: 400 Account would successfully import',
    );
    await page.getByLabel('Dry run').uncheck();
    await processInConsole(page);
    await expect(page.locator('#transfer-status')).toHaveText('PENDING');

    // Attach a note with the spec's example body for this account.
    await page.getByLabel('What to attach').selectOption('notes');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.locator('#message')).toContainText('Add notes: 201');
    await expect(page.getByRole('list', { name: 'Notes' })).toBeVisible();
    // Transactions, historical statements and a payment instruction, each the spec's example.
    for (const [kind, title] of [
      ['transactions', 'Add transactions'],
      ['statements', 'Add historical statements'],
      ['payment', 'Create a payment instruction'],
    ]) {
      await page.getByLabel('What to attach').selectOption(kind!);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.locator('#message')).toContainText(`${title}: 201`);
    }
    await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('TXN-1001');
    await expect(page.getByRole('list', { name: 'Historical statements' })).toContainText(
      'STMT-2023-12',
    );
    await expect(page.locator('#payment-instruction')).toContainText('STRIPE');

    // Registration: send the flows, then play the industry's part, accepted two days from now.
    await page.getByRole('button', { name: 'Send registration flows' }).click();
    await expect(page.locator('#transfer-status')).toHaveText('IN_PROGRESS');
    const statuses = page.locator('[data-mpxn-status]');
    const mpxns = await statuses.evaluateAll((cells) =>
      cells.map((c) => (c as HTMLElement).dataset.mpxnStatus!),
    );
    expect(mpxns.length).toBeGreaterThan(0);
    for (const mpxn of mpxns) {
      await page.getByLabel(`Outcome for ${mpxn}`).selectOption('accepted');
      await page.getByLabel(`Hours from now for ${mpxn}`).fill('48');
      await page.locator(`[data-key="set-outcome-${mpxn}"]`).click();
      await expect(page.locator('#message')).toContainText(`Outcome of ${mpxn}: 200`);
    }
    await screenshot(page, 'console-account', '#accounts');

    // Two weeks on: every meter point is on supply and the transfer is complete.
    await page.getByLabel('Advance by').fill('14');
    await page.getByLabel('Unit').selectOption({ label: 'days' });
    await page.getByRole('button', { name: 'Advance the clock' }).click();
    await expect(page.locator('#message')).toContainText('Advance the clock: 200');
    for (const mpxn of mpxns) {
      await expect(page.locator(`[data-mpxn-status="${mpxn}"]`)).toHaveText('ON_SUPPLY');
    }
    await expect(page.locator('#transfer-status')).toHaveText('COMPLETED');

    // The interface agrees (a new token: the clock moved past the old one's lifetime).
    iface.renew();
    const transfer = await iface.call(
      'GET',
      `/v1/data-import/account-transfer-status/DEMO_ENERGY/${EXAMPLE_EXTERNAL}/`,
    );
    expect(transfer).toMatchObject({ status: 200, body: { status: 'COMPLETED' } });
    const points = await iface.call(
      'GET',
      `/v1/data-import/meterpoint-statuses-for-account/DEMO_ENERGY/${EXAMPLE_EXTERNAL}/`,
    );
    expect(points.body.map((p: { status: string }) => p.status)).toEqual(
      mpxns.map(() => 'ON_SUPPLY'),
    );

    // The journal and the outbox show what happened.
    await expect(page.locator('#outbox-table')).toContainText(EXAMPLE_EXTERNAL);
    await page.getByLabel('Requests of operation').selectOption('processAccountImportProcess');
    await expect(page.locator('#journal-table tbody tr')).toHaveCount(2);
    await screenshot(page, 'console-journal', '#journal');
  });
});
