import { describe, expect, test } from 'vitest';
import { specExample } from '../../test-support.ts';
import { testContext } from './context.test-helper.ts';
import type { Account } from './context.ts';
import { checkPlatformAccountRules } from './index.ts';

describe('the platform validators of an account (validateAccount)', () => {
  test.each(['DomesticAccount', 'BusinessAccount'])(
    "[GEN-6] the spec's %s example breaks none of them",
    (name) => {
      expect(checkPlatformAccountRules(specExample<Account>(name), testContext())).toEqual([]);
    },
  );
});
