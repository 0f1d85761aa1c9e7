// @ts-check
/**
 * The page's model of networks and their buffers (server, channel, query), with no DOM: the
 * page draws from it, and tests drive it under Deno.
 *
 * @module
 */
import { casefold } from "../../core/casemapping.js";
import { Membership } from "../../core/membership.js";

/**
 * One line of a buffer.
 *
 * @example
 * ```ts
 * import type { Line } from "./page_state.js";
 * const line: Line = { kind: "message", time: 0, nick: "bob", text: "hi" };
 * ```
 * @typedef {object} Line
 * @property {string} kind `message`, `action`, `notice`, `event`, `motd`, `error` or `reply` (a
 *   standard reply).
 * @property {number} time When, in ms since the epoch.
 * @property {string} [nick] Who said it, for messages.
 * @property {string} text The text.
 * @property {number} [id] The history store's id, for lines loaded from it (`before` of the next
 *   older page).
 * @property {boolean} [highlight] It mentions us (our nick or a highlight word).
 * @property {Presence} [presence] A join, part, quit or nick change: runs of them fold into one
 *   line.
 * @property {string} [msgid] The IRCv3 msgid, when the server gave one (a reply can answer it).
 * @property {string} [replyTo] The msgid of the message it answers (IRCv3 `+draft/reply`).
 * @property {boolean} [redacted] It was deleted (IRCv3 `REDACT`): shown as "Deleted", its text
 *   empty.
 * @property {boolean} [bot] Its sender is a bot (IRCv3 bot mode).
 * @property {"FAIL" | "WARN" | "NOTE"} [reply] For a standard reply: `FAIL`, `WARN` or `NOTE`.
 * @property {{ reaction: string; senders: string[] }[]} [reactions] Reactions to it, each with who
 *   reacted, in the order they came.
 */

/**
 * A server, channel or query buffer.
 *
 * @example
 * ```ts
 * import { newBuffer } from "./page_state.js";
 * console.log(newBuffer("#a", "channel", "#A").lines.length); // 0
 * ```
 * @typedef {object} Buffer
 * @property {string} key The key within the network (`*` for the server buffer).
 * @property {"server" | "channel" | "query"} type What it shows.
 * @property {string} name The channel, peer or network name.
 * @property {Line[]} lines Its lines, oldest first.
 * @property {number} unread Messages since it was last shown.
 * @property {number} highlights Mentions and private messages among them.
 * @property {string} topic The channel topic.
 * @property {boolean} joined Whether we are in the channel.
 * @property {number} [limit] Lines kept while older ones read back from the history are in it (see
 *   {@linkcode keepReadBack}); {@linkcode MAX_LINES} when unset.
 */

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
 * @typedef {Omit<NetworkView, "channels"> & NetParts} Net
 */

/**
 * What the page adds to the backend's view of a network.
 * @typedef {object} NetParts
 * @property {Map<string, Buffer>} buffers Buffers by key.
 * @property {Membership} members Who is in which channel.
 */

/** @typedef {import("../../core/protocol.js").NetworkView} NetworkView */
/** @typedef {import("../../core/event_text.js").Presence} Presence */

/**
 * Lines kept per buffer; older ones are dropped.
 *
 * @example
 * ```ts
 * import { MAX_LINES } from "./page_state.js";
 * console.log(MAX_LINES); // 1000
 * ```
 */
export const MAX_LINES = 1000;
/**
 * Lines a buffer holds at most, however far back it is read.
 *
 * @example
 * ```ts
 * import { MAX_HELD } from "./page_state.js";
 * console.log(MAX_HELD); // 10000
 * ```
 */
export const MAX_HELD = 10 * MAX_LINES;

/**
 * A buffer's key within its network: its name folded by the network's CASEMAPPING (the one
 * fold the backend uses too), so `#[m]` and `#{m}` are one buffer on rfc1459 and `#Ä` and
 * `#ä` are two on ascii.
 *
 * @example
 * ```ts
 * import { bufferKey } from "./page_state.js";
 * console.log(bufferKey("Nick[m]", "rfc1459")); // "nick{m}"
 * console.log(bufferKey("#Ä", "ascii")); // "#Ä"
 * ```
 * @param {string} name @param {string} [casemapping]
 * @returns {string}
 */
export function bufferKey(name, casemapping = "rfc1459") {
  return casefold(name, casemapping);
}

/**
 * An empty buffer.
 *
 * @example
 * ```ts
 * import { newBuffer } from "./page_state.js";
 * console.log(newBuffer("*", "server", "Libera").type); // "server"
 * ```
 * @param {string} key @param {Buffer["type"]} type @param {string} name
 * @returns {Buffer}
 */
export function newBuffer(key, type, name) {
  return { key, type, name, lines: [], unread: 0, highlights: 0, topic: "", joined: false };
}

/**
 * The buffer named `name` in `net`, created (of `type`) when missing.
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
 * @param {Net} net @param {string} name @param {Buffer["type"]} type
 * @returns {Buffer}
 */
export function ensureBuffer(net, name, type) {
  const key = net.members.fold(name);
  let buffer = net.buffers.get(key);
  if (!buffer) net.buffers.set(key, buffer = newBuffer(key, type, name));
  return buffer;
}

/**
 * A network from the backend's view, keeping the buffers and membership of `old` (the same
 * network before), with its channels joined and their members and topics applied.
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
 * @param {import("../../core/protocol.js").NetworkView} view @param {Net | undefined} old
 * @returns {Net}
 */
export function netFrom(view, old) {
  const { channels, ...fields } = view;
  const casemapping = view.casemapping ?? old?.casemapping ?? "rfc1459";
  const same = old !== undefined && (old.casemapping ?? "rfc1459") === casemapping;
  const buffers = same ? old.buffers : refold(old?.buffers ?? new Map(), casemapping);
  if (!buffers.has("*")) buffers.set("*", newBuffer("*", "server", view.name));
  // The channels come whole with each view, so a new fold starts a new membership from them.
  const members = same ? old.members : new Membership({ casemapping });
  /** @type {Net} */
  const net = { ...fields, casemapping, buffers, members };
  for (const channel of channels) {
    const buffer = ensureBuffer(net, channel.name, "channel");
    buffer.joined = true;
    buffer.topic = channel.topic;
    net.members.apply({
      type: "channel.names.complete",
      data: { networkId: net.id, channel: channel.name, users: channel.members },
    });
  }
  return net;
}

/**
 * The buffers keyed again by `casemapping` (the network told its CASEMAPPING once it
 * connected): buffers that fold to one key become one, their lines in time order.
 * @param {Map<string, Buffer>} buffers @param {string} casemapping
 * @returns {Map<string, Buffer>}
 */
function refold(buffers, casemapping) {
  /** @type {Map<string, Buffer>} */
  const out = new Map();
  for (const buffer of buffers.values()) {
    const key = buffer.key === "*" ? "*" : bufferKey(buffer.name, casemapping);
    const kept = out.get(key);
    if (kept === undefined) {
      buffer.key = key;
      out.set(key, buffer);
    } else {
      kept.lines = [...kept.lines, ...buffer.lines].sort((a, b) => a.time - b.time);
      kept.unread += buffer.unread;
      kept.highlights += buffer.highlights;
      kept.joined ||= buffer.joined;
    }
  }
  return out;
}

/**
 * Older lines were read back into `buffer`: kept, with room for MAX_LINES new ones (up to
 * MAX_HELD), so a line arriving meanwhile does not drop what the reader just loaded.
 *
 * @example
 * ```ts
 * import { keepReadBack, newBuffer } from "./page_state.js";
 * const buffer = newBuffer("#a", "channel", "#a");
 * buffer.lines = Array.from({ length: 1500 }, () => ({ kind: "event", text: "x", time: 0 }));
 * keepReadBack(buffer);
 * console.log(buffer.limit); // 2500
 * ```
 * @param {Buffer} buffer
 */
export function keepReadBack(buffer) {
  buffer.limit = Math.min(MAX_HELD, Math.max(buffer.limit ?? 0, buffer.lines.length + MAX_LINES));
}

/**
 * The buffer was left: back to its newest MAX_LINES.
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
 * @param {Buffer} buffer
 */
export function forgetReadBack(buffer) {
  if (buffer.limit === undefined) return;
  delete buffer.limit;
  if (buffer.lines.length > MAX_LINES) buffer.lines.splice(0, buffer.lines.length - MAX_LINES);
}

/**
 * Appends a line to a buffer, dropping the oldest beyond `max` (the buffer's `limit`, else
 * MAX_LINES); returns the line stored. A line with its time is stored as given (the store
 * makes a fresh one for each event: copying it again cost a flood as much as the rest of
 * storing it); one without is copied with the time now.
 *
 * @example
 * ```ts
 * import { newBuffer, pushLine } from "./page_state.js";
 * const buffer = newBuffer("#a", "channel", "#a");
 * pushLine(buffer, { kind: "event", text: "one" }, 1);
 * pushLine(buffer, { kind: "event", text: "two" }, 1);
 * console.log(buffer.lines.map((l) => l.text)); // ["two"]
 * ```
 * @param {Buffer} buffer @param {Omit<Line, "time"> & { time?: number }} line @param {number} [max]
 * @returns {Line}
 */
export function pushLine(buffer, line, max = buffer.limit ?? MAX_LINES) {
  const stored = hasTime(line) ? line : { time: Date.now(), ...line };
  buffer.lines.push(stored);
  const over = buffer.lines.length - max;
  // One over, as each line of a flood into a full buffer is: shift() moves V8's array start,
  // where splice() copied the whole array (30 µs a line for 1,000 lines).
  if (over === 1) buffer.lines.shift();
  else if (over > 0) buffer.lines.splice(0, over);
  return stored;
}

/**
 * Whether a line has its time already.
 * @param {Omit<Line, "time"> & { time?: number }} line
 * @returns {line is Line}
 */
function hasTime(line) {
  return line.time !== undefined;
}
