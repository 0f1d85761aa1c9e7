// @ts-self-types="./page_state.d.ts"
// @ts-check
/**
 * The page's model of networks and their buffers (server, channel, query), with no DOM: the
 * page draws from it, and tests drive it under Deno.
 *
 * @module
 */
import { casefold } from "../../core/casemapping.js";
import { Membership } from "../../core/membership.js";

/** Lines kept per buffer; older ones are dropped. */
export const MAX_LINES = 1000;
/** Lines a buffer holds at most, however far back it is read. */
export const MAX_HELD = 10 * MAX_LINES;

/** @typedef {import("./page_state.d.ts").Buffer} Buffer */
/** @typedef {import("./page_state.d.ts").Net} Net */
/** @typedef {import("./page_state.d.ts").Line} Line */

/**
 * A buffer's key within its network: its name folded by the network's CASEMAPPING (the one
 * fold the backend uses too), so `#[m]` and `#{m}` are one buffer on rfc1459 and `#Ä` and
 * `#ä` are two on ascii.
 * @param {string} name @param {string} [casemapping]
 * @returns {string}
 */
export function bufferKey(name, casemapping = "rfc1459") {
  return casefold(name, casemapping);
}

/**
 * An empty buffer.
 * @param {string} key @param {Buffer["type"]} type @param {string} name
 * @returns {Buffer}
 */
export function newBuffer(key, type, name) {
  return { key, type, name, lines: [], unread: 0, highlights: 0, topic: "", joined: false };
}

/**
 * The buffer named `name` in `net`, created (of `type`) when missing.
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
 * @param {import("../../core/protocol.d.ts").NetworkView} view @param {Net | undefined} old
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
 * @param {Buffer} buffer
 */
export function keepReadBack(buffer) {
  buffer.limit = Math.min(MAX_HELD, Math.max(buffer.limit ?? 0, buffer.lines.length + MAX_LINES));
}

/**
 * The buffer was left: back to its newest MAX_LINES.
 * @param {Buffer} buffer
 */
export function forgetReadBack(buffer) {
  if (buffer.limit === undefined) return;
  delete buffer.limit;
  if (buffer.lines.length > MAX_LINES) buffer.lines.splice(0, buffer.lines.length - MAX_LINES);
}

/**
 * Appends a line to a buffer, dropping the oldest beyond `max` (the buffer's `limit`, else
 * MAX_LINES); returns the line stored.
 * @param {Buffer} buffer @param {Omit<Line, "time"> & { time?: number }} line @param {number} [max]
 * @returns {Line}
 */
export function pushLine(buffer, line, max = buffer.limit ?? MAX_LINES) {
  const stored = { time: Date.now(), ...line };
  buffer.lines.push(stored);
  if (buffer.lines.length > max) buffer.lines.splice(0, buffer.lines.length - max);
  return stored;
}
