/**
 * The invalid twins whose setup switches the platform catalogue or the check-documents switch
 * (decisions 015, 030): a validator that only runs where a deployment turns a switch from its
 * default. Both are global settings of the kit's mock, so these run in the isolated project (a
 * mock of its own, one worker), set the switch through the control API before the twin and reset
 * it after; against a target without the kit's control API they are skipped (the `control`
 * fixture says why).
 */
import {
  FIXTURE_KINDS,
  type FixtureKind,
  type InvalidTwin,
  KINDS,
  needsControl,
  twinCatalogue,
} from '../../fixtures/index.ts';
import { type Lifecycle, type Payloads, test } from '../fixtures.ts';
import { check, send, setupsOf, switchBack, switchOn, twinFor } from '../support/invalid-twins.ts';
import { operationTitle, REQUEST_VIOLATION } from '../support/operations.ts';

/** The twin for this test: account twins get an account number, the others an imported account. */
function build(
  kind: FixtureKind,
  name: string,
  where: {
    payloads: Payloads;
    importSupplier: string;
    external: () => string;
    lifecycle: Lifecycle;
  },
): Promise<InvalidTwin> {
  const none = KINDS[kind].accountState === 'none';
  return twinFor(kind, name, {
    payloads: where.payloads,
    importSupplier: where.importSupplier,
    external: none ? where.external() : '',
    ...(none ? {} : { lifecycle: where.lifecycle }),
  });
}

for (const kind of FIXTURE_KINDS) {
  const setups = setupsOf(kind);
  const names = twinCatalogue(kind).filter(({ name }) => needsControl(setups.get(name)));
  if (names.length === 0) continue;
  test.describe(operationTitle(KINDS[kind].operationId), () => {
    for (const { name, rule } of names) {
      test(`[${rule}] the ${kind} invalid twin ${name} gets its documented refusal once the mock is switched`, {
        tag: REQUEST_VIOLATION,
      }, async ({ api, payloads, settings, accounts, lifecycle, kit, control }) => {
        const where = {
          payloads,
          importSupplier: settings.importSupplier,
          external: () => accounts.next(),
          lifecycle,
        };
        const twin = await build(kind, name, where);
        await switchOn(control, twin);
        try {
          await check(kit, await send(api, kind, twin), twin, api.dialect);
        } finally {
          await switchBack(control, twin);
        }
      });
    }
  });
}
