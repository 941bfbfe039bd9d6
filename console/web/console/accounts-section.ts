/**
 * "Accounts": the accounts the mock holds, filtered by supplier, kind and account number, with
 * the counts of each kind, and the open account's panel below them.
 */
import { type AccountPanel, accountPanel } from './account-panel.ts';
import type { ConsoleContext } from './context.ts';
import { field, h, section, select, table } from './dom.ts';
import { countsText } from './formats.ts';
import { render, renderOptions } from './render.ts';
import type { AccountFilter } from './requests.ts';
import type { AccountList } from './views.ts';

/** The accounts section and how it shows what the mock read. */
export interface AccountsSection {
  element: HTMLElement;
  /** The filters as the person set them. */
  filter(): AccountFilter;
  renderAccounts(list: AccountList): void;
  /** Offers the supplier codes to filter by. */
  renderSupplierCodes(codes: string[]): void;
  /** The open account's panel. */
  panel: AccountPanel;
}

/** Builds the accounts section. */
export function accountsSection(ctx: ConsoleContext): AccountsSection {
  const supplier = select([['', 'All suppliers']]);
  const kind = select([
    ['', 'All kinds'],
    ['staged', 'Staged'],
    ['imported', 'Imported'],
    ['skipped', 'Skipped'],
  ]);
  const search = h('input', { type: 'search', maxlength: '128' });
  for (const box of [supplier, kind]) box.addEventListener('change', () => ctx.refresh());
  search.addEventListener('input', () => ctx.refresh());
  const counts = h('p', { id: 'account-counts' });
  const accountsTable = h('div', { id: 'accounts-table' });
  const panel = accountPanel(ctx);
  const element = section(
    'accounts',
    'Accounts',
    h(
      'div',
      { class: 'row', role: 'search', 'aria-label': 'Filter accounts' },
      field('Supplier of accounts', supplier, 'filter-supplier'),
      field('Kind of account', kind, 'filter-kind'),
      field('Search external account number', search, 'filter-search'),
    ),
    counts,
    accountsTable,
    panel.element,
  );
  return {
    element,
    filter: () => ({ supplier: supplier.value, kind: kind.value, search: search.value }),
    renderAccounts(list) {
      counts.textContent = countsText(list);
      render(ctx.state, 'accounts', accountsTable, list.items, () => accountsTableOf(list, panel));
    },
    renderSupplierCodes: (codes) =>
      renderOptions(ctx.state, 'filter-supplier', supplier, codes, 'All suppliers'),
    panel,
  };
}

function accountsTableOf(list: AccountList, panel: AccountPanel) {
  if (list.items.length === 0) return h('p', { class: 'muted' }, 'No account matches.');
  return table(
    'Accounts',
    ['External account number', 'Supplier', 'Status', 'Service account', 'Skipped', 'Updated'],
    list.items.map((a) => [
      h(
        'button',
        {
          type: 'button',
          class: 'link',
          'data-key': `open-${a.import_supplier}-${a.external_account_number}`,
          'aria-label': `Open account ${a.external_account_number} of ${a.import_supplier}`,
          onclick: () =>
            panel.open({ code: a.import_supplier, external: a.external_account_number }),
        },
        a.external_account_number,
      ),
      a.import_supplier,
      a.status ?? '(only a skip mark)',
      a.service_account_number ?? '',
      a.skipped ? 'yes' : 'no',
      a.updated_at ?? '',
    ]),
  );
}
