/**
 * IRCv3 `draft/message-redaction`: `REDACT <target> <msgid> [:reason]` deletes a message.
 * The server relays a successful one to everyone who saw the message and has the capability,
 * the sender included; each becomes `message.redacted`. A refusal is a standard-replies
 * `FAIL REDACT …`, reported as the usual `error`.
 *
 * @module
 */
import type { EventMap } from "../bus/mod.ts";
import type { RawMessage } from "./_framework.ts";
import type { LineContext, LineHandlers } from "./_line_context.ts";

/**
 * The capability a server offers message deletion by (`REDACT`).
 *
 * @example
 * ```ts ignore
 * import { REDACTION_CAP } from "./_redaction.ts";
 * if (client.supports(REDACTION_CAP)) client.redact("#deno", "a1b2");
 * ```
 */
export const REDACTION_CAP = "draft/message-redaction";
/** The longest msgid taken from a REDACT. */
const MAX_MSGID = 200;

/**
 * Emits `message.redacted` for a REDACT, live or replayed (CHATHISTORY, a bouncer's playback,
 * with `history`): a deletion replayed still deletes.
 */
export function receiveRedaction(
  ctx: LineContext,
  m: RawMessage,
  history = false,
): void | Promise<void> {
  const target = ctx.server.conversationOf(m.params[0] ?? "");
  const msgid = m.params[1] ?? "";
  if (target === "" || msgid === "" || msgid.length > MAX_MSGID || m.nick === "") return;
  const isChannel = ctx.server.isChannel(target);
  const data: EventMap["message.redacted"] = {
    networkId: ctx.networkId,
    channel: isChannel ? target : "",
    user: m.nick,
    msgid,
  };
  // A private one: the conversation is with whoever is not us.
  if (!isChannel) data.peer = ctx.isMe(m.nick) ? target : m.nick;
  const reason = m.params[2];
  if (reason) data.reason = reason;
  if (history) data.history = true;
  return ctx.emit("message.redacted", data, ctx.time(m));
}

/** A live REDACT from the server. */
export const REDACTION_LINES: LineHandlers = {
  REDACT: (ctx, m) => receiveRedaction(ctx, m),
};
