/**
 * Types of the formatting reader (the implementation is format.js, loaded as-is by the page).
 *
 * @module
 */

/**
 * The style in force for a run of text; colours are `#rrggbb`, absent for the default.
 *
 * @example
 * ```ts
 * import type { Style } from "./format.js";
 * const style: Style = {
 *   bold: true, italic: false, underline: false, strikethrough: false, monospace: false,
 *   reverse: false, fg: "#ff0000",
 * };
 * ```
 */
export interface Style {
  /** `\x02`. */
  bold: boolean;
  /** `\x1D`. */
  italic: boolean;
  /** `\x1F`. */
  underline: boolean;
  /** `\x1E`. */
  strikethrough: boolean;
  /** `\x11`. */
  monospace: boolean;
  /** `\x16`: foreground and background swapped. */
  reverse: boolean;
  /** Foreground (`\x03NN` or `\x04RRGGBB`). */
  fg?: string;
  /** Background (`\x03NN,NN` or `\x04RRGGBB,RRGGBB`). */
  bg?: string;
}

/**
 * A run of text and its style.
 *
 * @example
 * ```ts
 * import { parseFormatting } from "./format.js";
 * const [run] = parseFormatting("\x02hi");
 * console.log(run.text, run.style.bold); // hi true
 * ```
 */
export interface Run {
  /** The text, without codes. */
  text: string;
  /** Its style. */
  style: Style;
}

/**
 * A piece of text; `href` when it is a safe link.
 *
 * @example
 * ```ts
 * import type { Piece } from "./format.js";
 * const link: Piece = { text: "https://deno.com", href: "https://deno.com/" };
 * ```
 */
export interface Piece {
  /** The text shown. */
  text: string;
  /** Where it points (http, https, irc or ircs only). */
  href?: string;
}

/**
 * Colours 0-98 (`#rrggbb`); 99 means "default".
 *
 * @example
 * ```ts
 * import { PALETTE } from "./format.js";
 * console.log(PALETTE[4]); // "#ff0000"
 * ```
 */
export declare const PALETTE: readonly string[];

/**
 * Schemes a link may have.
 *
 * @example
 * ```ts
 * import { LINK_SCHEMES } from "./format.js";
 * console.log(LINK_SCHEMES.includes("javascript:")); // false
 * ```
 */
export declare const LINK_SCHEMES: readonly string[];

/**
 * Reads mIRC formatting (bold, italics, underline, strikethrough, monospace, colours
 * `\x03fg[,bg]`, hex `\x04`, reverse, reset `\x0F`) into runs with their style.
 *
 * @example
 * ```ts
 * import { parseFormatting } from "./format.js";
 * const runs = parseFormatting("a \x0304,01red\x0f b");
 * console.log(runs.map((r) => [r.text, r.style.fg ?? "", r.style.bg ?? ""]));
 * // [["a ", "", ""], ["red", "#ff0000", "#000000"], [" b", "", ""]]
 * ```
 */
export declare function parseFormatting(text: string): Run[];

/**
 * The text without its formatting codes.
 *
 * @example
 * ```ts
 * import { stripFormatting } from "./format.js";
 * console.log(stripFormatting("\x02bold\x02 \x0312blue")); // "bold blue"
 * ```
 */
export declare function stripFormatting(text: string): string;

/**
 * The URL a link may point to, or `undefined` unless it is http, https, irc or ircs.
 *
 * @example
 * ```ts
 * import { safeHref } from "./format.js";
 * console.log(safeHref("javascript:alert(1)")); // undefined
 * ```
 */
export declare function safeHref(candidate: string): string | undefined;

/**
 * Splits text into plain pieces and safe links, trailing punctuation outside the link.
 *
 * @example
 * ```ts
 * import { findLinks } from "./format.js";
 * console.log(findLinks("see https://deno.com/x."));
 * // [{ text: "see " }, { text: "https://deno.com/x", href: "https://deno.com/x" }, { text: "." }]
 * ```
 */
export declare function findLinks(text: string): Piece[];
