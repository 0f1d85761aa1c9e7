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

/**
 * Emits `message.reacted` for a TAGMSG reacting to a message: live, from someone else (ours
 * was reported when we sent it, so its echo is skipped); replayed (CHATHISTORY, a bouncer's
 * playback, with `history`), from anyone, ours included, since nothing else brings those
 * back. A reaction whose own msgid was seen before in its conversation is skipped: replayed
 * after a live one, an add must not undo the removal that followed it.
 */
export function receiveReaction(
  ctx: LineContext,
  m: RawMessage,
  history = false,
): void | Promise<void> {
  const added = m.tags[REACT_TAG];
  const removed = m.tags[UNREACT_TAG];
  const reaction = added || removed;
  const msgid = readReplyTag(m.tags);
  if (!reaction || !isReaction(reaction) || msgid === undefined) return;
  if (m.nick === "") return;
  const me = ctx.isMe(m.nick);
  const target = ctx.server.conversationOf(m.params[0] ?? "");
  const isChannel = ctx.server.isChannel(target);
  const peer = me ? target : m.nick;
  const own = m.tags.msgid || undefined;
  if (own !== undefined && !ctx.messageIds.add(ctx.server.fold(isChannel ? target : peer), own)) {
    return;
  }
  // Ours live is the echo (echo-message) of one reported when sent: its msgid is now seen, so
  // a replay cannot bring it back after we took it back.
  if (me && !history) return;
  const data: EventMap["message.reacted"] = {
    networkId: ctx.networkId,
    channel: isChannel ? target : "",
    user: m.nick,
    replyTo: msgid,
    reaction,
    removed: !added,
  };
  if (!isChannel) data.peer = peer;
  if (history) data.history = true;
  return ctx.emit("message.reacted", data, ctx.time(m));
}
