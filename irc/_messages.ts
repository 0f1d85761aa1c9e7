/**
 * PRIVMSG and NOTICE, live or replayed from history, as `message.received`; a message id
 * seen before in the same conversation is dropped, so a replay does not repeat live lines.
 *
 * @module
 */
import type { EventMap } from "../bus/mod.ts";
import type { RawMessage } from "./_framework.ts";
import type { LineContext, LineHandlers } from "./_line_context.ts";
import { touch, updateMeta } from "./_roster.ts";
import { messageKind, parseCtcp } from "./_ctcp.ts";
import { readReplyTag } from "./_reply.ts";

/** The capability by which the server sends our own messages back, with their msgid. */
export const ECHO_CAP = "echo-message";

/**
 * Emits `message.received` for a PRIVMSG or NOTICE from a user, with its `kind`; a live
 * CTCP request (VERSION, PING, TIME, CLIENTINFO) is answered, within the reply limit.
 */
export function receiveMessage(
  ctx: LineContext,
  m: RawMessage,
  history: boolean,
): void | Promise<void> {
  const rawTarget = m.params[0] ?? "";
  if (m.nick === "") return; // from a server, not a user
  const command = m.command === "NOTICE" ? "NOTICE" : "PRIVMSG";
  const { kind, text } = messageKind(command, m.params[1] ?? "");
  const target = ctx.server.conversationOf(rawTarget);
  const isChannel = ctx.server.isChannel(target);
  // Our own PRIVMSG echoed (echo-message) is what we sent, so it becomes `message.sent`.
  const echo = !history && command === "PRIVMSG" && ctx.caps.has(ECHO_CAP);
  // Only a private message or a possible echo needs to know whether we sent it: folding is
  // not free.
  const me = (echo || !isChannel) && ctx.isMe(m.nick);
  const peer = isChannel ? undefined : (me ? target : m.nick);
  // An empty msgid is no id: taken as one, it would drop every later message as a duplicate.
  const msgid = m.tags.msgid || undefined;
  if (msgid !== undefined) {
    const conversation = ctx.server.fold(isChannel ? target : peer!);
    if (!ctx.messageIds.add(conversation, msgid)) return;
  }
  // The `bot` tag marks a bot's messages (IRCv3 bot mode), live or replayed alike.
  const bot = m.tags.bot !== undefined;
  if (!history) {
    touch(ctx, m);
    if (bot) updateMeta(ctx, m.nick, { bot: true });
    if (kind === "ctcp" && command === "PRIVMSG" && !ctx.isMe(m.nick)) answerCtcp(ctx, m);
  }
  const time = ctx.time(m);
  // An echo carries the msgid that lets it be replied to, reacted to and deleted. A CTCP request keeps its raw text, as
  // its `message.sent` had before; a notice we sent by a raw line is a received one from us.
  if (me && echo) {
    const sent: EventMap["message.sent"] = {
      networkId: ctx.networkId,
      channel: isChannel ? target : "",
      message: kind === "ctcp" ? m.params[1] ?? "" : text,
      ...(isChannel ? {} : { target }),
      ...(kind === "action" ? { kind } : {}),
    };
    const replyTo = readReplyTag(m.tags);
    if (replyTo !== undefined) sent.replyTo = replyTo;
    if (msgid !== undefined) sent.msgid = msgid;
    return ctx.emit("message.sent", sent, time);
  }
  const data: EventMap["message.received"] = {
    networkId: ctx.networkId,
    channel: isChannel ? target : "",
    user: m.nick || m.prefix,
    message: text,
    timestamp: Math.floor(time.getTime() / 1000),
    kind,
  };
  if (msgid !== undefined) data.msgid = msgid;
  const replyTo = readReplyTag(m.tags);
  if (replyTo !== undefined) data.replyTo = replyTo;
  if (history) data.history = true;
  if (bot) data.bot = true;
  if (peer !== undefined) data.peer = peer;
  return ctx.emit("message.received", data, time);
}

function answerCtcp(ctx: LineContext, m: RawMessage): void {
  const request = parseCtcp(m.params[1] ?? "");
  const reply = request && ctx.ctcpReplies.answer(request);
  if (reply !== undefined) ctx.followUps.push(`NOTICE ${m.nick} :${reply}`);
}

/** Live messages. */
export const MESSAGE_LINES: LineHandlers = {
  PRIVMSG: (ctx, m) => receiveMessage(ctx, m, false),
  NOTICE: (ctx, m) => receiveMessage(ctx, m, false),
};
