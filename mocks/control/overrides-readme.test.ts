/**
 * Keeps the README's section on overrides and verify (decision 025) true: its curl session is
 * replayed against a mock, each `# {...}` line compared with the answer, and the client step it
 * describes is run; every factory method its TypeScript example calls exists.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { createTestClient } from '../test-client.ts';

const readme = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'README.md'),
  'utf8',
);
const section = readme.slice(
  readme.indexOf('### Overrides (stubs) and verify'),
  readme.indexOf('## Fixtures (QA'),
);

/** The session after the marker: each curl with the lines that follow it. */
function session(): { method: string; path: string; body?: string; expected: string[] }[] {
  const block = section.split('<!-- overrides-readme -->')[1]?.split('```')[1] ?? '';
  const steps: { method: string; path: string; body?: string; expected: string[] }[] = [];
  for (const line of block.split('\n')) {
    const curl = /^curl -s -X (\w+) http:\/\/127\.0\.0\.1:4010(\S+)(?: .*-d '(.*)')?$/.exec(line);
    if (curl) steps.push({ method: curl[1]!, path: curl[2]!, body: curl[3], expected: [] });
    else if (line.startsWith('# ')) steps.at(-1)?.expected.push(line.slice(2));
  }
  return steps;
}

test('the README curl session answers as it shows', async () => {
  const c = createTestClient();
  await c.login();
  const steps = session();
  expect(steps.map((s) => `${s.method} ${s.path}`)).toEqual([
    'POST /__mock/overrides',
    'POST /__mock/requests/count',
    'GET /__mock/overrides',
  ]);
  for (const step of steps) {
    const answer = await c.call(step.method, step.path, undefined, { raw: step.body ?? '' });
    expect(answer.status).toBeLessThan(300);
    expect(answer.body).toMatchObject(JSON.parse(step.expected[0]!));
    if (step.expected[1]?.startsWith('... your client validates MY-1')) {
      const account = c.account({ external_account_number: 'MY-1' });
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await c.call('POST', '/v1/data-import/validate-account/', account));
      expect(answers.map((a) => a.status)).toEqual([503, 503, 200]);
      expect(answers[0]?.body).toEqual({ detail: 'MY-1 cannot be validated now.' });
      expect(step.expected[1]).toContain(JSON.stringify(answers[0]?.body));
    }
  }
});

test('every factory method the README example calls exists', () => {
  const c = createTestClient();
  const calls = [...section.matchAll(/mock\.([a-zA-Z]+(?:\.[a-zA-Z]+)?)\(/g)].map((m) => m[1]!);
  expect(calls.length).toBeGreaterThanOrEqual(4);
  for (const path of calls) {
    const value = path
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], c.mock);
    expect(typeof value, path).toBe('function');
  }
});
