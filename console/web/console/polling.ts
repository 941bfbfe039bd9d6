/**
 * Polling: the console reads everything it shows from the control API, all at once, every
 * {@link POLL_MS} and after every action, so that a change made elsewhere (a test, curl, another
 * page) shows without reloading.
 */
import { control } from './api.ts';
import type { Catalogue } from './catalogue.ts';
import { type AccountFilter, accountQuery, type JournalFilter, journalQuery } from './requests.ts';
import type {
  AccountList,
  ClockView,
  JournalEntryView,
  OutboxEntryView,
  PaymentVendorFaultList,
  ProcessingView,
  SkipMark,
  SupplierView,
} from './views.ts';

/** How often the page reads the mock while it is visible. */
export const POLL_MS = 1500;

/** One reading of the mock: the body of each read. */
export interface MockReading {
  clock: ClockView;
  suppliers: SupplierView[];
  teams: string[];
  marks: SkipMark[];
  faults: PaymentVendorFaultList;
  processing: ProcessingView;
  accounts: AccountList;
  journal: JournalEntryView[];
  outbox: OutboxEntryView[];
  catalogue: Catalogue;
}

/** Reads the mock through the control API, the accounts and the journal as filtered. */
export async function readMock(
  accounts: AccountFilter,
  journal: JournalFilter,
): Promise<MockReading> {
  const [clock, suppliers, teams, marks, faults, processing, list, lines, outbox, catalogue] =
    await Promise.all([
      control<ClockView>('GET', 'clock'),
      control<SupplierView[]>('GET', 'suppliers'),
      control<string[]>('GET', 'operations-teams'),
      control<SkipMark[]>('GET', 'skip-marks'),
      control<PaymentVendorFaultList>('GET', 'payment-vendor/faults'),
      control<ProcessingView>('GET', 'processing'),
      control<AccountList>('GET', `accounts?${accountQuery(accounts)}`),
      control<JournalEntryView[]>('GET', `journal?${journalQuery(journal)}`),
      control<OutboxEntryView[]>('GET', 'outbox'),
      control<Catalogue>('GET', 'catalogue'),
    ]);
  return {
    clock: clock.body,
    suppliers: suppliers.body,
    teams: teams.body,
    marks: marks.body,
    faults: faults.body,
    processing: processing.body,
    accounts: list.body,
    journal: lines.body,
    outbox: outbox.body,
    catalogue: catalogue.body,
  };
}

/** The line that says the page is live, and how often it reads. */
export function liveText(time: string): string {
  return `Live: updated ${time} (every ${POLL_MS / 1000} s)`;
}
