/** Longest frame header: 2 bytes, a 64-bit length and the mask key. */
const MAX_HEADER_BYTES = 14;
/** How long a closing socket waits for the page to end its side. */
const CLOSE_WAIT_MS = 1_000;

/**
 * Limits of a {@linkcode PageSocket}.
 *
 * @example
 * ```ts
 * import type { PageSocketLimits } from "./page_socket.ts";
 * const limits: PageSocketLimits = { maxMessageBytes: 65_536, maxQueuedBytes: 8_388_608 };
 * ```
 */
export interface PageSocketLimits {
  /** Largest message from the page, in bytes, counted over all its fragments. */
  maxMessageBytes: number;
  /** Most bytes waiting to be written to a page that does not read; beyond, it is closed. */
  maxQueuedBytes: number;
}

/**
 * The server side of one page's WebSocket (RFC 6455), over a connection that finished the
 * handshake. Messages are text; a message is refused as soon as its size passes
 * `maxMessageBytes`, whether it comes as one frame or as many fragments: the socket is closed
 * with 1009 once a frame header announces too much, before the payload is read.
 *
 * @example
 * ```ts
 * import { PageSocket } from "./page_socket.ts";
 * function echo(socket: PageSocket) {
 *   socket.onMessage((text) => socket.send(text));
 *   socket.onClose(() => console.log("the page went away"));
 * }
 * ```
 */
export class PageSocket {
  readonly #conn: Deno.Conn;
  readonly #limits: PageSocketLimits;
  #open = true;
  #queued = 0;
  #writing: Promise<void> = Promise.resolve();
  readonly #messageListeners: ((text: string) => void)[] = [];
  readonly #closeListeners: ((code: number) => void)[] = [];
  #closeCode = 1005;
  #closed = false;

  /**
   * Wraps `conn`; {@linkcode PageSocket.run} then reads its frames.
   *
   * @example
   * ```ts ignore
   * const socket = new PageSocket(conn, { maxMessageBytes: 65_536, maxQueuedBytes: 8 << 20 });
   * ```
   */
  constructor(conn: Deno.Conn, limits: PageSocketLimits) {
    this.#conn = conn;
    this.#limits = limits;
  }

  /**
   * Whether messages can still be sent.
   *
   * @example
   * ```ts ignore
   * if (socket.isOpen) socket.send("{}");
   * ```
   */
  get isOpen(): boolean {
    return this.#open;
  }

  /**
   * Calls `listener` with each text message from the page.
   *
   * @example
   * ```ts ignore
   * socket.onMessage((text) => console.log(text));
   * ```
   */
  onMessage(listener: (text: string) => void): void {
    this.#messageListeners.push(listener);
  }

  /**
   * Calls `listener` once the socket has closed, with the close code.
   *
   * @example
   * ```ts ignore
   * socket.onClose((code) => console.log(code));
   * ```
   */
  onClose(listener: (code: number) => void): void {
    this.#closeListeners.push(listener);
  }

  /**
   * Sends a text message; does nothing once closed. A page that lets more than
   * `maxQueuedBytes` pile up unread is closed with 1008.
   *
   * @example
   * ```ts ignore
   * socket.send(JSON.stringify({ kind: "hello" }));
   * ```
   */
  send(text: string): void {
    if (!this.#open) return;
    this.#write(frame(0x1, new TextEncoder().encode(text)));
    if (this.#queued > this.#limits.maxQueuedBytes) {
      this.close(1008, "The page does not read its messages");
    }
  }

  /**
   * Starts the closing handshake with `code` and `reason`.
   *
   * @example
   * ```ts ignore
   * socket.close(1001, "The client is shutting down");
   * ```
   */
  close(code = 1000, reason = ""): void {
    if (!this.#open) return;
    this.#open = false;
    this.#closeCode = code;
    const text = new TextEncoder().encode(reason).subarray(0, 123);
    const payload = new Uint8Array(2 + text.length);
    new DataView(payload.buffer).setUint16(0, code);
    payload.set(text, 2);
    this.#write(frame(0x8, payload));
    // Our half ends after the close frame; the page then ends its half (bounded wait).
    this.#writing = this.#writing.then(() => this.#conn.closeWrite()).catch(() => {});
  }

  /**
   * Reads frames until the socket closes; `initial` holds bytes that came with the handshake.
   * Resolves once the connection is done with.
   *
   * @example
   * ```ts ignore
   * await socket.run(new Uint8Array());
   * ```
   */
  async run(initial: Uint8Array): Promise<void> {
    const max = this.#limits.maxMessageBytes;
    const buffer = new Uint8Array(Math.max(MAX_HEADER_BYTES + max, initial.length));
    buffer.set(initial);
    let length = initial.length;
    const message: Uint8Array[] = [];
    let messageBytes = 0;
    let fragmented = false;
    try {
      while (this.#open) {
        // Every whole frame in the buffer, each header checked before its payload arrives.
        let offset = 0;
        while (this.#open) {
          const available = length - offset;
          if (available < 2) break;
          const b0 = buffer[offset];
          const b1 = buffer[offset + 1];
          const fin = (b0 & 0x80) !== 0;
          const opcode = b0 & 0x0f;
          let size = b1 & 0x7f;
          let header = 2;
          if (size === 126) header += 2;
          else if (size === 127) header += 8;
          header += 4;
          if (available < header) break;
          const view = new DataView(buffer.buffer, offset);
          if (size === 126) size = view.getUint16(2);
          else if (size === 127) {
            const high = view.getUint32(2);
            size = high === 0 ? view.getUint32(6) : Number.MAX_SAFE_INTEGER;
          }
          if ((b0 & 0x70) !== 0 || (b1 & 0x80) === 0) {
            this.close(1002, "Frames must be masked and use no extensions");
            break;
          }
          if (opcode >= 0x8) {
            if (!fin || size > 125 || opcode > 0xa) {
              this.close(1002, "Bad control frame");
              break;
            }
          } else if (opcode === 0x0 ? !fragmented : fragmented || opcode > 0x2) {
            this.close(1002, "Bad data frame");
            break;
          } else if (messageBytes + size > max) {
            this.close(1009, `The message exceeds ${max} bytes`);
            break;
          }
          if (available < header + size) break;
          const payload = buffer.slice(offset + header, offset + header + size);
          const mask = buffer.subarray(offset + header - 4, offset + header);
          for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i & 3];
          offset += header + size;
          if (opcode === 0x8) {
            const code = payload.length >= 2 ? new DataView(payload.buffer).getUint16(0) : 1000;
            this.close(payload.length === 1 ? 1002 : code);
          } else if (opcode === 0x9) {
            this.#write(frame(0xa, payload));
          } else if (opcode === 0x1 || opcode === 0x2 || opcode === 0x0) {
            if (opcode === 0x2) {
              this.close(1003, "Only text messages are accepted");
              break;
            }
            message.push(payload);
            messageBytes += size;
            fragmented = !fin;
            if (fin) {
              const bytes = concat(message, messageBytes);
              message.length = 0;
              messageBytes = 0;
              let text: string;
              try {
                text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
              } catch {
                this.close(1007, "A text message must be UTF-8");
                break;
              }
              for (const listener of this.#messageListeners) listener(text);
            }
          }
        }
        buffer.copyWithin(0, offset, length);
        length -= offset;
        if (!this.#open) break;
        const n = await this.#conn.read(buffer.subarray(length));
        if (n === null) {
          this.#open = false; // Gone without a close frame.
          this.#closeCode = 1006;
          break;
        }
        length += n;
      }
      if (this.#closeCode !== 1006) await this.#drain();
    } catch {
      this.#open = false; // The connection broke.
    } finally {
      this.#finish();
    }
  }

  /** After our close frame: waits for the page to end its side, discarding what it sends. */
  async #drain(): Promise<void> {
    await this.#writing;
    const timer = setTimeout(() => this.#finish(), CLOSE_WAIT_MS);
    try {
      const scratch = new Uint8Array(16 * 1024);
      while (!this.#closed && await this.#conn.read(scratch) !== null) { /* discard */ }
    } catch {
      // Closed by the timer.
    } finally {
      clearTimeout(timer);
    }
  }

  #finish(): void {
    this.#open = false;
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.#conn.close();
    } catch {
      // Already closed.
    }
    for (const listener of this.#closeListeners) listener(this.#closeCode);
  }

  #write(bytes: Uint8Array): void {
    this.#queued += bytes.length;
    this.#writing = this.#writing.then(async () => {
      try {
        let offset = 0;
        while (offset < bytes.length) offset += await this.#conn.write(bytes.subarray(offset));
      } catch {
        this.#open = false;
      } finally {
        this.#queued -= bytes.length;
      }
    });
  }
}

/** One unmasked, final frame from the server. */
function frame(opcode: number, payload: Uint8Array): Uint8Array {
  const header = payload.length < 126 ? 2 : payload.length < 65_536 ? 4 : 10;
  const bytes = new Uint8Array(header + payload.length);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x80 | opcode;
  if (header === 2) bytes[1] = payload.length;
  else if (header === 4) {
    bytes[1] = 126;
    view.setUint16(2, payload.length);
  } else {
    bytes[1] = 127;
    view.setUint32(6, payload.length);
  }
  bytes.set(payload, header);
  return bytes;
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
