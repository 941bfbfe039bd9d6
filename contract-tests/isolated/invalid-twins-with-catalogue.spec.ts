/**
 * The invalid twins whose setup switches the platform catalogue (decisions 015, 030): a platform
 * validator that only runs where a deployment turns a switch from its default. The catalogue is a
 * global setting of the kit's mock, so these run in the isolated project (a mock of its own, one
 * worker), set the catalogue through the control API before the twin and reset it after; against
 * a target without the kit's control API they are skipped (the `control` fixture says why).
 */
import { FIXTURE_KINDS, KINDS, setupCatalogue, twinCatalogue } from '../../fixtures/index.ts';
import { test } from '../fixtures.ts';
import { check, send, setupsOf, twinFor } from '../support/invalid-twins.ts';
import { operationTitle, REQUEST_VIOLATION } from '../support/operations.ts';

for (const kind of FIXTURE_KINDS) {
  const setups = setupsOf(kind);
  const names = twinCatalogue(kind).filter(({ name }) => setupCatalogue(setups.get(name)));
  if (names.length === 0) continue;
  test.describe(operationTitle(KINDS[kind].operationId), () => {
    for (const { name, rule } of names) {
      test(`[${rule}] the ${kind} invalid twin ${name} gets its documented refusal once the catalogue is switched`, {
        tag: REQUEST_VIOLATION,
      }, async ({ api, payloads, settings, accounts, kit, control }) => {
        const where = {
          payloads,
          importSupplier: settings.importSupplier,
          external: accounts.next(),
        };
        const twin = await twinFor(kind, name, where);
        await control.call('PATCH', '/__mock/catalogue', setupCatalogue(twin.setup));
        try {
          await check(kit, await send(api, kind, twin), twin);
        } finally {
          await control.call('DELETE', '/__mock/catalogue');
        }
      });
    }
  });
}
