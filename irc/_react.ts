/**
 * Reactions: `+draft/react=<emoji>` with `+draft/reply=<msgid>` on a TAGMSG adds one to the
 * message `msgid`; `+draft/unreact=<emoji>` takes it back (as several clients send it; the
 * spec has no removal). Both become `message.reacted`.
 *
 * @module
 */
import type { EventMap } from "../bus/mod.ts";
import type { RawMessage } from "./_framework.ts";
import type { LineContext } from "./_line_context.ts";
import { readReplyTag } from "./_reply.ts";

/** The client tag adding a reaction. */
export const REACT_TAG = "+draft/react";
/** The client tag taking a reaction back. */
export const UNREACT_TAG = "+draft/unreact";
/** The longest reaction kept (an emoji sequence, or a short word). */
const MAX_REACTION = 64;

/** Whether `reaction` may be sent or kept: 1-64 characters, no control characters. */
export function isReaction(reaction: string): boolean {
  return typeof reaction === "string" && reaction !== "" && reaction.length <= MAX_REACTION &&
    // deno-lint-ignore no-control-regex
    !/[\x00-\x1f\x7f]/.test(reaction);
}

/** Emits `message.reacted` for a TAGMSG from someone else reacting to a message. */
export function receiveReaction(ctx: LineContext, m: RawMessage): void | Promise<void> {
  const added = m.tags[REACT_TAG];
  const removed = m.tags[UNREACT_TAG];
  const reaction = added || removed;
  const msgid = readReplyTag(m.tags);
  if (!reaction || !isReaction(reaction) || msgid === undefined) return;
  if (m.nick === "" || ctx.isMe(m.nick)) return;
  const target = ctx.server.conversationOf(m.params[0] ?? "");
  const isChannel = ctx.server.isChannel(target);
  const data: EventMap["message.reacted"] = {
    networkId: ctx.networkId,
    channel: isChannel ? target : "",
    user: m.nick,
    replyTo: msgid,
    reaction,
    removed: !added,
  };
  if (!isChannel) data.peer = m.nick;
  return ctx.emit("message.reacted", data, ctx.time(m));
}
