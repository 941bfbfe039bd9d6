/**
 * The console's texts made from the mock's answers: pure functions (no DOM), so that each is
 * unit-tested beside this file and the pages show what the tests check.
 */
import type { Answer } from './api.ts';
import type {
  AccountList,
  AccountNoteView,
  AccountRecord,
  ClockView,
  MeterPointOutcome,
  PaymentVendorFaultList,
} from './views.ts';

/** Pretty JSON for a `<pre>`; `(none)` when the answer had no body. */
export function pretty(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value, null, 2);
}

/** How many of an answer's messages the status line quotes. */
export const MESSAGES_SHOWN = 5;

/** How deep into an answer the status line looks for messages (a hostile body cannot recurse). */
const MESSAGE_DEPTH = 6;

/**
 * The messages the service put in an answer, word for word: its `detail` and every `error_detail`
 * (a registration flow's meter point, a refused transaction, a 404's items), in the order sent,
 * each once, the first {@link MESSAGES_SHOWN} of them (REG-6: the person reads what was sent).
 */
export function serviceMessages(body: unknown): string {
  const found: string[] = [];
  const visit = (node: unknown, depth: number) => {
    if (depth > MESSAGE_DEPTH || node === null || typeof node !== 'object') return;
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

/** Whether an action succeeded, as the status line colours it. */
export function succeeded(answer: Answer): boolean {
  return answer.status < 400;
}

/** The status line after an action: what was done, the status and the service's messages. */
export function reportText(what: string, answer: Answer): string {
  const said = serviceMessages(answer.body);
  return `${what}: ${answer.status}${said ? ` ${said}` : ''}`;
}

/** The last interface call as the supplier's side shows it: request, status and body. */
export function callText(what: string, answer: Answer): string {
  return `${what} → ${answer.status}\n${pretty(answer.body)}`;
}

/** The mock time, and whether the clock is frozen. */
export function clockText(clock: ClockView): string {
  return `${clock.now}${clock.frozen ? ' (frozen)' : ''}`;
}

/** The freeze button's label: what pressing it does. */
export function freezeLabel(frozen: boolean): string {
  return frozen ? 'Let the clock run' : 'Freeze the clock';
}

/** The name an exported state is downloaded under, from the time of the export. */
export function exportFileName(now: Date): string {
  return `mock-state-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}

/** The counts line above the accounts table. */
export function countsText(list: AccountList): string {
  const c = list.counts;
  return `Staged ${c.staged} · Imported ${c.imported} · Skipped ${c.skipped} · Listed ${list.items.length} of ${list.total}`;
}

/** A payment vendor fault as one row: a supplier's fault names no account. */
export interface FaultRow {
  import_supplier_code: string;
  external_account_number: string;
  kind: string;
  remaining: number | null;
}

/** The supplier faults, then the account faults, as the faults table lists them (PAY-4). */
export function faultRows(faults: PaymentVendorFaultList): FaultRow[] {
  return [
    ...faults.suppliers.map((f) => ({ ...f, external_account_number: '' })),
    ...faults.accounts,
  ];
}

/** What the transfer status line shows of an accountTransferStatus answer. */
export function transferStatusText(answer: Answer<{ status?: string; detail?: string }>): string {
  return answer.status === 200
    ? (answer.body.status ?? '?')
    : `${answer.status} ${answer.body.detail ?? ''}`;
}

/** A meter point's outcome and when it takes effect (STS-7); empty when none is set. */
export function outcomeText(outcome: MeterPointOutcome | null): string {
  return outcome ? `${outcome.kind}${outcome.at ? ` at ${outcome.at}` : ''}` : '';
}

/** When and how a note came (NOTE-7), after its body. */
export function noteSuffix(note: AccountNoteView): string {
  return ` (${note.created_at}, ${note.origin.replace(/_/g, ' ')})`;
}

/** A transaction as a row of the transactions table: id, date, type, amount, reason. */
export function transactionCells(
  transaction: NonNullable<AccountRecord['transactions']>[number],
): string[] {
  const data = transaction.transaction_data as Record<string, unknown>;
  return [
    String(data.transaction_id),
    String(data.transaction_date),
    String(data.type ?? ''),
    String(data.amount ?? ''),
    String(data.reason ?? ''),
  ];
}

/** The payment instruction line: vendor, type, reference and when it was made. */
export function paymentText(
  instruction: NonNullable<AccountRecord['payment_instruction']>,
): string {
  return `${instruction.vendor} ${instruction.type} ${instruction.reference} (${instruction.created_at}) `;
}
