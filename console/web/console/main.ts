/**
 * The mock's console: its whole state, live (polled through the control API), and every
 * operator action, plus the supplier's side of the interface, so that a person can walk from
 * staging an account to a COMPLETED transfer without curl. It uses only the control API, the
 * interface and the bundled spec documents the reference pages serve.
 */
import { type Answer, control, Supplier } from './api.ts';
import { type Child, field, h, pretty, replace, select, table } from './dom.ts';
import { faultsSection } from './faults-section.ts';

/* ---------- types of the control API's bodies ---------- */
interface SupplierView {
  code: string;
  status: 'Ongoing' | 'Paused' | 'Complete';
  emails_on_migration: boolean;
  document_root: string;
}
interface SkipMark {
  import_supplier_code: string;
  external_account_number: string;
}
interface Faults {
  suppliers: { import_supplier_code: string; kind: string; remaining: number | null }[];
  accounts: (SkipMark & { kind: string; remaining: number | null })[];
}
interface AccountSummary {
  import_supplier: string;
  external_account_number: string;
  status: 'staged' | 'imported' | null;
  skipped: boolean;
  service_account_number: string | null;
  updated_at: string | null;
}
interface AccountList {
  total: number;
  counts: { staged: number; imported: number; skipped: number };
  items: AccountSummary[];
}
interface JournalLine {
  seq: number;
  at: string;
  method: string;
  path: string;
  operation_id: string | null;
  status: number;
  body?: unknown;
  response_body?: unknown;
}
interface OutboxEntry {
  to: string;
  subject: string;
  body: string;
  import_supplier: string;
  external_account_number: string;
  sent_at: string;
}
interface MeterPoint {
  mpxn: string;
  supply_type: string;
  status: string;
  sent_at: string | null;
  supply_start_date: string | null;
  outcome: { kind: string; at: string | null } | null;
  flow_fault: string | null;
}
interface AccountRecord {
  status: string;
  data: Record<string, unknown>;
  service_account_number?: string;
  operations_team?: string;
  transactions?: { transaction_data: Record<string, unknown>; added_at: string }[];
  statements?: { statement: Record<string, unknown>; attached_at: string }[];
  payment_instruction?: { vendor: string; reference: string; type: string; created_at: string };
}
interface NoteView {
  body: string;
  created_at: string;
  is_pinned: boolean;
  pinned_now: boolean;
  unpin_at: string | null;
  origin: string;
}
type Spec = {
  paths: Record<string, Record<string, { operationId?: string }>>;
  components: { examples: Record<string, { value: unknown }> };
};

/* ---------- the page's state ---------- */
const POLL_MS = 1500;
const supplier = new Supplier('demo-api-key');
const view = {
  suppliers: [] as SupplierView[],
  teams: [] as string[],
  accountFilter: { supplier: '', kind: '', search: '' },
  journalFilter: { operation: '', status: '' },
  selected: undefined as { code: string; external: string } | undefined,
  openedEntry: undefined as number | undefined,
  lastMeterPoints: '',
};
let interfaceSpec: Spec | undefined;
const shown = new Map<string, string>();

/* ---------- layout ---------- */
const main = document.getElementById('main')!;
const message = h('p', { id: 'message', class: 'message', role: 'status', 'aria-live': 'polite' });
const live = h('p', { id: 'live', class: 'muted' }, 'Connecting…');
const clockNow = h('output', { id: 'clock-now', 'aria-label': 'Mock time' });

function section(id: string, title: string, ...children: Child[]) {
  return h(
    'section',
    { id, 'aria-labelledby': `${id}-title` },
    h('h2', { id: `${id}-title` }, title),
    ...children,
  );
}

/** Shows what an action got, in the page's status region (announced by screen readers). */
function report(what: string, answer: Answer) {
  const ok = answer.status < 400;
  message.className = `message ${ok ? 'status-ok' : 'status-bad'}`;
  const said = serviceMessages(answer.body);
  message.textContent = `${what}: ${answer.status}${said ? ` ${said}` : ''}`;
}

/** How many of an answer's messages the status line quotes. */
const MESSAGES_SHOWN = 5;

/**
 * The messages the service put in an answer, word for word: its `detail` and every `error_detail`
 * (a registration flow's meter point, a refused transaction, a 404's items), in the order sent.
 */
function serviceMessages(body: unknown): string {
  const found: string[] = [];
  const visit = (node: unknown, depth: number) => {
    if (depth > 6 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'detail' || key === 'error_detail') && typeof value === 'string') {
        if (!found.includes(value)) found.push(value);
      } else visit(value, depth + 1);
    }
  };
  visit(body, 0);
  const more = found.length - MESSAGES_SHOWN;
  return [...found.slice(0, MESSAGES_SHOWN), ...(more > 0 ? [`and ${more} more`] : [])].join(' · ');
}

async function act(what: string, run: () => Promise<Answer>) {
  const answer = await run();
  // The view shows the change before the message says it is done.
  await refresh();
  report(what, answer);
  return answer;
}

/** The fault plan in force and the named profiles' switches (decision 024). */
const injectedFaults = faultsSection({ act });

/* ---------- reset, after a confirmation ---------- */
/** A reset loses every account, note and journal entry: the person confirms it first. */
const resetDialog: HTMLDialogElement = h(
  'dialog',
  { id: 'reset-dialog', 'aria-labelledby': 'reset-dialog-title' },
  h('h3', { id: 'reset-dialog-title' }, 'Reset the mock?'),
  h(
    'p',
    {},
    'Every account, note, transaction, e-mail and journal entry is lost, and the configured state comes back. Export the state first to keep it.',
  ),
  h(
    'form',
    { method: 'dialog', class: 'row' },
    h('button', { value: 'reset' }, 'Yes, reset the mock'),
    h('button', { value: 'cancel', class: 'secondary', autofocus: true }, 'Cancel'),
  ),
);
resetDialog.addEventListener('close', () => {
  if (resetDialog.returnValue !== 'reset') return;
  resetDialog.returnValue = '';
  view.selected = undefined;
  void act('Reset the mock', () => control('POST', 'reset'));
});

/** Renders a part only when its data changed, so that polling never disturbs the person. */
function render(key: string, container: Element, data: unknown, build: () => Child) {
  const json = JSON.stringify(data);
  if (shown.get(key) === json) return;
  shown.set(key, json);
  replace(container, build());
}

/* ---------- clock, processing and state ---------- */
const advanceAmount = h('input', { type: 'number', value: '1', min: '0', step: 'any' });
const advanceUnit = select(
  [
    ['1', 'seconds'],
    ['60', 'minutes'],
    ['3600', 'hours'],
    ['86400', 'days'],
  ],
  {},
);
advanceUnit.value = '3600';
const freezeButton = h('button', { type: 'button', class: 'secondary' }, 'Freeze the clock');
let frozen = false;
freezeButton.addEventListener('click', () =>
  act(frozen ? 'Let the clock run' : 'Freeze the clock', () =>
    control('PUT', 'clock', { frozen: !frozen }),
  ),
);
const concurrency = h('input', { type: 'number', min: '1', inputmode: 'numeric' });
const processingTime = h('input', { type: 'number', min: '0', max: '600000' });
const importFile = h('input', { type: 'file', accept: 'application/json,.json' });

const stateSection = section(
  'state',
  'Clock, processing and state',
  h(
    'div',
    { class: 'grid' },
    h(
      'fieldset',
      {},
      h('legend', {}, 'Mock clock'),
      h('p', {}, 'Now: ', clockNow),
      h(
        'form',
        {
          class: 'row',
          onsubmit: (event: Event) => {
            event.preventDefault();
            const seconds = Number(advanceAmount.value) * Number(advanceUnit.value);
            return act('Advance the clock', () =>
              control('PUT', 'clock', { advance_seconds: seconds }),
            );
          },
        },
        field('Advance by', advanceAmount, 'advance-amount'),
        field('Unit', advanceUnit, 'advance-unit'),
        h('button', { type: 'submit' }, 'Advance the clock'),
      ),
      h('div', { class: 'row' }, freezeButton),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Processing'),
      h(
        'form',
        {
          onsubmit: (event: Event) => {
            event.preventDefault();
            const limit = concurrency.value.trim();
            return act('Save processing', () =>
              control('PUT', 'processing', {
                concurrency_limit: limit === '' ? null : Number(limit),
                processing_time_ms: Number(processingTime.value || '0'),
              }),
            );
          },
        },
        h(
          'div',
          { class: 'row' },
          field('Concurrency limit (empty: none)', concurrency, 'concurrency-limit'),
        ),
        h(
          'div',
          { class: 'row' },
          field('Processing time (ms)', processingTime, 'processing-time'),
        ),
        h('button', { type: 'submit' }, 'Save processing'),
      ),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'State'),
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', onclick: () => resetDialog.showModal() }, 'Reset the mock'),
        resetDialog,
        h(
          'button',
          { type: 'button', class: 'secondary', onclick: exportState },
          'Export the state',
        ),
      ),
      h(
        'form',
        {
          class: 'row',
          onsubmit: async (event: Event) => {
            event.preventDefault();
            const file = importFile.files?.[0];
            if (!file) {
              message.textContent = 'Choose a state file to import first.';
              return;
            }
            const text = await file.text();
            return act('Import the state', () => control('PUT', 'state', text));
          },
        },
        field('State file to import', importFile, 'import-file'),
        h('button', { type: 'submit' }, 'Import the state'),
      ),
    ),
  ),
);

async function exportState() {
  const answer = await control('GET', 'state');
  report('Export the state', answer);
  const blob = new Blob([JSON.stringify(answer.body, null, 2)], { type: 'application/json' });
  const link = h('a', {
    href: URL.createObjectURL(blob),
    download: `mock-state-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/* ---------- suppliers, teams, skip marks, vendor faults ---------- */
const suppliersTable = h('div', { id: 'suppliers-table' });
const supplierCode = h('input', {
  type: 'text',
  required: true,
  maxlength: '32',
  list: 'supplier-codes',
});
const supplierCodes = h('datalist', { id: 'supplier-codes' });
const supplierStatus = select(['Ongoing', 'Paused', 'Complete']);
const supplierEmails = h('input', { type: 'checkbox' });
const supplierRoot = h('input', { type: 'text' });
const teamsList = h('div', { id: 'teams-list' });
const newTeam = h('input', { type: 'text', required: true, maxlength: '255' });
const skipList = h('div', { id: 'skip-marks' });
const skipSupplier = select([]);
const skipExternal = h('input', { type: 'text', required: true, maxlength: '128' });
const faultsList = h('div', { id: 'vendor-faults' });
const faultSupplier = select([]);
const faultExternal = h('input', { type: 'text', maxlength: '128' });
const faultKind = select(['intermittent', 'persistent']);
const faultRemaining = h('input', { type: 'number', min: '1' });

function editSupplier(s: SupplierView) {
  supplierCode.value = s.code;
  supplierStatus.value = s.status;
  supplierEmails.checked = s.emails_on_migration;
  supplierRoot.value = s.document_root;
  supplierCode.focus();
}

const suppliersSection = section(
  'suppliers',
  'Suppliers and configuration',
  suppliersTable,
  h(
    'form',
    {
      class: 'panel',
      'aria-labelledby': 'supplier-form-title',
      onsubmit: (event: Event) => {
        event.preventDefault();
        return act(`Save supplier ${supplierCode.value}`, () =>
          control('PUT', `suppliers/${encodeURIComponent(supplierCode.value.trim())}`, {
            status: supplierStatus.value,
            emails_on_migration: supplierEmails.checked,
            document_root: supplierRoot.value,
          }),
        );
      },
    },
    h('h3', { id: 'supplier-form-title' }, 'Create or update a supplier'),
    h(
      'div',
      { class: 'row' },
      field('Supplier code', supplierCode, 'supplier-code'),
      supplierCodes,
      field('Status', supplierStatus, 'supplier-status'),
      field('E-mails on migration', supplierEmails, 'supplier-emails'),
      field('Document root', supplierRoot, 'supplier-root'),
      h('button', { type: 'submit' }, 'Save supplier'),
    ),
  ),
  h(
    'div',
    { class: 'grid' },
    h(
      'div',
      {},
      h('h3', {}, 'Operations teams'),
      teamsList,
      h(
        'form',
        {
          class: 'row',
          onsubmit: (event: Event) => {
            event.preventDefault();
            const name = newTeam.value.trim();
            newTeam.value = '';
            return act(`Add team ${name}`, () =>
              control('PUT', `operations-teams/${encodeURIComponent(name)}`),
            );
          },
        },
        field('New operations team', newTeam, 'new-team'),
        h('button', { type: 'submit' }, 'Add team'),
      ),
    ),
    h(
      'div',
      {},
      h('h3', {}, 'Skip marks'),
      skipList,
      h(
        'form',
        {
          class: 'row',
          onsubmit: (event: Event) => {
            event.preventDefault();
            return act(`Mark ${skipExternal.value} to be skipped`, () =>
              control(
                'PUT',
                `skip-marks/${encodeURIComponent(skipSupplier.value)}/${encodeURIComponent(skipExternal.value.trim())}`,
              ),
            );
          },
        },
        field('Skip mark supplier', skipSupplier, 'skip-supplier'),
        field('Skip mark account number', skipExternal, 'skip-external'),
        h('button', { type: 'submit' }, 'Mark to be skipped'),
      ),
    ),
  ),
  h('h3', {}, 'Payment vendor faults'),
  faultsList,
  h(
    'form',
    {
      class: 'row',
      onsubmit: (event: Event) => {
        event.preventDefault();
        const external = faultExternal.value.trim();
        const scope = external
          ? `accounts/${encodeURIComponent(faultSupplier.value)}/${encodeURIComponent(external)}`
          : `suppliers/${encodeURIComponent(faultSupplier.value)}`;
        const remaining = faultRemaining.value.trim();
        return act('Set the payment vendor fault', () =>
          control('PUT', `payment-vendor/${scope}/fault`, {
            kind: faultKind.value,
            ...(remaining === '' ? {} : { remaining: Number(remaining) }),
          }),
        );
      },
    },
    field('Fault supplier', faultSupplier, 'fault-supplier'),
    field('Account (empty: every account of the supplier)', faultExternal, 'fault-external'),
    field('Fault kind', faultKind, 'fault-kind'),
    field('Failing calls (empty: until cleared)', faultRemaining, 'fault-remaining'),
    h('button', { type: 'submit' }, 'Set the fault'),
  ),
);

function renderSuppliers(suppliers: SupplierView[]) {
  render('suppliers', suppliersTable, suppliers, () =>
    table(
      'Import suppliers',
      ['Code', 'Status', 'E-mails on migration', 'Document root', ''],
      suppliers.map((s) => [
        h('code', {}, s.code),
        h(
          'span',
          { class: `badge ${s.status === 'Ongoing' ? 'status-ok' : 'status-warn'}` },
          s.status,
        ),
        s.emails_on_migration ? 'yes' : 'no',
        h('code', {}, s.document_root || '(none)'),
        h(
          'button',
          {
            type: 'button',
            class: 'secondary',
            'data-key': `edit-${s.code}`,
            'aria-label': `Edit supplier ${s.code}`,
            onclick: () => editSupplier(s),
          },
          'Edit',
        ),
      ]),
    ),
  );
  const codes = suppliers.map((s) => s.code);
  render('supplier-selects', supplierCodes, codes, () =>
    codes.map((c) => h('option', { value: c })),
  );
  for (const [key, box, all] of [
    ['skip-supplier', skipSupplier, false],
    ['fault-supplier', faultSupplier, false],
    ['stage-supplier', stageSupplier, false],
    ['filter-supplier', filterSupplier, true],
  ] as const) {
    const before = box.value;
    render(key, box, codes, () => [
      ...(all ? [h('option', { value: '' }, 'All suppliers')] : []),
      ...codes.map((c) => h('option', { value: c }, c)),
    ]);
    if (before && codes.includes(before)) box.value = before;
  }
}

function renderTeams(teams: string[]) {
  render('teams', teamsList, teams, () =>
    h(
      'ul',
      { 'aria-label': 'Operations teams' },
      teams.map((t) => h('li', {}, h('code', {}, t))),
    ),
  );
  render('process-teams', processTeam, teams, () => teams.map((t) => h('option', { value: t }, t)));
}

function renderSkipMarks(marks: SkipMark[]) {
  render('skip-marks', skipList, marks, () =>
    marks.length === 0
      ? h('p', { class: 'muted' }, 'No account is marked to be skipped.')
      : table(
          'Accounts marked to be skipped',
          ['Supplier', 'External account number', ''],
          marks.map((m) => [
            m.import_supplier_code,
            m.external_account_number,
            h(
              'button',
              {
                type: 'button',
                class: 'secondary',
                'data-key': `unskip-${m.import_supplier_code}-${m.external_account_number}`,
                'aria-label': `Remove the skip mark of ${m.external_account_number}`,
                onclick: () =>
                  act(`Remove the skip mark of ${m.external_account_number}`, () =>
                    control(
                      'DELETE',
                      `skip-marks/${encodeURIComponent(m.import_supplier_code)}/${encodeURIComponent(m.external_account_number)}`,
                    ),
                  ),
              },
              'Remove',
            ),
          ]),
        ),
  );
}

function renderFaults(faults: Faults) {
  const rows = [
    ...faults.suppliers.map((f) => ({ ...f, external_account_number: '' })),
    ...faults.accounts,
  ];
  render('faults', faultsList, rows, () =>
    rows.length === 0
      ? h('p', { class: 'muted' }, 'The payment vendor answers normally.')
      : table(
          'Payment vendor faults',
          ['Supplier', 'Account', 'Kind', 'Failing calls left', ''],
          rows.map((f) => {
            const scope = f.external_account_number
              ? `accounts/${encodeURIComponent(f.import_supplier_code)}/${encodeURIComponent(f.external_account_number)}`
              : `suppliers/${encodeURIComponent(f.import_supplier_code)}`;
            const label = f.external_account_number || `every account of ${f.import_supplier_code}`;
            return [
              f.import_supplier_code,
              f.external_account_number || '(every account)',
              f.kind,
              f.remaining ?? 'until cleared',
              h(
                'button',
                {
                  type: 'button',
                  class: 'secondary',
                  'data-key': `clear-fault-${scope}`,
                  'aria-label': `Clear the payment vendor fault of ${label}`,
                  onclick: () =>
                    act('Clear the payment vendor fault', () =>
                      control('DELETE', `payment-vendor/${scope}/fault`),
                    ),
                },
                'Clear',
              ),
            ];
          }),
        ),
  );
}

/* ---------- the supplier's side ---------- */
const apiKey = h('input', { type: 'text', value: 'demo-api-key', autocomplete: 'off' });
const tokenState = h('output', { id: 'token-state' }, 'no token yet');
supplier.onToken = (state) => {
  tokenState.textContent = state;
};
apiKey.addEventListener('change', () => {
  supplier.apiKey = apiKey.value;
});
const stageSupplier = select([]);
const stageExternal = h('input', { type: 'text', required: true, maxlength: '128' });
const payload = h('textarea', { rows: '12', spellcheck: 'false' });
const supplierResult = h('pre', { id: 'supplier-result' }, '(no call yet)');

function showCall(what: string, answer: Answer) {
  supplierResult.textContent = `${what} → ${answer.status}\n${pretty(answer.body)}`;
}

function payloadFor(): Record<string, unknown> | undefined {
  try {
    const account = JSON.parse(payload.value) as Record<string, unknown>;
    account.import_supplier = stageSupplier.value;
    account.external_account_number = stageExternal.value.trim();
    return account;
  } catch (error) {
    message.className = 'message status-bad';
    message.textContent = `The payload is not JSON: ${(error as Error).message}`;
    return undefined;
  }
}

async function supplierAct(what: string, method: string, path: string, body?: unknown) {
  const answer = await supplier.call(method, path, body);
  showCall(`${method} ${path}`, answer);
  report(what, answer);
  await refresh();
  return answer;
}

const supplierSection = section(
  'supplier-side',
  'Act as a supplier (the interface)',
  h(
    'p',
    { class: 'muted' },
    'Calls the interface as a supplier would, with a token of this API key (obtained again when the clock makes it expire).',
  ),
  h(
    'div',
    { class: 'row' },
    field('API key', apiKey, 'api-key'),
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        onclick: async () => {
          supplier.apiKey = apiKey.value;
          const answer = await supplier.obtainToken();
          showCall('ObtainToken', answer);
          report('Obtain a token', answer);
        },
      },
      'Get a new token',
    ),
    h('span', {}, 'Token: ', tokenState),
  ),
  h(
    'form',
    {
      class: 'panel',
      'aria-labelledby': 'stage-title',
      onsubmit: (event: SubmitEvent) => {
        event.preventDefault();
        const account = payloadFor();
        if (!account) return;
        const validate = (event.submitter as HTMLButtonElement | null)?.value === 'validate';
        return validate
          ? supplierAct(
              'Validate the account',
              'POST',
              '/v1/data-import/validate-account/',
              account,
            )
          : supplierAct(
              `Stage ${account.external_account_number}`,
              'POST',
              '/v1/data-import/account-import-process/create-or-update/',
              account,
            );
      },
    },
    h('h3', { id: 'stage-title' }, 'Stage an account'),
    h(
      'div',
      { class: 'row' },
      field('Supplier', stageSupplier, 'stage-supplier'),
      field('External account number', stageExternal, 'stage-external'),
    ),
    h('label', { for: 'stage-payload' }, 'Account payload (JSON; supplier and number above win)'),
    (() => {
      payload.id = 'stage-payload';
      return payload;
    })(),
    h(
      'div',
      { class: 'row' },
      h('button', { type: 'submit', value: 'validate', class: 'secondary' }, 'Validate'),
      h('button', { type: 'submit', value: 'stage' }, 'Stage the account'),
    ),
  ),
  h('h3', {}, 'Last interface call'),
  supplierResult,
);

/* ---------- accounts ---------- */
const filterSupplier = select([['', 'All suppliers']]);
const filterKind = select([
  ['', 'All kinds'],
  ['staged', 'Staged'],
  ['imported', 'Imported'],
  ['skipped', 'Skipped'],
]);
const filterSearch = h('input', { type: 'search', maxlength: '128' });
const accountCounts = h('p', { id: 'account-counts' });
const accountsTable = h('div', { id: 'accounts-table' });
const accountDetail = h('div', { id: 'account-detail' });
const processTeam = select([]);
const dryRun = h('input', { type: 'checkbox' });
const attachKind = select([
  ['notes', 'Add notes'],
  ['transactions', 'Add transactions'],
  ['statements', 'Add historical statements'],
  ['payment', 'Create a payment instruction'],
]);
const attachBody = h('textarea', { rows: '8', spellcheck: 'false' });
const transferStatus = h('output', { id: 'transfer-status' }, 'not checked yet');
const accountData = h('div', { id: 'account-data' });

for (const box of [filterSupplier, filterKind]) {
  box.addEventListener('change', () => refresh());
}
filterSearch.addEventListener('input', () => refresh());

const ATTACH: Record<string, { path: string; example: string; title: string }> = {
  notes: {
    path: '/v1/data-import/notes/create/',
    example: 'CreateNotesRequest',
    title: 'Add notes',
  },
  transactions: {
    path: '/v1/data-import/transactions/create/?check_previously_added=true',
    example: 'CreateTransactionsRequest',
    title: 'Add transactions',
  },
  statements: {
    path: '/v1/data-import/historical-statements/create/',
    example: 'CreateHistoricalStatementsRequest',
    title: 'Add historical statements',
  },
  payment: {
    path: '/v1/data-import/payment-instruction/create/',
    example: 'CreateCardPaymentInstructionRequest',
    title: 'Create a payment instruction',
  },
};

function fillAttachBody() {
  const selected = view.selected;
  const example = interfaceSpec?.components.examples[ATTACH[attachKind.value]!.example]?.value;
  if (!selected || !example) return;
  attachBody.value = JSON.stringify(
    {
      ...(example as Record<string, unknown>),
      import_supplier: selected.code,
      external_account_number: selected.external,
    },
    null,
    2,
  );
}
attachKind.addEventListener('change', fillAttachBody);

function accountPath(prefix: string) {
  const s = view.selected!;
  return `${prefix}/${encodeURIComponent(s.code)}/${encodeURIComponent(s.external)}`;
}

async function checkTransferStatus() {
  if (!view.selected) return;
  const answer = await supplier.call<{ status?: string; detail?: string }>(
    'GET',
    `${accountPath('/v1/data-import/account-transfer-status')}/`,
  );
  showCall('GET account-transfer-status', answer);
  transferStatus.textContent =
    answer.status === 200
      ? (answer.body.status ?? '?')
      : `${answer.status} ${answer.body.detail ?? ''}`;
}

function openAccount(code: string, external: string) {
  view.selected = { code, external };
  view.lastMeterPoints = '';
  shown.delete('account-data');
  transferStatus.textContent = 'checking…';
  replace(accountDetail, accountPanel());
  fillAttachBody();
  void refresh().then(checkTransferStatus);
  document.getElementById('account-title')?.focus();
}

function accountPanel(): Child {
  const s = view.selected!;
  return h(
    'div',
    { class: 'panel' },
    h('h3', { id: 'account-title', tabindex: '-1' }, `Account ${s.external} of ${s.code}`),
    accountActionsHint,
    h(
      'p',
      {},
      'Transfer status (interface): ',
      transferStatus,
      ' ',
      h(
        'button',
        { type: 'button', class: 'secondary', onclick: checkTransferStatus },
        'Check the transfer status',
      ),
    ),
    h(
      'form',
      {
        class: 'row',
        onsubmit: (event: Event) => {
          event.preventDefault();
          return supplierAct(
            dryRun.checked ? 'Dry run' : 'Process the account',
            'POST',
            '/v1/data-import/account-import-process/process/',
            {
              import_supplier_code: s.code,
              external_account_number: s.external,
              operations_team_name: processTeam.value,
              ...(dryRun.checked ? { dry_run: true } : {}),
            },
          ).then(checkTransferStatus);
        },
      },
      field('Operations team', processTeam, 'process-team'),
      field('Dry run', dryRun, 'process-dry-run'),
      h(
        'button',
        { type: 'submit', 'data-needs': 'staged', disabled: true },
        'Process the account',
      ),
      h(
        'button',
        {
          type: 'button',
          'data-needs': 'imported',
          disabled: true,
          onclick: () =>
            supplierAct(
              'Send registration flows',
              'POST',
              `${accountPath('/v1/data-import/send-registration-flows')}/`,
            ).then(checkTransferStatus),
        },
        'Send registration flows',
      ),
    ),
    h(
      'form',
      {
        'aria-labelledby': 'attach-title',
        onsubmit: (event: Event) => {
          event.preventDefault();
          const spec = ATTACH[attachKind.value]!;
          let body: unknown;
          try {
            body = JSON.parse(attachBody.value);
          } catch (error) {
            message.textContent = `The body is not JSON: ${(error as Error).message}`;
            return;
          }
          return supplierAct(spec.title, 'POST', spec.path, body);
        },
      },
      h('h4', { id: 'attach-title' }, 'Attach data (the spec\u2019s example for this account)'),
      h('div', { class: 'row' }, field('What to attach', attachKind, 'attach-kind')),
      h('label', { for: 'attach-body' }, 'Request body (JSON)'),
      (() => {
        attachBody.id = 'attach-body';
        return attachBody;
      })(),
      h('button', { type: 'submit', 'data-needs': 'imported', disabled: true }, 'Send'),
    ),
    accountData,
  );
}

function renderAccounts(list: AccountList) {
  const c = list.counts;
  accountCounts.textContent = `Staged ${c.staged} · Imported ${c.imported} · Skipped ${c.skipped} · Listed ${list.items.length} of ${list.total}`;
  render('accounts', accountsTable, list.items, () =>
    list.items.length === 0
      ? h('p', { class: 'muted' }, 'No account matches.')
      : table(
          'Accounts',
          [
            'External account number',
            'Supplier',
            'Status',
            'Service account',
            'Skipped',
            'Updated',
          ],
          list.items.map((a) => [
            h(
              'button',
              {
                type: 'button',
                class: 'link',
                'data-key': `open-${a.import_supplier}-${a.external_account_number}`,
                'aria-label': `Open account ${a.external_account_number} of ${a.import_supplier}`,
                onclick: () => openAccount(a.import_supplier, a.external_account_number),
              },
              a.external_account_number,
            ),
            a.import_supplier,
            a.status ?? '(only a skip mark)',
            a.service_account_number ?? '',
            a.skipped ? 'yes' : 'no',
            a.updated_at ?? '',
          ]),
        ),
  );
}

function meterPointActions(s: { code: string; external: string }, mp: MeterPoint): Child {
  const outcome = select(
    [
      ['accepted', 'Accept'],
      ['rejected', 'Reject'],
      ['', 'No outcome'],
    ],
    { 'data-key': `outcome-${mp.mpxn}` },
  );
  const after = h('input', {
    type: 'number',
    min: '0',
    step: 'any',
    value: '0',
    size: '5',
    'data-key': `after-${mp.mpxn}`,
  });
  const fault = h('input', { type: 'text', size: '14', 'data-key': `fault-${mp.mpxn}` });
  const base = `accounts/${encodeURIComponent(s.code)}/${encodeURIComponent(s.external)}/meter-points/${encodeURIComponent(mp.mpxn)}`;
  return h(
    'div',
    {},
    h(
      'form',
      {
        class: 'row',
        onsubmit: (event: Event) => {
          event.preventDefault();
          const hours = Number(after.value || '0');
          return act(`Outcome of ${mp.mpxn}`, () =>
            control('PUT', `${base}/outcome`, {
              outcome: outcome.value === '' ? null : outcome.value,
              ...(outcome.value !== '' && hours > 0 ? { after_seconds: hours * 3600 } : {}),
            }),
          ).then(checkTransferStatus);
        },
      },
      field(`Outcome for ${mp.mpxn}`, outcome, `outcome-${mp.mpxn}`),
      field(`Hours from now for ${mp.mpxn}`, after, `after-${mp.mpxn}`),
      h('button', { type: 'submit', 'data-key': `set-outcome-${mp.mpxn}` }, 'Set outcome'),
    ),
    h(
      'form',
      {
        class: 'row',
        onsubmit: (event: SubmitEvent) => {
          event.preventDefault();
          const clear = (event.submitter as HTMLButtonElement | null)?.value === 'clear';
          return act(`Flow fault of ${mp.mpxn}`, () =>
            control('PUT', `${base}/flow-fault`, {
              error_detail: clear ? null : fault.value.trim() || 'Flow rejected by the industry',
            }),
          );
        },
      },
      field(`Flow fault for ${mp.mpxn}`, fault, `fault-${mp.mpxn}`),
      h(
        'button',
        { type: 'submit', value: 'set', class: 'secondary', 'data-key': `set-fault-${mp.mpxn}` },
        'Set fault',
      ),
      h(
        'button',
        {
          type: 'submit',
          value: 'clear',
          class: 'secondary',
          'data-key': `clear-fault-${mp.mpxn}`,
        },
        'Clear fault',
      ),
    ),
  );
}

/** Why some of the account's actions are off: the interface would refuse them in this state. */
const accountActionsHint = h('p', { id: 'account-actions-hint', class: 'muted' });
const NEEDS: Record<string, string> = {
  none: 'The mock holds no staged data for this account: stage it first.',
  staged:
    'Staged, not imported: process it first; registration flows and attached data need an imported account (REG-8, NOTE-8).',
  imported: 'Imported: processing it again would be refused (PRC-8).',
};

/**
 * Enables each of the account's actions only in the state the interface accepts it in: processing
 * a staged account, registration flows and attached data on an imported one.
 */
function enableAccountActions(state: 'none' | 'staged' | 'imported') {
  for (const button of accountDetail.querySelectorAll<HTMLButtonElement>('[data-needs]')) {
    button.disabled = button.dataset.needs !== state;
  }
  accountActionsHint.textContent = NEEDS[state] ?? '';
}

async function refreshAccount() {
  const s = view.selected;
  if (!s) return;
  const path = `accounts/${encodeURIComponent(s.code)}/${encodeURIComponent(s.external)}`;
  const record = await control<AccountRecord>('GET', path);
  enableAccountActions(
    record.status !== 200 ? 'none' : record.body.status === 'imported' ? 'imported' : 'staged',
  );
  if (record.status !== 200) {
    render('account-data', accountData, record.body, () =>
      h(
        'p',
        { class: 'muted' },
        'The mock holds no record of this account (only a skip mark, or it was reset).',
      ),
    );
    return;
  }
  const imported = record.body.status === 'imported';
  const [notes, meterPoints] = imported
    ? await Promise.all([
        control<NoteView[]>('GET', `${path}/notes`),
        control<MeterPoint[]>('GET', `${path}/meter-points`),
      ])
    : [undefined, undefined];
  const points = meterPoints?.status === 200 ? meterPoints.body : [];
  const pointsJson = JSON.stringify(points.map((p) => p.status));
  if (view.lastMeterPoints && view.lastMeterPoints !== pointsJson) void checkTransferStatus();
  view.lastMeterPoints = pointsJson;
  const r = record.body;
  render('account-data', accountData, [r, notes?.body, points], () => [
    h('h4', {}, 'Meter points'),
    points.length === 0
      ? h(
          'p',
          { class: 'muted' },
          imported
            ? 'No energy meter point.'
            : 'Meter points register once the account is imported.',
        )
      : table(
          'Meter points and their registration',
          ['MPXN', 'Supply', 'Status', 'Sent', 'Outcome', 'Flow fault', 'Actions'],
          points.map((mp) => [
            h('code', {}, mp.mpxn),
            mp.supply_type,
            h('strong', { 'data-mpxn-status': mp.mpxn }, mp.status),
            mp.sent_at ?? '',
            mp.outcome ? `${mp.outcome.kind}${mp.outcome.at ? ` at ${mp.outcome.at}` : ''}` : '',
            mp.flow_fault ?? '',
            meterPointActions(s, mp),
          ]),
        ),
    h('h4', {}, 'Notes'),
    notes?.status !== 200 || notes.body.length === 0
      ? h('p', { class: 'muted' }, 'No note.')
      : h(
          'ul',
          { 'aria-label': 'Notes' },
          notes.body.map((n) =>
            h(
              'li',
              {},
              n.pinned_now ? h('span', { class: 'badge status-warn' }, 'pinned') : null,
              ' ',
              n.body,
              h('span', { class: 'muted' }, ` (${n.created_at}, ${n.origin.replace(/_/g, ' ')})`),
            ),
          ),
        ),
    h('h4', {}, 'Transactions'),
    (r.transactions ?? []).length === 0
      ? h('p', { class: 'muted' }, 'No transaction.')
      : table(
          'Transactions',
          ['Id', 'Date', 'Type', 'Amount', 'Reason'],
          (r.transactions ?? []).map((t) => [
            String(t.transaction_data.transaction_id),
            String(t.transaction_data.transaction_date),
            String(t.transaction_data.type ?? ''),
            String(t.transaction_data.amount ?? ''),
            String(t.transaction_data.reason ?? ''),
          ]),
        ),
    h('h4', {}, 'Historical statements'),
    (r.statements ?? []).length === 0
      ? h('p', { class: 'muted' }, 'No statement.')
      : h(
          'ul',
          { 'aria-label': 'Historical statements' },
          (r.statements ?? []).map((st) =>
            h('li', {}, h('code', {}, JSON.stringify(st.statement))),
          ),
        ),
    h('h4', {}, 'Payment instruction'),
    r.payment_instruction
      ? h(
          'p',
          { id: 'payment-instruction' },
          `${r.payment_instruction.vendor} ${r.payment_instruction.type} ${r.payment_instruction.reference} (${r.payment_instruction.created_at}) `,
          h(
            'button',
            {
              type: 'button',
              class: 'secondary',
              'data-key': 'cancel-payment',
              onclick: () =>
                act('End the payment instruction', () =>
                  control('DELETE', `${path}/payment-instruction`),
                ),
            },
            'End it',
          ),
        )
      : h('p', { class: 'muted' }, 'None.'),
    h(
      'p',
      {},
      `Status: ${r.status}`,
      r.service_account_number ? ` · service account ${r.service_account_number}` : '',
      r.operations_team ? ` · team ${r.operations_team}` : '',
    ),
    h('details', {}, h('summary', {}, 'Staged payload'), h('pre', {}, pretty(r.data))),
  ]);
}

const accountsSection = section(
  'accounts',
  'Accounts',
  h(
    'div',
    { class: 'row', role: 'search', 'aria-label': 'Filter accounts' },
    field('Supplier of accounts', filterSupplier, 'filter-supplier'),
    field('Kind of account', filterKind, 'filter-kind'),
    field('Search external account number', filterSearch, 'filter-search'),
  ),
  accountCounts,
  accountsTable,
  accountDetail,
);

/* ---------- journal and outbox ---------- */
const journalOperation = select([['', 'Any operation']]);
const journalStatus = select([
  ['', 'Any status'],
  ['2xx', '2xx'],
  ['4xx', '4xx'],
  ['5xx', '5xx'],
]);
const journalTable = h('div', { id: 'journal-table' });
const journalEntry = h('div', { id: 'journal-entry' });
const outboxTable = h('div', { id: 'outbox-table' });
journalOperation.addEventListener('change', () => refresh());
journalStatus.addEventListener('change', () => refresh());

async function openEntry(seq: number) {
  view.openedEntry = seq;
  const answer = await control<JournalLine>('GET', `journal/${seq}`);
  replace(
    journalEntry,
    answer.status === 200
      ? h(
          'div',
          { class: 'panel' },
          h(
            'h3',
            { id: 'journal-entry-title', tabindex: '-1' },
            `Request ${seq}: ${answer.body.method} ${answer.body.path} → ${answer.body.status}`,
          ),
          h('h4', {}, 'Request body (redacted)'),
          h('pre', { id: 'journal-request-body' }, pretty(answer.body.body)),
          h('h4', {}, 'Response body (redacted)'),
          h('pre', { id: 'journal-response-body' }, pretty(answer.body.response_body)),
        )
      : h('p', {}, `Request ${seq} is no longer in the journal.`),
  );
  document.getElementById('journal-entry-title')?.focus();
}

const journalSection = section(
  'journal',
  'Request journal',
  h(
    'div',
    { class: 'row', role: 'search', 'aria-label': 'Filter the journal' },
    field('Requests of operation', journalOperation, 'journal-operation'),
    field('Requests with status', journalStatus, 'journal-status'),
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        onclick: () => {
          replace(journalEntry);
          return act('Clear the journal', () => control('DELETE', 'journal'));
        },
      },
      'Clear the journal',
    ),
  ),
  h('p', { class: 'muted' }, 'Newest first; the control API\u2019s reads are not kept.'),
  journalTable,
  journalEntry,
);

function renderJournal(lines: JournalLine[]) {
  render('journal', journalTable, lines, () =>
    lines.length === 0
      ? h('p', { class: 'muted' }, 'No request matches.')
      : table(
          'Requests, newest first',
          ['#', 'At', 'Method', 'Path', 'Operation', 'Status', ''],
          lines.map((l) => [
            String(l.seq),
            l.at,
            l.method,
            h('code', {}, l.path),
            l.operation_id ?? '',
            h('span', { class: l.status >= 400 ? 'status-bad' : 'status-ok' }, String(l.status)),
            h(
              'button',
              {
                type: 'button',
                class: 'secondary',
                'data-key': `entry-${l.seq}`,
                'aria-label': `Open request ${l.seq}`,
                onclick: () => openEntry(l.seq),
              },
              'Open',
            ),
          ]),
        ),
  );
}

function renderOutbox(entries: OutboxEntry[]) {
  render('outbox', outboxTable, entries, () =>
    entries.length === 0
      ? h('p', { class: 'muted' }, 'No e-mail was sent.')
      : table(
          'E-mails sent on migration, newest first',
          ['To', 'Subject', 'Supplier', 'Account', 'Sent at', 'Body'],
          [...entries]
            .reverse()
            .map((e) => [
              e.to,
              e.subject,
              e.import_supplier,
              e.external_account_number,
              e.sent_at,
              h('details', {}, h('summary', {}, 'Read'), h('p', {}, e.body)),
            ]),
        ),
  );
}

const outboxSection = section('outbox', 'Outbox', outboxTable);

/* ---------- the platform catalogue (GEN-6, decision 015) ---------- */
/*
 * The catalogue is edited one section at a time, and a list section one entry at a time when the
 * person picks one: the whole document runs to thousands of lines, more than a text box should
 * hold (a browser slows to a halt filling it), and a person changes one part at a time anyway.
 * Saving sends only that section (patchPlatformCatalogue); the whole document is still downloaded
 * and uploaded as a file (getPlatformCatalogue, putPlatformCatalogue).
 */
const WHOLE_SECTION = '';
/** The keys that name a list entry, in the order they are tried. */
const ENTRY_NAMES = ['code', 'slug', 'mpid', 'key', 'namespace', 'type', 'organisation', 'name'];
const catalogueSectionPick = h('select', {});
const catalogueEntryPick = h('select', {});
const catalogueText = h('textarea', { rows: '12', spellcheck: 'false' });
const catalogueSummary = h('p', { id: 'catalogue-summary', class: 'muted' });
const catalogueUpload = h('input', { type: 'file', accept: 'application/json,.json' });
const catalogueDownload = h(
  'a',
  { href: '/__mock/catalogue', download: 'platform-catalogue.json', class: 'button secondary' },
  'Download the whole catalogue',
);
let catalogue: Record<string, unknown> = {};
/** The person's edits win over polling until they save, restore or pick another part. */
let catalogueEdited = false;
catalogueText.addEventListener('input', () => {
  catalogueEdited = true;
});

/** How an entry of a list section is named in the entry picker. */
function entryName(entry: unknown, index: number): string {
  if (typeof entry === 'string' || typeof entry === 'number') return String(entry);
  if (entry && typeof entry === 'object') {
    const record = entry as Record<string, unknown>;
    const key = ENTRY_NAMES.find((k) => typeof record[k] === 'string');
    if (key) return `${record[key]}`;
  }
  return `entry ${index + 1}`;
}

/** The part being edited: a section, or one entry of a list section. */
function editedPart(): unknown {
  const value = catalogue[catalogueSectionPick.value];
  if (!Array.isArray(value) || catalogueEntryPick.value === WHOLE_SECTION) return value;
  return value[Number(catalogueEntryPick.value)];
}

/** Fills the entry picker for the section picked (hidden for a section that is not a list). */
function renderEntryPick() {
  const value = catalogue[catalogueSectionPick.value];
  const list = Array.isArray(value) ? value : [];
  const picked = catalogueEntryPick.value;
  replace(
    catalogueEntryPick,
    h('option', { value: WHOLE_SECTION }, `The whole section (${list.length} entries)`),
    list.map((entry, i) => h('option', { value: String(i) }, entryName(entry, i))),
  );
  catalogueEntryPick.value = Number(picked) < list.length ? picked : WHOLE_SECTION;
  catalogueEntryPick.disabled = !Array.isArray(value);
}

function showEditedPart() {
  const text = JSON.stringify(editedPart(), null, 2) ?? '';
  if (catalogueText.value !== text) catalogueText.value = text;
}

function pickCatalogueSection() {
  catalogueEntryPick.value = WHOLE_SECTION;
  catalogueEdited = false;
  renderEntryPick();
  showEditedPart();
}
catalogueSectionPick.addEventListener('change', pickCatalogueSection);
catalogueEntryPick.addEventListener('change', () => {
  catalogueEdited = false;
  showEditedPart();
});

async function saveCatalogueSection() {
  const section = catalogueSectionPick.value;
  const what = `Save the catalogue's ${section}`;
  let part: unknown;
  try {
    part = JSON.parse(catalogueText.value);
  } catch (error) {
    report(what, { status: 400, body: { detail: `not JSON: ${(error as Error).message}` } });
    return;
  }
  const current = catalogue[section];
  const entry = catalogueEntryPick.value;
  const value =
    Array.isArray(current) && entry !== WHOLE_SECTION
      ? current.map((e, i) => (i === Number(entry) ? part : e))
      : part;
  const answer = await act(what, () => control('PATCH', 'catalogue', { [section]: value }));
  if (answer.status < 400) catalogueEdited = false;
}

async function uploadCatalogue() {
  const file = catalogueUpload.files?.[0];
  if (!file) return;
  const what = `Upload the catalogue ${file.name}`;
  let body: unknown;
  try {
    body = JSON.parse(await file.text());
  } catch (error) {
    report(what, { status: 400, body: { detail: `not JSON: ${(error as Error).message}` } });
    return;
  } finally {
    // The same file may be picked again after a fix.
    catalogueUpload.value = '';
  }
  catalogueEdited = false;
  await act(what, () => control('PUT', 'catalogue', body));
}
catalogueUpload.addEventListener('change', () => void uploadCatalogue());

async function restoreCatalogue() {
  catalogueEdited = false;
  await act('Restore the configured platform catalogue', () => control('DELETE', 'catalogue'));
}

function renderCatalogue(next: Record<string, unknown>) {
  catalogue = next;
  render('catalogue', catalogueSummary, next, () => {
    const picked = catalogueSectionPick.value;
    replace(
      catalogueSectionPick,
      Object.entries(next).map(([section, value]) =>
        h(
          'option',
          { value: section },
          Array.isArray(value) ? `${section} (${value.length})` : section,
        ),
      ),
    );
    if (picked in next) catalogueSectionPick.value = picked;
    renderEntryPick();
    return Object.entries(next)
      .map(([section, value]) =>
        Array.isArray(value)
          ? `${section}: ${value.length}`
          : `${section}: ${JSON.stringify(value)}`,
      )
      .join(' · ');
  });
  if (!catalogueEdited && document.activeElement !== catalogueText) showEditedPart();
}

const catalogueSection = section(
  'catalogue',
  'Platform catalogue',
  h(
    'p',
    { class: 'muted' },
    "The platform's own data its validators check payloads against: products and tariffs, campaigns, market participants, ledger codes, PSR codes and the deployment's switches. Pick a section (and, in a list, one entry), edit its JSON and save it; a change that does not match the catalogue's schema is refused and changes nothing. The whole document is downloaded and uploaded as a file.",
  ),
  catalogueSummary,
  h(
    'div',
    { class: 'row' },
    h('div', {}, field('Catalogue section', catalogueSectionPick, 'catalogue-section')),
    h('div', {}, field('Entry', catalogueEntryPick, 'catalogue-entry')),
  ),
  field('Catalogue section (JSON)', catalogueText, 'catalogue-json'),
  h(
    'div',
    { class: 'row' },
    h('button', { type: 'button', onclick: saveCatalogueSection }, 'Save the section'),
    h(
      'button',
      { type: 'button', class: 'secondary', onclick: restoreCatalogue },
      'Restore the configured catalogue',
    ),
  ),
  h(
    'div',
    { class: 'row' },
    catalogueDownload,
    h(
      'div',
      {},
      field('Upload a whole catalogue (JSON file)', catalogueUpload, 'catalogue-upload'),
    ),
  ),
);

/* ---------- polling ---------- */
let refreshing: Promise<void> | undefined;
let queued: Promise<void> | undefined;

/**
 * Reads everything shown from the control API and renders what changed. A read already under way
 * may have started before the change that asks for this one (an action, a new filter), so the
 * caller waits for one more read after it rather than taking the older answer.
 */
function refresh(): Promise<void> {
  if (refreshing) {
    queued ??= refreshing.then(() => {
      queued = undefined;
      return refresh();
    });
    return queued;
  }
  refreshing = (async () => {
    try {
      const accountQuery = new URLSearchParams({ limit: '200' });
      if (filterSupplier.value) accountQuery.set('import_supplier', filterSupplier.value);
      if (filterKind.value) accountQuery.set('status', filterKind.value);
      if (filterSearch.value.trim()) accountQuery.set('search', filterSearch.value.trim());
      const journalQuery = new URLSearchParams({
        order: 'newest_first',
        limit: '200',
        bodies: 'false',
      });
      if (journalOperation.value) journalQuery.set('operation_id', journalOperation.value);
      if (journalStatus.value) journalQuery.set('status', journalStatus.value);
      const [
        clock,
        suppliers,
        teams,
        marks,
        faults,
        processing,
        accounts,
        journal,
        outbox,
        catalogue,
      ] = await Promise.all([
        control<{ now: string; frozen: boolean }>('GET', 'clock'),
        control<SupplierView[]>('GET', 'suppliers'),
        control<string[]>('GET', 'operations-teams'),
        control<SkipMark[]>('GET', 'skip-marks'),
        control<Faults>('GET', 'payment-vendor/faults'),
        control<{ concurrency_limit: number | null; processing_time_ms: number }>(
          'GET',
          'processing',
        ),
        control<AccountList>('GET', `accounts?${accountQuery}`),
        control<JournalLine[]>('GET', `journal?${journalQuery}`),
        control<OutboxEntry[]>('GET', 'outbox'),
        control<Record<string, unknown>>('GET', 'catalogue'),
      ]);
      clockNow.textContent = `${clock.body.now}${clock.body.frozen ? ' (frozen)' : ''}`;
      frozen = clock.body.frozen;
      freezeButton.textContent = frozen ? 'Let the clock run' : 'Freeze the clock';
      view.suppliers = suppliers.body;
      renderSuppliers(suppliers.body);
      renderTeams(teams.body);
      renderSkipMarks(marks.body);
      renderFaults(faults.body);
      render('processing', document.createElement('div'), processing.body, () => {
        if (document.activeElement !== concurrency)
          concurrency.value = processing.body.concurrency_limit?.toString() ?? '';
        if (document.activeElement !== processingTime)
          processingTime.value = String(processing.body.processing_time_ms);
        return null;
      });
      renderAccounts(accounts.body);
      renderJournal(journal.body);
      renderOutbox(outbox.body);
      renderCatalogue(catalogue.body);
      await injectedFaults.refresh();
      await refreshAccount();
      live.textContent = `Live: updated ${new Date().toLocaleTimeString()} (every ${POLL_MS / 1000} s)`;
    } catch (error) {
      live.textContent = `Disconnected from the mock: ${(error as Error).message}`;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

async function start() {
  const [openapi, controlDoc] = (await Promise.all(
    ['/docs/openapi.json', '/docs/control.json'].map((url) => fetch(url).then((r) => r.json())),
  )) as [Spec, Spec];
  interfaceSpec = openapi;
  const account = structuredClone(
    openapi.components.examples.DomesticAccount?.value ?? {},
  ) as Record<string, unknown>;
  payload.value = JSON.stringify(account, null, 2);
  stageExternal.value = String(account.external_account_number ?? 'EXTERNAL-1234');
  // The journal names the operation of every request, the interface's and the control API's.
  const operations = [openapi, controlDoc].flatMap((doc) =>
    Object.values(doc.paths).flatMap((item) =>
      Object.values(item)
        .map((op) => op.operationId)
        .filter((id): id is string => typeof id === 'string'),
    ),
  );
  replace(
    journalOperation,
    h('option', { value: '' }, 'Any operation'),
    operations.map((id) => h('option', { value: id }, id)),
  );
  replace(
    main,
    h('header', { class: 'console-header' }, h('h1', {}, 'Data-Import mock console'), live),
    h(
      'nav',
      { class: 'console-nav', 'aria-label': 'Console sections' },
      h('a', { href: '#state' }, 'Clock and state'),
      h('a', { href: '#suppliers' }, 'Suppliers'),
      h('a', { href: '#supplier-side' }, 'Act as a supplier'),
      h('a', { href: '#accounts' }, 'Accounts'),
      h('a', { href: '#journal' }, 'Journal'),
      h('a', { href: '#outbox' }, 'Outbox'),
      h('a', { href: '#catalogue' }, 'Platform catalogue'),
      h('a', { href: '#faults' }, 'Injected faults'),
    ),
    message,
    stateSection,
    suppliersSection,
    supplierSection,
    accountsSection,
    journalSection,
    outboxSection,
    catalogueSection,
    injectedFaults.element,
  );
  await refresh();
  main.setAttribute('aria-busy', 'false');
  main.dataset.ready = 'true';
  setInterval(() => {
    if (!document.hidden) void refresh();
  }, POLL_MS);
}

void start();
