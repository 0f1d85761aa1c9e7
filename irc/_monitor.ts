/**
 * MONITOR replies about the configured nickname, handed to the connection's `NickRegain`:
 * 731 (it went offline, so take it) and 734 (the monitor list is full, so retry at a pace).
 *
 * @module
 */
import type { LineHandlers } from "./_line_context.ts";

/** MONITOR replies about the configured nickname. */
export const REGAIN_LINES: LineHandlers = {
  "731"(ctx, m) {
    ctx.regain.offline((m.params.at(-1) ?? "").split(","));
  },
  "734"(ctx) {
    ctx.regain.monitorFull();
  },
};
