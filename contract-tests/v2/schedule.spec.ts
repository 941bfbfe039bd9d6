/**
 * The platform's V2 schedule (decision 028): an account wrapped in `payload` with `task_params`
 * becomes a task inside its window. V2 has no rules of the interface reference: each title cites
 * the platform's code it checks and its source, `x-source: platform`, whose statements are hard
 * for V2; the kit's readings are `kit.assume` checks.
 */
import { invalidTwins } from '../../fixtures/index.ts';
import { operationTitle } from '../support/operations.ts';
import { V2_OPERATIONS } from '../support/v2-client.ts';
import { scheduleBody, WINDOW_LIMIT_SECONDS, windowAt } from '../support/v2-payloads.ts';
import { expectRefusal, importedThroughV2, scheduleAccount } from './checks.ts';
import { expect, test } from './fixtures.ts';

/** The body's code of every V2 schedule validation failure (the platform's DRFError example). */
const FAILED = 'import_process_failed_validation';

/**
 * Account twins sent through V2: their rule is the v1 account's, answered in V2's body under
 * `payload.` (the reference's own phone code, VAL-4, and a platform validator).
 */
const ACCOUNT_TWINS = [
  { twin: 'landline-invalid', code: 'invalid_phone_number' },
  {
    twin: 'transfer-reading-not-on-last-billed-date',
    code: 'transfer_reading_dates_must_match_last_billed_to_date',
  },
] as const;

test.describe(operationTitle(V2_OPERATIONS.schedule), () => {
  test('[x-source: platform] [EVENT_ACCOUNT_IMPORT_PROCESS_CREATED] a wrapped account is scheduled with 201 and no body, its task PENDING until its window opens', async ({
    v2,
    life,
    lifecycle,
  }) => {
    const now = await life.now();
    const { supplier, external } = await scheduleAccount(v2, lifecycle, {
      schedule_window_start: windowAt(now, 3600),
      schedule_window_end: windowAt(now, 7200),
    });
    const status = await v2.status(supplier, external);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      status: 'PENDING',
      kraken_identifier: null,
      latest_error: null,
      latest_event: { event: 'EVENT_ACCOUNT_IMPORT_PROCESS_CREATED' },
    });
  });

  test('[x-source: platform] [schedule_window_start_in_past] a window that starts before now is refused and nothing is scheduled', async ({
    v2,
    life,
    lifecycle,
    kit,
  }) => {
    const account = lifecycle.domesticAccount();
    const now = await life.now();
    const refused = await v2.schedule(
      scheduleBody(account, { schedule_window_start: windowAt(now, -3600) }),
    );
    await expectRefusal(
      refused,
      {
        code: FAILED,
        itemCode: 'schedule_window_start_in_past',
        attr: 'task_params.schedule_window_start',
      },
      kit,
    );
    const status = await v2.status(lifecycle.supplier, account.external_account_number as string);
    expect(status.status, 'no task was scheduled').toBe(404);
  });

  test('[x-source: platform] [schedule_window_end_too_far_in_future] a window that ends more than 96 hours ahead is refused; one that ends within them is scheduled', async ({
    v2,
    life,
    lifecycle,
    kit,
  }) => {
    const now = await life.now();
    const tooFar = await v2.schedule(
      scheduleBody(lifecycle.domesticAccount(), {
        schedule_window_end: windowAt(now, WINDOW_LIMIT_SECONDS + 3600),
      }),
    );
    await expectRefusal(
      tooFar,
      {
        code: FAILED,
        itemCode: 'schedule_window_end_too_far_in_future',
        attr: 'task_params.schedule_window_end',
      },
      kit,
    );
    await scheduleAccount(v2, lifecycle, {
      schedule_window_end: windowAt(now, WINDOW_LIMIT_SECONDS - 3600),
    });
  });

  test('[x-source: platform] [schedule_window_start__after_end] a window whose start is after its end is refused', async ({
    v2,
    life,
    lifecycle,
    kit,
  }) => {
    const now = await life.now();
    const reversed = await v2.schedule(
      scheduleBody(lifecycle.domesticAccount(), {
        schedule_window_start: windowAt(now, 7200),
        schedule_window_end: windowAt(now, 3600),
      }),
    );
    await expectRefusal(
      reversed,
      {
        code: FAILED,
        itemCode: 'schedule_window_start__after_end',
        attr: 'task_params.schedule_window_start',
      },
      kit,
    );
    // TaskParameters' x-kit-assumption: a start equal to its end is not before it.
    await kit.assume('a start equal to its end is refused (decision 028)', async () => {
      const empty = await v2.schedule(
        scheduleBody(lifecycle.domesticAccount(), {
          schedule_window_start: windowAt(now, 3600),
          schedule_window_end: windowAt(now, 3600),
        }),
      );
      expect(empty.status).toBe(400);
    });
  });

  test('[x-source: platform] [required] the account sent flat, as the platform’s example shows it, is refused: payload and task_params are required', async ({
    v2,
    payloads,
    kit,
  }) => {
    const flat = await v2.schedule(payloads.domesticAccount(), { invalid: true });
    // V2ScheduleAccountCreation's x-kit-assumption: the schema decides over the example.
    await kit.assume('a flat account is refused, the schema deciding (decision 028)', async () => {
      await expectRefusal(flat, { code: FAILED, itemCode: 'required', attr: 'payload' }, kit);
      const attrs = ((flat.body as { errors?: { attr?: string; code?: string }[] }).errors ?? [])
        .filter((e) => e.code === 'required')
        .map((e) => e.attr);
      expect(attrs).toEqual(expect.arrayContaining(['payload', 'task_params']));
    });
  });

  for (const { twin: name, code } of ACCOUNT_TWINS) {
    test(`[x-source: platform] [import_process_failed_validation] [${code}] the account rule of the twin ${name} is answered in the standardized body under payload.`, async ({
      v2,
      payloads,
      settings,
      accounts,
      kit,
    }) => {
      const external = accounts.next();
      const twin = invalidTwins('domestic-account', {
        seed: payloads.context.seed,
        today: payloads.context.today,
        importSupplier: settings.importSupplier,
        externalAccountNumber: external,
      }).find((t) => t.name === name);
      if (!twin) throw new Error(`The fixtures have no domestic-account twin ${name}`);
      const attr = twin.expect.errors?.find((e) => e.code === code)?.attr;
      if (!attr) throw new Error(`The twin ${name} expects no ${code}`);
      const refused = await v2.schedule(scheduleBody(twin.payload as Record<string, unknown>), {
        invalid: true,
      });
      await expectRefusal(refused, { code: FAILED, itemCode: code, attr: `payload.${attr}` }, kit);
      expect((await v2.status(settings.importSupplier, external)).status, 'no task').toBe(404);
    });
  }

  test('[x-source: platform] [account_import_process_already_imported] an account already imported is refused with non_field_errors and its account_id', async ({
    v2,
    life,
    lifecycle,
    kit,
  }) => {
    const imported = await importedThroughV2(v2, lifecycle, life);
    const again = await v2.schedule(scheduleBody(imported.account));
    expect(again.status).toBe(400);
    const body = again.body as {
      non_field_errors?: { code?: string; detail?: string };
      account_id?: string;
    };
    expect(body.non_field_errors?.code).toBe('account_import_process_already_imported');
    expect(typeof body.non_field_errors?.detail).toBe('string');
    expect(typeof body.account_id).toBe('string');
    await kit.assume('account_id is the kraken_identifier of the import (decision 028)', () =>
      expect(body.account_id).toBe(imported.kraken),
    );
  });
});
