/**
 * LIST: the 322 replies go to the waiting caller's listing (`_channel_list_requests.ts`)
 * until 323 ends it, or a 263 or 416 about LIST cuts it short.
 *
 * @module
 */
import type { LineHandlers } from "./_line_context.ts";

/** The lines of a LIST reply. */
export const CHANNEL_LIST_LINES: LineHandlers = {
  "322"(ctx, m) {
    // <me> <channel> <users> :<topic>
    const p = m.params;
    const users = Number(p[2]);
    ctx.channelList.add(p[1] ?? "", Number.isSafeInteger(users) ? users : 0, p[3] ?? "");
  },
  "323"(ctx) {
    ctx.channelList.end();
  },
  "263"(ctx, m) {
    // RPL_TRYAGAIN <me> LIST :<why>: the server will not list now; the caller hears why at
    // once instead of waiting for its deadline.
    if (m.params[1]?.toUpperCase() !== "LIST") return;
    ctx.channelList.rejectAll(`Cannot list channels: ${m.params[2] ?? "try again later"}`);
  },
  "416"(ctx, m) {
    // ERR_TOOMANYMATCHES <me> LIST :<why>: the server cut the listing; what came is the answer.
    if (m.params[1]?.toUpperCase() === "LIST") ctx.channelList.end();
  },
};
