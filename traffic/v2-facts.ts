/**
 * The facts of the platform's V2 account import (decision 028) the traffic checker judges V2
 * exchanges by, read from the spec module rather than written again here: the task statuses of
 * `V2ImportStatus`, the already-imported code of `V2AlreadyImportedError` and the window limit
 * the platform's own `schedule_window_end_too_far_in_future` detail states. A change of the spec
 * changes the checks, and a spec that no longer states one of them fails at load.
 */
import { errorCatalogue, openapiDocument } from '../spec/index.ts';
import { field } from './json-fields.ts';

/** The V2 operations: the platform is their only source, so every V2 finding is a warning. */
export const V2_OPERATIONS = {
  schedule: 'scheduleV2AccountCreation',
  status: 'getV2AccountImportStatus',
  validate: 'validateV2Account',
} as const;

function schema(name: string): unknown {
  return field(field(field(openapiDocument, 'components'), 'schemas'), name);
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the spec no longer states ${what} (decision 028)`);
  return value;
}

/** The task statuses the spec names (V2ImportStatus.status). */
export const V2_STATUSES: readonly string[] = required(
  (() => {
    const statuses = field(field(field(schema('V2ImportStatus'), 'properties'), 'status'), 'enum');
    return Array.isArray(statuses) && statuses.every((s) => typeof s === 'string')
      ? (statuses as string[])
      : undefined;
  })(),
  'the V2 task statuses',
);

/** The status of a task scheduled and not yet run ("its window not yet open"). */
export const PENDING = required(
  V2_STATUSES.find((s) => s === 'PENDING'),
  'PENDING',
);
/** The status of a task picked up inside its window. */
export const IN_PROGRESS = required(
  V2_STATUSES.find((s) => s === 'IN_PROGRESS'),
  'IN_PROGRESS',
);
/** The status of a task that created the account: `kraken_identifier` is its number. */
export const PROCESSED = required(
  V2_STATUSES.find((s) => s === 'PROCESSED'),
  'PROCESSED',
);

/**
 * A task's place in its lifecycle: scheduled (0), running (1), ended (2: every other status the
 * spec names). A status never goes back to an earlier place while the task is not scheduled again.
 */
export function lifecycleRank(status: string): number | undefined {
  if (status === PENDING) return 0;
  if (status === IN_PROGRESS) return 1;
  return V2_STATUSES.includes(status) ? 2 : undefined;
}

/** The platform's code for a schedule of an account already imported. */
export const ALREADY_IMPORTED_CODE: string = required(
  (() => {
    const code = field(
      field(
        field(
          field(field(schema('V2AlreadyImportedError'), 'properties'), 'non_field_errors'),
          'properties',
        ),
        'code',
      ),
      'const',
    );
    return typeof code === 'string' ? code : undefined;
  })(),
  'the already-imported code',
);

/** The platform code of a window ending too far ahead, whose detail states the limit. */
export const WINDOW_END_CODE = 'schedule_window_end_too_far_in_future';

/** The longest a window may end after the request, in ms, as the platform's detail states it. */
export const WINDOW_LIMIT_MS: number = required(
  (() => {
    const detail = errorCatalogue.detail(WINDOW_END_CODE, { schedule_window_end: '-' });
    const days = /more than (\d+) days?/.exec(detail)?.[1];
    return days === undefined ? undefined : Number(days) * 24 * 60 * 60 * 1000;
  })(),
  `the window limit in the ${WINDOW_END_CODE} detail`,
);
