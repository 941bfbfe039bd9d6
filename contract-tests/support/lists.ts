/**
 * The three list operations where the supplier may have no accounts (STS-12, open).
 *
 * @example
 * const pending = await listOrNone(api, 'pending', settings.importSupplier);
 */
import { expect } from '@playwright/test';
import type { DataImportClient, ImportProcessSummary } from './api-client.ts';

/**
 * A list of a supplier that may have no accounts (the configured supplier in safe mode, where the
 * suite stages nothing): 200 with the items, or, outside mock mode, whatever the service answers
 * for "no account found", which STS-12 leaves open (the response check reports a 404 as a soft
 * finding of the kit's 200 []); then there are no items.
 */
export async function listOrNone(
  api: DataImportClient,
  which: 'all' | 'pending' | 'imported',
  supplier: string,
): Promise<ImportProcessSummary[]> {
  const exchange = await api.list(which, supplier);
  if (exchange.status === 404) return [];
  expect(exchange.status, `the ${which} list answers 200`).toBe(200);
  expect(Array.isArray(exchange.body) || which === 'imported').toBe(true);
  return Array.isArray(exchange.body) ? exchange.body : [];
}
