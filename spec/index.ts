/**
 * The spec module: the bundled Data-Import contract, its generated types and its compiled
 * validators. Everything else in the kit (mock, fixtures, contract suite) imports shapes and
 * checks from here, never from a copy (decision 001).
 *
 * @example
 * import { dataImport } from './spec/index.ts';
 * const errors = dataImport.validateRequestBody('validateAccount', payload);
 */

import { type CompiledRequestValidators, type Contract, loadContract } from './contract.ts';
import control from './dist/control.json' with { type: 'json' };
import openapi from './dist/openapi.json' with { type: 'json' };
import { ErrorCatalogue } from './error-catalogue.ts';
import * as requestFirstChecks from './generated/request-first-checks.ts';
import * as requestValidators from './generated/request-validators.ts';

export type { Contract, OperationInfo, ResponseCheck, RouteMatch } from './contract.ts';
export {
  type CatalogueEntry,
  type ErrorBodyShape,
  ErrorCatalogue,
  type ErrorCode,
  type ErrorSource,
  type FieldCode,
  fillDetail,
  secondsText,
} from './error-catalogue.ts';
export { type FieldError, pointerToAttr, toFieldErrors } from './field-errors.ts';
export type {
  components as controlComponents,
  operations as controlOperations,
} from './generated/control.ts';
export type { components, operations, paths } from './generated/openapi.ts';
export { defaultPlatformCatalogue } from './generated/platform-catalogue.ts';

/** The platform's own data its validators check against (decision 015). */
export type PlatformCatalogue =
  import('./generated/control.ts').components['schemas']['PlatformCatalogue'];

/** The Data-Import interface, compiled (rules GEN-1..GEN-11 and every operation's shapes). */
export const dataImport: Contract = loadContract(
  openapi as Record<string, unknown>,
  'kit:openapi',
  // The request bodies' validators as the build compiled them (decision 027).
  requestValidators as unknown as CompiledRequestValidators,
  // The same stopping at the first failure, each body's first check (decision 027).
  requestFirstChecks as unknown as CompiledRequestValidators,
);

/** The bundled OpenAPI document of the Data-Import interface. */
export const openapiDocument = openapi as Record<string, unknown>;

/** The mock's operator control API (`spec/control.yaml`), kept apart from the interface's spec. */
export const mockControl: Contract = loadContract(
  control as Record<string, unknown>,
  'kit:control',
);

/**
 * Every error code the mock answers, with its status, default detail and source (ERR-1..ERR-4,
 * decision 008). The control API answers with the same codes.
 */
export const errorCatalogue = new ErrorCatalogue(openapi as Record<string, unknown>);
