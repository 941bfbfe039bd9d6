/**
 * "Request journal": every request the mock answered, newest first, filtered by operation and
 * status; one entry opens with its request and response bodies, secrets redacted (AUTH-1).
 */
import { control } from './api.ts';
import type { ConsoleContext } from './context.ts';
import { field, h, replace, section, select, table } from './dom.ts';
import { pretty } from './formats.ts';
import { render } from './render.ts';
import type { JournalFilter } from './requests.ts';
import type { JournalEntryView } from './views.ts';

/** The journal section and how it shows what the mock read. */
export interface JournalSection {
  element: HTMLElement;
  /** The filters as the person set them. */
  filter(): JournalFilter;
  /** Offers every operation of both documents to filter by. */
  setOperations(operations: string[]): void;
  renderJournal(lines: JournalEntryView[]): void;
}

/** Builds the journal section. */
export function journalSection(ctx: ConsoleContext): JournalSection {
  const operation = select([['', 'Any operation']]);
  const status = select([
    ['', 'Any status'],
    ['2xx', '2xx'],
    ['4xx', '4xx'],
    ['5xx', '5xx'],
  ]);
  const journalTable = h('div', { id: 'journal-table' });
  const entry = h('div', { id: 'journal-entry' });
  operation.addEventListener('change', () => ctx.refresh());
  status.addEventListener('change', () => ctx.refresh());
  const element = section(
    'journal',
    'Request journal',
    h(
      'div',
      { class: 'row', role: 'search', 'aria-label': 'Filter the journal' },
      field('Requests of operation', operation, 'journal-operation'),
      field('Requests with status', status, 'journal-status'),
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          onclick: () => {
            replace(entry);
            return ctx.act('Clear the journal', () => control('DELETE', 'journal'));
          },
        },
        'Clear the journal',
      ),
    ),
    h('p', { class: 'muted' }, 'Newest first; the control API\u2019s reads are not kept.'),
    journalTable,
    entry,
  );
  return {
    element,
    filter: () => ({ operation: operation.value, status: status.value }),
    setOperations(operations) {
      replace(
        operation,
        h('option', { value: '' }, 'Any operation'),
        operations.map((id) => h('option', { value: id }, id)),
      );
    },
    renderJournal(lines) {
      render(ctx.state, 'journal', journalTable, lines, () =>
        journalTableOf(lines, (seq) => openEntry(entry, seq)),
      );
    },
  };
}

function journalTableOf(lines: JournalEntryView[], open: (seq: number) => void) {
  if (lines.length === 0) return h('p', { class: 'muted' }, 'No request matches.');
  return table(
    'Requests, newest first',
    ['#', 'At', 'Method', 'Path', 'Operation', 'Status', 'Mark', ''],
    lines.map((l) => [
      String(l.seq),
      l.at,
      l.method,
      h('code', {}, l.path),
      l.operation_id ?? '',
      h('span', { class: l.status >= 400 ? 'status-bad' : 'status-ok' }, String(l.status)),
      markOf(l),
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          'data-key': `entry-${l.seq}`,
          'aria-label': `Open request ${l.seq}`,
          onclick: () => open(l.seq),
        },
        'Open',
      ),
    ]),
  );
}

/**
 * Says why an answer is not the mock's own: the fault that was injected (decision 024) or the
 * override that answered instead (decision 025), so an operator reading the journal never takes
 * a staged answer for the service's behaviour.
 */
export function markOf(l: Pick<JournalEntryView, 'fault' | 'override'>): string {
  if (l.override !== undefined) return `override ${l.override}`;
  const f = l.fault;
  if (f === undefined) return '';
  const rule = f.rule_id === null ? 'Prefer' : f.rule_id;
  const what =
    f.kind === 'latency'
      ? `latency ${f.latency_ms ?? 0} ms`
      : f.kind === 'connection'
        ? `connection ${f.connection ?? ''}`.trim()
        : `${f.kind} ${f.status ?? ''}`.trim();
  return `fault ${what} (${rule})`;
}

/** Reads one entry with its bodies and shows it below the journal. */
async function openEntry(container: HTMLElement, seq: number) {
  const answer = await control<JournalEntryView>('GET', `journal/${seq}`);
  replace(
    container,
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
