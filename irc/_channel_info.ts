/**
 * A channel's topic and modes, as set live (TOPIC, MODE) or reported on join (332, 324).
 *
 * @module
 */
import { createEvent } from "../bus/mod.ts";
import type { LineHandlers } from "./_line_context.ts";
import { touch } from "./_roster.ts";

/** Lines that report a channel's topic or modes. */
export const CHANNEL_INFO_LINES: LineHandlers = {
  TOPIC(ctx, m) {
    const p = m.params;
    touch(ctx, m);
    return ctx.emitMembership(createEvent(
      "channel.topic",
      {
        networkId: ctx.networkId,
        channel: p[0] ?? "",
        topic: p[1] ?? "",
        setter: m.nick || m.prefix,
      },
      "irc",
      ctx.time(m),
    ));
  },
  "332"(ctx, m) {
    const p = m.params;
    return ctx.emitMembership(createEvent(
      "channel.topic",
      {
        networkId: ctx.networkId,
        channel: p[1] ?? "",
        topic: p[2] ?? "",
      },
      "irc",
      ctx.time(m),
    ));
  },
  MODE(ctx, m) {
    const p = m.params;
    const target = p[0] ?? "";
    if (!ctx.server.isChannel(target)) return;
    return ctx.emitMembership(createEvent(
      "channel.mode",
      {
        networkId: ctx.networkId,
        channel: target,
        modes: p.slice(1).join(" "),
        setter: m.nick || m.prefix,
      },
      "irc",
      ctx.time(m),
    ));
  },
  "324"(ctx, m) {
    const p = m.params;
    return ctx.emitMembership(createEvent(
      "channel.mode",
      {
        networkId: ctx.networkId,
        channel: p[1] ?? "",
        modes: p.slice(2).join(" "),
      },
      "irc",
      ctx.time(m),
    ));
  },
};
