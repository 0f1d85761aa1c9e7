/**
 * IRCv3 typing notifications: the `+typing` client tag on TAGMSG. Received, it becomes
 * `user.typing`; sent, it is paced as the spec asks (`active` at most once every 3 s per
 * conversation, `paused` and `done` only after an `active`).
 *
 * @module
 */
import type { EventMap, TypingState } from "../bus/mod.ts";
import type { RawMessage } from "./_framework.ts";
import type { LineContext } from "./_line_context.ts";

/** The client tag that carries a typing state. */
export const TYPING_TAG = "+typing";
/** The least time between two `active` notifications to one conversation, per the spec. */
export const TYPING_ACTIVE_INTERVAL = 3000;
/** Conversations whose last notification is remembered at most (the oldest forgotten). */
const MAX_TYPING_TARGETS = 500;

/** The typing state a tag value names, or `undefined` for any other value. */
export function parseTypingState(value: string | undefined): TypingState | undefined {
  return value === "active" || value === "paused" || value === "done" ? value : undefined;
}

/** Paces what we send: which notification, if any, goes out for a state the user is in. */
export class TypingPacer {
  readonly #now: () => number;
  /** Per folded conversation: the last state sent, and when the last `active` went out. */
  #sent = new Map<string, { state: TypingState; activeAt: number }>();

  /** Reads the time from `now` (ms), an injected clock in tests. */
  constructor(now: () => number) {
    this.#now = now;
  }

  /** The state to send to `conversation` (folded) now, or `undefined` when none is due. */
  next(conversation: string, state: TypingState): TypingState | undefined {
    const last = this.#sent.get(conversation);
    const now = this.#now();
    if (state === "active") {
      if (last?.state === "active" && now - last.activeAt < TYPING_ACTIVE_INTERVAL) return;
      this.#sent.delete(conversation);
      this.#sent.set(conversation, { state, activeAt: now });
      if (this.#sent.size > MAX_TYPING_TARGETS) {
        this.#sent.delete(this.#sent.keys().next().value!);
      }
      return state;
    }
    // Nothing to pause or end unless we said we were typing.
    if (last === undefined || last.state === state) return;
    if (state === "done") this.#sent.delete(conversation);
    else last.state = state;
    return state;
  }

  /** A message was sent to `conversation`: it ends the typing there, with no `done` needed. */
  sent(conversation: string): void {
    this.#sent.delete(conversation);
  }
}

/** Emits `user.typing` for a TAGMSG from someone else carrying a valid `+typing`. */
export function receiveTyping(ctx: LineContext, m: RawMessage): void | Promise<void> {
  const state = parseTypingState(m.tags[TYPING_TAG]);
  if (state === undefined || m.nick === "" || ctx.isMe(m.nick)) return;
  const target = ctx.server.conversationOf(m.params[0] ?? "");
  const isChannel = ctx.server.isChannel(target);
  const data: EventMap["user.typing"] = {
    networkId: ctx.networkId,
    channel: isChannel ? target : "",
    user: m.nick,
    state,
  };
  if (!isChannel) data.peer = m.nick;
  return ctx.emit("user.typing", data, ctx.time(m));
}
