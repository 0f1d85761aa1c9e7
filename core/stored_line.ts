/**
 * What a stored line is: one of the message-bearing events of a buffer.
 *
 * @example
 * ```ts
 * import type { LineKind } from "./stored_line.ts";
 * const kind: LineKind = "action";
 * ```
 */
export type LineKind =
  | "message"
  | "notice"
  | "action"
  | "join"
  | "part"
  | "quit"
  | "kick"
  | "nick"
  | "topic"
  | "mode"
  | "reply";

/**
 * One line of a buffer as the history store keeps it.
 *
 * `sender` and `text` by kind: a message, notice or action is its sender and text; a join
 * has an empty text; a part or quit holds the reason; a kick is sent by the kicker and its
 * text is the kicked nick, a space, then the reason; a nick change is sent by the old nick
 * and its text is the new nick; a topic or mode change is sent by its setter and its text is
 * the topic or the modes with their parameters. A standard reply (`FAIL`, `WARN`, `NOTE`) is
 * sent by its type, and its text is the command, code and context, a colon, then the
 * description; one that concerns no channel or conversation is kept in buffer `*`, the
 * network's own.
 *
 * @example
 * ```ts
 * import type { StoredLine } from "./stored_line.ts";
 * const line: StoredLine = {
 *   id: 1,
 *   networkId: 1,
 *   buffer: "#deno",
 *   time: Date.UTC(2026, 10, 26, 12, 0, 1),
 *   msgid: "abc",
 *   kind: "message",
 *   sender: "alice",
 *   text: "hello",
 *   self: false,
 * };
 * ```
 */
export interface StoredLine {
  /** The store's id for the line; larger ids were stored later (not always newer). */
  id: number;
  /** The network the line belongs to. */
  networkId: number;
  /** The channel, or the other party's nick for a private conversation. */
  buffer: string;
  /** When it was sent, in ms since the epoch: the server's time when it sent one. */
  time: number;
  /** The IRCv3 message id, when the server sent one. */
  msgid?: string;
  /** The msgid of the message this one answers (IRCv3 `+draft/reply`). */
  replyTo?: string;
  /** True when it was deleted (IRCv3 `REDACT`): its text is then empty. */
  redacted?: boolean;
  /** The reactions to it, each with who reacted, in the order they came (none: absent). */
  reactions?: LineReaction[];
  /** What happened. */
  kind: LineKind;
  /** Who sent it (see the kinds above). */
  sender: string;
  /** Its text (see the kinds above). */
  text: string;
  /** True for the user's own lines. */
  self: boolean;
}

/**
 * One reaction to a line and who reacted with it, in the order they did.
 *
 * @example
 * ```ts
 * import type { LineReaction } from "./stored_line.ts";
 * const thumbs: LineReaction = { reaction: "👍", senders: ["bob", "carol"] };
 * ```
 */
export interface LineReaction {
  /** The reaction, usually one emoji. */
  reaction: string;
  /** Who reacted with it, in the order they did. */
  senders: string[];
}

/** Kinds in their stored (integer) order; never reorder, only append. */
export const LINE_KINDS: readonly LineKind[] = [
  "message",
  "notice",
  "action",
  "join",
  "part",
  "quit",
  "kick",
  "nick",
  "topic",
  "mode",
  "reply",
];

/**
 * A search over stored lines. `text` is matched as substrings, word by word (all must
 * occur); FTS5 syntax in it is plain text.
 *
 * @example
 * ```ts
 * import type { SearchQuery } from "./stored_line.ts";
 * const query: SearchQuery = { text: "deploy failed", networkId: 1, buffer: "#ops" };
 * ```
 */
export interface SearchQuery {
  /** The words to find. */
  text: string;
  /** Only this network. */
  networkId?: number;
  /** Only this buffer (with `networkId`, or on any network). */
  buffer?: string;
  /** Only lines from this nick (case-insensitive). */
  sender?: string;
  /** Only lines at or after this time (ms since the epoch). */
  since?: number;
  /** Only lines before this time (ms since the epoch). */
  until?: number;
  /** At most this many lines (default 200, at most 5000). */
  limit?: number;
}

/**
 * A buffer the store holds lines for, with its last-read position.
 *
 * @example
 * ```ts
 * import type { StoredBuffer } from "./stored_line.ts";
 * const buffer: StoredBuffer = { networkId: 1, name: "#deno", readTime: 0 };
 * ```
 */
export interface StoredBuffer {
  /** The network. */
  networkId: number;
  /** The buffer's name as first stored. */
  name: string;
  /** The last-read position (ms since the epoch), when one was recorded. */
  readTime?: number;
}
