/**
 * Types of the rich text view (the implementation is rich_text.js, loaded as-is by the page).
 *
 * @module
 */

/**
 * Message text as DOM nodes: mIRC formatting as spans (`fmt-b`, `fmt-i`, `fmt-u`, `fmt-s`,
 * `fmt-m`, `fmt-r`, colours inline), http/https/irc/ircs links as anchors with
 * `rel="noopener noreferrer"` and `target="_blank"`. Never parses HTML.
 *
 * @example
 * ```ts ignore
 * import { richText } from "./rich_text.js";
 * document.body.append(richText("\x02bold\x02 see https://deno.com"));
 * ```
 */
export declare function richText(text: string): DocumentFragment;
