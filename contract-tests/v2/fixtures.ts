/**
 * The V2 project's fixtures (decision 028): the suite's fixtures (../fixtures.ts) plus a V2
 * client, the target's clock and a task's life driven to its end. Every V2 test is skipped when
 * the run does not serve V2 (CONTRACT_V2, or the preflight's probe: support/v2-detect.ts).
 *
 * The V2 project runs one test at a time: the operator's run-due and fail-next act on every task
 * of the mock. It never moves the mock's clock, so it shares its mock with the other projects.
 *
 * The platform is V2's only source, so its statements are hard checks here (plain `expect`);
 * `kit.assume` carries what the kit decided where the platform is silent (hard against the kit's
 * mock, a soft `kit-assumption` finding elsewhere). `kit.platform` is not used for V2.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { test as base, expect } from '../fixtures.ts';
import type { Exchange } from '../support/api-client.ts';
import { ControlClient } from '../support/control-client.ts';
import { targetTime } from '../support/target-clock.ts';
import { V2Client, type V2Status } from '../support/v2-client.ts';
import { resolvedV2 } from '../support/v2-detect.ts';
import { MAX_POLLS, POLL_PAUSE_MS, pollUntilFinal } from '../support/v2-payloads.ts';

export { expect };

/** A task driven to its end, with the statuses read on the way. */
export interface Settled {
  last: Exchange<V2Status>;
  /** The statuses read, in order (a poll against a target other than the kit's mock). */
  seen: string[];
}

/** The life of a V2 task as a test drives it. */
export interface V2Life {
  /** The target's time now (the kit mock's clock, else the Date header of its answer). */
  now(): Promise<Date>;
  /**
   * Reads the task's status until it ends. Against the kit's mock the due tasks run now (the
   * control API's run-due); against any other target the status is polled a bounded number of
   * times, as a supplier's client would.
   */
  settle(supplier: string, external: string): Promise<Settled>;
  /**
   * Holds the task in a status, or releases it with null (the kit mock's operator; undefined
   * outside mock mode): a task due now can be read PENDING before it runs.
   */
  hold?: (supplier: string, external: string, status: 'PENDING' | null) => Promise<void>;
}

interface V2Fixtures {
  /** The V2 client; the test is skipped when the run does not serve V2. */
  v2: V2Client;
  /** The target's clock and a task's life. */
  life: V2Life;
}

/** The suite's `test` with the V2 client and a task's life; V2 specs import it from here. */
export const test = base.extend<V2Fixtures>({
  v2: async ({ request, settings, workerToken, obtainToken, api }, use, testInfo) => {
    const decision = resolvedV2();
    testInfo.skip(
      !decision?.served,
      `The target does not serve the platform's V2 account import (${decision?.why ?? 'not decided'}); CONTRACT_V2=on (--v2) runs it anyway.`,
    );
    let testToken: string | undefined;
    await use(
      new V2Client({
        request,
        mode: settings.mode,
        testInfo,
        log: api.log,
        token: async () => {
          if (workerToken) return workerToken;
          testToken ??= await obtainToken();
          return testToken;
        },
      }),
    );
  },

  life: async ({ v2, request, settings, testKey }, use) => {
    const control =
      settings.mode === 'mock' ? new ControlClient(request, settings.controlURL, testKey) : null;
    const read = (supplier: string, external: string) => v2.status(supplier, external);
    await use({
      now: async () => (await targetTime(request, settings.controlURL)).now,
      settle: async (supplier, external) => {
        if (!control) {
          // No operator here: the target runs its tasks on its own; read a bounded number of times.
          const polled = await pollUntilFinal(
            () => read(supplier, external),
            () => sleep(POLL_PAUSE_MS),
            MAX_POLLS,
          );
          return { last: polled.last, seen: polled.seen };
        }
        // The mock's clock is left alone (other projects share the mock): due tasks run now.
        await control.call('POST', '/__mock/v2/run-due');
        const last = await read(supplier, external);
        return { last, seen: [String(last.body.status)] };
      },
      ...(control
        ? {
            hold: async (supplier: string, external: string, status: 'PENDING' | null) => {
              const path = `/__mock/v2/tasks/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}/hold`;
              await control.call('PUT', path, { status });
            },
          }
        : {}),
    });
  },
});
