/**
 * The named, seeded fault profiles and their loading (decision 024): each is a valid, seeded
 * plan; the same requests under the same profile meet the same answers in the same order, twice,
 * through the MSW factory's `faults` option and through node:http; `--faults NAME|FILE` serves
 * one from the standalone server and marks each fault in the journal; a bad name or file is
 * refused with one line naming the choices, or the field, and exit code 2.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, test } from 'vitest';
import { createMockServer } from '../adapters/node-server.ts';
import { createDataImportMock } from '../create-mock.ts';
import { defaultConfig } from '../defaults.ts';
import { FAULT_PROFILES } from '../domain/faults-profiles.ts';
import { FaultPlanError } from '../service.ts';
import { createTestClient } from '../test-client.ts';
import { loadConfigFile } from './config-file.ts';
import { startMock } from './crash-trial.ts';
import { faultPlanProblems, faultProfileNames, loadFaultProfile } from './fault-profiles.ts';

const dir = mkdtempSync(join(tmpdir(), 'fault-profiles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const PROCESS = '/v1/data-import/account-import-process/process/';
const LIST = '/v1/data-import/all-account-import-processes/DEMO_ENERGY/';
const TOKEN_QUERY =
  'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }';
/** Inside maintenance-window's window; the other profiles have no window. */
const IN_WINDOW = '2026-12-06T02:30:00Z';

/** A mock under a named profile, its sleeps recorded (never slept), its clock in the window. */
async function profiledMock(name: string) {
  const client = createTestClient({ faults: name });
  const waits: number[] = [];
  client.mock.service.env.sleep = async (ms) => {
    waits.push(ms);
  };
  const clock = await client.call('PUT', '/__mock/clock', { now: IN_WINDOW, frozen: true });
  expect(clock.status).toBe(200);
  return { client, waits };
}

/**
 * A supplier's small retrying client (at most four tries a step): a token, then three accounts
 * staged, processed and listed. Each try is written down as its answer: the status and code,
 * `network` when the connection failed, `cut` when the body failed half-way.
 */
async function rehearse(base: string, account: () => Record<string, unknown>) {
  const answers: string[] = [];
  let token = '';
  const attempt = async (step: string, path: string, method: string, body?: unknown) => {
    for (let tries = 0; tries < 4; tries++) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Token ${token}` } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      } catch {
        answers.push(`${step} network`);
        continue;
      }
      let parsed: { code?: string; data?: { obtainKrakenToken?: { token: string } } };
      try {
        parsed = JSON.parse(await response.text());
      } catch {
        answers.push(`${step} ${response.status} cut`);
        continue;
      }
      const retry = response.headers.get('retry-after');
      answers.push(
        `${step} ${response.status}${parsed.code ? ` ${parsed.code}` : ''}${retry ? ` retry-after=${retry}` : ''}`,
      );
      if (response.status < 300) return parsed;
    }
    return undefined;
  };
  const login = await attempt('token', '/v1/graphql/', 'POST', {
    query: TOKEN_QUERY,
    variables: { input: { APIKey: 'demo-api-key' } },
  });
  token = login?.data?.obtainKrakenToken?.token ?? '';
  for (let i = 0; i < 3; i++) {
    const staged = account();
    await attempt('stage', STAGE, 'POST', staged);
    await attempt('process', PROCESS, 'POST', {
      import_supplier_code: 'DEMO_ENERGY',
      external_account_number: staged.external_account_number,
      operations_team_name: 'MIGRATIONS',
    });
    await attempt('list', LIST, 'GET');
  }
  return answers;
}

/** What one run under a profile met: every answer, every wait, and the journal's fault marks. */
interface Run {
  answers: string[];
  waits: number[];
  marks: unknown[];
}

function marksOf(mock: { service: ReturnType<typeof createDataImportMock>['service'] }) {
  return mock.service.journal
    .entries({ bodies: false })
    .filter((e) => e.path.startsWith('/v1/'))
    .map((e) => `${e.operationId} ${e.status}${e.fault ? ` ${JSON.stringify(e.fault)}` : ''}`);
}

/** One run through the MSW handlers (fetch intercepted in-process). */
async function runThroughMsw(name: string): Promise<Run> {
  const { client, waits } = await profiledMock(name);
  const msw = setupServer(...client.mock.handlers);
  msw.listen({ onUnhandledRequest: 'error' });
  try {
    const answers = await rehearse('http://profiles.mock.test', () => client.account());
    return { answers, waits, marks: marksOf(client.mock) };
  } finally {
    msw.close();
  }
}

/** One run through the standalone server's node:http adapter on a loopback port. */
async function runThroughNodeHttp(name: string): Promise<Run> {
  const { client, waits } = await profiledMock(name);
  const server = createMockServer(client.mock.service);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answers = await rehearse(base, () => client.account());
    return { answers, waits, marks: marksOf(client.mock) };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('the shipped fault profiles', () => {
  test('the kit ships flaky-network, rate-limited, slow-platform and maintenance-window', () => {
    expect(faultProfileNames()).toEqual([
      'flaky-network',
      'rate-limited',
      'slow-platform',
      'maintenance-window',
    ]);
  });

  test.each(faultProfileNames())('%s is a valid plan with a seed and a description', (name) => {
    const plan = loadFaultProfile(name);
    expect(faultPlanProblems(plan)).toBeUndefined();
    expect(plan).toMatchObject({ name, seed: expect.any(Number), description: expect.any(String) });
    expect(plan.rules.length).toBeGreaterThan(0);
  });

  test('a loaded profile is a copy: changing it changes no later load', () => {
    const plan = loadFaultProfile('rate-limited');
    plan.rules.length = 0;
    expect(loadFaultProfile('rate-limited').rules.length).toBeGreaterThan(0);
    expect(FAULT_PROFILES.find((p) => p.name === 'rate-limited')!.rules.length).toBeGreaterThan(0);
  });
});

describe.each([
  ['MSW', runThroughMsw],
  ['node:http', runThroughNodeHttp],
] as const)('two runs under a profile through %s', (_adapter, run) => {
  test.each(faultProfileNames())(
    '%s: the same requests meet the same answers, waits and faults in the same order',
    async (name) => {
      const first = await run(name);
      const second = await run(name);
      expect(second).toEqual(first);
      // The profile did something, and the journal marks each fault it injected.
      const faulted = first.marks.filter((m) => String(m).includes('"rule_id"'));
      expect(faulted.length).toBeGreaterThan(0);
    },
  );
});

describe('what each profile does to the rehearsal', () => {
  test('flaky-network: connections fail, a 502 comes, and every other request waits', async () => {
    const { answers, marks } = await runThroughNodeHttp('flaky-network');
    expect(answers.some((a) => a.endsWith(' network') || a.endsWith(' cut'))).toBe(true);
    expect(marks.every((m) => String(m).includes('"rule_id"'))).toBe(true);
  });

  test('rate-limited: process gets PRC-9’s 429 with Retry-After 2 at first', async () => {
    const { answers } = await runThroughMsw('rate-limited');
    expect(answers.filter((a) => a.startsWith('process ')).slice(0, 3)).toEqual(
      Array(3).fill('process 429 concurrency_limit_exceeded retry-after=2'),
    );
    expect(answers.some((a) => a.endsWith('429 rate_limited retry-after=1'))).toBe(true);
  });

  test('slow-platform: every request waits, and no request fails before the change', async () => {
    const { answers, waits } = await runThroughMsw('slow-platform');
    expect(waits.length).toBeGreaterThan(answers.length);
    expect(answers.filter((a) => !/ 20[01]$/.test(a)).every((a) => a.includes('504'))).toBe(true);
  });

  test('maintenance-window: 503 with Retry-After 600 inside the window, answers outside', async () => {
    const { answers } = await runThroughMsw('maintenance-window');
    expect(answers[0]).toBe('token 503 service_unavailable retry-after=600');
    expect(new Set(answers.map((a) => a.replace(/^\w+ /, '')))).toEqual(
      new Set(['503 service_unavailable retry-after=600']),
    );
    const client = createTestClient({ faults: 'maintenance-window' });
    expect((await client.obtainToken()).data.obtainKrakenToken?.token).toEqual(expect.any(String));
  });
});

describe('loading a profile', () => {
  test('createDataImportMock refuses an unknown name, listing the names', () => {
    expect(() => createDataImportMock({ faults: 'chaos' })).toThrow(FaultPlanError);
    expect(() => createDataImportMock({ faults: 'chaos' })).toThrow(
      'No fault profile is named chaos; choose flaky-network, rate-limited, slow-platform, maintenance-window.',
    );
  });

  test('a file of one’s own loads; a bad one is refused naming every field', () => {
    const good = join(dir, 'good.yaml');
    writeFileSync(
      good,
      'seed: 1\nrules:\n  - {operation_id: validateAccount, status: 502, times: 2}\n',
    );
    expect(loadFaultProfile(good)).toEqual({
      seed: 1,
      rules: [{ operation_id: 'validateAccount', status: 502, times: 2 }],
    });
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'rules:\n  - {status: 500, share: 2}\n');
    expect(() => loadFaultProfile(bad)).toThrow(/bad\.yaml is not valid:\n.*rules\.0\.share/s);
    const inverted = join(dir, 'inverted.yaml');
    writeFileSync(
      inverted,
      "rules:\n  - {status: 503, from: '2026-12-06T04:00:00Z', until: '2026-12-06T02:00:00Z'}\n",
    );
    expect(() => loadFaultProfile(inverted)).toThrow(/rules\.0\.from: /);
    expect(() => loadFaultProfile('no-such-profile')).toThrow(
      '--faults no-such-profile: no fault profile of that name and no such file; choose flaky-network, rate-limited, slow-platform, maintenance-window, or a YAML or JSON file.',
    );
  });

  test('a config file’s faults, a name or a plan, are the plan the mock starts and resets with', async () => {
    const byName = join(dir, 'by-name.yaml');
    writeFileSync(byName, `${JSON.stringify({ ...defaultConfig, faults: 'rate-limited' })}\n`);
    const named = createDataImportMock({ config: loadConfigFile(byName) });
    expect(named.service.faults).toMatchObject({ name: 'rate-limited', seed: 20261127 });
    const byPlan = join(dir, 'by-plan.yaml');
    const plan = { seed: 5, rules: [{ status: 504, operation_id: 'validateAccount' }] };
    writeFileSync(byPlan, `${JSON.stringify({ ...defaultConfig, faults: plan })}\n`);
    const planned = createDataImportMock({ config: loadConfigFile(byPlan) });
    expect(planned.service.faults.rules.map((r) => r.rule)).toEqual(plan.rules);
  });

  test('a config file with an unknown profile or an inverted range is refused', () => {
    const unknown = join(dir, 'unknown.yaml');
    writeFileSync(unknown, `${JSON.stringify({ ...defaultConfig, faults: 'chaos' })}\n`);
    expect(() => loadConfigFile(unknown)).toThrow(
      /faults: no fault profile is named chaos\. Choices: flaky-network, rate-limited, slow-platform, maintenance-window\./,
    );
    const inverted = join(dir, 'inverted-config.yaml');
    writeFileSync(
      inverted,
      `${JSON.stringify({ ...defaultConfig, faults: { rules: [{ latency: { distribution: 'uniform', min_ms: 9, max_ms: 1 } }] } })}\n`,
    );
    expect(() => loadConfigFile(inverted)).toThrow(/faults\.rules\.0\.latency\.min_ms/);
  });
});

describe('data-import-mock --faults', () => {
  test('--faults NAME serves the profile: the plan is listed and the journal marks the faults', async () => {
    // Not --quiet: the helper waits for the banner, which --quiet leaves out.
    const server = await startMock(['--faults', 'rate-limited']);
    try {
      await expect.poll(() => server.output()).toContain('faults         rate-limited');
      const plan = await (await fetch(`${server.base}/__mock/faults`)).json();
      expect(plan).toMatchObject({ name: 'rate-limited', seed: 20261127 });
      // process's first three requests get PRC-9's 429, whatever their body.
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${server.base}${PROCESS}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        answers.push([
          response.status,
          response.headers.get('retry-after'),
          (await response.json()).code,
        ]);
      }
      expect(answers).toEqual(Array(3).fill([429, '2', 'concurrency_limit_exceeded']));
      const journal = await (await fetch(`${server.base}/__mock/journal`)).json();
      const marked = journal.filter((e: { fault?: unknown }) => e.fault);
      expect(marked).toHaveLength(3);
      expect(marked[0].fault).toEqual({
        kind: 'status',
        rule_id: 'f1',
        status: 429,
        after_change: false,
      });
    } finally {
      server.child.kill('SIGTERM');
    }
  });

  test.each([
    [
      ['--faults', 'chaos'],
      '--faults chaos: no fault profile of that name and no such file; choose flaky-network, rate-limited, slow-platform, maintenance-window, or a YAML or JSON file.\n',
    ],
    [['--faults', join(dir, 'absent.yaml')], /no fault profile of that name and no such file/],
  ])('%j ends with one line and exit code 2', (args, message) => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bin/data-import-mock.ts', '--port', '0', ...args],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(2);
    expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    if (typeof message === 'string') expect(run.stderr).toBe(message);
    else expect(run.stderr).toMatch(message);
  });
});

/** One request over node:http, as curl -w '%{http_code}' reports it: 000 when no answer came. */
function curlStatus(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<{ code: string; body: string }>((resolve) => {
    const req = request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        const done = () => resolve({ code: String(res.statusCode), body });
        res.on('end', done);
        res.on('aborted', done);
        res.on('error', done);
      },
    );
    req.on('error', () => resolve({ code: '000', body: '' }));
    req.end(init.body);
  });
}

describe('the README’s fault profile walk', () => {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(
    readme.indexOf('### Rehearsing trouble: named fault profiles'),
    readme.indexOf("### The platform's own data"),
  );

  test('names every shipped profile, and only those', () => {
    const named = [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(named).toEqual(faultProfileNames());
    expect(section).toContain('npx data-import-mock --faults flaky-network');
  });

  test('shows what a client meets under flaky-network, and the journal’s marks, as the mock answers them', async () => {
    const shownCodes = /for i in 1 2 3 4 5 6;.*\n# ([0-9 ]+)\n/.exec(section)?.[1]?.trim();
    const shownMarks = [...section.matchAll(/^# (\{"kind".*\})$/gm)].map((m) => JSON.parse(m[1]!));
    expect(shownCodes).toBeDefined();
    expect(shownMarks.length).toBeGreaterThan(3);
    const mock = createDataImportMock({
      env: createTestClient().mock.service.env,
      faults: 'flaky-network',
    });
    mock.service.env.sleep = async () => {};
    const server = createMockServer(mock.service);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const B = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const login = await curlStatus(`${B}/v1/graphql/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: TOKEN_QUERY,
          variables: { input: { APIKey: 'demo-api-key' } },
        }),
      });
      const token = JSON.parse(login.body).data.obtainKrakenToken.token as string;
      const codes: string[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await curlStatus(`${B}${LIST}`, {
          headers: { authorization: `Token ${token}` },
        });
        codes.push(answer.code);
      }
      expect(codes.join(' ')).toBe(shownCodes);
      const marks = mock.service.journal
        .entries({ bodies: false })
        .filter((e) => e.fault)
        .map((e) => e.fault);
      expect(marks.slice(0, shownMarks.length)).toEqual(shownMarks);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
