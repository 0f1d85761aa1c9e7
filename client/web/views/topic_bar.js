// @ts-self-types="./topic_bar.d.ts"
// @ts-check
/**
 * The bar above the messages: a channel's topic (formatted, links clickable), else the name.
 *
 * @module
 */
import { richText } from "./rich_text.js";

/** @typedef {import("../page_state.d.ts").Buffer} Buffer */

/**
 * Draws the topic of `buffer`.
 * @param {HTMLElement} bar @param {Buffer | undefined} buffer
 */
export function renderTopic(bar, buffer) {
  const text = buffer?.type === "channel" ? buffer.topic || buffer.name : buffer?.name ?? "";
  bar.replaceChildren(richText(text));
  bar.title = buffer?.type === "channel" ? buffer.topic : "";
}
