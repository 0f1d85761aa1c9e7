/**
 * The client's front alone: the web server on the data dir's token, and the browser opener.
 * A launcher (main.ts) starts these first and prints the address while the rest of the client
 * (storage, history, IRC, plugins, deep links: some 190 modules) loads, then hands the server to
 * `startClient`, which takes the page's sockets once it has started. A browser opening the
 * address meanwhile gets the page at once and its socket when the client is ready.
 *
 * @example
 * ```ts ignore
 * import { serveFront } from "@ircbus/client/client/front";
 * import { startClient } from "@ircbus/client/client";
 * await using server = await serveFront({ dataDir: "/tmp/ircbus", port: 0 });
 * console.log(`open ${server.url}`);
 * await using client = await startClient({ dataDir: "/tmp/ircbus", server });
 * ```
 *
 * @module
 */
import { serveWeb, type WebServer, type WebServerOptions } from "./web_server.ts";
import { webToken } from "./_web_token.ts";

export { PortInUseError, serveWeb } from "./web_server.ts";
export type { WebServer, WebServerOptions } from "./web_server.ts";
export { openBrowser } from "./open_browser.ts";
export { type LaunchServer, loadServer, serverBundleIsFresh } from "./server_bundle.ts";

/**
 * Options of {@linkcode serveFront}.
 *
 * @example
 * ```ts
 * import type { FrontOptions } from "./front.ts";
 * const options: FrontOptions = { dataDir: "/tmp/ircbus", port: 0 };
 * ```
 */
export interface FrontOptions
  extends Pick<WebServerOptions, "port" | "maxConnections" | "requestTimeoutMs" | "onError"> {
  /** The data dir: created (0700) when missing; its `web-token` file keeps the token. */
  dataDir: string;
}

/**
 * Serves the page on 127.0.0.1 with `dataDir`'s token (created when missing), holding the
 * page's sockets until a client takes the server (`startClient({ server })`). A port another
 * program holds rejects with `PortInUseError`, an unreadable token file with its reason.
 *
 * @example
 * ```ts
 * import { serveFront } from "./front.ts";
 * const dataDir = await Deno.makeTempDir();
 * const server = await serveFront({ dataDir, port: 0 });
 * console.log(server.url.startsWith("http://127.0.0.1:")); // true
 * await server.close();
 * await Deno.remove(dataDir, { recursive: true });
 * ```
 */
export async function serveFront(options: FrontOptions): Promise<WebServer> {
  const { dataDir, ...web } = options;
  await Deno.mkdir(dataDir, { recursive: true, mode: 0o700 });
  return serveWeb({ ...web, token: await webToken(dataDir) });
}
