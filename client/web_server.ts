import { fileURLToPath } from "node:url";
import { randomToken, sameToken } from "../deeplink/token.ts";

/** The page's files, served as they are (no build step). */
const ASSETS: Record<string, string> = {
  "/": "index.html",
  "/index.html": "index.html",
  "/app.js": "app.js",
  "/protocol.js": "protocol.js",
  "/style.css": "style.css",
};

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};

/**
 * Options of {@linkcode serveWeb}.
 *
 * @example
 * ```ts
 * import type { WebServerOptions } from "./web_server.ts";
 * const options: WebServerOptions = { onSocket: (socket) => socket.close() };
 * ```
 */
export interface WebServerOptions {
  /** Receives each authenticated WebSocket, once it is upgraded. */
  onSocket: (socket: WebSocket) => void;
  /** The port to listen on; 0 (the default) picks a free one. Always on 127.0.0.1. */
  port?: number;
  /** The per-run token; a fresh random 256-bit one by default. */
  token?: string;
}

/**
 * The running web UI server.
 *
 * @example
 * ```ts
 * import type { WebServer } from "./web_server.ts";
 * function show(server: WebServer): string {
 *   return server.url; // http://127.0.0.1:PORT/?token=...
 * }
 * ```
 */
export interface WebServer extends AsyncDisposable {
  /** The URL to open, with the token. */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** The per-run token. */
  readonly token: string;
  /** Stops listening and closes open sockets. */
  close(): Promise<void>;
}

/**
 * Serves the page on 127.0.0.1 and upgrades `/ws` to a WebSocket. Only requests carrying the
 * per-run token (in `?token=`, or the cookie the page got with it) get anything; the
 * WebSocket also needs the page's own Origin, so another site cannot drive the client.
 *
 * @example
 * ```ts
 * import { serveWeb } from "./web_server.ts";
 * await using server = serveWeb({ onSocket: (socket) => socket.close() });
 * const response = await fetch(server.url);
 * console.log(response.status); // 200
 * await response.body?.cancel();
 * ```
 */
export function serveWeb(options: WebServerOptions): WebServer {
  const token = options.token ?? randomToken();
  const sockets = new Set<WebSocket>();
  let port = 0;
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: options.port ?? 0,
    onListen: () => {},
  }, async (request) => {
    const url = new URL(request.url);
    const cookieName = `ircbus_${port}`;
    // DNS rebinding: a foreign name pointed at 127.0.0.1 still carries its own Host.
    if (request.headers.get("host") !== `127.0.0.1:${port}`) {
      return text(
        421,
        `Cannot open the client: unexpected host, got ${request.headers.get("host")}`,
      );
    }
    if (!authorized(request, url, token, cookieName)) {
      return text(403, "Cannot open the client: open the URL the client printed, with its token");
    }
    if (url.pathname === "/ws") {
      const origin = request.headers.get("origin");
      if (origin !== `http://127.0.0.1:${port}`) {
        return text(403, `Cannot open the socket: foreign origin, got ${origin}`);
      }
      if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
        return text(426, "Cannot open the socket: expected a WebSocket upgrade");
      }
      const { socket, response } = Deno.upgradeWebSocket(request);
      sockets.add(socket);
      socket.addEventListener("close", () => sockets.delete(socket));
      options.onSocket(socket);
      return response;
    }
    if (url.pathname === "/favicon.ico") return new Response(null, { status: 204 });
    const file = Object.hasOwn(ASSETS, url.pathname) ? ASSETS[url.pathname] : undefined;
    if (file === undefined || request.method !== "GET") return text(404, "Not found");
    const body = await Deno.readFile(fileURLToPath(new URL(`./web/${file}`, import.meta.url)));
    const headers = new Headers({
      "content-type": TYPES[file.split(".").pop()!],
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "content-security-policy":
        `default-src 'self'; connect-src ws://127.0.0.1:${port}; frame-ancestors 'none'; style-src 'self'`,
    });
    if (url.searchParams.get("token") === token) {
      headers.set(
        "set-cookie",
        `${cookieName}=${token}; Path=/; HttpOnly; SameSite=Strict`,
      );
    }
    return new Response(body, { headers });
  });
  let closed: Promise<void> | undefined;
  const close = () =>
    closed ??= (async () => {
      for (const socket of sockets) {
        try {
          socket.close(1001, "The client is shutting down");
        } catch { /* already closing */ }
      }
      await server.shutdown();
    })();
  const result = {
    url: "",
    port: 0,
    token,
    close,
    [Symbol.asyncDispose]: close,
  };
  const bound = (server.addr as Deno.NetAddr).port;
  port = bound;
  result.port = bound;
  result.url = `http://127.0.0.1:${bound}/?token=${token}`;
  return result;
}

function authorized(request: Request, url: URL, token: string, cookieName: string): boolean {
  const given = url.searchParams.get("token") ?? cookie(request, cookieName);
  return given !== undefined && sameToken(given, token);
}

function cookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
