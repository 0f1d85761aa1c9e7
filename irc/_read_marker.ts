/**
 * IRCv3 `draft/read-marker`, both ways: a `MARKREAD` from the server (another client of the
 * account read a buffer, or the marker sent after a JOIN) becomes a `buffer.read` event from
 * `irc`; a `buffer.read` from anyone else is sent as `MARKREAD`, never older than the marker
 * already known, and coalesced while it waits for the flood limit.
 *
 * @module
 */
import type { PacedQueue } from "./_paced_queue.ts";
import type { LineContext, LineHandlers } from "./_line_context.ts";
import { parseServerTime } from "./_tags.ts";

/** The capability. */
export const READ_MARKER_CAP = "draft/read-marker";
/** Buffers whose marker is remembered; the oldest entry is forgotten beyond this. */
const MAX_BUFFERS = 5000;
/** What cannot be in a MARKREAD target (spaces include CR and LF). */
const BAD_TARGET = /[\s,\0]/;

/** The newest known read marker per buffer of one connection, and the MARKREAD sender. */
export class ReadMarkers {
  #known = new Map<string, Date>();

  /** Records the marker of folded `key`; false when it is not newer than the known one. */
  advance(key: string, time: Date): boolean {
    const known = this.#known.get(key);
    if (known !== undefined && known >= time) return false;
    this.#known.delete(key);
    this.#known.set(key, time);
    if (this.#known.size > MAX_BUFFERS) this.#known.delete(this.#known.keys().next().value!);
    return true;
  }

  /**
   * Sends `MARKREAD <buffer> timestamp=<time>` through `queue` when the server offers read
   * markers and `time` is newer than what it knows; a line still waiting takes the newer time.
   */
  send(ctx: LineContext, queue: PacedQueue, buffer: string, timestamp: string): void {
    if (!ctx.caps.has(READ_MARKER_CAP) || buffer === "" || BAD_TARGET.test(buffer)) return;
    const time = new Date(timestamp);
    if (Number.isNaN(time.getTime())) return;
    const key = ctx.server.fold(buffer);
    if (!this.advance(key, time)) return;
    try {
      queue.push(
        () => `MARKREAD ${buffer} timestamp=${(this.#known.get(key) ?? time).toISOString()}`,
        `MARKREAD ${key}`,
      );
    } catch (error) {
      // A full user queue skips the marker: a later read sends a newer one.
      if (!(error instanceof RangeError)) throw error;
    }
  }
}

/** `MARKREAD` from the server. */
export const READ_MARKER_LINES: LineHandlers = {
  MARKREAD(ctx, m) {
    const [buffer = "", marker = ""] = m.params;
    // "*" is "no marker stored yet".
    if (buffer === "" || !marker.startsWith("timestamp=")) return;
    let time: Date;
    try {
      time = parseServerTime(marker.slice("timestamp=".length));
    } catch (error) {
      return ctx.emit("error", {
        networkId: ctx.networkId,
        error: (error as Error).message,
        type: "malformed",
      });
    }
    ctx.readMarkers.advance(ctx.server.fold(buffer), time);
    return ctx.emit("buffer.read", {
      networkId: ctx.networkId,
      buffer,
      timestamp: time.toISOString(),
    });
  },
};
