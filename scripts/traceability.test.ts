import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { openapiDocument } from '../spec/index.ts';
import { collectPlatformCodes, renderPlatform } from '../spec/traceability.ts';
import { notRaisedReasons, twinProofs } from './traceability.ts';

const proofs = twinProofs();
const reasons = notRaisedReasons();
const platformCodes = collectPlatformCodes(openapiDocument);

describe('the platform validator codes (decisions 014, 015)', () => {
  test('spec/PLATFORM.md is current (npm run spec:build)', () => {
    const committed = readFileSync(new URL('../spec/PLATFORM.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderPlatform(openapiDocument, proofs, reasons));
  });

  test('a code left out with a reason is a platform code that no twin proves', () => {
    const wrong = Object.keys(reasons).filter((c) => !platformCodes.has(c) || proofs.has(c));
    expect(wrong).toEqual([]);
    for (const [code, reason] of Object.entries(reasons)) {
      expect(reason.length, `${code}: a reason in words`).toBeGreaterThan(20);
    }
  });

  test('the twins prove at least as many platform codes as the record below', () => {
    // Raise the floor as validators land; it never goes down.
    const raised = [...platformCodes.keys()].filter((c) => proofs.has(c)).length;
    expect(raised).toBeGreaterThanOrEqual(252);
  });
});
