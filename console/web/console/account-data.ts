/**
 * What the mock holds about the open account, as the account panel shows it: its meter points and
 * their registration (REG-6, STS-7), notes (NOTE-7), transactions, historical statements, payment
 * instruction, status and staged payload (GEN-9).
 */
import { control } from './api.ts';
import type { ConsoleContext } from './context.ts';
import { type Child, h, table } from './dom.ts';
import { noteSuffix, outcomeText, paymentText, pretty, transactionCells } from './formats.ts';
import { meterPointActions } from './meter-point-actions.ts';
import { type AccountRef, controlAccountPath } from './requests.ts';
import type { AccountNoteView, AccountRecord, MeterPointRegistrationView } from './views.ts';

/** What one reading of the open account returned. */
export interface AccountReading {
  account: AccountRef;
  record: AccountRecord;
  /** The notes, when the account is imported and the mock answered 200. */
  notes: AccountNoteView[] | undefined;
  points: MeterPointRegistrationView[];
}

/** The account's data, part after part. */
export function accountDataView(
  ctx: ConsoleContext,
  reading: AccountReading,
  checkTransferStatus: () => Promise<void>,
): Child {
  const { record: r } = reading;
  return [
    h('h4', {}, 'Meter points'),
    meterPointsPart(ctx, reading, checkTransferStatus),
    h('h4', {}, 'Notes'),
    notesPart(reading.notes),
    h('h4', {}, 'Transactions'),
    transactionsPart(r),
    h('h4', {}, 'Historical statements'),
    statementsPart(r),
    h('h4', {}, 'Payment instruction'),
    paymentPart(ctx, reading.account, r),
    h(
      'p',
      {},
      `Status: ${r.status}`,
      r.service_account_number ? ` · service account ${r.service_account_number}` : '',
      r.operations_team ? ` · team ${r.operations_team}` : '',
    ),
    h('details', {}, h('summary', {}, 'Staged payload'), h('pre', {}, pretty(r.data))),
  ];
}

function meterPointsPart(
  ctx: ConsoleContext,
  { account, record, points }: AccountReading,
  checkTransferStatus: () => Promise<void>,
): Child {
  if (points.length === 0)
    return h(
      'p',
      { class: 'muted' },
      record.status === 'imported'
        ? 'No energy meter point.'
        : 'Meter points register once the account is imported.',
    );
  return table(
    'Meter points and their registration',
    ['MPXN', 'Supply', 'Status', 'Sent', 'Outcome', 'Flow fault', 'Actions'],
    points.map((mp) => [
      h('code', {}, mp.mpxn),
      mp.supply_type,
      h('strong', { 'data-mpxn-status': mp.mpxn }, mp.status),
      mp.sent_at ?? '',
      outcomeText(mp.outcome),
      mp.flow_fault ?? '',
      meterPointActions(ctx, account, mp, checkTransferStatus),
    ]),
  );
}

function notesPart(notes: AccountNoteView[] | undefined): Child {
  if (!notes || notes.length === 0) return h('p', { class: 'muted' }, 'No note.');
  return h(
    'ul',
    { 'aria-label': 'Notes' },
    notes.map((n) =>
      h(
        'li',
        {},
        n.pinned_now ? h('span', { class: 'badge status-warn' }, 'pinned') : null,
        ' ',
        n.body,
        h('span', { class: 'muted' }, noteSuffix(n)),
      ),
    ),
  );
}

function transactionsPart(r: AccountRecord): Child {
  const transactions = r.transactions ?? [];
  if (transactions.length === 0) return h('p', { class: 'muted' }, 'No transaction.');
  return table(
    'Transactions',
    ['Id', 'Date', 'Type', 'Amount', 'Reason'],
    transactions.map(transactionCells),
  );
}

function statementsPart(r: AccountRecord): Child {
  const statements = r.statements ?? [];
  if (statements.length === 0) return h('p', { class: 'muted' }, 'No statement.');
  return h(
    'ul',
    { 'aria-label': 'Historical statements' },
    statements.map((st) => h('li', {}, h('code', {}, JSON.stringify(st.statement)))),
  );
}

function paymentPart(ctx: ConsoleContext, account: AccountRef, r: AccountRecord): Child {
  if (!r.payment_instruction) return h('p', { class: 'muted' }, 'None.');
  const path = controlAccountPath(account);
  return h(
    'p',
    { id: 'payment-instruction' },
    paymentText(r.payment_instruction),
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        'data-key': 'cancel-payment',
        onclick: () =>
          ctx.act('End the payment instruction', () =>
            control('DELETE', `${path}/payment-instruction`),
          ),
      },
      'End it',
    ),
  );
}
