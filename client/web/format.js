// @ts-check
/**
 * mIRC formatting and links, read into plain runs of text with their style: no DOM, so the
 * page draws them with textContent only (never innerHTML) and tests run under Deno.
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
 * @typedef {object} Style
 * @property {boolean} bold `\x02`.
 * @property {boolean} italic `\x1D`.
 * @property {boolean} underline `\x1F`.
 * @property {boolean} strikethrough `\x1E`.
 * @property {boolean} monospace `\x11`.
 * @property {boolean} reverse `\x16`: foreground and background swapped.
 * @property {string} [fg] Foreground (`\x03NN` or `\x04RRGGBB`).
 * @property {string} [bg] Background (`\x03NN,NN` or `\x04RRGGBB,RRGGBB`).
 */

/**
 * A run of text and its style.
 *
 * @example
 * ```ts
 * import { parseFormatting } from "./format.js";
 * const [run] = parseFormatting("\x02hi");
 * console.log(run.text, run.style.bold); // hi true
 * ```
 * @typedef {object} Run
 * @property {string} text The text, without codes.
 * @property {Style} style Its style.
 */

/**
 * A piece of text; `href` when it is a safe link.
 *
 * @example
 * ```ts
 * import type { Piece } from "./format.js";
 * const link: Piece = { text: "https://deno.com", href: "https://deno.com/" };
 * ```
 * @typedef {object} Piece
 * @property {string} text The text shown.
 * @property {string} [href] Where it points (http, https, irc or ircs only).
 */

/**
 * Colours 0-98 as mIRC and modern clients draw them; 99 means "default".
 *
 * @example
 * ```ts
 * import { PALETTE } from "./format.js";
 * console.log(PALETTE[4]); // "#ff0000"
 * ```
 */
export const PALETTE = [
  "ffffff 000000 00007f 009300 ff0000 7f0000 9c009c fc7f00 ffff00 00fc00 009393 00ffff",
  "0000fc ff00ff 7f7f7f d2d2d2 470000 472100 474700 324700 004700 00472c 004747 002747",
  "000047 2e0047 470047 47002a 740000 743a00 747400 517400 007400 007449 007474 004074",
  "000074 4b0074 740074 740045 b50000 b56300 b5b500 7db500 00b500 00b571 00b5b5 0063b5",
  "0000b5 7500b5 b500b5 b5006b ff0000 ff8c00 ffff00 b2ff00 00ff00 00ffa0 00ffff 008cff",
  "0000ff a500ff ff00ff ff0098 ff5959 ffb459 ffff71 cfff60 6fff6f 65ffc9 6dffff 59b4ff",
  "5959ff c459ff ff66ff ff59bc ff9c9c ffd39c ffff9c e2ff9c 9cff9c 9cffdb 9cffff 9cd3ff",
  "9c9cff dc9cff ff9cff ff94d3 000000 131313 282828 363636 4d4d4d 656565 818181 9f9f9f",
  "bcbcbc e2e2e2 ffffff",
].join(" ").split(" ").map((hex) => `#${hex}`);

/** @type {Record<string, "bold" | "italic" | "underline" | "strikethrough" | "monospace" | "reverse">} */
const TOGGLES = {
  "\x02": "bold",
  "\x1d": "italic",
  "\x1f": "underline",
  "\x1e": "strikethrough",
  "\x11": "monospace",
  "\x16": "reverse",
};

/**
 * Every formatting code: a toggle, a colour (\x03, \x04) or the reset (\x0f). Searched for
 * with one regular expression, not tested a character at a time: most lines have none, and
 * a flood's are read twice each (the mention check, then the drawing).
 */
// deno-lint-ignore no-control-regex
const CONTROL = /[\x02\x03\x04\x0f\x11\x16\x1d\x1e\x1f]/g;

/** @returns {Style} */
function plain() {
  return {
    bold: false,
    italic: false,
    underline: false,
    strikethrough: false,
    monospace: false,
    reverse: false,
  };
}

/** @param {string} digits @returns {string | undefined} */
function paletteColor(digits) {
  return PALETTE[Number(digits)];
}

/**
 * Reads mIRC formatting codes into runs of text, each with the style in force; the codes
 * themselves are dropped. Colours come as `#rrggbb` (99 and a bare code mean "default").
 *
 * @example
 * ```ts
 * import { parseFormatting } from "./format.js";
 * const runs = parseFormatting("a \x0304,01red\x0f b");
 * console.log(runs.map((r) => [r.text, r.style.fg ?? "", r.style.bg ?? ""]));
 * // [["a ", "", ""], ["red", "#ff0000", "#000000"], [" b", "", ""]]
 * ```
 * @param {string} text
 * @returns {Run[]}
 */
export function parseFormatting(text) {
  /** @type {Run[]} */
  const runs = [];
  /** @type {Style} */
  let style = plain();
  let start = 0;
  let i = 0;
  const flush = (/** @type {number} */ end) => {
    if (end > start) runs.push({ text: text.slice(start, end), style: { ...style } });
  };
  while (i < text.length) {
    CONTROL.lastIndex = i;
    const found = CONTROL.exec(text);
    if (found === null) {
      i = text.length;
      break;
    }
    i = found.index;
    const c = text[i];
    flush(i);
    i++;
    const toggle = TOGGLES[c];
    if (toggle) {
      style[toggle] = !style[toggle];
    } else if (c === "\x0f") {
      style = plain();
    } else if (c === "\x03") {
      const m = /^(\d{1,2})(?:,(\d{1,2}))?/.exec(text.slice(i, i + 5));
      if (!m) {
        delete style.fg;
        delete style.bg;
      } else {
        i += m[0].length;
        setColor(style, "fg", paletteColor(m[1]));
        if (m[2] !== undefined) setColor(style, "bg", paletteColor(m[2]));
      }
    } else if (c === "\x04") {
      const m = /^([0-9a-fA-F]{6})(?:,([0-9a-fA-F]{6}))?/.exec(text.slice(i, i + 13));
      if (!m) {
        delete style.fg;
        delete style.bg;
      } else {
        i += m[0].length;
        style.fg = `#${m[1].toLowerCase()}`;
        if (m[2] !== undefined) style.bg = `#${m[2].toLowerCase()}`;
      }
    }
    start = i;
  }
  flush(i);
  return runs;
}

/** @param {Style} style @param {"fg" | "bg"} which @param {string | undefined} color */
function setColor(style, which, color) {
  if (color === undefined) delete style[which];
  else style[which] = color;
}

/**
 * The text without its formatting codes.
 *
 * @example
 * ```ts
 * import { stripFormatting } from "./format.js";
 * console.log(stripFormatting("\x02bold\x02 \x0312blue")); // "bold blue"
 * ```
 * @param {string} text
 * @returns {string}
 */
export function stripFormatting(text) {
  CONTROL.lastIndex = 0;
  if (!CONTROL.test(text)) return text;
  return parseFormatting(text).map((run) => run.text).join("");
}

/**
 * Schemes a link may have: anything else (javascript:, data:…) stays plain text.
 *
 * @example
 * ```ts
 * import { LINK_SCHEMES } from "./format.js";
 * console.log(LINK_SCHEMES.includes("javascript:")); // false
 * ```
 */
export const LINK_SCHEMES = ["http:", "https:", "irc:", "ircs:"];

// A link ends at a control character as at a space.
// deno-lint-ignore no-control-regex
const LINK = /\b(?:https?|ircs?):\/\/[^\s<>"'\x00-\x1f]+/gi;
const CLOSERS = { ")": "(", "]": "[", "}": "{" };

/**
 * Where a link found at `url` really ends: trailing punctuation, and a closing bracket with
 * no opening one inside, belong to the sentence.
 * @param {string} url
 * @returns {string}
 */
function trimLink(url) {
  let end = url.length;
  while (end > 0) {
    const c = url[end - 1];
    if (".,;:!?'\"*".includes(c)) {
      end--;
      continue;
    }
    if (c === ")" || c === "]" || c === "}") {
      const body = url.slice(0, end);
      const open = CLOSERS[c];
      if (body.split(c).length > body.split(open).length) {
        end--;
        continue;
      }
    }
    break;
  }
  return url.slice(0, end);
}

/**
 * The link a piece of text may safely point to, or `undefined`: only http, https, irc and
 * ircs URLs that parse.
 *
 * @example
 * ```ts
 * import { safeHref } from "./format.js";
 * console.log(safeHref("javascript:alert(1)")); // undefined
 * ```
 * @param {string} candidate
 * @returns {string | undefined}
 */
export function safeHref(candidate) {
  try {
    const url = new URL(candidate);
    return LINK_SCHEMES.includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Splits text into plain pieces and links (http, https, irc, ircs only), trailing
 * punctuation left outside the link.
 *
 * @example
 * ```ts
 * import { findLinks } from "./format.js";
 * console.log(findLinks("see https://deno.com/x."));
 * // [{ text: "see " }, { text: "https://deno.com/x", href: "https://deno.com/x" }, { text: "." }]
 * ```
 * @param {string} text
 * @returns {Piece[]}
 */
export function findLinks(text) {
  /** @type {Piece[]} */
  const pieces = [];
  // Every link has its "://": most lines have none, and need no search.
  if (!text.includes("://")) {
    if (text !== "") pieces.push({ text });
    return pieces;
  }
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = trimLink(match[0]);
    const href = safeHref(url);
    if (!href || match.index === undefined) continue;
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push({ text: url, href });
    last = match.index + url.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
