/**
 * The one serving interface, shaped like `Deno.serve`: options and a handler from `Request`
 * to `Response`, and a server with `finished`, `shutdown()` and `Symbol.asyncDispose`. It is
 * bounded where `Deno.serve` is not: connections at once, time per request, head and line
 * sizes, WebSocket messages (see `websocket.ts`), and accept failures never end it.
 *
 * @module
 */
import { serveBounded } from "./_bounded_listener.ts";
import { readHead, textResponse, writeResponse } from "./_http_head.ts";
import { writeAll } from "./_write_all.ts";
import { MAX_LINE_BYTES, readLine } from "./line.ts";
import { takeUpgrade } from "./websocket.ts";

const MAX_CONNECTIONS = 64;
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_HEAD_BYTES = 16 * 1024;
const MAX_REQUESTS_PER_CONNECTION = 100;
/**
 * How long a kept-alive connection has for each next request (head and response): a page
 * asks for its files within milliseconds, and an idle connection should not hold a slot.
 */
const KEEP_ALIVE_MS = 2_000;

/**
 * What a handler learns of the connection a request came on, as `Deno.ServeHandlerInfo`.
 *
 * @example
 * ```ts
 * import type { ServeInfo } from "./mod.ts";
 * const from = (info: ServeInfo) => `${info.remoteAddr.hostname}:${info.remoteAddr.port}`;
 * ```
 */
export interface ServeInfo {
  /** The peer's address. */
  readonly remoteAddr: Deno.NetAddr;
}

/**
 * Answers one request, as a `Deno.ServeHandler` does. Throwing ends the request's connection
 * and reaches `onError`.
 *
 * @example
 * ```ts
 * import type { ServeHandler } from "./mod.ts";
 * const hello: ServeHandler = () => new Response("hello");
 * ```
 */
export type ServeHandler = (request: Request, info: ServeInfo) => Response | Promise<Response>;

/**
 * Options of {@linkcode serve}.
 *
 * @example
 * ```ts
 * import type { ServeOptions } from "./mod.ts";
 * const options: ServeOptions = { port: 0, maxConnections: 16, requestTimeoutMs: 2_000 };
 * ```
 */
export interface ServeOptions {
  /** The address to listen on; loopback by default. */
  hostname?: string;
  /** The port; 0 (the default) picks a free one. A taken one throws `Deno.errors.AddrInUse`. */
  port?: number;
  /**
   * How a connection carries requests.
   * - `"http"` (the default): HTTP/1.1, kept alive, no request bodies; a handler may answer
   *   with `upgradeWebSocket()`.
   * - `"line"`: one request per connection, a UTF-8 line ending in "\n", handed over as the
   *   body of a POST; the response's body (one line) goes back with a "\n". A line that cannot
   *   be read (over `maxLineBytes`, not UTF-8, or none at all) comes as an empty body.
   */
  framing?: "http" | "line";
  /**
   * Connections served at once (open WebSockets included). At the cap no more are accepted
   * until one ends: they wait in the kernel's backlog. Default 64.
   */
  maxConnections?: number;
  /**
   * Time a connection has, from its accept, to send a whole request (a head, or a line) and
   * read the response; an idle or slow one is closed then. Each next request on a kept-alive
   * connection has at most `keepAliveMs`, counted from the previous response. Default 10,000.
   */
  requestTimeoutMs?: number;
  /** Longest wait for each next request on a kept-alive connection. Default 2,000 ms. */
  keepAliveMs?: number;
  /** Requests served on one kept-alive connection before it is closed. Default 100. */
  maxRequestsPerConnection?: number;
  /** Largest request head (request line and headers); beyond, 431. Default 16 KiB. */
  maxHeadBytes?: number;
  /** Largest request line of the line framing. Default 64 KiB. */
  maxLineBytes?: number;
  /** Receives accept errors (retried with backoff) and errors of single connections. */
  onError?: (error: Error) => void;
  /** Shuts the server down when aborted, as `shutdown()` does. */
  signal?: AbortSignal;
}

/**
 * A running server, as `Deno.HttpServer`: `shutdown()` stops accepting, closes every open
 * connection (WebSockets too) and resolves once their handlers are done.
 *
 * @example
 * ```ts
 * import type { Server } from "./mod.ts";
 * async function stop(server: Server) {
 *   await server.shutdown();
 *   await server.finished; // already settled
 * }
 * ```
 */
export interface Server extends AsyncDisposable {
  /** The address it listens on. */
  readonly addr: Deno.NetAddr;
  /** How many connections are being served now. */
  readonly connections: number;
  /** Settles once the server has shut down. */
  readonly finished: Promise<void>;
  /** Stops accepting, closes every open connection and waits for them to end. */
  shutdown(): Promise<void>;
}

/**
 * Serves `handler` on 127.0.0.1 (or `options.hostname`), bounded: at most `maxConnections` at
 * once, each request within its deadline, heads and lines within their sizes. A head that
 * cannot be read is answered 431 (too large) or 400 (malformed) without reaching `handler`;
 * any response of 400 or more ends its connection.
 *
 * @example
 * ```ts
 * import { serve } from "./mod.ts";
 * await using server = serve({ port: 0 }, () => new Response("hello"));
 * const response = await fetch(`http://127.0.0.1:${server.addr.port}/`);
 * console.log(await response.text()); // "hello"
 * ```
 */
export function serve(options: ServeOptions, handler: ServeHandler): Server {
  if (typeof handler !== "function") {
    throw new TypeError(`Cannot serve: handler must be a function, got ${typeof handler}`);
  }
  const maxConnections = options.maxConnections ?? MAX_CONNECTIONS;
  const timeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const bounds = {
    maxConnections,
    requestTimeoutMs: timeoutMs,
    keepAliveMs: options.keepAliveMs ?? KEEP_ALIVE_MS,
    maxRequestsPerConnection: options.maxRequestsPerConnection ?? MAX_REQUESTS_PER_CONNECTION,
    maxHeadBytes: options.maxHeadBytes ?? MAX_HEAD_BYTES,
    maxLineBytes: options.maxLineBytes ?? MAX_LINE_BYTES,
  };
  // Checked before listening, so a bad option leaves no listener behind.
  for (const [name, value] of Object.entries(bounds)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`Cannot serve: ${name} must be a positive integer, got ${value}`);
    }
  }
  const listener = Deno.listen({
    hostname: options.hostname ?? "127.0.0.1",
    port: options.port ?? 0,
    transport: "tcp",
  });
  const addr = listener.addr;
  const origin = `http://${addr.hostname}:${addr.port}`;
  const keepAliveMs = Math.min(timeoutMs, bounds.keepAliveMs);
  const { maxRequestsPerConnection: maxRequests, maxHeadBytes, maxLineBytes } = bounds;

  /** Serves one connection in the line framing: one request, one reply. */
  async function serveLine(conn: Deno.TcpConn): Promise<void> {
    const timer = setTimeout(() => conn.close(), timeoutMs);
    try {
      const line = await readLine(conn, maxLineBytes);
      const request = new Request(`${origin}/`, { method: "POST", body: line ?? "" });
      const response = await handler(request, { remoteAddr: conn.remoteAddr });
      const reply = await response.text();
      if (reply.includes("\n")) {
        throw new TypeError("Cannot send the reply line: it holds a line break");
      }
      await writeAll(conn, `${reply}\n`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Serves one connection in HTTP: its requests, then its WebSocket if one upgrades it. */
  async function serveHttp(conn: Deno.TcpConn): Promise<void> {
    const upgraded = await exchange(conn);
    // A socket lives until it closes; it counts against the cap meanwhile.
    if (upgraded !== undefined) await upgraded.run(conn, upgraded.rest);
  }

  /**
   * Answers the requests of one connection until it ends, or until one upgrades it to a
   * WebSocket (then returned, with the bytes read past its head). A page loads its modules
   * over a few kept-alive connections instead of one connection per file. The first request
   * has the whole deadline; each next one, counted from the end of the previous response, at
   * most `keepAliveMs`.
   */
  async function exchange(conn: Deno.TcpConn): Promise<
    { run: (conn: Deno.Conn, initial: Uint8Array) => Promise<void>; rest: Uint8Array } | undefined
  > {
    // Bytes read past the previous request's head: the start of the next one.
    let pending: Uint8Array = new Uint8Array(0);
    for (let served = 1;; served++) {
      const timer = setTimeout(() => conn.close(), served === 1 ? timeoutMs : keepAliveMs);
      try {
        const head = await readHead(conn, { pending, maxHeadBytes, origin });
        if (head === undefined) return undefined;
        if ("status" in head) {
          await writeResponse(conn, textResponse(head.status, head.message), false);
          return undefined;
        }
        const response = await handler(head.request, { remoteAddr: conn.remoteAddr });
        const upgrade = takeUpgrade(response);
        if (upgrade !== undefined) {
          await upgrade.handshake(conn);
          return { run: upgrade.run, rest: head.rest };
        }
        // A refused request (no token, a foreign host, no such file) ends its connection.
        const keepAlive = head.keepAlive && response.status < 400 && served < maxRequests;
        await writeResponse(conn, response, keepAlive);
        if (!keepAlive) return undefined;
        pending = head.rest;
      } finally {
        clearTimeout(timer);
      }
    }
  }

  const server = serveBounded(listener, {
    maxConnections,
    serve: options.framing === "line" ? serveLine : serveHttp,
    onError: options.onError,
  });
  const { signal } = options;
  const shutdown = () => {
    signal?.removeEventListener("abort", shutdown);
    return server.close();
  };
  if (signal?.aborted) void shutdown();
  else signal?.addEventListener("abort", shutdown, { once: true });
  return {
    addr,
    get connections() {
      return server.connections;
    },
    get finished() {
      return server.finished;
    },
    shutdown,
    [Symbol.asyncDispose]: shutdown,
  };
}
