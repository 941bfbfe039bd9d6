/**
 * What the domain takes from its surroundings, injected so that the core stays pure and tests
 * control time and randomness (decision 003). Implementations live outside the domain
 * (`mocks/env.ts` for Node and browsers, `mocks/node-env.ts` for a local document folder).
 */

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
  /**
   * Waits `ms` milliseconds: a fault's latency and slow body, process's simulated time (decision
   * 024). The timers when absent; tests inject one that records the waits instead of measuring.
   */
  sleep?(ms: number): Promise<void>;
}
