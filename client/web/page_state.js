// @ts-self-types="./page_state.d.ts"
// @ts-check
/**
 * The page's model of networks and their buffers (server, channel, query), with no DOM: the
 * page draws from it, and tests drive it under Deno.
 *
 * @module
 */
import { Membership } from "../../core/membership.js";

/** Lines kept per buffer; older ones are dropped. */
export const MAX_LINES = 1000;
/** Lines a buffer holds at most, however far back it is read. */
export const MAX_HELD = 10 * MAX_LINES;

/** @typedef {import("./page_state.d.ts").Buffer} Buffer */
/** @typedef {import("./page_state.d.ts").Net} Net */
/** @typedef {import("./page_state.d.ts").Line} Line */

/**
 * A buffer's key within its network: its name, case-folded.
 * @param {string} name
 * @returns {string}
 */
export function bufferKey(name) {
  return name.toLowerCase();
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
  const key = bufferKey(name);
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
  const buffers = old?.buffers ?? new Map();
  if (!buffers.has("*")) buffers.set("*", newBuffer("*", "server", view.name));
  /** @type {Net} */
  const net = { ...fields, buffers, members: old?.members ?? new Membership() };
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
