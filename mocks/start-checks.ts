/**
 * The standalone mock's start-up checks (mocks/start.ts): every path and value of the command
 * line is checked before anything is opened, so that a bad one ends the command with one line
 * that names the option and exit code 2, as its help promises, instead of a stack trace from
 * deep inside a store (or, for a folder under /proc, a start-up that never ends: Node's recursive
 * mkdir loops there).
 */
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { isIP } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';

/** A path or value of the command line the mock cannot start with; the message says why. */
export class StartUpError extends Error {
  override name = 'StartUpError';
}

/** The short form of a file system error: its code and what it means (`ENOENT: no such ...`). */
function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (typeof e.code === 'string') {
    const text = e.message.replace(/,\s.*$/s, '');
    return text.startsWith(e.code) ? text : `${e.code}: ${text}`;
  }
  return e instanceof Error ? e.message : String(error);
}

/** Creates and removes a file in a folder: the only proof that the folder takes new files. */
function probeWritable(folder: string, what: string): void {
  const probe = join(folder, `.write-check-${process.pid}`);
  try {
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
  } catch (error) {
    throw new StartUpError(`${what}: cannot write in ${folder} (${reason(error)}).`);
  }
}

/**
 * Checks `--data-dir`: an existing folder that takes new files, or one that can be created
 * (each missing level in turn, so that a path the file system refuses, such as one under /proc,
 * is refused at once).
 */
export function checkDataDir(path: string, option = '--data-dir'): void {
  const what = `${option} ${path}`;
  const folder = resolve(path);
  const missing: string[] = [];
  let existing = folder;
  while (!existsSync(existing)) {
    missing.unshift(existing);
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  if (!statSync(existing).isDirectory()) {
    throw new StartUpError(`${what}: ${existing} is a file, not a folder.`);
  }
  for (const level of missing) {
    try {
      mkdirSync(level);
    } catch (error) {
      throw new StartUpError(`${what}: cannot create the folder ${level} (${reason(error)}).`);
    }
  }
  probeWritable(folder, what);
}

/**
 * Checks `--state-file`: a regular file that can be read and replaced, or none yet in an
 * existing folder that takes new files (the state is written to a file beside it, then renamed).
 */
export function checkStateFile(path: string, option = '--state-file'): void {
  const what = `${option} ${path}`;
  const file = resolve(path);
  const folder = dirname(file);
  if (!existsSync(folder)) throw new StartUpError(`${what}: the folder ${folder} does not exist.`);
  if (!statSync(folder).isDirectory()) {
    throw new StartUpError(`${what}: ${folder} is a file, not a folder.`);
  }
  if (existsSync(file)) {
    if (!statSync(file).isFile()) {
      throw new StartUpError(`${what}: ${basename(file)} is not a regular file.`);
    }
    try {
      accessSync(file, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new StartUpError(`${what}: cannot read and write it (${reason(error)}).`);
    }
  }
  probeWritable(folder, what);
}

/** Checks a file the mock only reads (`--config`, `--import-state`): a readable regular file. */
export function checkReadableFile(path: string, option: string): void {
  const what = `${option} ${path}`;
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
    accessSync(path, constants.R_OK);
  } catch (error) {
    throw new StartUpError(`${what}: cannot read it (${reason(error)}).`);
  }
  if (!isFile) throw new StartUpError(`${what}: not a regular file.`);
}

/**
 * Reads an origin list as the command line gives it: `*`, `none`, or origins separated by
 * commas (`https://app.example.com,http://localhost:3000`), without their trailing slashes.
 */
export function parseOrigins(value: string): '*' | string[] {
  const trimmed = value.trim();
  if (trimmed === '*') return '*';
  if (trimmed === '' || trimmed.toLowerCase() === 'none') return [];
  return trimmed
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/**
 * Reads an origin list (`*`, `none`, or comma-separated origins such as
 * `https://app.example.com,http://localhost:3000`) and refuses an entry that is not an origin: a
 * typo would otherwise shut out the page it meant to let in, with nothing said.
 */
export function checkedOrigins(value: string, option: string): '*' | string[] {
  const origins = parseOrigins(value);
  if (origins === '*') return origins;
  for (const origin of origins) {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) {
      throw new StartUpError(
        `${option}: "${origin}" is not an origin (scheme://host[:port], such as https://app.example.com); give *, none, or a comma-separated list of origins.`,
      );
    }
  }
  return origins;
}

/** One label of a host name: letters, digits, hyphens (not at either end) and underscores. */
const HOST_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/**
 * Reads a host list (`*`, `none`, or comma-separated names such as `mock.internal,192.168.1.5`)
 * as the Host allow-list compares them (decision 011), and refuses an entry that is not a host
 * name or an IP address: a URL, a port or a path would otherwise be cut down to some other name
 * (`http://mock.internal` allowed a host named `http`), with nothing said.
 */
export function checkedHosts(value: string, option: string): '*' | string[] {
  const trimmed = value.trim();
  if (trimmed === '*') return '*';
  if (trimmed === '' || trimmed.toLowerCase() === 'none') return [];
  const names: string[] = [];
  for (const entry of trimmed.split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const bracketed = /^\[(.*)\]$/.exec(entry)?.[1];
    const ipv6 = bracketed ?? entry;
    if (isIP(ipv6) === 6) {
      names.push(ipv6.toLowerCase());
      continue;
    }
    // As the allow-list compares a Host header's name: lower case, without a trailing dot.
    const name = entry.toLowerCase().replace(/\.$/, '');
    if (
      bracketed !== undefined ||
      name.length > 253 ||
      !name.split('.').every((label) => HOST_LABEL.test(label))
    ) {
      throw new StartUpError(
        `${option}: "${entry}" is not a host name (such as mock.internal or 192.168.1.5, without scheme, port or path); give *, none, or a comma-separated list of host names.`,
      );
    }
    names.push(name);
  }
  return names;
}

/**
 * The one-line message of an error met while opening the storage (an error of the file system,
 * such as a disk that fills or a permission that changes between the check and the opening).
 * Undefined for any other error, which is a fault of the mock and keeps its stack.
 */
export function storageErrorMessage(error: unknown, what: string): string | undefined {
  const e = error as NodeJS.ErrnoException;
  if (!(e instanceof Error) || typeof e.code !== 'string' || !/^E[A-Z]+$/.test(e.code)) {
    return undefined;
  }
  return `${what}: cannot use it (${reason(error)}).`;
}
