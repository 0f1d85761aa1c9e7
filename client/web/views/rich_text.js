// @ts-check
/**
 * Draws message text with its mIRC formatting and safe links as DOM nodes. Text only ever
 * goes in through text nodes; colours come from the parser as `#rrggbb`; a link's target
 * has passed `safeHref` (http, https, irc, ircs).
 *
 * @module
 */
import { findLinks, parseFormatting } from "../format.js";

/** @typedef {import("../format.js").Style} Style */

/**
 * The element (or text node) for a piece of text in `style`.
 * @param {Style} style @param {Node} content
 * @returns {Node}
 */
function styled(style, content) {
  const classes = [];
  if (style.bold) classes.push("fmt-b");
  if (style.italic) classes.push("fmt-i");
  if (style.underline) classes.push("fmt-u");
  if (style.strikethrough) classes.push("fmt-s");
  if (style.monospace) classes.push("fmt-m");
  const fg = style.reverse ? style.bg : style.fg;
  const bg = style.reverse ? style.fg : style.bg;
  if (style.reverse && !style.fg && !style.bg) classes.push("fmt-r");
  if (classes.length === 0 && !fg && !bg) return content;
  const span = document.createElement("span");
  if (classes.length) span.className = classes.join(" ");
  if (fg) span.style.color = fg;
  if (bg) span.style.backgroundColor = bg;
  span.append(content);
  return span;
}

/**
 * The text as nodes: formatting as spans, links as anchors opening in a new tab. Text that
 * makes one node (a plain line, as most are) comes as that node, with no fragment around it
 * to make and empty.
 *
 * @example
 * ```ts ignore
 * import { richText } from "./rich_text.js";
 * document.body.append(richText("\x02bold\x02 see https://deno.com"));
 * ```
 * @param {string} text
 * @returns {Node}
 */
export function richText(text) {
  /** @type {Node[]} */
  const nodes = [];
  for (const run of parseFormatting(text)) {
    for (const piece of findLinks(run.text)) {
      /** @type {Node} */
      let node = document.createTextNode(piece.text);
      if (piece.href) {
        const a = document.createElement("a");
        a.href = piece.href;
        a.target = "_blank";
        a.rel = "noopener noreferrer";
        a.append(node);
        node = a;
      }
      nodes.push(styled(run.style, node));
    }
  }
  if (nodes.length === 1) return nodes[0];
  const fragment = document.createDocumentFragment();
  fragment.append(...nodes);
  return fragment;
}
