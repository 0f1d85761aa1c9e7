/**
 * Types of the quick switcher (the implementation is switcher.js).
 *
 * @module
 */

/**
 * A buffer the switcher can open: its network, name and counts.
 *
 * @example
 * ```ts
 * import type { SwitcherEntry } from "./switcher.js";
 * const entry: SwitcherEntry = {
 *   networkId: 1, network: "Libera", key: "#deno", name: "#deno", unread: 0, highlights: 0,
 * };
 * ```
 */
export interface SwitcherEntry {
  /** The network's id. */
  networkId: number;
  /** The network's name. */
  network: string;
  /** The buffer's key in its network. */
  key: string;
  /** The buffer's name. */
  name: string;
  /** Its unread lines. */
  unread: number;
  /** Mentions among them. */
  highlights: number;
}

/**
 * The entries whose name holds the query, best first: starting with it, then with
 * mentions, then unread, each in the order given; at most 20.
 *
 * @example
 * ```ts
 * import { matchBuffers } from "./switcher.js";
 * const entry = (name: string, unread = 0) =>
 *   ({ networkId: 1, network: "L", key: name, name, unread, highlights: 0 });
 * console.log(matchBuffers([entry("#deno-dev"), entry("#lounge", 2), entry("#deno")], "deno")
 *   .map((e) => e.name)); // ["#deno-dev", "#deno"]
 * ```
 */
export declare function matchBuffers<T extends SwitcherEntry>(
  entries: readonly T[],
  query: string,
): T[];

/**
 * The switcher dialog: typing filters, arrows move, Enter or a click opens.
 *
 * @example
 * ```ts ignore
 * import { Switcher } from "./switcher.js";
 * const switcher = new Switcher(
 *   { dialog, input, list },
 *   { entries: () => [], choose: (entry) => console.log(entry.name) },
 * );
 * switcher.open();
 * ```
 */
export declare class Switcher {
  constructor(
    parts: { dialog: HTMLDialogElement; input: HTMLInputElement; list: HTMLElement },
    options: { entries: () => SwitcherEntry[]; choose: (entry: SwitcherEntry) => void },
  );
  /** Opens it, empty, listing every buffer. */
  open(): void;
}
