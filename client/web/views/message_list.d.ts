/**
 * Types of the message list view (the implementation is message_list.js).
 *
 * @module
 */
import type { Buffer, Line } from "../page_state.js";

/**
 * The lines of the buffer shown: `div.line.<kind>` (`.highlight` on a mention) holding
 * `.time`, `.nick` and `.text` (formatted, links clickable). A line with a msgid has a
 * Reply button (`.reply-action`), a Delete button where the network allows it, and its reactions (`.reactions`: a button per reaction with
 * its count, then "Add reaction" and its picker); a reply starts with a `.quote` of the message it answers
 * and a button that jumps to it. A deleted line reads "Deleted" (`.text.deleted`).
 * While the view follows the end only the newest two screens of lines are drawn; scrolling
 * near the top draws older lines of the buffer above them. A flush draws at most 20 new
 * lines and reads no layout, so a flood's frames stay short.
 *
 * @example
 * ```ts ignore
 * import { MessageList } from "./message_list.js";
 * const list = new MessageList(document.getElementById("messages")!, {
 *   colorOf: () => undefined,
 *   quoteOf: () => "missing",
 *   onReply: () => {},
 *   onJump: () => {},
 *   onReact: () => {},
 *   onDelete: () => {},
 *   canDelete: () => false,
 *   ownNick: () => "alice",
 *   foldNick: (_, nick) => nick.toLowerCase(),
 * });
 * list.append(1, { kind: "message", time: Date.now(), nick: "bob", text: "\x02hi" });
 * list.flush();
 * ```
 */
export declare class MessageList {
  constructor(box: HTMLElement, options: MessageListOptions);
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
  /** Fills the quotes of the replies to `msgid` drawn now (its original was just fetched). */
  refreshQuotes(networkId: number, msgid: string): void;
  /** Draws `line` again if it is drawn (a reaction, a deletion), and the quotes of it. */
  redrawLine(networkId: number, line: Line): void;
  /** Draws each of `lines` again, in one pass however many changed. */
  redrawLines(networkId: number, lines: ReadonlySet<Line>): void;
  /** Reveals the line with `msgid` as `reveal` does; false when the buffer does not hold it. */
  revealMessage(msgid: string): boolean;
}

/**
 * What a reply's quote shows of the message it answers: its sender and text, `"loading"`
 * while it is fetched, or `"missing"` when the history lacks it.
 *
 * @example
 * ```ts
 * import type { Quote } from "./message_list.js";
 * const quote: Quote = { nick: "bob", text: "what time is it?" };
 * ```
 */
export type Quote = { nick: string; text: string } | "loading" | "missing";

/**
 * What the message list asks of the page.
 *
 * @example
 * ```ts
 * import type { MessageListOptions } from "./message_list.js";
 * const options: MessageListOptions = {
 *   colorOf: () => undefined,
 *   quoteOf: () => "loading",
 *   onReply: (line) => console.log(line.msgid),
 *   onJump: (msgid) => console.log(msgid),
 *   onReact: (line, reaction, remove) => console.log(line.msgid, reaction, remove),
 *   onDelete: (line) => console.log(line.msgid),
 *   canDelete: () => true,
 *   ownNick: () => "alice",
 *   foldNick: (_, nick) => nick.toLowerCase(),
 * };
 * ```
 */
export interface MessageListOptions {
  /** A nick's colour, if a plugin gave it one. */
  colorOf: (networkId: number, nick: string) => string | undefined;
  /**
   * Whether a nick is a bot now (its roster entry): a message from the history, which keeps
   * no `bot` tag, is marked as a live one is. Absent means only the line's own mark counts.
   */
  isBot?: (networkId: number, nick: string) => boolean;
  /** The original of a reply, as its quote shows it (the page fetches what it lacks). */
  quoteOf: (networkId: number, msgid: string) => Quote;
  /** The Reply button of a line was pressed. */
  onReply: (line: Line) => void;
  /** A quote's jump was pressed. */
  onJump: (msgid: string) => void;
  /** A reaction was picked for `line`, or ours pressed to take it back (`remove`). */
  onReact: (line: Line, reaction: string, remove: boolean) => void;
  /** The Delete button of a line was pressed. */
  onDelete: (line: Line) => void;
  /** Whether the network lets messages be deleted (a Delete button is drawn then). */
  canDelete: (networkId: number) => boolean;
  /** Our nick on a network (our reactions are the pressed ones). */
  ownNick: (networkId: number) => string;
  /** Folds a nick by the network's casemapping. */
  foldNick: (networkId: number, nick: string) => string;
}

/**
 * The reactions a line's "Add reaction" picker offers.
 *
 * @example
 * ```ts
 * import { REACTIONS } from "./message_list.js";
 * console.log(REACTIONS[0]); // 👍
 * ```
 */
export declare const REACTIONS: readonly string[];
