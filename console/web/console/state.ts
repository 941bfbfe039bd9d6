/**
 * The console page's state, the only mutable state of its modules: the supplier's session with
 * the interface, the open account, what each part of the page last showed, the clock's freeze,
 * the platform catalogue being edited, and the read of the mock under way. Everything else the
 * page shows is read again from the mock on every poll; the sections change this state only
 * through the functions below, so who changes what can be found by name.
 */
import { Supplier } from './api.ts';
import type { Catalogue } from './catalogue.ts';
import type { AccountRef } from './requests.ts';

/** The API key the console's supplier side starts with: the mock's public demo key. */
export const DEMO_API_KEY = 'demo-api-key';

/** The state of one console page, made once by its entry point. */
export interface ConsoleState {
  /** The supplier's session with the interface (its API key and token). */
  readonly supplier: Supplier;

  /** The account open in the accounts section, if any. */
  selected(): AccountRef | undefined;
  /** Opens an account: its meter points and data are shown afresh. */
  select(account: AccountRef): void;
  /** Closes the open account (after a reset, which forgets it). */
  deselect(): void;
  /**
   * Records the open account's meter point statuses; true when they changed since the last
   * reading of the same account (then the transfer status is read again).
   */
  meterPointsMoved(statuses: string): boolean;

  /** Records the spec's request examples (the attach box and staging start from them). */
  setExamples(examples: Record<string, { value: unknown }>): void;
  /** One of the spec's request examples, once the spec is read. */
  example(name: string): unknown;

  /** Records what a part of the page shows; true when it differs from what it showed. */
  changed(part: string, data: unknown): boolean;
  /** Forgets what a part showed, so that the next reading renders it again. */
  forget(part: string): void;

  /** Whether the mock clock is frozen, as last read. */
  frozen(): boolean;
  setFrozen(frozen: boolean): void;

  /** The platform catalogue as last read. */
  catalogue(): Catalogue;
  setCatalogue(catalogue: Catalogue): void;
  /** Whether the person edited the catalogue part shown: their edit wins over polling. */
  catalogueEdited(): boolean;
  setCatalogueEdited(edited: boolean): void;

  /**
   * Runs a read of the mock, one at a time. A read already under way may have started before
   * the change that asks for this one (an action, a new filter), so the caller waits for one
   * more read after it rather than taking the older answer; callers meanwhile share that read.
   */
  read(run: () => Promise<void>): Promise<void>;
}

/** A fresh console state: nothing open, nothing shown, the demo API key. */
export function createConsoleState(apiKey = DEMO_API_KEY): ConsoleState {
  const supplier = new Supplier(apiKey);
  const shown = new Map<string, string>();
  let selected: AccountRef | undefined;
  let lastMeterPoints = '';
  let examples: Record<string, { value: unknown }> = {};
  let frozen = false;
  let catalogue: Catalogue = {};
  let catalogueEdited = false;
  const read = oneReadAtATime();

  return {
    supplier,
    selected: () => selected,
    select(account) {
      selected = { ...account };
      lastMeterPoints = '';
      shown.delete('account-data');
    },
    deselect() {
      selected = undefined;
    },
    meterPointsMoved(statuses) {
      const moved = lastMeterPoints !== '' && lastMeterPoints !== statuses;
      lastMeterPoints = statuses;
      return moved;
    },
    setExamples(next) {
      examples = next;
    },
    example: (name) => (Object.hasOwn(examples, name) ? examples[name]?.value : undefined),
    changed(part, data) {
      const json = JSON.stringify(data);
      if (shown.get(part) === json) return false;
      shown.set(part, json);
      return true;
    },
    forget(part) {
      shown.delete(part);
    },
    frozen: () => frozen,
    setFrozen(next) {
      frozen = next;
    },
    catalogue: () => catalogue,
    setCatalogue(next) {
      catalogue = next;
    },
    catalogueEdited: () => catalogueEdited,
    setCatalogueEdited(edited) {
      catalogueEdited = edited;
    },
    read,
  };
}

/** The read of the mock under way and the one queued after it (see {@link ConsoleState.read}). */
function oneReadAtATime(): ConsoleState['read'] {
  let reading: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const read = (run: () => Promise<void>): Promise<void> => {
    if (reading) {
      queued ??= reading.then(() => {
        queued = undefined;
        return read(run);
      });
      return queued;
    }
    reading = (async () => {
      try {
        await run();
      } finally {
        reading = undefined;
      }
    })();
    return reading;
  };
  return read;
}
