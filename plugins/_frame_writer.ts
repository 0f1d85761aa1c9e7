/**
 * The sending half of the subprocess channel: length-prefixed frames written in as few
 * writes as the sink allows.
 *
 * @module
 */
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
  #buffer: Uint8Array<ArrayBuffer> = new Uint8Array(INITIAL_BYTES);
  #view: DataView<ArrayBuffer> = new DataView(this.#buffer.buffer);
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
    for (const piece of framePieces(message)) this.#append(piece);
    this.#view.setUint32(start, this.#fill - start - 4);
    if (this.#fill > this.#maxPendingBytes) {
      const bytes = this.#fill;
      this.#failed = true;
      this.#fill = 0;
      this.#use(new Uint8Array(0));
      this.#spare = undefined;
      return this.#onFull(bytes);
    }
    this.#writing ??= this.#pump();
  }

  /** Encodes `text` as UTF-8 at the end of the buffer. */
  #append(text: string): void {
    // ASCII first (one byte a character); the rest is encoded as room is made for it.
    this.#reserve(this.#fill + text.length);
    const first = ENCODER.encodeInto(text, this.#buffer.subarray(this.#fill));
    let read = first.read;
    this.#fill += first.written;
    while (read < text.length) {
      const rest = text.slice(read);
      // A UTF-16 code unit never takes more than 3 bytes of UTF-8.
      this.#reserve(this.#fill + rest.length * 3);
      const more = ENCODER.encodeInto(rest, this.#buffer.subarray(this.#fill));
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
    let size = Math.max(this.#buffer.length * 2, INITIAL_BYTES);
    while (size < bytes) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.#buffer.subarray(0, this.#fill));
    this.#use(grown);
  }

  #use(buffer: Uint8Array<ArrayBuffer>): void {
    this.#buffer = buffer;
    this.#view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }

  async #pump(): Promise<void> {
    try {
      while (this.#fill > 0) {
        const out = this.#buffer.subarray(0, this.#fill);
        this.#use(this.#spare ?? new Uint8Array(INITIAL_BYTES));
        this.#spare = undefined;
        this.#fill = 0;
        await this.#sink(out);
        if (out.buffer.byteLength <= KEPT_BYTES) this.#spare = new Uint8Array(out.buffer);
      }
    } catch {
      this.#failed = true;
      this.#fill = 0;
    } finally {
      this.#writing = undefined;
    }
  }
}

/** A sink that writes all of each buffer to `conn`, however many partial writes it takes. */
export function connSink(conn: Deno.Conn): ByteSink {
  return async (bytes) => {
    let offset = 0;
    while (offset < bytes.length) offset += await conn.write(bytes.subarray(offset));
  };
}
