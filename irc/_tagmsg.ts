/**
 * TAGMSG: a message of client tags only. Each client tag we know is read by its own module.
 *
 * @module
 */
import type { LineHandlers } from "./_line_context.ts";
import { receiveTyping } from "./_typing.ts";

/** Live TAGMSG lines. */
export const TAGMSG_LINES: LineHandlers = {
  TAGMSG: (ctx, m) => receiveTyping(ctx, m),
};
