/**
 * The kit in one import: the spec module (the compiled contract, its types and validators), the
 * in-process mock (MSW handlers that work in Node and browsers) and the fixtures. The Node-only
 * server lives in `data-import-contract-kit/mocks/node`; each part also has its own entry
 * (`/spec`, `/mocks`, `/fixtures`).
 *
 * @example
 * import { createDataImportMock, dataImport, domesticAccount } from 'data-import-contract-kit';
 */
export * from './fixtures/index.ts';
export * from './mocks/index.ts';
export * from './spec/index.ts';
