/**
 * The server side of WebSocket (RFC 6455), bounded: {@linkcode upgradeWebSocket} answers an
 * upgrade request the way `Deno.upgradeWebSocket` does, and `serve()` then hands the
 * connection to the socket. Deno's own limits single frames but buffers a fragmented message
 * whole, hence this framing.
 *
 * @module
 */
import { writeAll } from "./_write_all.ts";

/** Longest frame header: 2 bytes, a 64-bit length and the mask key. */
const MAX_HEADER_BYTES = 14;
/** How long a closing socket waits for the peer to end its side. */
const CLOSE_WAIT_MS = 1_000;
const WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/**
 * Limits of a {@linkcode ServerWebSocket}.
 *
 * @example
 * ```ts
 * import type { WebSocketLimits } from "./mod.ts";
 * const limits: WebSocketLimits = { maxMessageBytes: 65_536, maxQueuedBytes: 8_388_608 };
 * ```
 */
export interface WebSocketLimits {
  /** Largest message from the peer, in bytes, counted over all its fragments. */
  maxMessageBytes: number;
  /** Most bytes waiting to be written to a peer that does not read; beyond, it is closed. */
  maxQueuedBytes: number;
}

/** Runs a socket over its connection: set in the class's static block (it reaches `#run`). */
let runSocket: (socket: ServerWebSocket, conn: Deno.Conn, initial: Uint8Array) => Promise<void>;

/**
 * The server side of one WebSocket (RFC 6455), made by {@linkcode upgradeWebSocket}; it opens
 * once `serve()` has answered the upgrade. Messages are text; a message is refused as soon as
 * its size passes `maxMessageBytes`, whether it comes as one frame or as many fragments: the
 * socket is closed with 1009 once a frame header announces too much, before the payload is
 * read. Messages sent before it opens wait for it.
 *
 * @example
 * ```ts
 * import type { ServerWebSocket } from "./mod.ts";
 * function echo(socket: ServerWebSocket) {
 *   socket.onMessage((text) => socket.send(text));
 *   socket.onClose(() => console.log("the peer went away"));
 * }
 * ```
 */
export class ServerWebSocket {
  #conn: Deno.Conn | undefined;
  readonly #limits: WebSocketLimits;
  #open = true;
  #queued = 0;
  /** Every write waits here; it settles once the socket has its connection. */
  #writing: Promise<void>;
  #attached: () => void = () => {};
  readonly #openListeners: (() => void)[] = [];
  readonly #messageListeners: ((text: string) => void)[] = [];
  readonly #closeListeners: ((code: number) => void)[] = [];
  #closeCode = 1005;
  #closed = false;

  static {
    runSocket = (socket, conn, initial) => socket.#run(conn, initial);
  }

  /**
   * A socket with `limits`, not yet open; {@linkcode upgradeWebSocket} makes the ones that
   * open.
   *
   * @example
   * ```ts
   * import { ServerWebSocket } from "./mod.ts";
   * const socket = new ServerWebSocket({ maxMessageBytes: 65_536, maxQueuedBytes: 8 << 20 });
   * console.log(socket.isOpen); // true: sends wait until it has a connection
   * ```
   */
  constructor(limits: WebSocketLimits) {
    this.#limits = limits;
    this.#writing = new Promise((resolve) => this.#attached = resolve);
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
   * Calls `listener` once the upgrade is answered and the socket reads its peer's frames.
   *
   * @example
   * ```ts ignore
   * socket.onOpen(() => socket.send("hello"));
   * ```
   */
  onOpen(listener: () => void): void {
    this.#openListeners.push(listener);
  }

  /**
   * Calls `listener` with each text message from the peer.
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
   * Sends a text message; does nothing once closed. A peer that lets more than
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
      // Worded for the page, its one user, as before the framing moved here.
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
    // Our half ends after the close frame; the peer then ends its half (bounded wait).
    this.#writing = this.#writing.then(() => this.#conn?.closeWrite()).catch(() => {});
  }

  /**
   * Reads frames from `conn` until the socket closes; `initial` holds bytes that came with the
   * handshake. Resolves once the connection is done with.
   */
  async #run(conn: Deno.Conn, initial: Uint8Array): Promise<void> {
    this.#conn = conn;
    this.#attached();
    for (const listener of this.#openListeners) listener();
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
        const n = await conn.read(buffer.subarray(length));
        if (n === null) {
          this.#open = false; // Gone without a close frame.
          this.#closeCode = 1006;
          break;
        }
        length += n;
      }
      if (this.#closeCode !== 1006) await this.#drain(conn);
    } catch {
      this.#open = false; // The connection broke.
    } finally {
      this.#finish();
    }
  }

  /** After our close frame: waits for the peer to end its side, discarding what it sends. */
  async #drain(conn: Deno.Conn): Promise<void> {
    await this.#writing;
    const timer = setTimeout(() => this.#finish(), CLOSE_WAIT_MS);
    try {
      const scratch = new Uint8Array(16 * 1024);
      while (!this.#closed && await conn.read(scratch) !== null) { /* discard */ }
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
      this.#conn?.close();
    } catch {
      // Already closed.
    }
    for (const listener of this.#closeListeners) listener(this.#closeCode);
  }

  #write(bytes: Uint8Array): void {
    this.#queued += bytes.length;
    this.#writing = this.#writing.then(async () => {
      try {
        if (this.#conn !== undefined) await writeAll(this.#conn, bytes);
      } catch {
        this.#open = false;
      } finally {
        this.#queued -= bytes.length;
      }
    });
  }
}

/**
 * Whether `request` asks to open a WebSocket: a GET with `Upgrade: websocket`, `Connection:
 * Upgrade`, version 13 and a well-formed key.
 *
 * @example
 * ```ts
 * import { isWebSocketUpgrade } from "./mod.ts";
 * isWebSocketUpgrade(new Request("http://127.0.0.1/ws")); // false: a plain GET
 * ```
 */
export function isWebSocketUpgrade(request: Request): boolean {
  const headers = request.headers;
  return request.method === "GET" && headers.get("upgrade")?.toLowerCase() === "websocket" &&
    /\bupgrade\b/i.test(headers.get("connection") ?? "") &&
    headers.get("sec-websocket-version") === "13" &&
    /^[A-Za-z0-9+/]{22}==$/.test(headers.get("sec-websocket-key") ?? "");
}

/** Upgrades answered by `upgradeWebSocket()`, found again by `serve()` from the response. */
const upgrades = new WeakMap<Response, { socket: ServerWebSocket; key: string }>();

/**
 * Answers a WebSocket upgrade request, as `Deno.upgradeWebSocket` does: the handler returns
 * `response` and keeps `socket`, which opens once `serve()` has written the 101. Throws a
 * `TypeError` when `request` is not an upgrade (see {@linkcode isWebSocketUpgrade}).
 *
 * @example
 * ```ts
 * import { serve, upgradeWebSocket } from "./mod.ts";
 * await using server = serve({ port: 0 }, (request) => {
 *   const { socket, response } = upgradeWebSocket(request, {
 *     maxMessageBytes: 65_536,
 *     maxQueuedBytes: 1 << 20,
 *   });
 *   socket.onMessage((text) => socket.send(text));
 *   return response;
 * });
 * ```
 */
export function upgradeWebSocket(
  request: Request,
  limits: WebSocketLimits,
): { socket: ServerWebSocket; response: Response } {
  if (!isWebSocketUpgrade(request)) {
    throw new TypeError(
      `Cannot upgrade to a WebSocket: not an upgrade request, got ${request.method} ${request.url}`,
    );
  }
  const socket = new ServerWebSocket(limits);
  const response = new Response(null, { status: 101 });
  upgrades.set(response, { socket, key: request.headers.get("sec-websocket-key") ?? "" });
  return { socket, response };
}

/**
 * The upgrade `response` answers, if `upgradeWebSocket()` made it: `handshake` writes the
 * 101, then `run` serves the socket until it closes. For `serve()` alone.
 */
export function takeUpgrade(response: Response): {
  handshake: (conn: Deno.Conn) => Promise<void>;
  run: (conn: Deno.Conn, initial: Uint8Array) => Promise<void>;
} | undefined {
  const upgrade = upgrades.get(response);
  if (upgrade === undefined) return undefined;
  upgrades.delete(response);
  return {
    handshake: async (conn) =>
      await writeAll(
        conn,
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${await acceptKey(
          upgrade.key,
        )}\r\n\r\n`,
      ),
    run: (conn, initial) => runSocket(upgrade.socket, conn, initial),
  };
}

/** The `Sec-WebSocket-Accept` answering `key` (RFC 6455 section 4.2.2). */
async function acceptKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-1",
    new TextEncoder().encode(key + WEBSOCKET_GUID),
  );
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
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
