/**
 * The message of the day: its lines (375 start, 372 text) gathered, then published whole as
 * `server.motd` when it ends (376) or the server has none (422). The end of the first MOTD
 * also completes registration, so the MOTD is on the bus before `connection.established`.
 *
 * @module
 */
import type { LineContext, LineHandlers } from "./_line_context.ts";

/** Lines of one MOTD kept at most; a longer one is cut with a note (the server is untrusted). */
export const MAX_MOTD_LINES = 500;

async function finish(ctx: LineContext, lines: string[]): Promise<void> {
  ctx.motd = [];
  await ctx.emit("server.motd", { networkId: ctx.networkId, lines });
  await ctx.link.establish();
}

/** Lines that carry the MOTD. */
export const MOTD_LINES: LineHandlers = {
  "375"(ctx) {
    ctx.motd = [];
  },
  "372"(ctx, m) {
    if (ctx.motd.length > MAX_MOTD_LINES) return;
    // The server's own prefix ("- ") is kept: many MOTDs draw boxes that rely on it.
    ctx.motd.push(ctx.motd.length === MAX_MOTD_LINES ? "(the rest is cut)" : m.params.at(-1) ?? "");
  },
  "376": (ctx) => finish(ctx, ctx.motd),
  "422": (ctx) => finish(ctx, []),
};
