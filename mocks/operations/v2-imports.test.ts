import { describe, expect, test } from 'vitest';
import { createTestClient, TEST_NOW } from '../test-client.ts';

const SCHEDULE = '/v2/data-import/accounts/';
const VALIDATE = '/v2/data-import/accounts/validate/';
const HOUR = 3600 * 1000;
const status = (ext: string) => `/v2/data-import/accounts/DEMO_ENERGY/${ext}/`;
const at = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

async function loggedIn() {
  const client = createTestClient();
  await client.login();
  return client;
}

function window(startMs: number, endMs: number, isDryRun = false) {
  return {
    is_dry_run: isDryRun,
    schedule_window_start: at(startMs),
    schedule_window_end: at(endMs),
  };
}

describe('scheduleV2AccountCreation (POST /v2/data-import/accounts/)', () => {
  test('a valid account in its window gets 201 and a PENDING task with its CREATED event', async () => {
    const client = await loggedIn();
    const account = client.account();
    const task_params = window(TEST_NOW + HOUR, TEST_NOW + 2 * HOUR);
    const response = await client.call('POST', SCHEDULE, { payload: account, task_params });
    expect(response.status).toBe(201);
    const read = await client.call('GET', status(account.external_account_number!));
    expect(read.body).toEqual({
      status: 'PENDING',
      kraken_identifier: null,
      created_at: at(TEST_NOW),
      modified_at: at(TEST_NOW),
      latest_event: {
        event: 'EVENT_ACCOUNT_IMPORT_PROCESS_CREATED',
        occurred_at: at(TEST_NOW),
        data: null,
      },
      latest_error: null,
    });
    expect(client.problems('getV2AccountImportStatus', read)).toEqual([]);
  });

  test('the task runs when the clock reaches its window: PROCESSED, imported, listed by v1', async () => {
    const client = await loggedIn();
    const account = client.account();
    const ext = account.external_account_number!;
    const task_params = window(TEST_NOW + HOUR, TEST_NOW + 2 * HOUR);
    await client.call('POST', SCHEDULE, { payload: account, task_params });
    client.advance(HOUR);
    await client.login();
    const read = await client.call('GET', status(ext));
    const body = read.body as Record<string, unknown>;
    expect(body.status).toBe('PROCESSED');
    expect(body.kraken_identifier).toMatch(/^A-[0-9A-F]{8}$/);
    expect(body.latest_event).toEqual({
      event: 'EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED',
      occurred_at: at(TEST_NOW + HOUR),
      data: null,
    });
    const imported = await client.call(
      'GET',
      '/v1/data-import/imported-account-import-processes/DEMO_ENERGY/',
    );
    expect(JSON.stringify(imported.body)).toContain(ext);
    const notes = await client.call('POST', '/v1/data-import/notes/create/', {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: ext,
      notes: [{ body: 'Moved through V2' }],
    });
    expect(notes.status).toBe(201);
  });

  test('a second schedule of an imported account gets non_field_errors and account_id', async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.call('POST', SCHEDULE, { payload: account, task_params: {} });
    const processed = await client.call('GET', status(account.external_account_number!));
    const id = (processed.body as { kraken_identifier: string }).kraken_identifier;
    const again = await client.call('POST', SCHEDULE, { payload: account, task_params: {} });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      non_field_errors: {
        detail: expect.stringContaining(account.external_account_number!),
        code: 'account_import_process_already_imported',
      },
      account_id: id,
    });
    expect(client.problems('scheduleV2AccountCreation', again)).toEqual([]);
  });

  test('a window starting in the past gets schedule_window_start_in_past and stores nothing', async () => {
    const client = await loggedIn();
    const account = client.account();
    const task_params = window(TEST_NOW - HOUR, TEST_NOW + HOUR);
    const response = await client.call('POST', SCHEDULE, { payload: account, task_params });
    expect(response).toEqual({
      status: 400,
      body: {
        detail: 'Import process validation failed during account creation.',
        code: 'import_process_failed_validation',
        domain: 'import_process',
        errors: [
          {
            attr: 'task_params.schedule_window_start',
            code: 'schedule_window_start_in_past',
            detail: expect.any(String),
          },
        ],
      },
    });
    expect(client.problems('scheduleV2AccountCreation', response)).toEqual([]);
    expect((await client.call('GET', status(account.external_account_number!))).status).toBe(404);
  });

  test('a window ending more than four days ahead gets schedule_window_end_too_far_in_future', async () => {
    const client = await loggedIn();
    const task_params = window(TEST_NOW + HOUR, TEST_NOW + 97 * HOUR);
    const response = await client.call('POST', SCHEDULE, {
      payload: client.account(),
      task_params,
    });
    expect((response.body as { errors: { code: string }[] }).errors.map((e) => e.code)).toEqual([
      'schedule_window_end_too_far_in_future',
    ]);
  });

  test('a window starting after its end gets schedule_window_start__after_end', async () => {
    const client = await loggedIn();
    const task_params = window(TEST_NOW + 2 * HOUR, TEST_NOW + HOUR);
    const response = await client.call('POST', SCHEDULE, {
      payload: client.account(),
      task_params,
    });
    expect(response.body).toMatchObject({
      code: 'import_process_failed_validation',
      errors: [
        { attr: 'task_params.schedule_window_start', code: 'schedule_window_start__after_end' },
      ],
    });
  });

  test('an account rule fails under payload. in the standardized body', async () => {
    const client = await loggedIn();
    const account = client.account();
    const customers = [{ ...account.customers![0]!, landline: 'abcde' }];
    const response = await client.call('POST', SCHEDULE, {
      payload: { ...account, customers },
      task_params: {},
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'import_process_failed_validation',
      errors: [
        {
          attr: 'payload.customers.0.landline',
          code: 'invalid_phone_number',
          detail: 'abcde is not a valid phone number',
        },
      ],
    });
  });

  test('the flat account of the platform example is refused: payload and task_params are required', async () => {
    const client = await loggedIn();
    const response = await client.call('POST', SCHEDULE, client.account());
    expect(response.status).toBe(400);
    const attrs = (response.body as { errors: { attr: string }[] }).errors.map((e) => e.attr);
    expect(attrs).toEqual(expect.arrayContaining(['payload', 'task_params']));
  });

  test('a dry run ends DRY_RUN_SUCCEEDED and leaves the account staged', async () => {
    const client = await loggedIn();
    const account = client.account();
    const task_params = { is_dry_run: true };
    await client.call('POST', SCHEDULE, { payload: account, task_params });
    const read = await client.call('GET', status(account.external_account_number!));
    expect(read.body).toMatchObject({ status: 'DRY_RUN_SUCCEEDED', kraken_identifier: null });
    const pending = await client.call(
      'GET',
      '/v1/data-import/pending-account-import-processes/DEMO_ENERGY/',
    );
    expect(JSON.stringify(pending.body)).toContain(account.external_account_number!);
  });
});

describe('getV2AccountImportStatus (GET /v2/data-import/accounts/{code}/{id}/)', () => {
  test('an unknown pair gets 404 not_found', async () => {
    const client = await loggedIn();
    const response = await client.call('GET', status('NOBODY'));
    expect(response).toEqual({
      status: 404,
      body: { detail: 'The requested resource was not found.', code: 'not_found', errors: [] },
    });
  });

  test('a task whose supplier stopped migrating ends ERRORED with latest_error', async () => {
    const client = await loggedIn();
    const account = client.account();
    const task_params = window(TEST_NOW + HOUR, TEST_NOW + 2 * HOUR);
    await client.call('POST', SCHEDULE, { payload: account, task_params });
    const paused = await client.call('PUT', '/__mock/suppliers/DEMO_ENERGY', { status: 'Paused' });
    expect(paused.status).toBe(200);
    client.advance(HOUR);
    await client.login();
    const read = await client.call('GET', status(account.external_account_number!));
    expect(read.body).toMatchObject({
      status: 'ERRORED',
      kraken_identifier: null,
      latest_error: { code: 'import_supplier_migration_not_ongoing', domain: 'import_process' },
      latest_event: { event: 'EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED' },
    });
    expect(client.problems('getV2AccountImportStatus', read)).toEqual([]);
  });
});

describe('validateV2Account (POST /v2/data-import/accounts/validate/)', () => {
  test("the platform's example account in payload gets 200 and stores nothing", async () => {
    const client = await loggedIn();
    const account = client.account();
    const response = await client.call('POST', VALIDATE, { payload: account });
    expect(response.status).toBe(200);
    const all = await client.call(
      'GET',
      '/v1/data-import/all-account-import-processes/DEMO_ENERGY/',
    );
    expect(JSON.stringify(all.body)).not.toContain(account.external_account_number!);
  });

  test('an invalid account gets account_failed_validation with payload. paths', async () => {
    const client = await loggedIn();
    const account = client.account();
    const customers = [{ ...account.customers![0]!, landline: 'abcde' }];
    const response = await client.call('POST', VALIDATE, { payload: { ...account, customers } });
    expect(response.body).toMatchObject({
      code: 'account_failed_validation',
      errors: [{ attr: 'payload.customers.0.landline', code: 'invalid_phone_number' }],
    });
    expect(client.problems('validateV2Account', response)).toEqual([]);
  });
});

describe('parallel V2 clients on one account', () => {
  test('parallel schedules and polls import the account once, with one account number', async () => {
    const client = await loggedIn();
    const account = client.account();
    const ext = account.external_account_number!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? client.call('POST', SCHEDULE, { payload: account, task_params: {} })
          : client.call('GET', status(ext)),
      ),
    );
    const schedules = answers.filter((_, i) => i % 2 === 0).map((a) => a.status);
    expect(schedules).toContain(201);
    expect(schedules.every((s) => s === 201 || s === 400)).toBe(true);
    const ids = new Set(
      answers
        .filter((a) => a.status === 200)
        .map((a) => (a.body as { kraken_identifier: string | null }).kraken_identifier)
        .filter((id) => id !== null),
    );
    expect(ids.size).toBeLessThanOrEqual(1);
    const imported = await client.call(
      'GET',
      '/v1/data-import/imported-account-import-processes/DEMO_ENERGY/',
    );
    const rows = (imported.body as { external_account_number: string }[]).filter(
      (row) => row.external_account_number === ext,
    );
    expect(rows).toHaveLength(1);
  });
});
