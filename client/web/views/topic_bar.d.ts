/**
 * Types of the topic bar view (the implementation is topic_bar.js).
 *
 * @module
 */
import type { Buffer } from "../page_state.js";

/**
 * Draws the buffer's name (`.buffer-name`) and, for a channel, its topic beside it
 * (`.topic-text`, formatted, links clickable).
 *
 * @example
 * ```ts ignore
 * import { renderTopic } from "./topic_bar.js";
 * renderTopic(document.getElementById("topic")!, undefined);
 * ```
 */
export declare function renderTopic(bar: HTMLElement, buffer: Buffer | undefined): void;
