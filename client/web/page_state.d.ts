/**
 * Types of the page's model (the implementation is page_state.js, loaded as-is by the page).
 *
 * @module
 */
import type { Membership } from "../../core/membership.js";
import type { Presence } from "../../core/event_text.js";
export type { Presence };
import type { NetworkView } from "../../core/protocol.js";

/**
 * One line of a buffer.
 *
 * @example
 * ```ts
 * import type { Line } from "./page_state.js";
 * const line: Line = { kind: "message", time: 0, nick: "bob", text: "hi" };
 * ```
 */
export interface Line {
  /** `message`, `action`, `notice`, `event`, `motd`, `error` or `reply` (a standard reply). */
  kind: string;
  /** When, in ms since the epoch. */
  time: number;
  /** Who said it, for messages. */
  nick?: string;
  /** The text. */
  text: string;
  /** The history store's id, for lines loaded from it (`before` of the next older page). */
  id?: number;
  /** It mentions us (our nick or a highlight word). */
  highlight?: boolean;
  /** A join, part, quit or nick change: runs of them fold into one line. */
  presence?: Presence;
  /** The IRCv3 msgid, when the server gave one (a reply can answer it). */
  msgid?: string;
  /** The msgid of the message it answers (IRCv3 `+draft/reply`). */
  replyTo?: string;
  /** It was deleted (IRCv3 `REDACT`): shown as "Deleted", its text empty. */
  redacted?: boolean;
  /** Its sender is a bot (IRCv3 bot mode). */
  bot?: boolean;
  /** For a standard reply: `FAIL`, `WARN` or `NOTE`. */
  reply?: "FAIL" | "WARN" | "NOTE";
  /** Reactions to it, each with who reacted, in the order they came. */
  reactions?: { reaction: string; senders: string[] }[];
}

/**
 * A server, channel or query buffer.
 *
 * @example
 * ```ts
 * import { newBuffer } from "./page_state.js";
 * console.log(newBuffer("#a", "channel", "#A").lines.length); // 0
 * ```
 */
export interface Buffer {
  /** The key within the network (`*` for the server buffer). */
  key: string;
  /** What it shows. */
  type: "server" | "channel" | "query";
  /** The channel, peer or network name. */
  name: string;
  /** Its lines, oldest first. */
  lines: Line[];
  /** Messages since it was last shown. */
  unread: number;
  /** Mentions and private messages among them. */
  highlights: number;
  /** The channel topic. */
  topic: string;
  /** Whether we are in the channel. */
  joined: boolean;
  /**
   * Lines kept while older ones read back from the history are in it (see
   * {@linkcode keepReadBack}); {@linkcode MAX_LINES} when unset.
   */
  limit?: number;
}

/**
 * A network as the page keeps it: the backend's view, its buffers and its membership.
 *
 * @example
 * ```ts
 * import { netFrom } from "./page_state.js";
 * const net = netFrom({
 *   id: 1, name: "L", host: "h", port: 6667, tls: false, nick: "me", autoconnect: false,
 *   hasPassword: false, hasSaslPassword: false, state: "connected", currentNick: "me", channels: [],
 * }, undefined);
 * console.log([...net.buffers.keys()]); // ["*"]
 * ```
 */
export interface Net extends Omit<NetworkView, "channels"> {
  /** Buffers by key. */
  buffers: Map<string, Buffer>;
  /** Who is in which channel. */
  members: Membership;
}

/** Lines kept per buffer.
 *
 * @example
 * ```ts
 * import { MAX_LINES } from "./page_state.js";
 * console.log(MAX_LINES); // 1000
 * ```
 */
export declare const MAX_LINES: number;

/** Lines a buffer holds at most, however far back it is read.
 *
 * @example
 * ```ts
 * import { MAX_HELD } from "./page_state.js";
 * console.log(MAX_HELD); // 10000
 * ```
 */
export declare const MAX_HELD: number;

/**
 * Older lines were read back into `buffer`: it keeps them, with room for
 * {@linkcode MAX_LINES} new ones, up to {@linkcode MAX_HELD}, until it is left
 * ({@linkcode forgetReadBack}).
 *
 * @example
 * ```ts
 * import { keepReadBack, newBuffer } from "./page_state.js";
 * const buffer = newBuffer("#a", "channel", "#a");
 * buffer.lines = Array.from({ length: 1500 }, () => ({ kind: "event", text: "x", time: 0 }));
 * keepReadBack(buffer);
 * console.log(buffer.limit); // 2500
 * ```
 */
export declare function keepReadBack(buffer: Buffer): void;

/**
 * The buffer was left: it goes back to its newest {@linkcode MAX_LINES}.
 *
 * @example
 * ```ts
 * import { forgetReadBack, keepReadBack, newBuffer } from "./page_state.js";
 * const buffer = newBuffer("#a", "channel", "#a");
 * buffer.lines = Array.from({ length: 1500 }, () => ({ kind: "event", text: "x", time: 0 }));
 * keepReadBack(buffer);
 * forgetReadBack(buffer);
 * console.log(buffer.lines.length, buffer.limit); // 1000 undefined
 * ```
 */
export declare function forgetReadBack(buffer: Buffer): void;

/**
 * A buffer's key within its network: its name folded by the network's CASEMAPPING
 * (default `rfc1459`), the one fold the backend uses too.
 *
 * @example
 * ```ts
 * import { bufferKey } from "./page_state.js";
 * console.log(bufferKey("Nick[m]", "rfc1459")); // "nick{m}"
 * console.log(bufferKey("#Ä", "ascii")); // "#Ä"
 * ```
 */
export declare function bufferKey(name: string, casemapping?: string): string;

/** An empty buffer.
 *
 * @example
 * ```ts
 * import { newBuffer } from "./page_state.js";
 * console.log(newBuffer("*", "server", "Libera").type); // "server"
 * ```
 */
export declare function newBuffer(key: string, type: Buffer["type"], name: string): Buffer;

/** The buffer named `name`, created (of `type`) when missing.
 *
 * @example
 * ```ts
 * import { ensureBuffer, netFrom } from "./page_state.js";
 * const net = netFrom({
 *   id: 1, name: "L", host: "h", port: 6667, tls: false, nick: "me", autoconnect: false,
 *   hasPassword: false, hasSaslPassword: false, state: "connected", currentNick: "me", channels: [],
 * }, undefined);
 * console.log(ensureBuffer(net, "Bob", "query") === ensureBuffer(net, "BOB", "query")); // true
 * ```
 */
export declare function ensureBuffer(net: Net, name: string, type: Buffer["type"]): Buffer;

/** A network from the backend's view, keeping the buffers and membership of `old`.
 *
 * @example
 * ```ts
 * import { netFrom } from "./page_state.js";
 * const net = netFrom({
 *   id: 1, name: "L", host: "h", port: 6667, tls: false, nick: "me", autoconnect: false,
 *   hasPassword: false, hasSaslPassword: false, state: "connected", currentNick: "me",
 *   channels: [{ name: "#a", topic: "hi", members: ["@me", "bob"] }],
 * }, undefined);
 * console.log(net.members.members("#a")?.map((m) => m.prefix + m.nick)); // ["@me", "bob"]
 * ```
 */
export declare function netFrom(view: NetworkView, old: Net | undefined): Net;

/** Appends a line, dropping the oldest beyond `max` (default: the buffer's `limit`, else
 * {@linkcode MAX_LINES}).
 *
 * @example
 * ```ts
 * import { newBuffer, pushLine } from "./page_state.js";
 * const buffer = newBuffer("#a", "channel", "#a");
 * pushLine(buffer, { kind: "event", text: "one" }, 1);
 * pushLine(buffer, { kind: "event", text: "two" }, 1);
 * console.log(buffer.lines.map((l) => l.text)); // ["two"]
 * ```
 */
export declare function pushLine(
  buffer: Buffer,
  line: Omit<Line, "time"> & { time?: number },
  max?: number,
): Line;
