/**
 * `--record FILE`: the proxy's exchanges written as the kit's NDJSON recording, version 1
 * (recording.ts), each redacted by the mask policy with stable pseudonyms (record-redact.ts), so
 * the file is safe to attach to a ticket and a replay can still follow tokens (decision 029, "A
 * redacted recording").
 *
 * Nothing acknowledged is lost silently: a line counts as recorded once the operating system
 * took it (the write's callback). The first failing write (a full disk, a removed volume) or a
 * disk that falls far behind stops the recording: one message says so, with how many exchanges
 * the file holds whole; the file is cut back to the last whole line, so a reader never meets half
 * a line; later exchanges are counted as not recorded, and the proxy goes on forwarding.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { open, truncate } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { Exchange } from './exchange.ts';
import { DEFAULT_MASK_POLICY, type MaskPolicy } from './mask.ts';
import { Pseudonyms, redactExchange } from './record-redact.ts';
import { recordingLine } from './recording.ts';

/** Bytes waiting for the disk past which the recording stops rather than grow memory. */
export const MAX_PENDING_BYTES = 64 * 1024 * 1024;

/** What a recording holds when it ends. */
export interface RecordingSummary {
  file: string;
  /** Exchanges the file holds whole (acknowledged by the operating system). */
  recorded: number;
  /** Exchanges seen after the recording stopped (or still unacknowledged when it stopped). */
  notRecorded: number;
  /** Why the recording stopped, when it did. */
  failure?: string;
}

/** Options of a {@link TrafficRecorder}. */
export interface RecorderOptions {
  /** The name messages use (the file). */
  name: string;
  policy?: MaskPolicy;
  /** Called once, when the recording stops early, with the message to show. */
  onFailure?: (message: string) => void;
  /** Called after a failure with the bytes the file holds whole, to cut a half-written line. */
  cutTo?: (bytes: number) => Promise<void>;
  /** Called once the last line is written, to put the file on disk before the summary. */
  sync?: () => Promise<void>;
  maxPendingBytes?: number;
}

/** Writes redacted exchanges to a stream, one line each, counting what was acknowledged. */
export class TrafficRecorder {
  readonly #sink: Writable;
  readonly #options: RecorderOptions;
  readonly #policy: MaskPolicy;
  readonly #pseudonyms = new Pseudonyms();
  #recorded = 0;
  #recordedBytes = 0;
  #sent = 0;
  #notRecorded = 0;
  #failure: string | undefined;
  #cut: Promise<void> = Promise.resolve();

  constructor(sink: Writable, options: RecorderOptions) {
    this.#sink = sink;
    this.#options = options;
    this.#policy = options.policy ?? DEFAULT_MASK_POLICY;
    sink.on('error', (error) => this.#fail(error));
  }

  /** Exchanges the file holds whole so far. */
  get recorded(): number {
    return this.#recorded;
  }

  /** Why the recording stopped, or undefined while it runs. */
  get failure(): string | undefined {
    return this.#failure;
  }

  /** Records one exchange; `truncated` marks bodies cut at the proxy's capture cap. */
  record(exchange: Exchange, truncated = false): void {
    if (this.#failure !== undefined) {
      this.#notRecorded += 1;
      return;
    }
    const pending = this.#sink.writableLength;
    if (pending > (this.#options.maxPendingBytes ?? MAX_PENDING_BYTES)) {
      this.#notRecorded += 1;
      this.#fail(new Error(`the disk does not keep up (${pending} bytes waiting)`));
      return;
    }
    const line = recordingLine(redactExchange(exchange, this.#pseudonyms, this.#policy));
    // Optional fields only (format v1 stays readable by every reader): `truncated` says the
    // bodies hold the first bytes the proxy captured, not the whole body that was forwarded.
    const text = `${truncated ? `${line.slice(0, -1)},"truncated":true}` : line}\n`;
    const bytes = Buffer.byteLength(text);
    this.#sent += 1;
    this.#sink.write(text, (error) => {
      if (error) return this.#fail(error);
      if (this.#failure !== undefined) return;
      this.#recorded += 1;
      this.#recordedBytes += bytes;
    });
  }

  #fail(error: Error): void {
    if (this.#failure !== undefined) return;
    const code = (error as NodeJS.ErrnoException).code;
    this.#failure = `recording to ${this.#options.name} stopped (${code ?? error.message}): the file holds the first ${this.#recorded} exchanges whole; later exchanges are not recorded`;
    this.#options.onFailure?.(this.#failure);
    const cutTo = this.#options.cutTo;
    if (cutTo) {
      const bytes = this.#recordedBytes;
      this.#cut = cutTo(bytes).catch(() => {});
    }
  }

  /** Ends the recording: waits for the disk, and says what the file holds. */
  async close(): Promise<RecordingSummary> {
    if (this.#failure === undefined && !this.#sink.destroyed) {
      this.#sink.end();
      await Promise.race([once(this.#sink, 'finish'), once(this.#sink, 'close')]).catch(
        () => undefined,
      );
      if (this.#failure === undefined) await this.#options.sync?.().catch(() => undefined);
    }
    await this.#cut;
    return {
      file: this.#options.name,
      recorded: this.#recorded,
      notRecorded: this.#notRecorded + (this.#sent - this.#recorded),
      ...(this.#failure !== undefined ? { failure: this.#failure } : {}),
    };
  }
}

/**
 * Opens FILE for a recording; an existing file is refused (a recording is evidence: it is never
 * overwritten or mixed with another session), as is a place that cannot be written.
 */
export async function openRecording(
  file: string,
  options: Omit<RecorderOptions, 'name' | 'cutTo' | 'sync'> = {},
): Promise<TrafficRecorder> {
  const stream = createWriteStream(file, { flags: 'wx' });
  await once(stream, 'open');
  return new TrafficRecorder(stream, {
    ...options,
    name: file,
    cutTo: (bytes) => truncate(file, bytes),
    // The lines reach the disk before the summary says they are recorded.
    sync: async () => {
      const handle = await open(file, 'r+');
      try {
        await handle.datasync();
      } finally {
        await handle.close();
      }
    },
  });
}
