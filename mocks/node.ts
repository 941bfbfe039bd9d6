/**
 * The mock's Node-only surface: the standalone node:http server, the Node environment with a
 * local folder as the document bucket, and the state and config files and the data directory
 * (decision 012) of `npm start`.
 *
 * The data directory is declared here, not re-exported from its store: the store's own
 * declarations name lmdb's types, and lmdb's ES module declarations do not compile for a
 * consumer that checks libraries (`skipLibCheck: false`); the public types stay lmdb-free.
 */
import type { AccountMap, MockState } from './domain/state.ts';
import { openDataDir as openStore } from './server/data-dir.ts';

export { createMockServer, MAX_BODY_BYTES } from './adapters/node-server.ts';
export { localDocumentStore, nodeEnv } from './node-env.ts';
export { ConfigFileError, loadConfigFile } from './server/config-file.ts';
export { loadFaultProfile } from './server/fault-profiles.ts';
export { createStateWriter, loadStateFile, StateFileError } from './server/state-file.ts';
export {
  importStateFile,
  StateImportError,
  type StateImportResult,
} from './server/state-import.ts';

/** An open data directory (decision 012): the state it holds and the writer of every change. */
export interface DataDir {
  /** The saved state, or undefined for a new directory. */
  state: MockState | undefined;
  /** The accounts, one record each in the store, as the domain's account map. */
  accounts: AccountMap;
  /** Persists a request that changed the state (or replaced it); resolves once durable. */
  write(state: MockState): Promise<void>;
  /** Ends a streamed import (decision 016): the rest of the state, written durably. */
  finishImport(state: MockState): Promise<void>;
  /** Whether the store's mapped pages passed their budget (decision 017). */
  recycleDue(): boolean;
  /** Lets go of the store's map and opens it again; only while no request is in flight. */
  recycle(): Promise<void>;
  /** How many times the map was let go since the directory was opened. */
  readonly recycles: number;
  /**
   * Why writes are refused now, or undefined: the folder's filesystem has less free room than the
   * store's reserve (decision 021). Give it to the mock as `refuseWrites`.
   */
  refuseWrites(): string | undefined;
  close(): Promise<void>;
}

/** Options of {@link openDataDir}. */
export interface DataDirOptions {
  /** The store's mapped pages the process may keep, in MiB (decision 017); 0 never; default 512. */
  memoryBudgetMiB?: number;
  /** The least time between two looks at the mapped pages, in ms; default 100. */
  checkEveryMs?: number;
  /** Reads the mapped pages in MiB; default RssFile of this process. */
  mappedMiB?: () => number;
  /**
   * The free room the folder's filesystem keeps, in MiB (decision 021): below it, requests that
   * may change the state are refused with 503 before they change anything; 0 none; default 64.
   */
  reserveMiB?: number;
  /** Reads the free room of the folder's filesystem in MiB; default its statfs. */
  freeMiB?: () => number;
}

/** Opens (or creates) a data directory (decision 012): the store `--data-dir` keeps. */
export const openDataDir: (path: string, options?: DataDirOptions) => DataDir = openStore;
