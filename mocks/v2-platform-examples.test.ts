/**
 * The platform's own V2 examples against the mock (decision 028): its example account, as its
 * document writes it (numbers as numbers, ledgers[]), wrapped in `payload` as its schemas say, is
 * validated and scheduled, and the task ends PROCESSED. Skipped where the platform document is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { createHarness } from './test-support.ts';

type Json = Record<string, unknown>;

const CANDIDATES = [
  process.env.PLATFORM_CONTRACT,
  new URL('../../shared/reference/platform/data-import-openapi.yml', import.meta.url).pathname,
  new URL('../../../shared/reference/platform/data-import-openapi.yml', import.meta.url).pathname,
].filter((p): p is string => typeof p === 'string');
const platformPath = CANDIDATES.find((p) => existsSync(p));
const platform = platformPath ? (parse(readFileSync(platformPath, 'utf8')) as Json) : undefined;

/** The platform's example account of a V2 path, under the kit's demo supplier. */
function example(path: string): Json {
  const paths = platform?.paths as Record<string, Json>;
  const post = paths[path]?.post as Json;
  const content = (post.requestBody as Json).content as Record<string, Json>;
  const examples = content['application/json']?.examples as Record<string, Json>;
  const value = structuredClone(examples.ExamplePayload?.value) as Json;
  return { ...value, import_supplier: 'DEMO_ENERGY', external_account_number: 'V2-PLATFORM-1' };
}

describe('fidelity to the platform: its V2 examples', () => {
  test.skipIf(!platform)(
    "validateV2Account accepts the platform's example account in payload",
    async () => {
      const h = await createHarness();
      const payload = example('/v2/data-import/accounts/validate/');
      const response = await h.call('POST', '/v2/data-import/accounts/validate/', {
        body: { payload },
      });
      expect(response.status, String(JSON.stringify(response.body)).slice(0, 800)).toBe(200);
    },
  );

  test.skipIf(!platform)(
    "scheduleV2AccountCreation takes the platform's example account and its task ends PROCESSED",
    async () => {
      const h = await createHarness();
      const payload = example('/v2/data-import/accounts/');
      const response = await h.call('POST', '/v2/data-import/accounts/', {
        body: { payload, task_params: { is_dry_run: false } },
      });
      expect(response.status, String(JSON.stringify(response.body)).slice(0, 800)).toBe(201);
      const status = await h.call('GET', '/v2/data-import/accounts/DEMO_ENERGY/V2-PLATFORM-1/');
      expect(status.body).toMatchObject({ status: 'PROCESSED', latest_error: null });
    },
  );
});
