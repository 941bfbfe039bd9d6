/**
 * The platform's V2 validate (decision 028): the account wrapped in `payload` is checked by every
 * rule of the v1 account and nothing is stored. It stores nothing, so it runs in every mode.
 */
import { invalidTwins } from '../../fixtures/index.ts';
import { operationTitle } from '../support/operations.ts';
import { V2_OPERATIONS } from '../support/v2-client.ts';
import { validateBody } from '../support/v2-payloads.ts';
import { expectRefusal } from './checks.ts';
import { expect, test } from './fixtures.ts';

test.describe(operationTitle(V2_OPERATIONS.validate), () => {
  test('[x-source: platform] a wrapped valid account answers 200 with no body and stores nothing', async ({
    v2,
    payloads,
    settings,
  }) => {
    const account = payloads.domesticAccount();
    const valid = await v2.validate(validateBody(account));
    expect(valid.status).toBe(200);
    expect(valid.text).toBe('');
    const status = await v2.status(
      settings.importSupplier,
      account.external_account_number as string,
    );
    expect(status.status, 'validate schedules nothing').toBe(404);
  });

  test('[x-source: platform] [account_failed_validation] [invalid_phone_number] an account that breaks a rule is answered in the standardized body under payload.', async ({
    v2,
    payloads,
    settings,
    accounts,
    kit,
  }) => {
    const twin = invalidTwins('domestic-account', {
      seed: payloads.context.seed,
      today: payloads.context.today,
      importSupplier: settings.importSupplier,
      externalAccountNumber: accounts.next(),
    }).find((t) => t.name === 'landline-invalid');
    const attr = twin?.expect.errors?.[0]?.attr;
    if (!twin || !attr)
      throw new Error('The fixtures have no domestic-account twin landline-invalid');
    const refused = await v2.validate(validateBody(twin.payload as Record<string, unknown>), {
      invalid: true,
    });
    // validateV2Account's 400 x-kit-assumption: the platform names no code for V2 validate.
    await expectRefusal(
      refused,
      {
        kitCode: 'account_failed_validation',
        itemCode: 'invalid_phone_number',
        attr: `payload.${attr}`,
      },
      kit,
    );
  });

  test('[x-source: platform] [required] the account sent flat, as the platform’s example shows it, is refused: payload is required', async ({
    v2,
    payloads,
    kit,
  }) => {
    const flat = await v2.validate(payloads.domesticAccount(), { invalid: true });
    // V2ValidateAccount's x-kit-assumption: the schema decides over the example.
    await kit.assume('a flat account is refused, the schema deciding (decision 028)', () =>
      expectRefusal(flat, { itemCode: 'required', attr: 'payload' }, kit),
    );
  });
});
