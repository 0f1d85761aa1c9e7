// The page loads its ~28 files over a few kept-alive connections instead of one connection
// per file; each connection still ends where HTTP/1.1 says it must, and at its deadline.
import assert from "node:assert/strict";
import { tempClient } from "./_helpers.ts";

interface Reply {
  status: number;
  headers: Headers;
  body: string;
}

/** Reads HTTP responses (each with a content-length) off one raw connection. */
class RawHttp implements Disposable {
  #conn: Deno.TcpConn;
  #buffered = new Uint8Array(0);
  constructor(conn: Deno.TcpConn) {
    this.#conn = conn;
  }

  static async open(pageUrl: string): Promise<RawHttp> {
    const url = new URL(pageUrl);
    return new RawHttp(await Deno.connect({ hostname: "127.0.0.1", port: Number(url.port) }));
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
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
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

function request(pageUrl: string, path: string, extra = "", version = "1.1"): string {
  const url = new URL(pageUrl);
  const cookie = `ircbus_${url.port}=${url.searchParams.get("token")}`;
  return `GET ${path} HTTP/${version}\r\nHost: ${url.host}\r\nCookie: ${cookie}\r\n${extra}\r\n`;
}

Deno.test("the page's files come over one kept-alive connection, pipelined requests answered in order", async () => {
  await using client = await tempClient();
  using http = await RawHttp.open(client.url);
  // Two requests in one write, then a third: each gets its own whole response, in order.
  await http.write(request(client.url, "/app.js") + request(client.url, "/style.css"));
  const script = await http.reply();
  const style = await http.reply();
  assert.equal(script.status, 200);
  assert.match(script.headers.get("content-type")!, /javascript/);
  assert.match(script.body, /import/);
  assert.equal(script.headers.get("connection"), "keep-alive");
  assert.equal(style.status, 200);
  assert.match(style.headers.get("content-type")!, /css/);
  await http.write(request(client.url, "/socket.js"));
  assert.match((await http.reply()).body, /WebSocket/);
  // The page's own socket can come on a connection that served files before.
  await http.write(request(
    client.url,
    "/ws",
    `Origin: http://${
      new URL(client.url).host
    }\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n`,
  ));
  // (The 101 has no content-length: its head is read, then the socket's frames follow.)
  assert.equal((await http.reply()).status, 101);
});

Deno.test("Connection: close, HTTP/1.0, a request with a body and a refused request each end the connection after the response", async () => {
  await using client = await tempClient();
  for (
    const [name, text] of [
      ["Connection: close", request(client.url, "/app.js", "Connection: close\r\n")],
      ["HTTP/1.0", request(client.url, "/app.js", "", "1.0")],
      // The body is not read as the next request.
      [
        "a body",
        request(client.url, "/app.js", "Content-Length: 27\r\n") +
        request(client.url, "/style.css").slice(0, 27),
      ],
    ]
  ) {
    using http = await RawHttp.open(client.url);
    await http.write(text);
    const reply = await http.reply();
    assert.equal(reply.status, 200, name);
    assert.equal(reply.headers.get("connection"), "close", name);
    assert.ok(await http.closed(), `${name}: the connection ends`);
  }
  const url = new URL(client.url);
  for (
    const [status, text] of [
      [404, request(client.url, "/missing.js")],
      [403, `GET /app.js HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`],
      [421, `GET /app.js HTTP/1.1\r\nHost: evil.example:${url.port}\r\n\r\n`],
    ] as const
  ) {
    using http = await RawHttp.open(client.url);
    await http.write(text);
    const reply = await http.reply();
    assert.equal(reply.status, status);
    assert.equal(reply.headers.get("connection"), "close", String(status));
    assert.ok(await http.closed(), `${status}: the connection ends`);
  }
});

Deno.test("a kept-alive connection left idle is closed at the request deadline", async () => {
  await using client = await tempClient({ web: { requestTimeoutMs: 300 } });
  using http = await RawHttp.open(client.url);
  await http.write(request(client.url, "/app.js"));
  assert.equal((await http.reply()).status, 200);
  // No next request: the server ends the connection on its own (the read waits for it).
  assert.ok(await http.closed());
});

Deno.test("a kept-alive connection gets 2 s for its next request, however long the first one had", async () => {
  await using client = await tempClient({ web: { requestTimeoutMs: 60_000 } });
  using http = await RawHttp.open(client.url);
  await http.write(request(client.url, "/app.js"));
  assert.equal((await http.reply()).status, 200);
  // Ended at 2 s; the 60 s of the first request would fail this bound.
  assert.ok(await http.closed(10_000));
});

Deno.test("a head split across reads after a pipelined one is read whole; the 100th request ends the connection", async () => {
  await using client = await tempClient();
  using http = await RawHttp.open(client.url);
  const second = request(client.url, "/style.css");
  await http.write(request(client.url, "/app.js") + second.slice(0, 10));
  assert.match((await http.reply()).headers.get("content-type")!, /javascript/);
  await http.write(second.slice(10));
  assert.match((await http.reply()).headers.get("content-type")!, /css/);
  for (let served = 2; served < 99; served++) {
    await http.write(request(client.url, "/socket.js"));
    assert.equal((await http.reply()).headers.get("connection"), "keep-alive");
  }
  await http.write(request(client.url, "/socket.js"));
  assert.equal((await http.reply()).headers.get("connection"), "close", "the 100th");
  assert.ok(await http.closed());
});
