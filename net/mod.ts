/**
 * The bottom of the house beside `common/`: what talks on the wire, and what every address
 * reads. It imports only `common/`.
 * - Serving: {@linkcode serve}, one bounded interface shaped like `Deno.serve`, used by the
 *   web UI (HTTP and its WebSocket, {@linkcode upgradeWebSocket}) and by the single-instance
 *   link handoff (the line framing, with {@linkcode requestLine} as its client).
 * - Tokens: {@linkcode randomToken} and {@linkcode sameToken}, which both of those check.
 * - Server addresses as saved networks (`storage/`) and `irc://` links (`deeplink/`) read
 *   them: one host normal form, the stricter rule IRC sets for its own host names, and the
 *   error a refused host raises.
 *
 * @example
 * ```ts
 * import { normalizeHost, serve } from "./mod.ts";
 * normalizeHost("IRC.Libera.Chat."); // "irc.libera.chat"
 * await using server = serve({ port: 0 }, () => new Response("hello"));
 * ```
 *
 * @module
 */
export { isIrcHostname, normalizeHost, normalizeHostPart } from "./host.ts";
export { IrcUrlError, type IrcUrlErrorCode } from "./irc_url_error.ts";
export { show } from "./show.ts";
export {
  serve,
  type ServeHandler,
  type ServeInfo,
  type ServeOptions,
  type Server,
} from "./serve.ts";
export { requestLine, type RequestLineOptions } from "./line.ts";
export {
  isWebSocketUpgrade,
  ServerWebSocket,
  upgradeWebSocket,
  type WebSocketLimits,
} from "./websocket.ts";
export { randomToken, sameToken } from "./token.ts";
