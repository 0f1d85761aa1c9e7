/**
 * Types of the rail and buffer list views (the implementation is buffer_list.js).
 *
 * @module
 */
import type { Buffer, Net } from "../page_state.js";

/**
 * A network's buffers in list order: server buffer, channels, queries, each by name.
 *
 * @example
 * ```ts
 * import { bufferOrder } from "./buffer_list.js";
 * import { newBuffer } from "../page_state.js";
 * const order = bufferOrder([newBuffer("bob", "query", "bob"), newBuffer("*", "server", "L")]);
 * console.log(order.map((b) => b.key)); // ["*", "bob"]
 * ```
 */
export declare function bufferOrder(buffers: Iterable<Buffer>): Buffer[];

/**
 * The rail's labels, one per network name, distinct at a glance: initials or the first two
 * characters; where those clash, the first character and a trailing number or the first
 * character the names differ by; alike names numbered.
 *
 * @example
 * ```ts
 * import { railLabels } from "./buffer_list.js";
 * console.log(railLabels(["Net1", "Net2", "Net3", "Libera Chat", "OFTC"])); // ["N1", "N2", "N3", "LC", "OF"]
 * ```
 */
export declare function railLabels(names: readonly string[]): string[];

/**
 * Draws the rail: a button per network (`.selected`, `.connected`, `.unread`).
 *
 * @example
 * ```ts ignore
 * import { renderRail } from "./buffer_list.js";
 * renderRail(document.getElementById("network-buttons")!, [], undefined, () => {});
 * ```
 */
export declare function renderRail(
  box: HTMLElement,
  networks: Iterable<Net>,
  selected: number | undefined,
  onSelect: (networkId: number) => void,
): void;

/**
 * Draws a network's buffer list with unread (and highlight) counts.
 *
 * @example
 * ```ts ignore
 * import { renderBuffers } from "./buffer_list.js";
 * renderBuffers(document.getElementById("buffer-list")!, undefined, undefined, () => {});
 * ```
 */
export declare function renderBuffers(
  list: HTMLElement,
  net: Net | undefined,
  selected: string | undefined,
  onSelect: (key: string) => void,
): void;
