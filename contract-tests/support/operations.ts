/**
 * The interface's operations as the suite names them: one `test.describe` per operation, titled
 * `<operationId> (<METHOD> <path>)` from the spec, so that reports group results by operation.
 *
 * @example
 * test.describe(operationTitle('validateAccount'), () => { ... });
 */
import { dataImport, type OperationInfo } from '../../spec/index.ts';

/** `validateAccount (POST /v1/data-import/validate-account/)`. */
export function operationTitle(operationId: string): string {
  const info = dataImport.operation(operationId);
  return `${operationId} (${info.method} ${info.path})`;
}

/** Every operation that needs the Authorization header (AUTH-2), in spec order. */
export const SECURED_OPERATIONS: OperationInfo[] = [...dataImport.operations.values()].filter(
  (o) => o.secured,
);

/** Tags of tests that prism answers itself and the `prism` project therefore leaves out. */
export const REQUEST_VIOLATION = '@request-violation';

/** The exact message of a dry run that would succeed (PRC-5). */
export const DRY_RUN_MESSAGE = 'Account would successfully import. Rolled back due to Dry Run.';

/** A datetime as GEN-3 gives it: YYYY-MM-DDTHH:MM:SSZ in UTC. */
export const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** A date as GEN-3 gives it: YYYY-MM-DD. */
export const DATE = /^\d{4}-\d{2}-\d{2}$/;
