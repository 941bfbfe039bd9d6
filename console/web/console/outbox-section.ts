/** "Outbox": the e-mails the mock sent on migration (SUP-4), newest first. */
import type { ConsoleContext } from './context.ts';
import { h, section, table } from './dom.ts';
import { render } from './render.ts';
import type { OutboxEntryView } from './views.ts';

/** The outbox section and how it shows what the mock read. */
export interface OutboxSection {
  element: HTMLElement;
  renderOutbox(entries: OutboxEntryView[]): void;
}

/** Builds the outbox section. */
export function outboxSection(ctx: ConsoleContext): OutboxSection {
  const outboxTable = h('div', { id: 'outbox-table' });
  return {
    element: section('outbox', 'Outbox', outboxTable),
    renderOutbox(entries) {
      render(ctx.state, 'outbox', outboxTable, entries, () =>
        entries.length === 0
          ? h('p', { class: 'muted' }, 'No e-mail was sent.')
          : table(
              'E-mails sent on migration, newest first',
              ['To', 'Subject', 'Supplier', 'Account', 'Sent at', 'Body'],
              // The outbox lists the oldest first.
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
    },
  };
}
