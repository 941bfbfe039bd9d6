/**
 * The V2 kinds' invalid twins against the target (decision 028): every twin of `v2-account`
 * (schedule) and `v2-account-validate` (validate), each a valid V2 body with one rule broken and
 * the answer it must get, one test per twin. The windows are drawn around the target's clock (the
 * kit mock's clock, else the Date header of its answer), so a window twin breaks its one rule on
 * any target. The platform is V2's only source: the status, the codes the platform names, the
 * field errors' codes and the already-imported body (`non_field_errors`, `account_id`) are hard;
 * the kit's readings (attrs as dot paths from the request's root, validate's code, the flat
 * account refused, a twin resting on an `x-kit-assumption`) go through `kit.assume`.
 *
 * Twins with setup (decision 030): accounts they send first are imported through the interface
 * (`lifecycle`, so not in safe mode); one that switches the platform catalogue or the documents
 * switch, global settings of the mock shared with the projects beside V2, is listed as skipped:
 * it runs in the isolated project (isolated/v2-twins-with-catalogue.spec.ts), on a mock of its
 * own. Schedule twins are not sent in safe mode: a target that wrongly accepted one would schedule
 * an account.
 */
import {
  type InvalidTwin,
  invalidTwins,
  KINDS,
  needsControl,
  setupSends,
  twinCatalogue,
  V2_FIXTURE_KINDS,
} from '../../fixtures/index.ts';
import { openapiDocument } from '../../spec/index.ts';
import { operationTitle } from '../support/operations.ts';
import { platformNamesCited } from '../support/v2-titles.ts';
import { expect, test } from './fixtures.ts';
import { runTwin, titleOf } from './twin-runs.ts';

/** The twins of a kind, built once at collection for their titles and setups. */
const collected = new Map(
  V2_FIXTURE_KINDS.map((kind) => [
    kind,
    new Map(invalidTwins(kind, { seed: 1 }).map((t) => [t.name, t])),
  ]),
);

for (const kind of V2_FIXTURE_KINDS) {
  const twins = collected.get(kind) ?? new Map<string, InvalidTwin>();
  const schedules = kind === 'v2-account';
  test.describe(operationTitle(KINDS[kind].operationId), () => {
    for (const { name } of twinCatalogue(kind)) {
      const sample = twins.get(name);
      if (!sample) throw new Error(`The fixtures build no ${kind} twin ${name}`);
      const title = titleOf(kind, sample);
      if (needsControl(sample.setup)) {
        test(title, () => {
          test.skip(
            true,
            'switches a global setting of the mock shared by the projects beside V2: it runs in the isolated project (isolated/v2-twins-with-catalogue.spec.ts)',
          );
        });
        continue;
      }
      test(
        title,
        setupSends(sample.setup).length > 0
          ? async ({ v2, life, payloads, kit, lifecycle, accounts }) => {
              // Accounts imported first (decision 030), through the interface: any target.
              const next = () => accounts.next();
              await runTwin(kind, name, {
                ...{ v2, life, payloads, kit, lifecycle, next },
                supplier: lifecycle.supplier,
              });
            }
          : async ({ v2, life, payloads, kit, settings, accounts }) => {
              test.skip(
                schedules && settings.mode === 'safe',
                'A target that wrongly accepted a schedule twin would schedule an account; safe mode changes nothing.',
              );
              const next = () => accounts.next();
              await runTwin(kind, name, {
                ...{ v2, life, payloads, kit, next },
                supplier: settings.importSupplier,
              });
            },
      );
    }
  });
}

test.describe('V2 twin titles', () => {
  test('[x-source: platform] every platform code a V2 twin title cites is one the spec knows', () => {
    const spec = JSON.stringify(openapiDocument);
    const unknown = [...collected].flatMap(([kind, twins]) =>
      [...twins.values()].flatMap((twin) =>
        platformNamesCited(titleOf(kind, twin)).filter((n) => !spec.includes(n)),
      ),
    );
    expect(collected.size, 'the V2 kinds').toBe(V2_FIXTURE_KINDS.length);
    expect(unknown).toEqual([]);
  });
});
