/**
 * "Suppliers and configuration": the import suppliers (SUP-1, SUP-2, SUP-4), the operations teams
 * (PRC-3), the skip marks (STG-6) and the payment vendor's faults (PAY-4, PAY-5).
 */
import { control } from './api.ts';
import type { ConsoleContext } from './context.ts';
import { field, h, section, select, table } from './dom.ts';
import { type FaultRow, faultRows } from './formats.ts';
import { render, renderOptions } from './render.ts';
import { faultScope, skipMarkPath, vendorFaultChange } from './requests.ts';
import type { PaymentVendorFaultList, SkipMark, SupplierView } from './views.ts';

/** The suppliers section and how it shows what the mock read. */
export interface SuppliersSection {
  element: HTMLElement;
  renderSuppliers(suppliers: SupplierView[]): void;
  renderTeams(teams: string[]): void;
  renderSkipMarks(marks: SkipMark[]): void;
  renderFaults(faults: PaymentVendorFaultList): void;
}

/** Builds the suppliers section. */
export function suppliersSection(ctx: ConsoleContext): SuppliersSection {
  const suppliersTable = h('div', { id: 'suppliers-table' });
  const form = supplierForm(ctx);
  const teams = teamsPart(ctx);
  const skips = skipMarksPart(ctx);
  const faults = faultsPart(ctx);
  const element = section(
    'suppliers',
    'Suppliers and configuration',
    suppliersTable,
    form.element,
    h('div', { class: 'grid' }, teams.element, skips.element),
    h('h3', {}, 'Payment vendor faults'),
    faults.list,
    faults.form,
  );
  const { state } = ctx;
  return {
    element,
    renderSuppliers(suppliers) {
      render(state, 'suppliers', suppliersTable, suppliers, () =>
        suppliersTableOf(suppliers, form.edit),
      );
      const codes = suppliers.map((s) => s.code);
      render(state, 'supplier-selects', form.codes, codes, () =>
        codes.map((c) => h('option', { value: c })),
      );
      renderOptions(state, 'skip-supplier', skips.supplier, codes);
      renderOptions(state, 'fault-supplier', faults.supplier, codes);
    },
    renderTeams(list) {
      render(state, 'teams', teams.list, list, () =>
        h(
          'ul',
          { 'aria-label': 'Operations teams' },
          list.map((t) => h('li', {}, h('code', {}, t))),
        ),
      );
    },
    renderSkipMarks(marks) {
      render(state, 'skip-marks', skips.list, marks, () => skipMarksTable(ctx, marks));
    },
    renderFaults(list) {
      const rows = faultRows(list);
      render(state, 'faults', faults.list, rows, () => faultsTable(ctx, rows));
    },
  };
}

function supplierForm(ctx: ConsoleContext) {
  const code = h('input', {
    type: 'text',
    required: true,
    maxlength: '32',
    list: 'supplier-codes',
  });
  const codes = h('datalist', { id: 'supplier-codes' });
  const status = select(['Ongoing', 'Paused', 'Complete']);
  const emails = h('input', { type: 'checkbox' });
  const root = h('input', { type: 'text' });
  const element = h(
    'form',
    {
      class: 'panel',
      'aria-labelledby': 'supplier-form-title',
      onsubmit: (event: Event) => {
        event.preventDefault();
        return ctx.act(`Save supplier ${code.value}`, () =>
          control('PUT', `suppliers/${encodeURIComponent(code.value.trim())}`, {
            status: status.value,
            emails_on_migration: emails.checked,
            document_root: root.value,
          }),
        );
      },
    },
    h('h3', { id: 'supplier-form-title' }, 'Create or update a supplier'),
    h(
      'div',
      { class: 'row' },
      field('Supplier code', code, 'supplier-code'),
      codes,
      field('Status', status, 'supplier-status'),
      field('E-mails on migration', emails, 'supplier-emails'),
      field('Document root', root, 'supplier-root'),
      h('button', { type: 'submit' }, 'Save supplier'),
    ),
  );
  /** Fills the form with a supplier, to change it. */
  const edit = (s: SupplierView) => {
    code.value = s.code;
    status.value = s.status;
    emails.checked = s.emails_on_migration;
    root.value = s.document_root;
    code.focus();
  };
  return { element, codes, edit };
}

function suppliersTableOf(suppliers: SupplierView[], edit: (s: SupplierView) => void) {
  return table(
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
          onclick: () => edit(s),
        },
        'Edit',
      ),
    ]),
  );
}

function teamsPart(ctx: ConsoleContext) {
  const list = h('div', { id: 'teams-list' });
  const name = h('input', { type: 'text', required: true, maxlength: '255' });
  const element = h(
    'div',
    {},
    h('h3', {}, 'Operations teams'),
    list,
    h(
      'form',
      {
        class: 'row',
        onsubmit: (event: Event) => {
          event.preventDefault();
          const team = name.value.trim();
          name.value = '';
          return ctx.act(`Add team ${team}`, () =>
            control('PUT', `operations-teams/${encodeURIComponent(team)}`),
          );
        },
      },
      field('New operations team', name, 'new-team'),
      h('button', { type: 'submit' }, 'Add team'),
    ),
  );
  return { element, list };
}

function skipMarksPart(ctx: ConsoleContext) {
  const list = h('div', { id: 'skip-marks' });
  const supplier = select([]);
  const external = h('input', { type: 'text', required: true, maxlength: '128' });
  const element = h(
    'div',
    {},
    h('h3', {}, 'Skip marks'),
    list,
    h(
      'form',
      {
        class: 'row',
        onsubmit: (event: Event) => {
          event.preventDefault();
          return ctx.act(`Mark ${external.value} to be skipped`, () =>
            control('PUT', skipMarkPath(supplier.value, external.value.trim())),
          );
        },
      },
      field('Skip mark supplier', supplier, 'skip-supplier'),
      field('Skip mark account number', external, 'skip-external'),
      h('button', { type: 'submit' }, 'Mark to be skipped'),
    ),
  );
  return { element, list, supplier };
}

function skipMarksTable(ctx: ConsoleContext, marks: SkipMark[]) {
  if (marks.length === 0) return h('p', { class: 'muted' }, 'No account is marked to be skipped.');
  return table(
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
            ctx.act(`Remove the skip mark of ${m.external_account_number}`, () =>
              control('DELETE', skipMarkPath(m.import_supplier_code, m.external_account_number)),
            ),
        },
        'Remove',
      ),
    ]),
  );
}

function faultsPart(ctx: ConsoleContext) {
  const list = h('div', { id: 'vendor-faults' });
  const supplier = select([]);
  const external = h('input', { type: 'text', maxlength: '128' });
  const kind = select(['intermittent', 'persistent']);
  const remaining = h('input', { type: 'number', min: '1' });
  const form = h(
    'form',
    {
      class: 'row',
      onsubmit: (event: Event) => {
        event.preventDefault();
        const scope = faultScope(supplier.value, external.value.trim());
        const change = vendorFaultChange(kind.value, remaining.value);
        return ctx.act('Set the payment vendor fault', () =>
          control('PUT', `payment-vendor/${scope}/fault`, change),
        );
      },
    },
    field('Fault supplier', supplier, 'fault-supplier'),
    field('Account (empty: every account of the supplier)', external, 'fault-external'),
    field('Fault kind', kind, 'fault-kind'),
    field('Failing calls (empty: until cleared)', remaining, 'fault-remaining'),
    h('button', { type: 'submit' }, 'Set the fault'),
  );
  return { list, form, supplier };
}

function faultsTable(ctx: ConsoleContext, rows: FaultRow[]) {
  if (rows.length === 0) return h('p', { class: 'muted' }, 'The payment vendor answers normally.');
  return table(
    'Payment vendor faults',
    ['Supplier', 'Account', 'Kind', 'Failing calls left', ''],
    rows.map((f) => {
      const scope = faultScope(f.import_supplier_code, f.external_account_number);
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
              ctx.act('Clear the payment vendor fault', () =>
                control('DELETE', `payment-vendor/${scope}/fault`),
              ),
          },
          'Clear',
        ),
      ];
    }),
  );
}
