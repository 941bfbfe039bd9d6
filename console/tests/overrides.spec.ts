/**
 * The console's overrides section (decision 025) in real Chromium: the overrides in force are
 * listed in the order the mock tries them, one is added as JSON, one deleted by its button and
 * the rest by "Delete every override", each effect checked the way a supplier sees it, through
 * the interface.
 */
import { axeViolations, expect, openConsole, test } from './fixtures.ts';

const LIST = '/v1/data-import/all-account-import-processes/DEMO_ENERGY/';

test('lists the overrides in force and deletes them with their buttons', async ({
  page,
  server,
  iface,
  problems,
}) => {
  server.mock.overrides.add({
    request: { operation_id: 'listAllAccountImportProcesses' },
    response: { status: 503, body: { detail: 'stubbed' } },
  });
  server.mock.overrides.add({
    request: { operation_id: 'validateAccount' },
    response: { status: 500 },
    priority: 7,
    times: 4,
  });
  await openConsole(page, server);
  const rows = page.locator('#overrides-table tbody tr');
  await expect(rows).toHaveCount(2);
  // Higher priority first.
  await expect(rows.nth(0)).toContainText('o2');
  await expect(rows.nth(0)).toContainText('validateAccount');
  await expect(rows.nth(0).locator('td').nth(5)).toHaveText('4');
  await expect(rows.nth(1)).toContainText('listAllAccountImportProcesses');
  expect((await iface.call('GET', LIST)).status).toBe(503);
  // The journal says which override answered instead of the mock.
  await expect(
    page.locator('#journal-table tbody tr', { hasText: 'listAllAccountImportProcesses' }).first(),
  ).toContainText('override o1');
  // The list with its buttons has no accessibility finding of any impact (axe-core).
  const violations = await axeViolations(page, '#overrides');
  expect(violations).toEqual([]);

  await page.getByRole('button', { name: 'Delete override o1' }).click();
  await expect(page.locator('#message')).toContainText('Delete override o1: 200');
  await expect(rows).toHaveCount(1);
  expect((await iface.call('GET', LIST)).status).toBe(200);

  await page
    .getByLabel('New override (JSON)')
    .fill(
      '{"request": {"method": "GET", "path": "/v1/data-import/all-account-import-processes/DEMO_ENERGY/"}, "response": {"status": 502}, "times": 1}',
    );
  await page.getByRole('button', { name: 'Add the override' }).click();
  await expect(page.locator('#message')).toContainText('Add an override: 201');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('#overrides-table')).toContainText(
    'GET /v1/data-import/all-account-import-processes/DEMO_ENERGY/',
  );
  expect((await iface.call('GET', LIST)).status).toBe(502);
  // Spent after one answer: the next poll shows it gone.
  await expect(rows).toHaveCount(1);

  await page.getByRole('button', { name: 'Delete every override' }).click();
  await expect(page.locator('#message')).toContainText('Delete every override: 200');
  await expect(page.locator('#overrides-table')).toHaveText('No override is in force.');
  expect(server.mock.overrides.list()).toEqual([]);
  expect(problems.list).toEqual([]);
});
