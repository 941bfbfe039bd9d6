/**
 * `--state-file PATH` (decision 004): the state survives restarts, as the control API's state
 * document (snake_case; a file of an earlier version still loads). Every acknowledged change is on
 * disk before the answer leaves (write to a temporary file, fsync, rename over the old one, fsync
 * the folder), so a crash leaves either the old or the new state, never half of one; a full or
 * failing disk refuses the change (503) and keeps the old file. A file that
 * is not a state export stops the start with a clear message and is never overwritten.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { mockControl } from '../../spec/index.ts';
import type { MockState } from '../domain/state.ts';
import { isLegacyDocument, stateDocument, stateFromDocument } from '../domain/state-document.ts';
import { StorageUnavailable } from '../service.ts';

/** A state file that cannot be used; the message says why and which file. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** The state in the file and its tokens, or undefined when there is no file yet. */
export function loadStateFile(path: string): MockState | undefined {
  if (!existsSync(path)) return undefined;
  const state = stateOfText(path, readFileSync(path, 'utf8'));
  // Tokens of a file written before they had their own log stay until the first write moves them.
  Object.assign(state.tokens, readTokenLog(tokenLogOf(path)).tokens);
  return state;
}

type TokenRecord = MockState['tokens'][string];
/** One line of the token log: a token issued, or a token gone (spent, expired). */
type TokenLine = ['+', string, TokenRecord] | ['-', string];

/**
 * The tokens beside a state file (decision 022): a log a line per token issued or gone, so that an
 * ObtainToken appends its tokens instead of writing the state document, and the document does
 * not grow with them.
 */
export function tokenLogOf(path: string): string {
  return join(dirname(path), `${basename(path)}.tokens`);
}

/** The live tokens of a log, and how many lines it has; a last line cut short is ignored. */
function readTokenLog(log: string): { tokens: Record<string, TokenRecord>; lines: number } {
  const tokens = new Map<string, TokenRecord>();
  if (!existsSync(log)) return { tokens: {}, lines: 0 };
  let lines = 0;
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (line === '') continue;
    let entry: TokenLine;
    try {
      entry = JSON.parse(line) as TokenLine;
    } catch {
      continue;
    }
    lines += 1;
    if (entry[0] === '+') tokens.set(entry[1], entry[2]);
    else tokens.delete(entry[1]);
  }
  return { tokens: Object.fromEntries(tokens), lines };
}

/** The state a state file's text holds; a clear {@link StateFileError} when it holds none. */
function stateOfText(path: string, text: string): MockState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(
      `State file ${path} is not valid JSON (${(error as Error).message}); it is left untouched. Move it away or fix it to start.`,
    );
  }
  const document =
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  const current = isLegacyDocument(document) ? stateDocument(stateFromDocument(document)) : parsed;
  const errors = mockControl.validateSchema('MockState', current);
  if (errors.length > 0) {
    const first = errors
      .slice(0, 5)
      .map((e) => `${e.attr}: ${e.detail}`)
      .join('; ');
    throw new StateFileError(
      `State file ${path} is not a state export of this mock (${first}); it is left untouched.`,
    );
  }
  return stateFromDocument(current as Record<string, unknown>);
}

/** The file operations a write uses; tests give failing ones where no full disk can be made. */
export interface StateFileIo {
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
}

const nodeIo: StateFileIo = { writeSync, fsyncSync };

const temporaryPattern = (path: string) =>
  new RegExp(`^\\.${basename(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d+)\\.tmp$`);

function temporaryOf(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files that writes of processes no longer running left beside the state
 * file (a kill between the write and the rename); returns their names.
 */
export function removeStaleTemporaries(path: string): string[] {
  const pattern = temporaryPattern(path);
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return removed;
  }
  for (const name of names) {
    const pid = pattern.exec(name)?.[1];
    if (pid === undefined || isAlive(Number(pid))) continue;
    rmSync(join(dirname(path), name), { force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Writes the whole text to a temporary file, checks that every byte went (a full disk can take
 * part of a write), syncs it and renames it over the file, then syncs the folder. Any failure
 * removes the temporary file and leaves the previous file as it was.
 */
function writeAtomically(path: string, text: string, io: StateFileIo): void {
  const temporary = temporaryOf(path);
  const bytes = Buffer.from(text);
  try {
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeAll(fd, bytes, io);
      io.fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  // The rename itself is durable only once the folder is synced.
  const dir = openSync(dirname(path), 'r');
  try {
    io.fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/** Writes every byte of `bytes` at the end of an open file; a short write is a failure. */
function writeAll(fd: number, bytes: Uint8Array, io: StateFileIo): void {
  let offset = 0;
  while (offset < bytes.length) {
    const wrote = io.writeSync(fd, bytes, offset, bytes.length - offset);
    if (!(wrote > 0)) {
      throw Object.assign(new Error(`short write: ${offset} of ${bytes.length} bytes`), {
        code: 'ENOSPC',
      });
    }
    offset += wrote;
  }
}

/**
 * Appends lines to the token log and syncs it; a failure cuts the log back to where it was, so
 * that it holds whole lines only.
 */
function appendAtomically(log: string, text: string, io: StateFileIo): void {
  const fd = openSync(log, 'a', 0o600);
  const size = fstatSync(fd).size;
  try {
    writeAll(fd, Buffer.from(text), io);
    io.fsyncSync(fd);
  } catch (error) {
    try {
      ftruncateSync(fd, size);
    } catch {
      // The reader ignores a last line cut short.
    }
    throw error;
  } finally {
    closeSync(fd);
  }
}

function reasonOf(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code && !message.startsWith(code) ? `${code}: ${message}` : message;
}

/**
 * A writer for the state file: each call writes the state as it is at that moment; calls are
 * serialised so that an older snapshot never lands after a newer one. A write that fails (a
 * full or failing disk) keeps the previous file and rejects with {@link StorageUnavailable},
 * carrying the state of the file, so that the service goes back to it; the writes queued behind
 * it hold the failed change too and fail alike. Temporary files of killed writers are removed.
 */
export function createStateWriter(
  path: string,
  io: StateFileIo = nodeIo,
): (state: MockState) => Promise<void> {
  removeStaleTemporaries(path);
  const log = tokenLogOf(path);
  let last: Promise<void> = Promise.resolve();
  /** The document on disk as compared (no revision); none at start, so the first write writes. */
  let storedContent: string | undefined;
  /** The hashes of the tokens the log holds. */
  const logged = new Set<string>();
  let logLines = 0;
  const rewriteLog = (tokens: Record<string, TokenRecord>) => {
    const lines = Object.entries(tokens).map(([hash, record]) =>
      JSON.stringify(['+', hash, record]),
    );
    writeAtomically(log, lines.map((line) => `${line}\n`).join(''), io);
    logged.clear();
    for (const hash of Object.keys(tokens)) logged.add(hash);
    logLines = lines.length;
  };
  {
    const onDisk = readTokenLog(log);
    for (const hash of Object.keys(onDisk.tokens)) logged.add(hash);
    logLines = onDisk.lines;
    // Lines of tokens gone are dropped at start.
    if (logLines > logged.size) rewriteLog(onDisk.tokens);
  }
  /** Bumped by each failure: a snapshot taken before it holds the failed change. */
  let failures = 0;
  const restored = () => loadStateFile(path);
  return (state) => {
    // The document without its tokens (they go to the log, a line each), compared without its
    // revision, which an ObtainToken moves too.
    const document = stateDocument({ ...state, tokens: {} });
    const revision = document.revision;
    document.revision = 0;
    const content = JSON.stringify(document);
    document.revision = revision;
    const text = `${JSON.stringify(document)}\n`;
    const changes: TokenLine[] = [];
    for (const [hash, record] of Object.entries(state.tokens)) {
      if (!logged.has(hash)) changes.push(['+', hash, record]);
    }
    if (logged.size + changes.length > Object.keys(state.tokens).length) {
      for (const hash of logged) if (!(hash in state.tokens)) changes.push(['-', hash]);
    }
    const tokens = { ...state.tokens };
    const epoch = failures;
    const write = last.then(() => {
      if (epoch !== failures) {
        throw new StorageUnavailable('an earlier change could not be stored', restored());
      }
      try {
        // An ObtainToken changes tokens only: the document stays as it is on disk.
        if (content !== storedContent) {
          writeAtomically(path, text, io);
          storedContent = content;
        }
        if (changes.length === 0) return;
        if (logLines + changes.length > 2 * Object.keys(tokens).length + 1000) {
          rewriteLog(tokens);
          return;
        }
        appendAtomically(log, changes.map((line) => `${JSON.stringify(line)}\n`).join(''), io);
        logLines += changes.length;
        for (const change of changes) {
          if (change[0] === '+') logged.add(change[1]);
          else logged.delete(change[1]);
        }
      } catch (error) {
        failures += 1;
        throw new StorageUnavailable(reasonOf(error), restored());
      }
    });
    last = write.catch(() => undefined);
    return write;
  };
}
