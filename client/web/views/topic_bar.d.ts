/**
 * Types of the topic bar view (the implementation is topic_bar.js).
 *
 * @module
 */
import type { Buffer } from "../page_state.js";

/**
 * Draws a channel's topic (formatted, links clickable), else the buffer's name.
 *
 * @example
 * ```ts ignore
 * import { renderTopic } from "./topic_bar.js";
 * renderTopic(document.getElementById("topic")!, undefined);
 * ```
 */
export declare function renderTopic(bar: HTMLElement, buffer: Buffer | undefined): void;
