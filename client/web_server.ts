import { fileURLToPath } from "node:url";
import {
  isWebSocketUpgrade,
  randomToken,
  sameToken,
  serve,
  type Server,
  type ServerWebSocket,
  upgradeWebSocket,
} from "../net/mod.ts";
import {
  BUNDLE_FILE,
  bundleIsFresh,
  EARLY_SOCKET_FILE,
  inlinedIndex,
  inlineSource,
} from "./page_bundle.ts";

/** Default largest WebSocket message from the page, over all its fragments. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** Most bytes waiting for a page that does not read before its socket is closed. */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;

/**
 * The page's files, served as they are. The bundle (client/page_bundle.ts) is served only
 * while it matches these modules; index.html then names it instead of them.
 */
const ASSETS: Record<string, string> = {
  "/": "index.html",
  "/index.html": "index.html",
  [`/${BUNDLE_FILE}`]: BUNDLE_FILE,
  "/app.js": "app.js",
  "/page_state.js": "page_state.js",
  "/plugins_view.js": "plugins_view.js",
  "/scrollback.js": "scrollback.js",
  "/socket.js": "socket.js",
  [`/${EARLY_SOCKET_FILE}`]: EARLY_SOCKET_FILE,
  "/transport.js": "transport.js",
  "/input.js": "input.js",
  "/command_plan.js": "command_plan.js",
  "/network_form.js": "network_form.js",
  "/drawers.js": "drawers.js",
  "/store.js": "store.js",
  "/attention.js": "attention.js",
  "/format.js": "format.js",
  "/ignore_list.js": "ignore_list.js",
  "/typing.js": "typing.js",
  "/views/buffer_list.js": "views/buffer_list.js",
  "/views/message_list.js": "views/message_list.js",
  "/views/nick_list.js": "views/nick_list.js",
  "/views/nick_menu.js": "views/nick_menu.js",
  "/views/notifier.js": "views/notifier.js",
  "/views/ledger_page.js": "views/ledger_page.js",
  "/views/plugins_page.js": "views/plugins_page.js",
  "/views/rich_text.js": "views/rich_text.js",
  "/views/search_panel.js": "views/search_panel.js",
  "/views/settings.js": "views/settings.js",
  "/views/switcher.js": "views/switcher.js",
  "/views/topic_bar.js": "views/topic_bar.js",
  "/style.css": "style.css",
};

/**
 * The shared layer's modules (core/), which the page and the backend both run: the one rule
 * is that `/core/NAME.js` is `core/NAME.js`. A page file imports them by their path in the
 * tree (`../../core/NAME.js` from client/web/), which the browser resolves to `/core/NAME.js`
 * and Deno to the file itself, so both load the same bytes.
 */
const CORE_ASSET = /^\/core\/([a-z_]+\.js)$/;

/** The file `pathname` names, relative to client/web/, or `undefined` when none. */
function assetOf(pathname: string): string | undefined {
  if (Object.hasOwn(ASSETS, pathname)) return ASSETS[pathname];
  const core = CORE_ASSET.exec(pathname);
  return core === null ? undefined : `../../core/${core[1]}`;
}

/**
 * `read()`'s promise for `key`, made once and kept in `map`. A missing file (`undefined`) or a
 * failed read is not kept: names that do not exist must not grow the map, and the next request
 * tries a failed read again.
 */
function remembered<T>(
  map: Map<string, Promise<T | undefined>>,
  key: string,
  read: () => Promise<T | undefined>,
): Promise<T | undefined> {
  let value = map.get(key);
  if (value === undefined) {
    value = read();
    value.then((got) => got === undefined && map.delete(key), () => map.delete(key));
    map.set(key, value);
  }
  return value;
}

/** The bytes of `file` (relative to client/web/), or `undefined` when there is no such file. */
async function readAsset(file: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    return await Deno.readFile(fileURLToPath(new URL(`./web/${file}`, import.meta.url)));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/**
 * index.html as served, and the inline scripts (early_socket.js's and the bundle, as one
 * source list) and style its Content-Security-Policy allows (none when the modules are
 * served): the page inside it once `bundled` says the bundle is fresh (page_bundle.ts).
 */
async function readIndex(
  bundled: Promise<boolean>,
  asset: (file: string) => Promise<Uint8Array<ArrayBuffer> | undefined>,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; inline: string[] } | undefined> {
  const [html, fresh] = await Promise.all([readAsset("index.html"), bundled]);
  if (html === undefined || !fresh) return html && { bytes: html, inline: [] };
  const [early, script, style] = await Promise.all(
    [EARLY_SOCKET_FILE, BUNDLE_FILE, "style.css"].map(asset),
  );
  const decoder = new TextDecoder();
  const page = early && script && style &&
    { early: decoder.decode(early), script: decoder.decode(script), style: decoder.decode(style) };
  const inlined = page && inlinedIndex(decoder.decode(html), page);
  if (page === undefined || inlined === undefined) return { bytes: html, inline: [] };
  const [earlySource, scriptSource, styleSource] = await Promise.all(
    [page.early, page.script, page.style].map(inlineSource),
  );
  return {
    bytes: new TextEncoder().encode(inlined),
    inline: [`${earlySource} ${scriptSource}`, styleSource],
  };
}

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
 * const options: WebServerOptions = { onSocket: (socket) => socket.close(), maxConnections: 64 };
 * ```
 */
export interface WebServerOptions {
  /**
   * Receives each authenticated WebSocket, once it is upgraded (and open). Without it, the
   * server serves the page's files at once and holds each socket's upgrade until
   * {@linkcode WebServer.accept} names the receiver: a launcher serves the page while the
   * rest of the client still loads.
   */
  onSocket?: (socket: ServerWebSocket) => void;
  /**
   * The port to listen on; 0 (the default) picks a free one. Always on 127.0.0.1, reached as
   * `127.0.0.1` or `localhost`. A port another program holds throws {@linkcode PortInUseError}.
   */
  port?: number;
  /** The token; a fresh random 256-bit one by default (the client keeps one per data dir). */
  token?: string;
  /** Connections served at once (pages' WebSockets included); more wait. Default 64. */
  maxConnections?: number;
  /**
   * Time a connection has, from its accept, to send a whole request head and read the
   * response; an idle or slow one is closed then. Each next request on a kept-alive
   * connection has at most 2,000 ms, counted from the previous response. Default 10,000 ms.
   */
  requestTimeoutMs?: number;
  /** Largest WebSocket message, over all its fragments; beyond, 1009. Default 65,536. */
  maxMessageBytes?: number;
  /** Receives accept errors (retried with backoff) and errors of single connections. */
  onError?: (error: Error) => void;
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
  /** The URL to open once, with the token; it answers with the cookie and the bare address. */
  readonly url: string;
  /** The bare address to bookmark (it works once the browser holds the cookie). */
  readonly address: string;
  /** The port it listens on. */
  readonly port: number;
  /** The per-run token. */
  readonly token: string;
  /**
   * Names the receiver of the page's sockets, for a server started without `onSocket`: the
   * upgrades held until now go ahead. A second call, or one on a server given `onSocket`,
   * throws.
   */
  accept(onSocket: (socket: ServerWebSocket) => void): void;
  /**
   * Resolves once no request is being answered (at once when none is): a launcher loading the
   * rest of the client waits for it between steps, so the page's requests, which come
   * meanwhile, are answered first. A socket's upgrade held for `accept` does not count.
   */
  idle(): Promise<void>;
  /** Stops listening and closes open sockets (and refuses the ones still held). */
  close(): Promise<void>;
}

/**
 * The port the web UI should listen on is held by another program.
 *
 * @example
 * ```ts
 * import { PortInUseError } from "./web_server.ts";
 * const error = new PortInUseError(6690);
 * console.log(error.port, error.message.startsWith("Cannot serve the web UI")); // 6690 true
 * ```
 */
export class PortInUseError extends Error {
  /** The port that is taken. */
  readonly port: number;
  /** Says `port` is taken. */
  constructor(port: number) {
    super(
      `Cannot serve the web UI: port ${port} on 127.0.0.1 is in use by another program (is ircbus already running?); choose another with --port N, or --port 0 for any free one`,
    );
    this.name = "PortInUseError";
    this.port = port;
  }
}

/** How long the browser keeps the cookie: 400 days, the most browsers allow. */
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * Serves the page on 127.0.0.1 (as `127.0.0.1` or `localhost`) and upgrades `/ws` to a
 * WebSocket. Only requests carrying the token (in `?token=`, or the cookie) get anything.
 * The page asked for with the token answers with an HttpOnly, SameSite=Strict cookie and a
 * redirect to the bare address, so reloads and bookmarks work; each host name gets its own
 * cookie. The WebSocket also needs the page's own Origin, so another site cannot drive the
 * client.
 *
 * @example
 * ```ts
 * import { serveWeb } from "./web_server.ts";
 * await using server = serveWeb({ onSocket: (socket) => socket.close() });
 * const response = await fetch(server.url, { redirect: "manual" });
 * console.log(response.status, response.headers.get("location")); // 303 /
 * await response.body?.cancel();
 * ```
 */
export function serveWeb(options: WebServerOptions): WebServer {
  const token = options.token ?? randomToken();
  const sockets = new Set<ServerWebSocket>();
  // Who takes the page's sockets: known now, or once the launcher's client has started. A
  // socket asked for before then waits (within the request's time bound) rather than being
  // refused, so a page loaded early gets its hello as soon as there is one to give.
  const receiver = Promise.withResolvers<((socket: ServerWebSocket) => void) | undefined>();
  let accepting = options.onSocket !== undefined;
  if (options.onSocket) receiver.resolve(options.onSocket);
  const limits = {
    maxMessageBytes: options.maxMessageBytes ?? MAX_MESSAGE_BYTES,
    maxQueuedBytes: MAX_QUEUED_BYTES,
  };
  let server: Server;
  try {
    server = serve({
      // Other bounds, and these two unless given, are serve()'s own (see net/serve.ts): 64
      // connections, 10 s for a request, a 16 KiB head, 100 requests on a kept-alive
      // connection and 2 s for each next one.
      port: options.port ?? 0,
      maxConnections: options.maxConnections,
      requestTimeoutMs: options.requestTimeoutMs,
      onError: options.onError,
    }, respond);
  } catch (error) {
    if (error instanceof Deno.errors.AddrInUse) throw new PortInUseError(options.port ?? 0);
    throw error;
  }
  const port = server.addr.port;
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  // Cookies ignore ports: the port in the name keeps two clients' cookies apart.
  const cookieName = `ircbus_${port}`;
  // Each file is read once, on its first request: a page load asks for some 35 of them, and
  // the first load (a launch's) is the one a user waits for. They ship with the client and
  // do not change while it runs; an edit shows after a restart.
  const assets = new Map<string, Promise<Uint8Array<ArrayBuffer> | undefined>>();
  const asset = (file: string) => remembered(assets, file, () => readAsset(file));
  // Whether index.html holds the bundle: checked once, from now on, while the start goes on.
  // A failed check serves the modules, which always work.
  const bundled = bundleIsFresh().catch(() => false);
  // index.html as served, with the hashes of what it holds inline: made once, like the files.
  const pages = new Map<string, Promise<Awaited<ReturnType<typeof readIndex>>>>();
  const indexPage = () => remembered(pages, "index.html", () => readIndex(bundled, asset));
  // What a page load asks for first is read now, while the start goes on, not on request.
  void indexPage();
  for (const file of [BUNDLE_FILE, EARLY_SOCKET_FILE, "style.css"]) void asset(file);

  /** The page's socket, once the upgrade is answered; it lives until it closes. */
  async function openSocket(request: Request): Promise<Response> {
    const onSocket = await receiver.promise;
    if (onSocket === undefined) return text(503, "Cannot open the socket: the client is stopping");
    const { socket, response } = upgradeWebSocket(request, limits);
    socket.onOpen(() => {
      sockets.add(socket);
      onSocket(socket);
    });
    socket.onClose(() => sockets.delete(socket));
    return response;
  }

  // Requests being answered, and who waits for there to be none (idle()).
  let answering = 0;
  const idleWaiters: (() => void)[] = [];
  const begin = () => void answering++;
  const end = () => {
    if (--answering === 0) { for (const wake of idleWaiters.splice(0)) wake(); }
  };
  async function respond(request: Request): Promise<Response> {
    begin();
    try {
      return await answer(request);
    } finally {
      end();
    }
  }

  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const headers = request.headers;
    // DNS rebinding: a foreign name pointed at 127.0.0.1 still carries its own Host.
    const host = headers.get("host") ?? "";
    if (!hosts.includes(host)) {
      return text(421, `Cannot open the client: unexpected host, got ${host}`);
    }
    if (!authorized(request, url, token, cookieName)) {
      return text(403, "Cannot open the client: open the URL the client printed, with its token");
    }
    if (url.pathname === "/ws") {
      const origin = headers.get("origin");
      if (origin !== `http://${host}`) {
        return text(403, `Cannot open the socket: foreign origin, got ${origin}`);
      }
      if (!isWebSocketUpgrade(request)) {
        return text(426, "Cannot open the socket: expected a WebSocket upgrade");
      }
      // Out of the count while it waits for the client: the client is what idle() waits for.
      end();
      try {
        return await openSocket(request);
      } finally {
        begin();
      }
    }
    if (url.pathname === "/favicon.ico") return new Response(null, { status: 204 });
    const file = assetOf(url.pathname);
    if (file === undefined || request.method !== "GET") return text(404, "Not found");
    if (file === "index.html" && url.searchParams.has("token")) {
      // The token becomes this host's cookie; the bare address is what gets bookmarked.
      return new Response(null, {
        status: 303,
        headers: {
          location: "/",
          "cache-control": "no-store",
          "referrer-policy": "no-referrer",
          "set-cookie":
            `${cookieName}=${token}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict`,
        },
      });
    }
    const page = file === "index.html" ? await indexPage() : undefined;
    const body = page ? page.bytes : await asset(file);
    if (body === undefined) return text(404, "Not found");
    // The page's own inline script and style, by their hashes, when index.html holds them.
    const inline = page?.inline ?? [];
    const responseHeaders = new Headers({
      "content-type": TYPES[file.split(".").pop()!],
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "content-security-policy":
        `default-src 'self'; connect-src ws://${host}; frame-ancestors 'none'; style-src 'self'${
          inline[1] ? ` ${inline[1]}` : ""
        }${inline[0] ? `; script-src 'self' ${inline[0]}` : ""}`,
    });
    return new Response(body, { headers: responseHeaders });
  }

  let closed: Promise<void> | undefined;
  const close = () =>
    closed ??= (async () => {
      receiver.resolve(undefined);
      for (const socket of sockets) socket.close(1001, "The client is shutting down");
      await server.shutdown();
    })();
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    address: `http://127.0.0.1:${port}/`,
    port,
    token,
    idle() {
      if (answering === 0) return Promise.resolve();
      const { promise, resolve } = Promise.withResolvers<void>();
      idleWaiters.push(resolve);
      return promise;
    },
    accept(onSocket) {
      if (accepting) {
        throw new Error("Cannot accept the page's sockets: a receiver is already named");
      }
      accepting = true;
      receiver.resolve(onSocket);
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

function authorized(request: Request, url: URL, token: string, cookieName: string): boolean {
  // The page opens its socket with `?token=` empty once it was loaded from the bare address.
  const given = url.searchParams.get("token") || cookie(request, cookieName);
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
