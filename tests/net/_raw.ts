// Raw clients for net/ tests: HTTP and WebSocket bytes written by hand, so the tests see
// exactly what the server puts on the wire.
import assert from "node:assert/strict";

/** An HTTP response read off a raw connection. */
export interface Reply {
  status: number;
  headers: Headers;
  body: string;
}

/** Reads HTTP responses (each with a content-length) off one raw connection. */
export class RawHttp implements Disposable {
  #conn: Deno.TcpConn;
  #buffered = new Uint8Array(0);
  constructor(conn: Deno.TcpConn) {
    this.#conn = conn;
  }

  static async open(port: number): Promise<RawHttp> {
    return new RawHttp(await Deno.connect({ hostname: "127.0.0.1", port }));
  }

  async write(text: string): Promise<void> {
    const bytes = new TextEncoder().encode(text);
    for (let at = 0; at < bytes.length;) at += await this.#conn.write(bytes.subarray(at));
  }

  reply(): Promise<Reply> {
    return within(this.#reply(), 10_000, "a response");
  }

  async #reply(): Promise<Reply> {
    let end = -1;
    while ((end = this.#text().indexOf("\r\n\r\n")) === -1) await this.#fill();
    const [line, ...fields] = this.#text().slice(0, end).split("\r\n");
    const headers = new Headers();
    for (const field of fields) {
      const colon = field.indexOf(":");
      headers.append(field.slice(0, colon), field.slice(colon + 1).trim());
    }
    const length = Number(headers.get("content-length"));
    while (this.#buffered.length < end + 4 + length) await this.#fill();
    const body = new TextDecoder().decode(this.#buffered.subarray(end + 4, end + 4 + length));
    this.#buffered = this.#buffered.slice(end + 4 + length);
    return { status: Number(line.split(" ")[1]), headers, body };
  }

  /**
   * Resolves once the server has closed the connection (true when nothing more was sent);
   * fails if that takes over `ms`.
   */
  closed(ms = 10_000): Promise<boolean> {
    return within(
      this.#conn.read(new Uint8Array(1)).catch(() => null).then((n) =>
        n === null && this.#buffered.length === 0
      ),
      ms,
      "the connection's end",
    );
  }

  #text(): string {
    return new TextDecoder("latin1").decode(this.#buffered);
  }

  async #fill(): Promise<void> {
    const chunk = new Uint8Array(65536);
    const n = await this.#conn.read(chunk);
    if (n === null) throw new Error("the server closed the connection");
    const joined = new Uint8Array(this.#buffered.length + n);
    joined.set(this.#buffered);
    joined.set(chunk.subarray(0, n), this.#buffered.length);
    this.#buffered = joined;
  }

  [Symbol.dispose](): void {
    this.#conn.close();
  }
}

/** `promise`, or a failure naming `what` if it takes over `ms` (a server that hangs). */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The head of a WebSocket upgrade request for `path` on `host`. */
export const UPGRADE_HEADERS = "Upgrade: websocket\r\nConnection: Upgrade\r\n" +
  "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";

/**
 * Opens a raw WebSocket to `path` on `port`: the handshake by hand (with `extra` header
 * lines), then bare frames.
 */
export async function rawSocket(port: number, path = "/ws", extra = ""): Promise<Deno.TcpConn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(new TextEncoder().encode(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${extra}${UPGRADE_HEADERS}\r\n`,
  ));
  let head = "";
  const buffer = new Uint8Array(1);
  while (!head.endsWith("\r\n\r\n")) {
    assert.notEqual(await conn.read(buffer), null, "the server closed during the handshake");
    head += String.fromCharCode(buffer[0]);
  }
  assert.match(head, /^HTTP\/1\.1 101 /);
  assert.match(head, /Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK\+xOo=/i);
  return conn;
}

/** One masked client frame. */
export function clientFrame(opcode: number, fin: boolean, payload: Uint8Array): Uint8Array {
  const header = payload.length < 126 ? 6 : payload.length < 65_536 ? 8 : 14;
  const bytes = new Uint8Array(header + payload.length);
  const view = new DataView(bytes.buffer);
  bytes[0] = (fin ? 0x80 : 0) | opcode;
  if (header === 6) bytes[1] = 0x80 | payload.length;
  else if (header === 8) {
    bytes[1] = 0x80 | 126;
    view.setUint16(2, payload.length);
  } else {
    bytes[1] = 0x80 | 127;
    view.setUint32(6, payload.length);
  }
  // A zero mask key keeps the payload as it is.
  bytes.set(payload, header);
  return bytes;
}

/** Reads server frames until a close frame; resolves with its code. */
export async function closeCode(conn: Deno.Conn): Promise<number> {
  let bytes = new Uint8Array(0);
  const buffer = new Uint8Array(4096);
  while (true) {
    for (let offset = 0; offset + 2 <= bytes.length;) {
      const size = bytes[offset + 1] & 0x7f;
      const header = size === 126 ? 4 : 2;
      if (offset + header > bytes.length) break;
      const length = size === 126 ? (bytes[offset + 2] << 8) | bytes[offset + 3] : size;
      if ((bytes[offset] & 0x0f) === 0x8 && offset + header + 2 <= bytes.length) {
        return (bytes[offset + header] << 8) | bytes[offset + header + 1];
      }
      offset += header + length;
    }
    const n = await conn.read(buffer);
    if (n === null) return 1006;
    const next = new Uint8Array(bytes.length + n);
    next.set(bytes);
    next.set(buffer.subarray(0, n), bytes.length);
    bytes = next;
  }
}
