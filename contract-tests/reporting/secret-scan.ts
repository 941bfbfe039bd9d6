/**
 * The secret scan of the reports: scans what a run produced (reports/ and test-results/) for the
 * API key and every token the run used, and redacts any hit in place ("No API key or token
 * appears in any report, trace, log or attachment ... a test greps the produced reports to prove
 * it"). The redaction of one text is pure ({@link redactSecrets}); only {@link scanAndRedact} and
 * {@link readSecrets} touch files.
 *
 * Why in the reporter and not in a last-phase project: the HTML, JUnit and JSON reports are
 * written by their reporters after the last test has finished, so no test of the run can read
 * them. The conformance-summary reporter is listed last and Playwright calls `onEnd` of the
 * reporters in order, so its scan sees the finished files; a hit fails the run (the reporter
 * overrides the run's status) and is counted as a failed test in reports/playwright.json.
 *
 * Where a leak can come from although the suite redacts what it writes: Playwright itself records
 * the error of a failed `request.fetch` step (a refused connection, a timeout) with its call log,
 * which lists the request headers, Authorization included.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { JWT_PATTERN, REDACTED } from '../support/redact.ts';

/** One file that held a secret. */
export interface SecretHit {
  file: string;
  /** What was found: a label, never the secret itself. */
  what: string;
  count: number;
}

/** A secret to look for, with the label a hit is reported under. */
export interface Secret {
  label: string;
  value: string;
}

function* files(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** One entry of a zip archive. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** The entries of a zip archive (stored or deflated): the HTML report embeds its data as one. */
export function zipEntries(zip: Buffer): ZipEntry[] {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) return [];
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count && zip.readUInt32LE(at) === 0x02014b50; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A zip archive of the entries, deflated: the HTML report's data packed again once redacted. */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** Replaces the secrets and JWT-shaped strings in a text; counts what it replaced, by label. */
function redactIn(text: string, secrets: Secret[], found: Map<string, number>): string {
  let out = text;
  for (const secret of secrets) {
    const count = out.split(secret.value).length - 1;
    if (count) {
      found.set(secret.label, (found.get(secret.label) ?? 0) + count);
      out = out.split(secret.value).join(REDACTED);
    }
  }
  const jwts = out.match(JWT_PATTERN)?.length ?? 0;
  if (jwts) {
    found.set('a JWT-shaped token', (found.get('a JWT-shaped token') ?? 0) + jwts);
    out = out.replace(JWT_PATTERN, REDACTED);
  }
  return out;
}

const EMBEDDED_ZIP = /data:application\/zip;base64,([A-Za-z0-9+/=]+)/g;

/** What {@link redactSecrets} made of one text. */
export interface Redaction {
  /** The text with every hit replaced by the redaction mark. */
  text: string;
  /** What was found, by label (never the secret), with how often, in the order found. */
  found: Map<string, number>;
}

/**
 * Redacts the given secrets and every JWT-shaped string in one text, also inside the base64 zip
 * the HTML report embeds (unpacked, redacted and packed again). Secrets shorter than 8 characters
 * are ignored, as registerSecret ignores them: too likely to occur by chance. The text is
 * latin1-decoded bytes, which keeps the bytes of ASCII secrets whatever the file's encoding. Pure,
 * so that any tool that writes reports (the suite's reporter, a traffic checker) scans the same way.
 */
export function redactSecrets(text: string, secrets: Secret[]): Redaction {
  const wanted = secrets.filter((s) => s.value.length >= 8);
  const found = new Map<string, number>();
  const unzipped = text.replace(EMBEDDED_ZIP, (whole, base64: string) => {
    const inZip = new Map<string, number>();
    const entries = zipEntries(Buffer.from(base64, 'base64')).map((entry) => {
      const before = entry.data.toString('latin1');
      const after = redactIn(before, wanted, inZip);
      return after === before ? entry : { ...entry, data: Buffer.from(after, 'latin1') };
    });
    if (!inZip.size) return whole;
    for (const [label, count] of inZip) {
      found.set(`${label} (embedded report data)`, count);
    }
    return `data:application/zip;base64,${zipOf(entries).toString('base64')}`;
  });
  return { text: redactIn(unzipped, wanted, found), found };
}

/**
 * Scans every file under `dirs` for the given secrets and for JWT-shaped strings, redacts the
 * hits in place (see {@link redactSecrets}), and returns where they were. Files over 50 MB are
 * left alone (no report of the suite comes near; reading one would only stall the run).
 */
export function scanAndRedact(dirs: string[], secrets: Secret[]): SecretHit[] {
  const hits: SecretHit[] = [];
  for (const dir of dirs) {
    for (const file of files(dir)) {
      if (statSync(file).size > 50_000_000) continue;
      const text = readFileSync(file, 'latin1');
      const { text: out, found } = redactSecrets(text, secrets);
      for (const [what, count] of found) hits.push({ file, what, count });
      if (out !== text) writeFileSync(file, out, 'latin1');
    }
  }
  return hits;
}

/** The settings that hold a secret of the run (see support/settings.ts). */
export interface SecretSettings {
  apiKey?: string | undefined;
  accessToken?: string | undefined;
  expiredToken?: string | undefined;
}

/**
 * The secrets a run's reports are scanned for: the key and tokens of the settings, under their
 * variable names, and every token the workers registered ("No API key or token appears in any
 * report"), under a label that names none of them.
 */
export function secretsOfRun(settings: SecretSettings, registered: string[]): Secret[] {
  return [
    { label: 'API_KEY', value: settings.apiKey ?? '' },
    { label: 'ACCESS_TOKEN', value: settings.accessToken ?? '' },
    { label: 'EXPIRED_TOKEN', value: settings.expiredToken ?? '' },
    ...registered.map((value) => ({ label: 'a token of the run', value })),
  ];
}

/** Reads the secrets the workers registered for a run (one per line). */
export function readSecrets(path: string): string[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter(Boolean);
}
