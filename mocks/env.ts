/**
 * The environments the mock runs in: the domain's `MockEnv` (time, randomness, hashing)
 * implemented for every place MSW runs (decision 003).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { MockEnv } from './domain/env.ts';

export type { DocumentStore, MockEnv } from './domain/env.ts';

/**
 * An environment that works wherever MSW does (Node and browsers): the system clock, Web Crypto
 * randomness and a pure-JS SHA-256. It has no document store, so with the operator's "check
 * documents" switch on no document exists; on Node, `nodeEnv()` adds a local folder.
 */
export function defaultEnv(overrides: Partial<MockEnv> = {}): MockEnv {
  return {
    now: () => Date.now(),
    randomBytes: (length) => globalThis.crypto.getRandomValues(new Uint8Array(length)),
    hash: (value) => bytesToHex(sha256(utf8ToBytes(value))),
    ...overrides,
  };
}
