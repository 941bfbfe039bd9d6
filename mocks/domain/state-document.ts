/**
 * The state as a document (decision 008): what the control API's export answers, what its import
 * and the state file take. Documents speak snake_case like the interface's own bodies and the
 * rest of the control API, while the state in memory keeps the code's camelCase; the account
 * payloads inside (`data`, a transaction's data, a statement) are the interface's own and pass
 * through unchanged, as do the keys of maps (supplier codes, account keys, token hashes, MPANs).
 * Documents of earlier versions (camelCase, NUL-separated keys) still load.
 */
import { setOwn } from './dictionary.ts';
import { JsonChunks } from './lazy-list.ts';
import { MemoryAccounts, type MockState, upgradeState } from './state.ts';

type Json = Record<string, unknown>;

/**
 * Values copied as they are: the interface's own payloads and the platform catalogue, whose keys
 * are snake_case in memory too (in both namings).
 */
const OPAQUE = new Set([
  'data',
  'transactionData',
  'transaction_data',
  'statement',
  'platformCatalogue',
  'platform_catalogue',
]);
/** Maps whose keys are data (codes, account keys, hashes, MPANs), not field names. */
const MAPS = new Set([
  'suppliers',
  'accounts',
  'tokens',
  'registrations',
  'supplierFaults',
  'supplier_faults',
  'accountFaults',
  'account_faults',
]);

const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const toCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function convert(value: unknown, rename: (key: string) => string, keysAreData = false): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, rename));
  if (value === null || typeof value !== 'object') return value;
  // A map's keys are input (supplier codes, account keys): its copy has no prototype, so that
  // `__proto__` is a key like any other (dictionary.ts).
  const out: Json = keysAreData ? Object.create(null) : {};
  for (const [key, child] of Object.entries(value as Json)) {
    const name = keysAreData ? key : rename(key);
    const copy =
      !keysAreData && OPAQUE.has(key)
        ? child
        : convert(child, rename, !keysAreData && MAPS.has(key));
    // An assignment under `__proto__` would set the copy's prototype rather than a field.
    if (name === '__proto__') setOwn(out, name, copy);
    else out[name] = copy;
  }
  return out;
}

/** The state as its snake_case document (a deep copy). */
export function stateDocument(state: MockState): Json {
  return convert(
    { ...state, accounts: state.accounts.toJSON(), outbox: [...state.outbox] },
    toSnake,
  ) as Json;
}

/**
 * The same document for export: whole for a state in memory, and for a store's state as
 * {@link JsonChunks}, one account at a time, so that exporting a million accounts streams.
 */
export function stateExport(state: MockState): Json | JsonChunks {
  if (state.accounts instanceof MemoryAccounts) return stateDocument(state);
  const accountsMark = `{${JSON.stringify(MARK)}:null}`;
  const outboxMark = `[${JSON.stringify(MARK)}]`;
  // The accounts and the outbox are the parts that grow with a migration: both are written item
  // by item into the rest of the document, which is small.
  const accounts = function* () {
    yield '{';
    let first = true;
    for (const [key, record] of state.accounts.entries()) {
      yield `${first ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(convert(record, toSnake))}`;
      first = false;
    }
    yield '}';
  };
  const outbox = function* () {
    yield '[';
    let first = true;
    for (const entry of state.outbox) {
      yield `${first ? '' : ','}${JSON.stringify(convert(entry, toSnake))}`;
      first = false;
    }
    yield ']';
  };
  return new JsonChunks(function* () {
    const rest = JSON.stringify(
      convert({ ...state, accounts: { [MARK]: null }, outbox: [MARK] }, toSnake),
    );
    const parts = (
      [
        [rest.indexOf(accountsMark), accountsMark, accounts],
        [rest.indexOf(outboxMark), outboxMark, outbox],
      ] as const
    )
      .slice()
      .sort((a, b) => a[0] - b[0]);
    let from = 0;
    for (const [at, mark, items] of parts) {
      yield rest.slice(from, at);
      yield* items();
      from = at + mark.length;
    }
    yield rest.slice(from);
  });
}

const MARK = '\u0000accounts';

/** Whether a document is of the earlier camelCase form. */
export function isLegacyDocument(document: Json): boolean {
  return Object.hasOwn(document, 'apiKeys') || Object.hasOwn(document, 'tokenLifetimeSeconds');
}

/** The state of a document, snake_case or of an earlier version. */
export function stateFromDocument(document: Json): MockState {
  const camel = isLegacyDocument(document) ? document : (convert(document, toCamel) as Json);
  return upgradeState(structuredClone(camel) as unknown as Parameters<typeof upgradeState>[0]);
}

/** The camelCase form of a snake_case document (configuration files use the same convention). */
export function camelDocument(document: Json): Json {
  return convert(document, toCamel) as Json;
}

/** The snake_case form of a camelCase document. */
export function snakeDocument(document: Json): Json {
  return convert(document, toSnake) as Json;
}
