/**
 * `--state-file PATH` (decision 004): the state survives restarts, as the control API's state
 * document (snake_case; a file of an earlier version still loads). Every acknowledged change is on
 * disk before the answer leaves (write to a temporary file, fsync, rename over the old one, fsync
 * the folder), so a crash leaves either the old or the new state, never half of one. A file that
 * is not a state export stops the start with a clear message and is never overwritten.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { mockControl } from '../../spec/index.ts';
import type { MockState } from '../domain/state.ts';
import { isLegacyDocument, stateDocument, stateFromDocument } from '../domain/state-document.ts';

/** A state file that cannot be used; the message says why and which file. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** The state in the file, or undefined when there is no file yet. */
export function loadStateFile(path: string): MockState | undefined {
  if (!existsSync(path)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
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

function writeAtomically(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  // The rename itself is durable only once the folder is synced.
  const dir = openSync(dirname(path), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/**
 * A writer for the state file: each call writes the state as it is at that moment; calls are
 * serialised so that an older snapshot never lands after a newer one.
 */
export function createStateWriter(path: string): (state: MockState) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (state) => {
    const text = `${JSON.stringify(stateDocument(state))}\n`;
    last = last.then(() => writeAtomically(path, text));
    return last;
  };
}
