/**
 * The scheme of a link: `irc` (plain text) or `ircs` (TLS).
 *
 * @example
 * ```ts
 * import type { IrcScheme } from "./irc_link.ts";
 * const scheme: IrcScheme = "ircs";
 * ```
 */
export type IrcScheme = "irc" | "ircs";

export type { Target } from "../core/mod.ts";
import type { Target } from "../core/mod.ts";

/**
 * A parsed `irc://` or `ircs://` link, as returned by `parseIrcUrl`.
 *
 * @example
 * ```ts
 * import type { IrcLink } from "./irc_link.ts";
 * const link: IrcLink = {
 *   scheme: "ircs",
 *   host: "irc.libera.chat",
 *   port: 6697,
 *   tls: true,
 *   targets: [{ name: "#deno", isNick: false, key: "" }],
 * };
 * ```
 */
export interface IrcLink {
  /** `irc` or `ircs`, lowercase. */
  scheme: IrcScheme;
  /** Lowercase host without a trailing dot; IPv6 without brackets. */
  host: string;
  /** The link's port, or the scheme's default (6667 for irc, 6697 for ircs). */
  port: number;
  /** True exactly when the scheme is `ircs`. */
  tls: boolean;
  /** The channels and nicks in the order the link names them; may be empty. */
  targets: Target[];
}
