/**
 * COMPLETED and the later meter point statuses (STS-8, STS-13, REG-7) against the kit's mock: a
 * change of supply takes effect on the supply start date, at the earliest tomorrow, so the mock
 * clock must move, a global setting. Runs in the `isolated` project (see token-expiry.spec.ts)
 * and moves the clock back afterwards. Tokens expire while the clock is moved, so each request
 * after the move carries a token obtained after it.
 */
import { expect, test } from '../fixtures.ts';
import type { DataImportClient } from '../support/api-client.ts';
import { operationTitle } from '../support/operations.ts';

const DAYS_2 = 2 * 86_400;

/**
 * STS-13: every meter point is ON_SUPPLY once the change of supply has taken effect, and none is
 * before; the meter point statuses read the same in both dialects.
 */
async function expectOnSupply(
  api: DataImportClient,
  supplier: string,
  external: string,
  onSupply: boolean,
  authorization?: string,
): Promise<void> {
  const statuses = await api.meterPointStatuses(supplier, external, { authorization });
  expect(statuses.status).toBe(200);
  const items = statuses.body as { status: string }[];
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    if (onSupply) expect(item.status).toBe('ON_SUPPLY');
    else expect(item.status).not.toBe('ON_SUPPLY');
  }
}

test.describe(operationTitle('getAccountTransferStatus'), () => {
  test('[STS-8] [REG-7] COMPLETED once the change of supply succeeds for all meter points', async ({
    api,
    lifecycle,
    control,
    obtainToken,
  }) => {
    const account = lifecycle.domesticAccount();
    const supplier = account.import_supplier as string;
    const external = account.external_account_number as string;
    const number = await lifecycle.import(account);
    expect((await api.sendRegistrationFlows(supplier, external)).status).toBe(200);
    for (const mpxn of lifecycle.meterPoints(account)) {
      await control.outcome(supplier, external, mpxn, { outcome: 'accepted' });
    }
    expect((await api.transferStatus(supplier, external)).body).toMatchObject({
      status: api.transferStatusOf('IN_PROGRESS'),
    });
    // The platform reads every status of a created account as COMPLETED (decision 026): the
    // meter points tell the change of supply's progress in both dialects.
    await expectOnSupply(api, supplier, external, false);
    await control.setClock({ advance_seconds: DAYS_2 });
    try {
      const authorization = `Token ${await obtainToken()}`;
      expect((await api.transferStatus(supplier, external, { authorization })).body).toMatchObject({
        status: 'COMPLETED',
        service_account_number: number,
      });
      await expectOnSupply(api, supplier, external, true, authorization);
    } finally {
      await control.setClock({ advance_seconds: -DAYS_2 });
    }
  });

  test('[STS-6] [STS-8] an outcome scheduled on the mock clock ("accept after 2 days") takes effect then', async ({
    api,
    lifecycle,
    control,
    obtainToken,
  }) => {
    const account = lifecycle.domesticAccount();
    const supplier = account.import_supplier as string;
    const external = account.external_account_number as string;
    await lifecycle.import(account);
    expect((await api.sendRegistrationFlows(supplier, external)).status).toBe(200);
    for (const mpxn of lifecycle.meterPoints(account)) {
      await control.outcome(supplier, external, mpxn, {
        outcome: 'accepted',
        after_seconds: DAYS_2,
      });
    }
    await control.setClock({ advance_seconds: DAYS_2 - 3600 });
    try {
      const authorization = `Token ${await obtainToken()}`;
      expect((await api.transferStatus(supplier, external, { authorization })).body).toMatchObject({
        status: api.transferStatusOf('IN_PROGRESS'),
      });
      await expectOnSupply(api, supplier, external, false, authorization);
    } finally {
      await control.setClock({ advance_seconds: -(DAYS_2 - 3600) });
    }
    await control.setClock({ advance_seconds: DAYS_2 + 3600 });
    try {
      const authorization = `Token ${await obtainToken()}`;
      expect((await api.transferStatus(supplier, external, { authorization })).body).toMatchObject({
        status: 'COMPLETED',
      });
      await expectOnSupply(api, supplier, external, true, authorization);
    } finally {
      await control.setClock({ advance_seconds: -(DAYS_2 + 3600) });
    }
  });
});
