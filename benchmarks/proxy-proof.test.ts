import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { errorGroups, freePort, runProxyProof } from './proxy-proof.ts';

// The proof of `npm run traffic:proof` at the size `npm test` can afford on two shared cores:
// the README's walks, the suite in full mode for the lifecycle, notes and auth specs (the
// script runs the whole suite) and 200 accounts through `fixtures send` (the script: 10,000).
describe('traffic proxy in front of the mock', () => {
  test('sees no error finding while the README walks, the suite in full mode and fixtures send run through it, and records no secret', async () => {
    const proof = await runProxyProof({
      accounts: 200,
      walks: true,
      suite: [
        'contract-tests/lifecycle.spec.ts',
        'contract-tests/notes.spec.ts',
        'contract-tests/auth.spec.ts',
      ],
      mockPort: await freePort(),
      proxyPort: 0,
      dir: mkdtempSync(join(tmpdir(), 'kit-proxy-proof-')),
    });
    expect(proof.steps.filter((s) => !s.ok)).toEqual([]);
    expect(proof.steps).toHaveLength(3);
    expect(errorGroups(proof.result)).toEqual([]);
    // Every operation the steps use went through the checker, and all of it was recorded.
    for (const op of [
      'obtainToken',
      'validateAccount',
      'processAccountImportProcess',
      'createNotes',
    ])
      expect(proof.result.operations.get(op) ?? 0, op).toBeGreaterThan(0);
    expect(proof.recording).toMatchObject({ recorded: proof.result.exchanges, notRecorded: 0 });
    expect(proof.leaks).toEqual([]);
  });
});
