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
  fsyncSync,
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

/** The state in the file, or undefined when there is no file yet. */
export function loadStateFile(path: string): MockState | undefined {
  if (!existsSync(path)) return undefined;
  return stateOfText(path, readFileSync(path, 'utf8'));
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
  let last: Promise<void> = Promise.resolve();
  /** The text of the file as it is on disk (undefined before the first write). */
  let stored: string | undefined = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  /** Bumped by each failure: a snapshot taken before it holds the failed change. */
  let failures = 0;
  const restored = () => (stored === undefined ? undefined : stateOfText(path, stored));
  return (state) => {
    const text = `${JSON.stringify(stateDocument(state))}\n`;
    const epoch = failures;
    const write = last.then(() => {
      if (epoch !== failures) {
        throw new StorageUnavailable('an earlier change could not be stored', restored());
      }
      try {
        writeAtomically(path, text, io);
        stored = text;
      } catch (error) {
        failures += 1;
        throw new StorageUnavailable(reasonOf(error), restored());
      }
    });
    last = write.catch(() => undefined);
    return write;
  };
}
