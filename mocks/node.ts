/**
 * The mock's Node-only surface: the standalone node:http server, the Node environment with a
 * local folder as the document bucket, and the state and config files and the data directory
 * (decision 012) of `npm start`.
 */
export { createMockServer, MAX_BODY_BYTES } from './adapters/node-server.ts';
export { localDocumentStore, nodeEnv } from './node-env.ts';
export { ConfigFileError, loadConfigFile } from './server/config-file.ts';
export { type DataDir, openDataDir, StoredAccounts } from './server/data-dir.ts';
export { createStateWriter, loadStateFile, StateFileError } from './server/state-file.ts';
export {
  importStateFile,
  StateImportError,
  type StateImportResult,
} from './server/state-import.ts';
