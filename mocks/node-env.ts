import { createHash, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { DocumentStore, MockEnv } from './env.ts';

/**
 * A local folder standing in for the supplier's bucket (DOC-1, DOC-2): `<folder>/<root
 * location>/<path>` must be a file. A path that would resolve outside the folder never exists.
 */
export function localDocumentStore(folder: string): DocumentStore {
  const root = resolve(folder);
  return {
    exists(path) {
      const file = resolve(root, path);
      if (file !== root && !file.startsWith(root + sep)) return false;
      return existsSync(file) && statSync(file).isFile();
    },
  };
}

/**
 * The environment of the mock on Node: the system clock, node:crypto randomness, SHA-256, and
 * the folder `mock-documents` under the working directory as the bucket of documents.
 */
export function nodeEnv(overrides: Partial<MockEnv> = {}): MockEnv {
  return {
    now: () => Date.now(),
    randomBytes: (length) => new Uint8Array(randomBytes(length)),
    hash: (value) => createHash('sha256').update(value).digest('hex'),
    documents: localDocumentStore('mock-documents'),
    ...overrides,
  };
}
