/**
 * The optional concurrency limit of process (PRC-9) against the kit's mock. The limit is a global
 * setting of the mock, so this runs in the `isolated` project (see token-expiry.spec.ts) and puts
 * the setting back afterwards.
 */
import { expect, test } from '../fixtures.ts';
import { operationTitle } from '../support/operations.ts';
import { processRequest } from '../support/payloads.ts';

test.describe(operationTitle('processAccountImportProcess'), () => {
  test('[PRC-9] with the concurrency limit on, a process request over it gets 429 and succeeds when retried later', async ({
    api,
    control,
    lifecycle,
  }) => {
    const before = (
      await control.call<{ concurrency_limit: number | null; processing_time_ms: number }>(
        'GET',
        '/__mock/processing',
      )
    ).body;
    const [a, b] = [lifecycle.domesticAccount(), lifecycle.domesticAccount()];
    await lifecycle.stage(a);
    await lifecycle.stage(b);
    await control.processing({ concurrency_limit: 1, processing_time_ms: 500 });
    try {
      const request = (account: Record<string, unknown>) =>
        api.process(
          processRequest(
            lifecycle.supplier,
            account.external_account_number as string,
            lifecycle.team,
          ),
        );
      const [first, second] = await Promise.all([request(a), request(b)]);
      expect([first.status, second.status].sort()).toEqual([201, 429]);
      const refused = first.status === 429 ? first : second;
      expect(refused.body).toMatchObject({ code: 'concurrency_limit_exceeded' });
      // Retried once the other account has finished, it goes through.
      const retried = await request(first.status === 429 ? a : b);
      expect(retried.status).toBe(201);
    } finally {
      await control.processing({
        concurrency_limit: before.concurrency_limit,
        processing_time_ms: before.processing_time_ms,
      });
    }
  });
});
