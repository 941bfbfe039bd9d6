/**
 * The console's V2 tasks section (decision 028) in real Chromium: the tasks scheduled through V2
 * with their windows, statuses, events and errors, refreshed by polling; a task held and
 * released, the next task failed with a given error, the clock advanced in the state section and
 * the due tasks run, each effect checked the way a supplier sees it, through V2's status.
 */
import {
  axeViolations,
  domesticExample,
  expect,
  type InterfaceClient,
  openConsole,
  test,
} from './fixtures.ts';

const SCHEDULE = '/v2/data-import/accounts/';
const status = (external: string) => `/v2/data-import/accounts/DEMO_ENERGY/${external}/`;

/** Schedules the example account under another number, its window opening `hours` from the mock's now. */
async function schedule(iface: InterfaceClient, external: string, hours: number) {
  const now = Date.parse((await iface.call('GET', '/__mock/clock')).body.now);
  const payload = domesticExample();
  payload.external_account_number = external;
  payload.references = [
    { namespace: 'demo-energy.allpay-client-reference-number', value: `V2-${external}` },
  ];
  const start = new Date(now + hours * 3600_000).toISOString();
  const answer = await iface.call('POST', SCHEDULE, {
    payload,
    task_params: { is_dry_run: false, schedule_window_start: start },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

test('lists the V2 tasks live, holds and releases one, fails the next and runs the due ones', async ({
  page,
  server,
  iface,
  problems,
}) => {
  await schedule(iface, 'V2-FIRST', 1);
  await openConsole(page, server);
  const section = page.locator('#v2-tasks');
  const rows = section.locator('#v2-tasks-table tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(section.locator('#v2-task-count')).toHaveText('1 task.');
  // Scheduled after the page opened: the poll shows it without a reload.
  await schedule(iface, 'V2-SECOND', 1);
  await expect(rows).toHaveCount(2);
  const [first, second] = [rows.nth(0), rows.nth(1)];
  await expect(first.locator('td').nth(1)).toHaveText('V2-FIRST');
  await expect(first.locator('td').nth(2)).toHaveText('PENDING');
  await expect(first.locator('td').nth(3)).toContainText(' to ');
  await expect(first.locator('td').nth(4)).toContainText('EVENT_ACCOUNT_IMPORT_PROCESS_CREATED');
  await expect(first.locator('td').nth(6)).toHaveText('—');

  // Hold the second task in progress: it shows held, and the supplier reads IN_PROGRESS.
  await section
    .getByLabel('Status to hold task V2-SECOND of DEMO_ENERGY in')
    .selectOption('IN_PROGRESS');
  await section.getByRole('button', { name: 'Hold task V2-SECOND of DEMO_ENERGY' }).click();
  await expect(page.locator('#message')).toContainText(
    'Hold task V2-SECOND of DEMO_ENERGY in IN_PROGRESS: 200',
  );
  await expect(second.locator('td').nth(2)).toHaveText('IN_PROGRESS (held)');
  expect((await iface.call('GET', status('V2-SECOND'))).body.status).toBe('IN_PROGRESS');

  // The next task fails with the operator's error; the detail is shown as text, never as markup.
  const detail = '<img src=x onerror="window.__v2Injected = true"> The platform did not answer.';
  await section.getByLabel('Error code').fill('kraken_unavailable');
  await section.getByLabel('Error detail').fill(detail);
  await section.getByRole('button', { name: 'Fail the next task' }).click();
  await expect(page.locator('#message')).toContainText('Fail the next V2 task: 200');
  await expect(section.locator('#v2-fail-next')).toHaveText(
    `The next task that runs fails with kraken_unavailable: ${detail}`,
  );

  // The clock of the state section moves past the first window: the first task runs and fails.
  await page.getByLabel('Advance by').fill('2');
  await page.getByLabel('Unit').selectOption({ label: 'hours' });
  await page.getByRole('button', { name: 'Advance the clock' }).click();
  await expect(page.locator('#message')).toContainText('Advance the clock: 200');
  await expect(first.locator('td').nth(2)).toHaveText('ERRORED');
  await expect(first.locator('td').nth(5)).toHaveText(`kraken_unavailable: ${detail}`);
  await expect(first.locator('td').nth(4).locator('li')).toHaveText([
    /EVENT_ACCOUNT_IMPORT_PROCESS_CREATED$/,
    /EVENT_ACCOUNT_IMPORT_PROCESS_IN_PROGRESS$/,
    /EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED \(kraken_unavailable\)$/,
  ]);
  await expect(section.locator('#v2-fail-next')).toHaveText(/^No failure is set/);
  await expect(section.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __v2Injected?: boolean }).__v2Injected)).toBe(
    undefined,
  );
  iface.renew();
  expect((await iface.call('GET', status('V2-FIRST'))).body).toMatchObject({
    status: 'ERRORED',
    latest_error: { code: 'kraken_unavailable', detail, domain: 'import_process' },
  });
  // Still held, though due.
  await expect(second.locator('td').nth(2)).toHaveText('IN_PROGRESS (held)');

  // Released and run now: PROCESSED with the account number the v1 calls know.
  await section.getByRole('button', { name: 'Release task V2-SECOND of DEMO_ENERGY' }).click();
  await expect(page.locator('#message')).toContainText(
    'Release task V2-SECOND of DEMO_ENERGY: 200',
  );
  await expect(second.locator('td').nth(2)).toHaveText('IN_PROGRESS');
  await section.getByRole('button', { name: 'Run due tasks now' }).click();
  await expect(page.locator('#message')).toContainText('Run due V2 tasks: 200');
  await expect(second.locator('td').nth(2)).toHaveText('PROCESSED');
  const kraken = (await second.locator('td').nth(6).textContent()) ?? '';
  expect(kraken).toMatch(/^A-[0-9A-F]{8}$/);
  expect((await iface.call('GET', status('V2-SECOND'))).body).toMatchObject({
    status: 'PROCESSED',
    kraken_identifier: kraken,
  });
  const transfer = await iface.call(
    'GET',
    '/v1/data-import/account-transfer-status/DEMO_ENERGY/V2-SECOND/',
  );
  expect(transfer.body.service_account_number).toBe(kraken);

  // The section with its controls has no accessibility finding of any impact (axe-core).
  const violations = await axeViolations(page, '#v2-tasks');
  expect(violations).toEqual([]);
  expect(problems.list).toEqual([]);
});

test('clearing the failure lets the next task run through the account rules', async ({
  page,
  server,
  iface,
}) => {
  await schedule(iface, 'V2-CLEAR', 1);
  await openConsole(page, server);
  const section = page.locator('#v2-tasks');
  await section.getByLabel('Error code').fill('kraken_unavailable');
  await section.getByRole('button', { name: 'Fail the next task' }).click();
  await expect(section.locator('#v2-fail-next')).toContainText('kraken_unavailable');
  await section.getByRole('button', { name: 'Clear the failure' }).click();
  await expect(page.locator('#message')).toContainText(
    'Clear the failure for the next V2 task: 200',
  );
  await expect(section.locator('#v2-fail-next')).toHaveText(/^No failure is set/);
  expect(server.mock.service.state.v2FailNext).toBeNull();
  await page.getByLabel('Advance by').fill('1');
  await page.getByRole('button', { name: 'Advance the clock' }).click();
  await expect(section.locator('#v2-tasks-table tbody tr td').nth(2)).toHaveText('PROCESSED');
});
