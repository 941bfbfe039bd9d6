import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FIXTURE_KINDS,
  type FixtureKind,
  invalidTwins,
  KINDS,
  loadProfile,
  resolvePopulation,
} from '../fixtures/index.ts';
import { loadContract } from './contract.ts';
import openapi from './dist/openapi.json' with { type: 'json' };
import * as requestFirstChecks from './generated/request-first-checks.ts';
import * as requestValidators from './generated/request-validators.ts';
import { dataImport } from './index.ts';

// The contract as it was before decision 027: every validator compiled by ajv at start.
const interpreted = loadContract(openapi as Record<string, unknown>, 'kit:openapi');
const SEEDS = 12;

interface Case {
  label: string;
  operationId: string;
  payload: unknown;
}

/** What the edge takes from a validation: the errors and the body as read (coerced in place). */
function answer(contract: typeof dataImport, operationId: string, payload: unknown) {
  const body = structuredClone(payload);
  const errors = contract.validateRequestBody(operationId, body);
  return { errors, body: JSON.stringify(body) };
}

function kindCases(kind: FixtureKind): Case[] {
  const info = KINDS[kind];
  return Array.from({ length: SEEDS }, (_, seed) => {
    const account =
      info.accountState === 'none' ? undefined : KINDS['domestic-account'].build({ seed });
    const options = { seed, ...(account ? { account } : {}) } as never;
    return [
      { label: `${kind} ${seed}`, operationId: info.operationId, payload: info.build(options) },
      ...invalidTwins(kind, options).map((twin) => ({
        label: `${kind} ${seed} ${twin.name}`,
        operationId: info.operationId,
        payload: twin.payload,
      })),
    ];
  }).flat();
}

function populationCases(): Case[] {
  const profiles = new URL('../fixtures/profiles/', import.meta.url);
  return readdirSync(profiles)
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) => {
      const population = resolvePopulation(loadProfile(new URL(file, profiles).pathname));
      const kind = population.accountType === 'business' ? 'business-account' : 'domestic-account';
      return Array.from({ length: SEEDS }, (_, seed) => {
        const account = KINDS[kind].build({ seed, population } as never);
        return [
          { label: `${file} ${seed}`, operationId: 'validateAccount', payload: account },
          {
            label: `${file} ${seed} (create)`,
            operationId: 'createOrUpdateAccountImportProcess',
            payload: account,
          },
        ];
      }).flat();
    });
}

type Validate = (data: unknown) => boolean;
const full = requestValidators as unknown as Record<string, Validate>;
const first = requestFirstChecks as unknown as Record<string, Validate>;

/**
 * Holds each first-failure validator to the full one on every case: the same verdict on the body
 * as sent, and the same answer from the contract with the first checks on and off. Returns how
 * many of the cases were valid as sent, so that a test can see both verdicts represented.
 */
function sameWithFirstChecks(cases: readonly Case[]): number {
  let valid = 0;
  for (const { label, operationId, payload } of cases) {
    const verdict = full[operationId]!(structuredClone(payload));
    expect(first[operationId]!(structuredClone(payload)), label).toBe(verdict);
    if (verdict) valid += 1;
    dataImport.firstChecks = false;
    try {
      expect(answer(dataImport, operationId, payload), label).toEqual(
        answer(interpreted, operationId, payload),
      );
    } finally {
      dataImport.firstChecks = true;
    }
  }
  return valid;
}

describe('request validators compiled at build time (decision 027)', () => {
  it.each(FIXTURE_KINDS)(
    'GEN-6: %s, valid and every invalid twin, gets the errors and the reading it got before',
    (kind) => {
      const cases = kindCases(kind);
      expect(cases.length).toBeGreaterThan(SEEDS);
      for (const { label, operationId, payload } of cases) {
        expect(answer(dataImport, operationId, payload), label).toEqual(
          answer(interpreted, operationId, payload),
        );
      }
    },
  );

  it('GEN-6: every population of the example profiles, both forms, reads as before', () => {
    const cases = populationCases();
    expect(cases.length).toBeGreaterThanOrEqual(4 * SEEDS * 2);
    for (const { label, operationId, payload } of cases) {
      expect(answer(dataImport, operationId, payload), label).toEqual(
        answer(interpreted, operationId, payload),
      );
    }
  });

  it.each(FIXTURE_KINDS)(
    'GEN-6: %s, valid and every invalid twin, gets the same verdict from the first check as from the full validator',
    (kind) => {
      const cases = kindCases(kind);
      const valid = sameWithFirstChecks(cases);
      // Both verdicts are represented: the twins are refused, the valid payloads pass.
      expect(valid).toBeGreaterThan(0);
      expect(valid).toBeLessThan(cases.length);
    },
  );

  it('GEN-6: every population of the example profiles, both forms, gets the same verdict from the first check', () => {
    const cases = populationCases();
    expect(sameWithFirstChecks(cases)).toBeGreaterThan(cases.length / 2);
  });

  it('GEN-1: the spec module checks request bodies first with the first-failure functions', () => {
    expect(dataImport.firstChecks).toBe(true);
    expect(Object.keys(requestFirstChecks).sort()).toEqual(Object.keys(requestValidators).sort());
  });

  it('GEN-1: the spec module validates request bodies with the generated functions', () => {
    const operations = [...dataImport.operations.values()].filter((o) => o.hasRequestBody);
    expect(Object.keys(requestValidators).sort()).toEqual(
      operations.map((o) => o.operationId).sort(),
    );
  });
});
