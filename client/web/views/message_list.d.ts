/**
 * Types of the message list view (the implementation is message_list.js).
 *
 * @module
 */
import type { Buffer, Line } from "../page_state.js";

/**
 * The lines of the buffer shown: `div.line.<kind>` (`.highlight` on a mention) holding
 * `.time`, `.nick` and `.text` (formatted, links clickable).
 * While the view follows the end only the newest two screens of lines are drawn; scrolling
 * near the top draws older lines of the buffer above them. A flush draws at most 20 new
 * lines and reads no layout, so a flood's frames stay short.
 *
 * @example
 * ```ts ignore
 * import { MessageList } from "./message_list.js";
 * const list = new MessageList(document.getElementById("messages")!, { colorOf: () => undefined });
 * list.append(1, { kind: "message", time: Date.now(), nick: "bob", text: "\x02hi" });
 * list.flush();
 * ```
 */
export declare class MessageList {
  constructor(
    box: HTMLElement,
    options: { colorOf: (networkId: number, nick: string) => string | undefined },
  );
  /** Whether lines wait for a next frame (more came than one flush draws). */
  get pending(): boolean;
  /** Draws the newest lines of `buffer`, scrolled to the end. */
  show(networkId: number | undefined, buffer: Buffer | undefined): void;
  /** Folds runs of joins, parts, quits and nick changes (`on`, the default) or not; redraws. */
  setFolding(on: boolean): void;
  /** Draws older lines until `line` is drawn, centres it and marks it `.found`. */
  reveal(line: Line): boolean;
  /** Queues a line for the next flush. */
  append(networkId: number, line: Line): void;
  /**
   * Appends up to 20 queued lines (a backlog as long as the window replaces it at once),
   * keeping the view at the end if it was there.
   */
  flush(): void;
  /**
   * Draws up to 100 of the buffer's lines above the first drawn, keeping the view still (on
   * scrolling near the top, and after older lines were loaded into the buffer).
   */
  drawOlder(): void;
  /** Colours again the nicks of these (folded) users. */
  recolor(changed: Set<string>, fold: (nick: string) => string): void;
}
