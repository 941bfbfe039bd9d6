/**
 * The V2 kinds' invalid twins whose setup switches the platform catalogue or the check-documents
 * switch (decisions 028, 030): the same validators as the v1 twins of
 * invalid-twins-with-catalogue.spec.ts, reached through V2's schedule and validate and read in
 * V2's body. The switches are global settings of the kit's mock, so these run here (a mock of
 * its own, one worker), set through the control API before the twin and reset after; they are
 * skipped against a target without the kit's control API (the `control` fixture says why) or one
 * that does not serve V2 (the `v2` fixture).
 */
import {
  invalidTwins,
  KINDS,
  needsControl,
  setupSends,
  V2_FIXTURE_KINDS,
} from '../../fixtures/index.ts';
import { switchBack, switchOn } from '../support/invalid-twins.ts';
import { operationTitle } from '../support/operations.ts';
import { test } from '../v2/fixtures.ts';
import { runTwin, titleOf } from '../v2/twin-runs.ts';

for (const kind of V2_FIXTURE_KINDS) {
  const switched = invalidTwins(kind, { seed: 1 }).filter((t) => needsControl(t.setup));
  if (switched.length === 0) continue;
  test.describe(operationTitle(KINDS[kind].operationId), () => {
    for (const sample of switched) {
      test(`${titleOf(kind, sample)} once the mock is switched`, async ({
        v2,
        life,
        payloads,
        kit,
        settings,
        accounts,
        control,
        lifecycle,
      }) => {
        await switchOn(control, sample);
        try {
          await runTwin(kind, sample.name, {
            ...{ v2, life, payloads, kit },
            next: () => accounts.next(),
            supplier: settings.importSupplier,
            // Accounts the twin's setup imports first (decision 030), through the interface.
            ...(setupSends(sample.setup).length > 0 ? { lifecycle } : {}),
          });
        } finally {
          await switchBack(control, sample);
        }
      });
    }
  });
}
