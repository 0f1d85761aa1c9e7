// @ts-check
/**
 * The bar above the messages: the buffer's name, and beside a channel's name its topic
 * (formatted, links clickable).
 *
 * @module
 */
import { richText } from "./rich_text.js";

/** @typedef {import("../page_state.js").Buffer} Buffer */

/**
 * Draws the name and topic of `buffer`.
 *
 * @example
 * ```ts ignore
 * import { renderTopic } from "./topic_bar.js";
 * renderTopic(document.getElementById("topic")!, undefined);
 * ```
 * @param {HTMLElement} bar @param {Buffer | undefined} buffer
 */
export function renderTopic(bar, buffer) {
  if (!buffer) return bar.replaceChildren();
  const name = document.createElement("strong");
  name.className = "buffer-name";
  name.textContent = buffer.name;
  const topic = document.createElement("span");
  topic.className = "topic-text";
  if (buffer.type === "channel") topic.append(richText(buffer.topic));
  bar.replaceChildren(name, topic);
  bar.title = buffer.type === "channel" && buffer.topic ? `${buffer.name}: ${buffer.topic}` : "";
}
