/**
 * The sending half of the subprocess channel: length-prefixed frames written in as few
 * writes as the sink allows.
 *
 * @module
 */
import { Bytes, copyInto, encodeInto, isInstance, max, sliceText, subarray } from "./_builtins.ts";
import { framePieces } from "./_protocol.ts";

/** Where frames go: resolves once the bytes are handed on (and the buffer may be reused). */
export type ByteSink = (bytes: Uint8Array) => Promise<void>;

/** The first buffer, and the largest one kept for reuse between writes. */
const INITIAL_BYTES = 64 * 1024;
const KEPT_BYTES = 1024 * 1024;

const ENCODER = new TextEncoder();

/**
 * Encodes frames (a 4-byte big-endian length, then UTF-8 JSON) straight into one outgoing
 * buffer, header and payload in place, and writes them. A frame sent while the sink is idle
 * is written at once; frames sent while a write is under way wait in the buffer and go out
 * together, in one write, when it finishes. Order is kept. After the sink fails, frames are
 * dropped: the channel is gone, and whoever owns it learns why from the process.
 *
 * A pipe write costs a system call and, on the other side, a wakeup: a batch of events and
 * the acknowledgements of earlier ones then share them, which is what lets a subprocess
 * plugin keep up with a burst.
 */
export class FrameWriter {
  #sink: ByteSink;
  #buffer: Uint8Array<ArrayBuffer> = new Bytes(INITIAL_BYTES);
  #fill = 0;
  /** The buffer of the last finished write, reused for the next one. */
  #spare: Uint8Array<ArrayBuffer> | undefined;
  #writing: Promise<void> | undefined;
  #failed = false;
  #maxPendingBytes: number;
  #onFull: (bytes: number) => void;

  /**
   * A writer to `sink`, which is called with one write at a time. When more than
   * `maxPendingBytes` wait behind a write (the other side stopped reading), the writer drops
   * everything from then on and calls `onFull` once with the bytes waiting.
   */
  constructor(
    sink: ByteSink,
    options: { maxPendingBytes?: number; onFull?: (bytes: number) => void } = {},
  ) {
    this.#sink = sink;
    this.#maxPendingBytes = options.maxPendingBytes ?? Infinity;
    this.#onFull = options.onFull ?? (() => {});
  }

  /** Bytes waiting for the write under way to finish. */
  get pendingBytes(): number {
    return this.#fill;
  }

  /** Queues one message as a frame; writes it now when no write is under way. */
  write(message: unknown): void {
    if (this.#failed) return;
    const start = this.#fill;
    this.#fill += 4;
    const pieces = framePieces(message);
    for (let i = 0; i < pieces.length; i++) this.#append(pieces[i]);
    const length = this.#fill - start - 4;
    const buffer = this.#buffer;
    buffer[start] = length >>> 24;
    buffer[start + 1] = (length >>> 16) & 0xff;
    buffer[start + 2] = (length >>> 8) & 0xff;
    buffer[start + 3] = length & 0xff;
    if (this.#fill > this.#maxPendingBytes) {
      const bytes = this.#fill;
      this.#failed = true;
      this.#fill = 0;
      this.#buffer = new Bytes(0);
      this.#spare = undefined;
      return this.#onFull(bytes);
    }
    this.#writing ??= this.#pump();
  }

  /** Encodes `text` as UTF-8 at the end of the buffer. */
  #append(text: string): void {
    // ASCII first (one byte a character); the rest is encoded as room is made for it.
    this.#reserve(this.#fill + text.length);
    const first = encodeInto(ENCODER, text, subarray(this.#buffer, this.#fill));
    let read = first.read;
    this.#fill += first.written;
    while (read < text.length) {
      const rest = sliceText(text, read);
      // A UTF-16 code unit never takes more than 3 bytes of UTF-8.
      this.#reserve(this.#fill + rest.length * 3);
      const more = encodeInto(ENCODER, rest, subarray(this.#buffer, this.#fill));
      read += more.read;
      this.#fill += more.written;
    }
  }

  /** Resolves once every frame written so far has reached the sink (or the sink failed). */
  flushed(): Promise<void> {
    return this.#writing ?? Promise.resolve();
  }

  /** Grows the buffer to hold `bytes`, keeping what it holds. */
  #reserve(bytes: number): void {
    if (bytes <= this.#buffer.length) return;
    let size = max(this.#buffer.length * 2, INITIAL_BYTES);
    while (size < bytes) size *= 2;
    const grown = new Bytes(size);
    copyInto(grown, subarray(this.#buffer, 0, this.#fill));
    this.#buffer = grown;
  }

  async #pump(): Promise<void> {
    try {
      while (this.#fill > 0) {
        const buffer = this.#buffer;
        const out = subarray(buffer, 0, this.#fill);
        this.#buffer = this.#spare ?? new Bytes(INITIAL_BYTES);
        this.#spare = undefined;
        this.#fill = 0;
        await this.#sink(out);
        if (buffer.length <= KEPT_BYTES) this.#spare = buffer;
      }
    } catch {
      this.#failed = true;
      this.#fill = 0;
    } finally {
      this.#writing = undefined;
    }
  }
}

/** Taken before any plugin loads, as `_builtins.ts` takes its classes. */
const WouldBlock = Deno.errors.WouldBlock;

/**
 * A sink that writes each buffer to `writer` (the process's stdout) synchronously, falling
 * back to an asynchronous write only when the descriptor would block.
 *
 * Deno hands an asynchronous write to a stdio descriptor to a blocking thread: measured here,
 * about 36 µs of CPU and 40-70 µs of wall time for a 20-byte frame, against 2 µs for
 * `writeSync`. A plugin's process writes acknowledgements, logs and calls, and it must not
 * spend more on each than on the batch it answers. A synchronous write waits only while the
 * pipe is full, that is while the host is behind in reading: the plugin then waits, which is
 * the back-pressure wanted, and the host is never held up by it.
 */
export function syncWriterSink(
  writer: { writeSync(bytes: Uint8Array): number; write(bytes: Uint8Array): Promise<number> },
): ByteSink {
  // Bound now: a plugin replacing the methods later does not reach its runtime's channel.
  const writeSync = writer.writeSync.bind(writer);
  const write = writer.write.bind(writer);
  return async (bytes) => {
    let offset = 0;
    while (offset < bytes.length) {
      try {
        offset += writeSync(subarray(bytes, offset));
      } catch (error) {
        if (!isInstance(error, WouldBlock)) throw error;
        offset += await write(subarray(bytes, offset));
      }
    }
  };
}
