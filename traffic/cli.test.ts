import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './cli.ts';
import { recordingLine } from './recording.ts';
import { recordingClient, withAnswer } from './traffic.test-helper.ts';

const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const PENDING = '/v1/data-import/pending-account-import-processes/DEMO_ENERGY/';

/** A recording of real exchanges with the mock, one of whose answers breaks STG-4. */
async function brokenRecording() {
  const rec = recordingClient();
  const account = rec.client.account();
  const staged = await rec.send('POST', STAGE, account);
  const pending = await rec.send('GET', PENDING);
  const dir = mkdtempSync(join(tmpdir(), 'traffic-cli-'));
  const file = join(dir, 'day.ndjson');
  const broken = withAnswer(staged, 201, { import_supplier: 'DEMO_ENERGY' });
  writeFileSync(
    file,
    [broken, withAnswer(pending, 418, [])].map((e) => `${recordingLine(e)}\n`).join(''),
  );
  return { dir, file, token: await rec.login(), email: String(account.customers?.[0]?.email) };
}

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    args,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out, err };
}

describe('data-import-traffic check', () => {
  it('exits 1 on an error finding and writes every report, masked', async () => {
    const { dir, file, token, email } = await brokenRecording();
    const reports = join(dir, 'reports');
    const { code, out } = await run(['check', file, '--report-dir', reports]);
    expect(code).toBe(1);
    expect(out.at(-1)).toMatch(/^2 exchanges: 1 error findings, 1 warnings in 2 groups/);
    const json = JSON.parse(readFileSync(join(reports, 'traffic.json'), 'utf8'));
    expect(json.findings.map((g: { rule: string }) => g.rule)).toEqual([
      'STG-4',
      'kit:undocumented-status',
    ]);
    expect(readFileSync(join(reports, 'traffic-junit.xml'), 'utf8')).toContain('<failure message=');
    const sarif = JSON.parse(readFileSync(join(reports, 'traffic.sarif'), 'utf8'));
    expect(sarif.runs[0].results.map((r: { level: string }) => r.level)).toEqual([
      'error',
      'warning',
    ]);
    for (const name of [
      'traffic.json',
      'traffic.md',
      'traffic-junit.xml',
      'traffic.sarif',
      'traffic.html',
    ]) {
      const text = readFileSync(join(reports, name), 'utf8');
      expect(text).toContain('STG-4');
      expect(text).not.toContain(token);
      expect(text).not.toContain(email);
    }
  });

  it('exits 0 on warnings alone unless --fail-on warning', async () => {
    const { dir, file } = await brokenRecording();
    const lines = readFileSync(file, 'utf8').split('\n');
    const warningsOnly = join(dir, 'warnings.ndjson');
    writeFileSync(warningsOnly, `${lines[1]}\n`);
    const reports = join(dir, 'r');
    expect((await run(['check', warningsOnly, '--report-dir', reports])).code).toBe(0);
    expect(
      (await run(['check', warningsOnly, '--report-dir', reports, '--fail-on', 'warning'])).code,
    ).toBe(1);
  });

  it('answers bad input with one line and exit 2', async () => {
    const { dir } = await brokenRecording();
    const bad = join(dir, 'bad.ndjson');
    writeFileSync(bad, '{"v":1}\n');
    const result = await run(['check', bad, '--report-dir', join(dir, 'r')]);
    expect(result).toMatchObject({ code: 2, out: [] });
    expect(result.err).toEqual([
      `data-import-traffic: ${bad}:1: time is not an ISO 8601 date-time`,
    ]);
    expect((await run(['check', join(dir, 'missing.har')])).err).toEqual([
      `data-import-traffic: cannot read ${join(dir, 'missing.har')}`,
    ]);
    expect((await run(['check', bad, '--format', 'pdf'])).code).toBe(2);
  });
});
