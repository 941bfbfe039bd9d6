/**
 * The platform's V2 status (decision 028): a task's life read through its status, PENDING until
 * its window opens, then PROCESSED with `kraken_identifier`, ERRORED with `latest_error`, or the
 * dry run's statuses; 404 `not_found` for a pair with no task; and a V2 import as the v1
 * operations see it. Against the kit's mock the task is driven with the control API (hold,
 * run-due, fail-next); against any other target its status is polled a bounded number of times.
 */
import type { ControlClient } from '../support/control-client.ts';
import { operationTitle } from '../support/operations.ts';
import { notesRequest } from '../support/payloads.ts';
import { V2_OPERATIONS } from '../support/v2-client.ts';
import { importedThroughV2, scheduleAccount } from './checks.ts';
import { expect, test } from './fixtures.ts';

/** The failure the operator makes the next task end with (the control API's fail-next). */
const FORCED = { code: 'kraken_unavailable', detail: 'The platform did not answer.' };

/** Makes the next task that runs fail; cleared again after `run`. */
async function failingNext<T>(control: ControlClient, run: () => Promise<T>): Promise<T> {
  await control.call('PUT', '/__mock/v2/fail-next', { error: FORCED });
  try {
    return await run();
  } finally {
    await control.call('PUT', '/__mock/v2/fail-next', { error: null });
  }
}

test.describe(operationTitle(V2_OPERATIONS.status), () => {
  test('[x-source: platform] [PENDING] [PROCESSED] [EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED] a task is PENDING, then PROCESSED with its kraken_identifier', async ({
    v2,
    life,
    lifecycle,
  }) => {
    const { supplier, external } = await scheduleAccount(v2, lifecycle);
    if (life.hold) {
      // The kit's mock: held before anything runs it, the task is read PENDING, then released.
      await life.hold(supplier, external, 'PENDING');
      const pending = await v2.status(supplier, external);
      expect(pending.body.status, 'before it runs').toBe('PENDING');
      expect(pending.body.kraken_identifier).toBeNull();
      await life.hold(supplier, external, null);
    }
    const { last, seen } = await life.settle(supplier, external);
    expect(last.status).toBe(200);
    expect(seen.slice(0, -1).every((s) => s === 'PENDING' || s === 'IN_PROGRESS')).toBe(true);
    expect(last.body.status, `the statuses read: ${seen.join(' -> ')}`).toBe('PROCESSED');
    expect(typeof last.body.kraken_identifier).toBe('string');
    expect(last.body.latest_error).toBeNull();
    expect(last.body.latest_event.event).toBe('EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED');
  });

  test('[x-source: platform] [ERRORED] [EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED] a task that fails ends ERRORED with its latest_error and no kraken_identifier', async ({
    v2,
    lifecycle,
    control,
    kit,
  }) => {
    const { supplier, external } = await scheduleAccount(v2, lifecycle);
    // The status read runs its own task only, so the failure cannot go to another test's task.
    const errored = await failingNext(control, () => v2.status(supplier, external));
    expect(errored.status).toBe(200);
    expect(errored.body.status).toBe('ERRORED');
    expect(errored.body.kraken_identifier).toBeNull();
    expect(errored.body.latest_error).toMatchObject(FORCED);
    expect(errored.body.latest_event).toMatchObject({
      event: 'EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED',
      data: FORCED,
    });
    await kit.assume('the error’s domain is import_process (decision 028)', () =>
      expect(errored.body.latest_error?.domain).toBe('import_process'),
    );
  });

  test('[x-source: platform] [is_dry_run] [DRY_RUN_SUCCEEDED] a dry run ends DRY_RUN_SUCCEEDED and creates no account', async ({
    v2,
    life,
    lifecycle,
    api,
    kit,
  }) => {
    const { supplier, external } = await scheduleAccount(v2, lifecycle, { is_dry_run: true });
    const { last, seen } = await life.settle(supplier, external);
    expect(last.body.status, `the statuses read: ${seen.join(' -> ')}`).toBe('DRY_RUN_SUCCEEDED');
    expect(last.body.kraken_identifier).toBeNull();
    expect(last.body.latest_error).toBeNull();
    await kit.assume(
      'a dry run leaves the account unimported in the v1 lists (decision 028)',
      async () => {
        const imported = await api.list('imported', supplier);
        expect(imported.body.map((p) => p.external_account_number)).not.toContain(external);
      },
    );
  });

  test('[x-source: platform] [is_dry_run] [DRY_RUN_ERRORED] a dry run that fails ends DRY_RUN_ERRORED with its latest_error', async ({
    v2,
    lifecycle,
    control,
  }) => {
    const { supplier, external } = await scheduleAccount(v2, lifecycle, { is_dry_run: true });
    const errored = await failingNext(control, () => v2.status(supplier, external));
    expect(errored.body.status).toBe('DRY_RUN_ERRORED');
    expect(errored.body.kraken_identifier).toBeNull();
    expect(errored.body.latest_error).toMatchObject(FORCED);
  });

  test('[x-source: platform] [not_found] a pair with no task answers 404 not_found', async ({
    v2,
    settings,
    accounts,
  }) => {
    const missing = await v2.status(settings.importSupplier, accounts.next());
    expect(missing.status).toBe(404);
    expect((missing.body as { code?: string }).code).toBe('not_found');
  });

  test('[x-source: platform] [not_found] an account staged through v1 has no V2 task and is not found', async ({
    v2,
    lifecycle,
    kit,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.stage(account);
    const status = await v2.status(lifecycle.supplier, account.external_account_number as string);
    // The 404's x-kit-assumption: a v1 import has no task.
    await kit.assume('an account staged through v1 has no V2 task (decision 028)', () =>
      expect(status.status).toBe(404),
    );
  });

  test('[x-source: platform] [PROCESSED] a V2 import is listed by the v1 lists and takes the v1 post-import calls under its kraken_identifier', async ({
    v2,
    life,
    lifecycle,
    payloads,
    api,
    kit,
  }) => {
    const imported = await importedThroughV2(v2, lifecycle, life);
    // Decision 028: a V2 import is a v1 import process, kraken_identifier its account number.
    await kit.assume(
      'a V2 import is a v1 import process of its supplier (decision 028)',
      async () => {
        const listed = await api.list('imported', imported.supplier);
        expect(listed.body).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              external_account_number: imported.external,
              service_account_number: imported.kraken,
            }),
          ]),
        );
        const transfer = await api.transferStatus(imported.supplier, imported.external);
        expect(transfer.body.service_account_number).toBe(imported.kraken);
        const notes = await api.createNotes(notesRequest(imported.account, payloads.context));
        expect(notes.status).toBe(201);
      },
    );
  });
});
