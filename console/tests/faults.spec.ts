/**
 * The console's faults section (decision 024), in real Chromium: the plan in force with each
 * rule's counters, a switch per named profile and one to clear the plan, each checked the way a
 * supplier meets it through the interface.
 */
import { expect, openConsole, test } from './fixtures.ts';

const PROCESS = '/v1/data-import/account-import-process/process/';
const LIST = '/v1/data-import/all-account-import-processes/DEMO_ENERGY/';
const PROCESS_BODY = {
  import_supplier_code: 'DEMO_ENERGY',
  external_account_number: 'FAULTS-1',
  operations_team_name: 'MIGRATIONS',
};

test('[PRC-9] a named profile loaded in the console faults the interface, and clearing it stops', async ({
  page,
  server,
  iface,
  problems,
}) => {
  // The supplier's token first: the profile may fault the token request too.
  expect((await iface.call('GET', LIST)).status).toBe(200);
  await openConsole(page, server);
  const section = page.locator('#faults');
  await expect(section.locator('#fault-plan-summary')).toHaveText('No fault is injected.');
  for (const name of ['flaky-network', 'rate-limited', 'slow-platform', 'maintenance-window']) {
    await expect(section.getByRole('button', { name: `Load ${name}` })).toBeVisible();
  }

  await section.getByRole('button', { name: 'Load rate-limited' }).click();
  await expect(page.locator('#message')).toContainText('Load fault profile rate-limited: 200');
  await expect(section.locator('#fault-plan-summary')).toHaveText(
    'In force: rate-limited (seed 20261127, 2 rules).',
  );
  const first = section.locator('#fault-rules tbody tr').first();
  await expect(first).toContainText('processAccountImportProcess');
  await expect(first).toContainText('answer 429 (Retry-After 2)');
  await expect(first).toContainText('next 3');
  expect(server.mock.service.faults.name).toBe('rate-limited');

  const limited = await iface.call('POST', PROCESS, PROCESS_BODY);
  expect(limited).toMatchObject({ status: 429, body: { code: 'concurrency_limit_exceeded' } });
  // The poll shows the rule fired once and may fire twice more.
  await expect(first.locator('td').nth(4)).toHaveText('1');
  await expect(first.locator('td').nth(5)).toHaveText('2');
  // The journal marks the answer as injected, with the rule that fired, not as the mock's own.
  const marked = page.locator('#journal-table tbody tr', {
    hasText: 'processAccountImportProcess',
  });
  await expect(marked.first()).toContainText(/fault status 429 \(\S+\)/);

  await section.getByRole('button', { name: 'Clear the fault plan' }).click();
  await expect(page.locator('#message')).toContainText('Clear the fault plan: 200');
  await expect(section.locator('#fault-plan-summary')).toHaveText('No fault is injected.');
  await expect(section.locator('#fault-rules tbody tr')).toHaveCount(0);
  // Without the plan, process answers as the state says: no such staged account.
  const answered = await iface.call('POST', PROCESS, PROCESS_BODY);
  expect(answered.status).not.toBe(429);
  expect(problems.list).toEqual([]);
});

test('the maintenance-window switch puts its window rule in force', async ({ page, server }) => {
  await openConsole(page, server);
  const section = page.locator('#faults');
  await section.getByRole('button', { name: 'Load maintenance-window' }).click();
  await expect(page.locator('#message')).toContainText(
    'Load fault profile maintenance-window: 200',
  );
  const rule = section.locator('#fault-rules tbody tr');
  await expect(rule).toHaveCount(1);
  await expect(rule).toContainText('answer 503 (Retry-After 600)');
  await expect(rule).toContainText('2026-12-06T02:00:00Z to 2026-12-06T04:00:00Z');
  expect(server.mock.service.faults.rules).toHaveLength(1);
});
