/**
 * The reviewed list of response-shaping kit assumptions (support/assumptions.ts) stays in step
 * with the spec: a new `x-kit-assumption` on a response, or on a schema a response uses, must be
 * reviewed before the suite can decide whether it is hard or soft against other targets.
 */
import { expect, test } from '../fixtures.ts';
import { RESPONSE_ASSUMPTIONS } from '../support/assumptions.ts';
import { responseAssumptionPointers } from '../support/conformance.ts';

test.describe('kit assumptions', () => {
  test('every kit assumption that shapes a response is reviewed in assumptions.ts', () => {
    const unreviewed = responseAssumptionPointers().filter((p) => !(p in RESPONSE_ASSUMPTIONS));
    expect(unreviewed).toEqual([]);
  });

  test('every reviewed assumption still exists in the spec', () => {
    const found = new Set(responseAssumptionPointers());
    expect(Object.keys(RESPONSE_ASSUMPTIONS).filter((p) => !found.has(p))).toEqual([]);
  });
});
