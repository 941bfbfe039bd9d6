/**
 * What the mock takes from its surroundings, injected so that the domain core stays pure and
 * tests control time and randomness (DEVELOPERS.md, architecture).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The object storage that document paths point into (DOC-1, DOC-2). The service stores no files;
 * the mock only asks whether one exists, and only while the operator's "check documents" switch
 * is on.
 */
export interface DocumentStore {
  /** Whether a document exists at `path`, relative to the bucket (`<root location>/<path>`). */
  exists(path: string): boolean;
}

/** The mock's environment: system time, random bytes and a one-way hash for secrets. */
export interface MockEnv {
  /** Milliseconds since the epoch; the mock clock adds its offset to this. */
  now(): number;
  /** Cryptographically random bytes (tokens, refresh tokens). */
  randomBytes(length: number): Uint8Array;
  /** A one-way hash (hex) under which API keys and tokens are stored, so no export holds them. */
  hash(value: string): string;
  /** The bucket of documents; without one, no document exists when documents are checked. */
  documents?: DocumentStore;
}

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
