/**
 * Types of the page's scrollback (the implementation is scrollback.js, loaded as-is by the
 * page).
 *
 * @module
 */
import type { Buffer, Line } from "./page_state.js";
import type { HistoryBuffer, HistoryLine } from "../../core/protocol.js";

/**
 * Lines asked for per page.
 *
 * @example
 * ```ts
 * import { PAGE_SIZE } from "./scrollback.js";
 * console.log(PAGE_SIZE); // 200
 * ```
 */
export declare const PAGE_SIZE: number;

/**
 * Whether a reply item is a stored line.
 *
 * @example
 * ```ts
 * import { isHistoryLine } from "./scrollback.js";
 * console.log(isHistoryLine({ id: 1 })); // false
 * ```
 */
export declare function isHistoryLine(v: unknown): v is HistoryLine;

/**
 * A stored line as the page shows it, worded and marked as the live events are: a message
 * from someone else that mentions us (`highlight`) is highlighted.
 *
 * @example
 * ```ts
 * import { lineFromStored } from "./scrollback.js";
 * const line = lineFromStored({
 *   id: 1, networkId: 1, buffer: "#deno", time: 0, kind: "join", sender: "bob", text: "",
 *   self: false,
 * });
 * console.log(line.text); // "→ bob joined"
 * ```
 */
export declare function lineFromStored(
  stored: HistoryLine,
  options?: { highlight?: Highlight },
): Line;

/**
 * Whether a message on network `networkId` mentions us: the rule live lines are marked by,
 * applied to stored ones (not to our own, which the store marks `self`).
 *
 * @example
 * ```ts
 * import type { Highlight } from "./scrollback.js";
 * const highlight: Highlight = (_networkId, text) => text.includes("bench");
 * ```
 */
export type Highlight = (networkId: number, text: string) => boolean;

/**
 * The history of the buffers the page opened, and the requests that fill it.
 *
 * @example
 * ```ts
 * import { Scrollback } from "./scrollback.js";
 * const scrollback = new Scrollback(() => Promise.resolve([]));
 * ```
 */
export declare class Scrollback {
  /**
   * Uses `request` (the page's request/reply over the socket) for every history read.
   * `highlight` marks the stored messages that mention us, as live ones are marked;
   * `ignored` drops the messages of nicks the user ignores, as live ones are dropped.
   * `applied` resolves once the frames received so far are in the buffers: a reply is
   * settled as it comes, before the events that came ahead of it are applied, and the
   * stored page is merged with the live lines only after them.
   */
  constructor(
    request: (action: Record<string, unknown> & { kind: string }) => Promise<unknown>,
    options?: {
      applied?: () => Promise<void>;
      highlight?: Highlight;
      ignored?: (networkId: number, nick: string) => boolean;
    },
  );
  /** Loads the newest stored lines the first time a buffer is opened; true when they changed. */
  open(networkId: number, buffer: Buffer): Promise<boolean>;
  /** Loads the page before the oldest line shown; resolves with how many came. */
  older(networkId: number, buffer: Buffer): Promise<number>;
  /**
   * The line a search found in `buffer`, older pages read back until it is there (by id,
   * or by time, kind, nick and words for a line that came live); `undefined` if not found.
   */
  find(networkId: number, buffer: Buffer, found: HistoryLine): Promise<Line | undefined>;
  /** Buffers with stored history and their unread counts. */
  buffers(): Promise<HistoryBuffer[]>;
  /** Searches the history, newest first. */
  search(
    query: { text: string; networkId?: number; buffer?: string; sender?: string; limit?: number },
  ): Promise<HistoryLine[]>;
  /** Loads older pages when `box` is scrolled near its top, keeping the view in place. */
  watch(
    box: HTMLElement,
    current: () => { networkId: number; buffer: Buffer } | undefined,
    redraw: () => void,
  ): void;
}
