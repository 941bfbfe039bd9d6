/**
 * Which operations change the target's data, derived from the spec rather than listed by hand,
 * so that a new write operation is kept out of safe mode the moment the spec has it: an operation
 * changes data unless its method is safe (RFC 9110 §9.2.1: GET, HEAD, OPTIONS) or the spec marks
 * it `x-safe: true` (validate-account stores nothing, VAL-7; ObtainToken only issues a token,
 * AUTH-1).
 *
 * @example
 * changesData(dataImport.operation('createNotes')); // true
 * safeModeRefusal('safe', 'createNotes', {});      // the reason safe mode never sends it
 */
import { dataImport, type OperationInfo } from '../../spec/index.ts';
import type { ContractMode } from './settings.ts';

/** The methods RFC 9110 calls safe: a request with one of them asks for no change of state. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a successful call of the operation changes the target's data: its method is not a
 * safe one and the spec does not mark it `x-safe: true`.
 */
export function changesData(info: OperationInfo): boolean {
  return !SAFE_METHODS.has(info.method) && info.operation['x-safe'] !== true;
}

/** Operations that change the target's data when they succeed (never sent as valid calls in safe mode). */
export const WRITE_OPERATIONS: ReadonlySet<string> = new Set(
  [...dataImport.operations.values()].filter(changesData).map((info) => info.operationId),
);

/** What the safe-mode guard needs to know of a call. */
export interface GuardedCall {
  /** The Authorization the call sends: undefined sends the worker's token (see CallOptions). */
  authorization?: string | null;
  /** The request deliberately breaks the request schema, so the target refuses it unchanged. */
  invalid?: boolean;
}

/**
 * Safe mode's guard: why a call must not be sent in this mode, or undefined when it may be. A
 * valid, authorised call of a write operation would change the target's data, which safe mode
 * never does; a deliberately invalid request or one without the worker's token is refused by the
 * target and changes nothing (GEN-2, AUTH-3), so it may go.
 */
export function safeModeRefusal(
  mode: ContractMode,
  operationId: string,
  call: GuardedCall,
): string | undefined {
  if (mode !== 'safe' || !WRITE_OPERATIONS.has(operationId)) return undefined;
  if (call.authorization !== undefined || call.invalid) return undefined;
  return `${operationId} with a valid request would change the target's data, which safe mode never does; the test should be skipped in safe mode.`;
}
