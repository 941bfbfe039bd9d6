/**
 * COMPLETED and the later meter point statuses (STS-8, STS-13, REG-7) against the kit's mock: a
 * change of supply takes effect on the supply start date, at the earliest tomorrow, so the mock
 * clock must move, a global setting. Runs in the `isolated` project (see token-expiry.spec.ts)
 * and moves the clock back afterwards. Tokens expire while the clock is moved, so each request
 * after the move carries a token obtained after it.
 */
import { expect, test } from '../fixtures.ts';
import { operationTitle } from '../support/operations.ts';

const DAYS_2 = 2 * 86_400;

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
      status: 'IN_PROGRESS',
    });
    await control.setClock({ advance_seconds: DAYS_2 });
    try {
      const authorization = `Token ${await obtainToken()}`;
      expect((await api.transferStatus(supplier, external, { authorization })).body).toMatchObject({
        status: 'COMPLETED',
        service_account_number: number,
      });
      const statuses = await api.meterPointStatuses(supplier, external, { authorization });
      for (const item of statuses.body as { status: string }[]) {
        expect(item.status).toBe('ON_SUPPLY');
      }
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
        status: 'IN_PROGRESS',
      });
    } finally {
      await control.setClock({ advance_seconds: -(DAYS_2 - 3600) });
    }
    await control.setClock({ advance_seconds: DAYS_2 + 3600 });
    try {
      const authorization = `Token ${await obtainToken()}`;
      expect((await api.transferStatus(supplier, external, { authorization })).body).toMatchObject({
        status: 'COMPLETED',
      });
    } finally {
      await control.setClock({ advance_seconds: -(DAYS_2 + 3600) });
    }
  });
});
