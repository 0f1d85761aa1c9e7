/**
 * Server addresses as both saved networks (`storage/`) and `irc://` links (`deeplink/`)
 * read them: one host normal form, the stricter rule IRC sets for its own host names, and
 * the error a refused host raises. It sits apart from
 * `deeplink/` so that storage depends on nothing in the link handler.
 *
 * @example
 * ```ts
 * import { normalizeHost } from "./mod.ts";
 * normalizeHost("IRC.Libera.Chat."); // "irc.libera.chat"
 * ```
 *
 * @module
 */
export { isIrcHostname, normalizeHost } from "./host.ts";
export { IrcUrlError, type IrcUrlErrorCode } from "./irc_url_error.ts";
