/**
 * The account import lifecycle end to end: validate, stage (201),
 * restage (200), dry run (400 with the exact message, nothing changed), process (201), process
 * again (400 with both numbers), restage refused, transfer status, and the lists before and
 * after. One account walks every step; each step is a `test.step` in the report.
 */
import { expect, test } from './fixtures.ts';
import type { ImportProcessSummary } from './support/api-client.ts';
import { DATETIME, DRY_RUN_MESSAGE } from './support/operations.ts';
import { processRequest } from './support/payloads.ts';

const names = (list: ImportProcessSummary[]) => list.map((s) => s.external_account_number);

test.describe('account import lifecycle', () => {
  test('[VAL-2] [STG-2] [STG-3] [PRC-5] [PRC-6] [PRC-4] [PRC-8] [STG-5] [STS-2] [STS-4] [STS-5] [STS-9] [STS-10] [STS-11] an account goes from validation through staging, a dry run and processing to PENDING, and the lists follow', async ({
    api,
    lifecycle,
  }) => {
    const account = lifecycle.domesticAccount();
    const external = account.external_account_number as string;
    const { supplier, team } = lifecycle;
    let number = '';

    await test.step('the lists do not name the account yet', async () => {
      for (const which of ['all', 'pending', 'imported'] as const) {
        const list = await api.list(which, supplier);
        expect(list.status).toBe(200);
        expect(list.text).not.toContain(external);
      }
      expect((await api.transferStatus(supplier, external)).status).toBe(404);
    });

    await test.step('validate: 200', async () => {
      expect((await api.validateAccount(account)).status).toBe(200);
    });

    await test.step('stage: 201, then restage: 200', async () => {
      expect((await api.stage(account)).status).toBe(201);
      expect((await api.stage({ ...account, billing_name: 'Restaged Name' })).status).toBe(200);
      expect((await api.transferStatus(supplier, external)).body).toMatchObject({
        status: 'UNKNOWN',
        service_account_number: '',
      });
      expect(names((await api.list('pending', supplier)).body)).toContain(external);
    });

    await test.step('dry run: 400 with the exact message, nothing changed', async () => {
      const dryRun = await api.process(processRequest(supplier, external, team, true));
      expect(dryRun.status).toBe(400);
      expect(dryRun.text).toContain(DRY_RUN_MESSAGE);
      expect((await api.transferStatus(supplier, external)).body).toMatchObject({
        status: 'UNKNOWN',
        service_account_number: '',
      });
      expect(names((await api.list('pending', supplier)).body)).toContain(external);
      expect((await api.list('imported', supplier)).text).not.toContain(external);
    });

    await test.step('process: 201 with the service account number', async () => {
      const processed = await api.process(processRequest(supplier, external, team));
      expect(processed.status).toBe(201);
      number = processed.body.service_account_number as string;
      expect(typeof number).toBe('string');
    });

    await test.step('process again: 400 with both numbers', async () => {
      const again = await api.process(processRequest(supplier, external, team));
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({
        external_account_number: external,
        service_account_number: number,
      });
    });

    await test.step('restage: refused with 400', async () => {
      expect((await api.stage(account)).status).toBe(400);
    });

    await test.step('transfer status: PENDING with the number', async () => {
      expect((await api.transferStatus(supplier, external)).body).toMatchObject({
        status: api.transferStatusOf('PENDING'),
        service_account_number: number,
      });
    });

    await test.step('the lists follow: all and imported name it, pending does not', async () => {
      const all = (await api.list('all', supplier)).body.find(
        (s) => s.external_account_number === external,
      );
      expect(all?.service_account_number).toBe(number);
      expect(all?.account_created_at).toMatch(DATETIME);
      expect(names((await api.list('pending', supplier)).body)).not.toContain(external);
      expect((await api.list('imported', supplier)).text).toContain(external);
    });
  });
});
