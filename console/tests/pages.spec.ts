/**
 * The pages a person opens: the landing page, the console's first load (no console errors, no
 * failed requests, keyboard and screen reader basics, axe-core), the two API references with a
 * try-it console against this mock, all of it served offline by the mock itself.
 */
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import {
  axeViolations,
  domesticExample,
  expect,
  openAccount,
  openConsole,
  stageInConsole,
  test,
} from './fixtures.ts';

/** Every request the page makes goes to the mock itself (or is inline): nothing from a CDN. */
function offRequests(page: Page, origin: string): string[] {
  const off: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))
      off.push(url);
  });
  return off;
}

test.describe('the landing page', () => {
  test('tells what is served, the defaults and where to go', async ({ page, server, problems }) => {
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data-Import mock');
    const main = page.locator('main');
    await expect(main).toContainText(`${server.url}/v1/data-import/`);
    await expect(main).toContainText('demo-api-key');
    await expect(main).toContainText('DEMO_ENERGY: Ongoing, e-mails on migration');
    await expect(main).toContainText('DEMO_PAUSED: Paused');
    await expect(main).toContainText('MIGRATIONS');
    for (const name of [
      'Console',
      'Interface reference',
      'Control API reference',
      'MSW in the browser',
    ]) {
      await expect(main.getByRole('link', { name })).toBeVisible();
    }
    await main.getByRole('link', { name: 'Console' }).click();
    await expect(page).toHaveURL(`${server.url}/console`);
    expect(problems.list).toEqual([]);
  });

  test('has no accessibility finding of any impact', async ({ page, server }) => {
    await page.goto(`${server.url}/`);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('the console on load', () => {
  test('shows the state with no console error and no failed request, all from the mock', async ({
    page,
    server,
    problems,
  }) => {
    const off = offRequests(page, server.url);
    await openConsole(page, server);
    await expect(page.locator('#suppliers-table')).toContainText('DEMO_COMPLETE');
    await expect(page.locator('#teams-list')).toContainText('MIGRATIONS');
    await expect(page.locator('#clock-now')).toHaveText(/^\d{4}-\d\d-\d\dT/);
    await expect(page.locator('#accounts-table')).toContainText('No account matches.');
    // Two more polling rounds, still clean: counted by the page's readings of the clock, not by
    // time, so that a busy machine cannot cut them short.
    for (let round = 0; round < 2; round++) {
      await page.waitForResponse((r) => r.url().endsWith('/__mock/clock'));
    }
    expect(problems.list).toEqual([]);
    expect(off).toEqual([]);
  });

  test('is live: a change made elsewhere shows without reloading', async ({
    page,
    server,
    iface,
  }) => {
    await openConsole(page, server);
    const account = { ...domesticExample(), external_account_number: 'LIVE-1' };
    expect(
      (
        await iface.call(
          'POST',
          '/v1/data-import/account-import-process/create-or-update/',
          account,
        )
      ).status,
    ).toBe(201);
    await expect(page.locator('#accounts-table')).toContainText('LIVE-1');
    await expect(page.locator('#journal-table')).toContainText(
      '/v1/data-import/account-import-process/create-or-update/',
    );
  });

  test('has labelled controls and no accessibility finding of any impact, with an account open', async ({
    page,
    server,
  }) => {
    await openConsole(page, server);
    await stageInConsole(page);
    await openAccount(page);
    // Every form control has a name a screen reader announces.
    const unnamed = await page
      .locator('input, select, textarea')
      .evaluateAll((controls) =>
        controls
          .filter((c) => !(c as HTMLInputElement).labels?.length && !c.getAttribute('aria-label'))
          .map((c) => c.outerHTML),
      );
    expect(unnamed).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('is usable with the keyboard: search, open an account, advance the clock', async ({
    page,
    server,
  }) => {
    await openConsole(page, server);
    await stageInConsole(page);
    await page.getByLabel('Search external account number').focus();
    await page.keyboard.type('1234');
    const open = page.getByRole('button', { name: 'Open account EXTERNAL-1234 of DEMO_ENERGY' });
    await expect(open).toBeVisible();
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#account-title')).toBeFocused();
    await page.getByLabel('Advance by').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect(page.locator('#message')).toContainText('Advance the clock: 200');
    // The skip link takes the keyboard past the navigation.
    await page.goto(`${server.url}/console`);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  });
});

test.describe('the API references', () => {
  test('have no accessibility finding of any impact, nor has the MSW page', async ({
    page,
    server,
  }) => {
    test.slow();
    for (const path of ['/docs', '/docs/control']) {
      await page.goto(`${server.url}${path}`);
      await expect(page.locator('.opblock-summary-path').first()).toBeVisible();
      await expect(page.locator('select[aria-label="Server"]')).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.goto(`${server.url}/msw/`);
    await expect(page.locator('#msw-status')).toHaveAttribute('data-state', 'done');
    expect(await axeViolations(page), '/msw/').toEqual([]);
  });

  test('render the interface from the bundled spec, offline, with try-it against this mock', async ({
    page,
    server,
    problems,
  }) => {
    const off = offRequests(page, server.url);
    await page.goto(`${server.url}/docs`);
    await expect(page.getByText('Account Migration Data-Import Service')).toBeVisible();
    await expect(page.locator('.opblock-summary-path').first()).toBeVisible();
    await expect(page.locator('.servers select')).toContainText(server.url);
    // The README's picture: the reference as it opens, three operations unfolded below.
    if (process.env.UPDATE_SCREENSHOTS) {
      await page.locator('#operations-account-import-validateAccount .opblock-summary').click();
      await page.screenshot({
        path: resolve(import.meta.dirname, '../../docs/images/docs-interface.png'),
      });
      await page.locator('#operations-account-import-validateAccount .opblock-summary').click();
    }
    // Try-it is on from the start (no "Try it out" step): open the operation and execute it.
    await page.locator('#operations-auth-obtainToken .opblock-summary').click();
    await page.getByRole('button', { name: 'Execute' }).click();
    await expect(
      page.locator('.live-responses-table tbody td.response-col_status').first(),
    ).toHaveText(/200/);
    const tokenText = await page
      .locator('#operations-auth-obtainToken .live-responses-table .microlight')
      .first()
      .textContent();
    const token = JSON.parse(tokenText!).data.obtainKrakenToken.token as string;
    expect(token).toMatch(/\S{20,}/);
    // Loading the reference and trying ObtainToken left no error behind.
    expect(problems.list).toEqual([]);
    // Authorize with the token, then a secured operation answers through try-it.
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    const dialog = page.locator('.modal-ux');
    await dialog.locator('input').first().fill(`Token ${token}`);
    await dialog.getByRole('button', { name: 'Apply credentials' }).click();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    const list = page.locator('#operations-import-processes-listAllAccountImportProcesses');
    await list.locator('.opblock-summary').click();
    await list.locator('input[placeholder="import_supplier_code"]').fill('DEMO_ENERGY');
    await list.getByRole('button', { name: 'Execute' }).click();
    const status = list.locator('.live-responses-table tbody td.response-col_status').first();
    await expect(status).toHaveText(/\d{3}/);
    // Authorized: the mock answers the operation itself (200, or 404 with no account yet), not 401.
    expect((await status.textContent())?.trim()).toMatch(/^(200|404)$/);
    expect(off).toEqual([]);
  });

  test('render the control API, whose try-it changes this mock', async ({
    page,
    server,
    iface,
  }) => {
    await page.goto(`${server.url}/docs/control`);
    await expect(
      page.getByRole('heading', { name: 'Data-Import mock control API reference' }),
    ).toBeVisible();
    const op = page.locator('#operations-mock-configuration-putSupplier');
    await op.locator('.opblock-summary').click();
    await op.locator('input[placeholder="code"]').fill('DEMO_ENERGY');
    await op.getByRole('button', { name: 'Execute' }).click();
    await expect(
      op.locator('.live-responses-table tbody td.response-col_status').first(),
    ).toHaveText(/200/);
    // The example body pauses the supplier: the interface refuses to stage for it now.
    const staged = await iface.call(
      'POST',
      '/v1/data-import/account-import-process/create-or-update/',
      {},
    );
    expect(staged.status).toBe(400);
    const suppliers = server.mock.state.suppliers;
    expect(suppliers.DEMO_ENERGY!.status).toBe('Paused');
  });
});
