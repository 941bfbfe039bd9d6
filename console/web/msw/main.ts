/**
 * The in-browser MSW page: the kit's handlers run in this page's service worker (`setupWorker`),
 * over a mock that lives in the page, and a supplier's first ten minutes (the README's walk:
 * token, validate, stage, dry run, process, transfer status, then the operator's pause, outbox
 * and clock) run against an origin that exists nowhere, so every answer comes from the worker.
 */
import { setupWorker } from 'msw/browser';
// `.js`: in the repository esbuild finds the .ts beside it; in the published package (dist/, see
// scripts/build.ts) the compiled .js is there.
import { createDataImportMock } from '../../../mocks/index.js';
import { dataImport } from '../../../spec/index.js';

const BASE = 'https://api.example.energy';

interface StepResult {
  status: number;
  body: unknown;
}

const list = document.getElementById('msw-steps')!;
const status = document.getElementById('msw-status')!;

async function call(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<StepResult> {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

function show(title: string, result: StepResult, ok: boolean) {
  const item = document.createElement('li');
  item.dataset.ok = String(ok);
  const heading = document.createElement('strong');
  heading.textContent = `${ok ? 'OK' : 'FAILED'}: ${title} (${result.status})`;
  heading.className = ok ? 'status-ok' : 'status-bad';
  const pre = document.createElement('pre');
  // Scrollable, so it must be reachable with the keyboard.
  pre.tabIndex = 0;
  pre.textContent = JSON.stringify(result.body, null, 2);
  item.append(heading, pre);
  list.append(item);
  if (!ok) throw new Error(`${title}: ${result.status} ${JSON.stringify(result.body)}`);
}

async function walk() {
  const mock = createDataImportMock({ baseUrl: BASE });
  const worker = setupWorker(...mock.handlers);
  await worker.start({
    serviceWorker: { url: '/msw/mockServiceWorker.js', options: { scope: '/msw/' } },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  status.textContent = 'The service worker runs the mock; walking the first ten minutes…';

  const tokenResult = await call('POST', '/v1/graphql/', {
    query:
      'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
    variables: { input: { APIKey: 'demo-api-key' } },
  });
  const token = (tokenResult.body as { data?: { obtainKrakenToken?: { token?: string } } }).data
    ?.obtainKrakenToken?.token;
  show('ObtainToken gives a token', tokenResult, typeof token === 'string');

  const examples = (dataImport.document.components as Record<string, Record<string, unknown>>)
    .examples as Record<string, { value: Record<string, unknown> }>;
  const account = structuredClone(examples.DomesticAccount!.value);
  const external = account.external_account_number as string;
  const validated = await call('POST', '/v1/data-import/validate-account/', account, token);
  show('validate-account accepts the example account', validated, validated.status === 200);
  const staged = await call(
    'POST',
    '/v1/data-import/account-import-process/create-or-update/',
    account,
    token,
  );
  show('create-or-update stages it', staged, staged.status === 201);
  const process = {
    import_supplier_code: 'DEMO_ENERGY',
    external_account_number: external,
    operations_team_name: 'MIGRATIONS',
  };
  const dryRun = await call(
    'POST',
    '/v1/data-import/account-import-process/process/',
    { ...process, dry_run: true },
    token,
  );
  show(
    'a dry run would import it',
    dryRun,
    (dryRun.body as { code?: string }).code === 'dry_run_succeeded',
  );
  const processed = await call(
    'POST',
    '/v1/data-import/account-import-process/process/',
    process,
    token,
  );
  show('process imports it', processed, processed.status === 201);
  const transfer = await call(
    'GET',
    `/v1/data-import/account-transfer-status/DEMO_ENERGY/${external}/`,
    undefined,
    token,
  );
  show(
    'its transfer is PENDING',
    transfer,
    (transfer.body as { status?: string }).status === 'PENDING',
  );
  const paused = await call('PUT', '/__mock/suppliers/DEMO_ENERGY', { status: 'Paused' });
  show('the operator pauses the supplier', paused, paused.status === 200);
  const outbox = await call('GET', '/__mock/outbox');
  show(
    'the outbox holds the migration e-mail',
    outbox,
    Array.isArray(outbox.body) && outbox.body.length === 1,
  );
  const clock = await call('PUT', '/__mock/clock', { advance_seconds: 3600 });
  show('the operator moves the clock an hour on', clock, clock.status === 200);
  const expired = await call(
    'GET',
    `/v1/data-import/account-transfer-status/DEMO_ENERGY/${external}/`,
    undefined,
    token,
  );
  show('the token has expired', expired, expired.status === 401);
  status.textContent = 'Done: every step of the first ten minutes passed inside this page.';
  status.dataset.state = 'done';
}

walk().catch((error: Error) => {
  status.textContent = `Failed: ${error.message}`;
  status.dataset.state = 'failed';
});
