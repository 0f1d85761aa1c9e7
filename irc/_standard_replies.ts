/**
 * IRCv3 standard replies: `FAIL`, `WARN` and `NOTE` (`<command> <code> [context…]
 * :<description>`), each a `server.reply` naming the buffer it concerns when its context
 * does. A `FAIL` is also the `error` it always was (type `FAIL`), so callers that wait for
 * errors keep seeing refusals.
 *
 * @module
 */
import type { EventMap, StandardReplyType } from "../bus/mod.ts";
import type { RawMessage } from "./_framework.ts";
import type { LineContext, LineHandlers } from "./_line_context.ts";

/** Commands whose first parameter is a target, so a reply's first context may be a nick. */
const TARGET_COMMANDS = new Set([
  "PRIVMSG",
  "NOTICE",
  "TAGMSG",
  "REDACT",
  "CHATHISTORY",
  "MARKREAD",
  "INVITE",
]);
/** The most context parameters kept; a reply's context is a handful at most. */
const MAX_CONTEXT = 8;
/** The longest context parameter or description kept, in UTF-16 units. */
const MAX_TEXT = 512;

/** The channel or nickname a standard reply's context names, if any. */
function replyTarget(ctx: LineContext, command: string, context: string[]): string | undefined {
  const channel = context.find((p) => ctx.server.isChannel(ctx.server.conversationOf(p)));
  if (channel !== undefined) return ctx.server.conversationOf(channel);
  const first = context[0];
  // A nickname has no spaces, commas or wildcards; `*` stands for "none" in many replies.
  if (TARGET_COMMANDS.has(command) && first && /^[^\s,*?!@]{1,64}$/.test(first)) return first;
  return undefined;
}

/** Reads a standard reply and emits it as `server.reply`. */
function standardReply(ctx: LineContext, m: RawMessage, type: StandardReplyType) {
  const p = m.params;
  const [command = "", code = ""] = p;
  const description = p.length > 2 ? p.at(-1)!.slice(0, MAX_TEXT) : "";
  const context = p.slice(2, -1).slice(0, MAX_CONTEXT).map((c) => c.slice(0, MAX_TEXT));
  const data: EventMap["server.reply"] = {
    networkId: ctx.networkId,
    type,
    command,
    code,
    context,
    description,
  };
  const target = replyTarget(ctx, command.toUpperCase(), context);
  if (target !== undefined) data.target = target;
  return data;
}

/** FAIL, WARN and NOTE. */
export const STANDARD_REPLY_LINES: LineHandlers = {
  async FAIL(ctx, m) {
    const data = standardReply(ctx, m, "FAIL");
    if (data.command === "CHATHISTORY") ctx.history.failed();
    const time = ctx.time(m);
    const context = data.context.length ? ` ${data.context.join(" ")}` : "";
    await ctx.emit("error", {
      networkId: ctx.networkId,
      error: `${data.command} ${data.code}${context}: ${data.description}`,
      type: "FAIL",
      ...(data.target !== undefined ? { target: data.target } : {}),
    }, time);
    await ctx.emit("server.reply", data, time);
  },
  WARN: (ctx, m) => ctx.emit("server.reply", standardReply(ctx, m, "WARN"), ctx.time(m)),
  NOTE: (ctx, m) => ctx.emit("server.reply", standardReply(ctx, m, "NOTE"), ctx.time(m)),
};
