/**
 * Token expiry against the kit's mock (AUTH-3, AUTH-4). Expiring a token means moving the mock
 * clock or shortening the token lifetime, both global settings of the mock, so these tests run in
 * the `isolated` project: one worker, one test at a time, against a mock of their own (or, with
 * BASE_URL, after every other test). Each test puts back what it changed.
 */
import { expect, test } from '../fixtures.ts';
import type { ControlClient } from '../support/control-client.ts';
import { operationTitle, SECURED_OPERATIONS } from '../support/operations.ts';

const HOUR = 3600;

/** Runs `body` with the mock clock moved forward by `seconds`, and moves it back afterwards. */
async function later<T>(
  control: ControlClient,
  seconds: number,
  body: () => Promise<T>,
): Promise<T> {
  await control.setClock({ advance_seconds: seconds });
  try {
    return await body();
  } finally {
    await control.setClock({ advance_seconds: -seconds });
  }
}

for (const operation of SECURED_OPERATIONS) {
  test.describe(operationTitle(operation.operationId), () => {
    test('[AUTH-3] an expired token is refused', async ({
      api,
      control,
      obtainToken,
      settings,
      accounts,
    }) => {
      const token = await obtainToken();
      const external = accounts.next();
      const exchange = await later(control, HOUR + 1, () =>
        api.call(
          operation.operationId,
          // V2's status names the account number external_identifier, as the platform does
          // (decision 028).
          {
            import_supplier_code: settings.importSupplier,
            external_account_number: external,
            external_identifier: external,
          },
          operation.hasRequestBody ? {} : undefined,
          { authorization: `Token ${token}`, invalid: true },
        ),
      );
      expect(exchange.status).toBe(401);
      expect(exchange.body).toMatchObject({ code: 'authentication_failed' });
    });
  });
}

test.describe(operationTitle('obtainToken'), () => {
  test('[AUTH-4] a token is accepted for 60 minutes and refused after them, on the mock clock', async ({
    api,
    control,
    obtainToken,
    settings,
    accounts,
  }) => {
    const token = await obtainToken();
    const call = () =>
      api.transferStatus(settings.importSupplier, accounts.next(), {
        authorization: `Token ${token}`,
      });
    expect((await later(control, HOUR - 60, call)).status, 'after 59 minutes').toBe(404);
    expect((await later(control, HOUR + 60, call)).status, 'after 61 minutes').toBe(401);
  });

  test('[AUTH-4] the token lifetime follows the operator’s setting', async ({
    api,
    control,
    obtainToken,
    settings,
    accounts,
  }) => {
    const before = (await control.call<{ token_lifetime_seconds: number }>('GET', '/__mock/auth'))
      .body;
    await control.auth({ token_lifetime_seconds: 120 });
    try {
      const token = await obtainToken();
      const call = () =>
        api.transferStatus(settings.importSupplier, accounts.next(), {
          authorization: `Token ${token}`,
        });
      expect((await later(control, 100, call)).status, 'after 100 s').toBe(404);
      expect((await later(control, 121, call)).status, 'after 121 s').toBe(401);
    } finally {
      await control.auth({ token_lifetime_seconds: before.token_lifetime_seconds });
    }
  });
});
