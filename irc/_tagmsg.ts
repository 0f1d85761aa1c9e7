/**
 * TAGMSG: a message of client tags only. Each client tag we know is read by its own module.
 *
 * @module
 */
import type { LineHandlers } from "./_line_context.ts";
import { receiveTyping } from "./_typing.ts";
import { receiveReaction } from "./_react.ts";

/** Live TAGMSG lines: typing and reactions (one line may carry both; each is its own event). */
export const TAGMSG_LINES: LineHandlers = {
  TAGMSG: async (ctx, m) => {
    await receiveTyping(ctx, m);
    await receiveReaction(ctx, m);
  },
};
