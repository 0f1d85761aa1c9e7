/**
 * IRCv3 `draft/read-marker`, both ways: a `MARKREAD` from the server (another client of the
 * account read a buffer, or the marker sent after a JOIN) becomes a `buffer.read` event from
 * `irc`; a `buffer.read` from anyone else is sent as `MARKREAD`, never older than the marker
 * already known, and coalesced while it waits for the flood limit.
 *
 * @module
 */
import { errorMessage } from "../common/mod.ts";
import type { PacedQueue } from "./_paced_queue.ts";
import type { LineContext, LineHandlers } from "./_line_context.ts";
import { parseServerTime } from "./_tags.ts";

/** The capability. */
export const READ_MARKER_CAP = "draft/read-marker";
/** What cannot be in a MARKREAD target (spaces include CR and LF). */
const BAD_TARGET = /[\s,\0]/;

/**
 * Sends `MARKREAD <buffer> timestamp=<time>` through `queue` when the server offers read
 * markers and `time` is newer than what it knows; a line still waiting takes the newer time.
 */
export function sendReadMarker(
  ctx: LineContext,
  queue: PacedQueue,
  read: { buffer: string; timestamp: string },
): void {
  const { buffer, timestamp } = read;
  if (!ctx.caps.has(READ_MARKER_CAP) || buffer === "" || BAD_TARGET.test(buffer)) return;
  const time = new Date(timestamp);
  if (Number.isNaN(time.getTime())) return;
  const key = ctx.server.fold(buffer);
  const markers = ctx.readMarkers;
  if (!markers.advance(key, time)) return;
  try {
    queue.push(
      () => `MARKREAD ${buffer} timestamp=${(markers.get(key) ?? time).toISOString()}`,
      `MARKREAD ${key}`,
    );
  } catch (error) {
    // A full user queue skips the marker: a later read sends a newer one.
    if (!(error instanceof RangeError)) throw error;
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
        error: errorMessage(error),
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
