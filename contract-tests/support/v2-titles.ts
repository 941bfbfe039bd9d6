/**
 * How a V2 test names what it checks (decision 028): V2 has no rules of the interface reference,
 * so its titles cite their source, `[x-source: platform]`, and the platform's codes, statuses and
 * events they check in brackets (`[schedule_window_start_in_past]`, `[PROCESSED]`), under one
 * describe per V2 operation. The V2 project's static check, its client and the summary's V2
 * section read names through this module.
 */

/** The three V2 operations, by the spec's operationIds. */
export const V2_OPERATIONS = {
  schedule: 'scheduleV2AccountCreation',
  status: 'getV2AccountImportStatus',
  validate: 'validateV2Account',
} as const;

/** The platform names a title cites in brackets: not its source, not the reference's rule IDs. */
export function platformNamesCited(title: string): string[] {
  return [...title.matchAll(/\[([A-Za-z][A-Za-z0-9_]*)\]/g)].map((m) => m[1] as string);
}
