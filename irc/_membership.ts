/**
 * Who is in which channel: JOIN, PART, KICK, QUIT, NICK and NAMES as bus events, kept in the
 * channels' rosters. Our own first complete NAMES of a channel requests its enrichment (WHO,
 * then history) through the paced follow-up queue.
 *
 * @module
 */
import { createEvent } from "../bus/mod.ts";
import type { RawMessage } from "./_framework.ts";
import type { LineContext, LineHandlers } from "./_line_context.ts";
import { publishMeta, touch, updateMeta, WHOX_TOKEN } from "./_roster.ts";
import type { UserMeta } from "./_user_meta.ts";
import { historyOffered } from "./_history.ts";

/** Emits `channels.changed` with the channels we are in now. */
export function channelsChanged(ctx: LineContext, time: Date): Promise<void> {
  return ctx.emitMembership(createEvent(
    "channels.changed",
    {
      networkId: ctx.networkId,
      channels: ctx.channels.names(),
    },
    "irc",
    time,
  ));
}

function join(ctx: LineContext, m: RawMessage): Promise<void> {
  const [channel = "", account, realname] = m.params;
  const time = ctx.time(m);
  const patch: Partial<UserMeta> = {};
  if (account !== undefined && ctx.caps.has("extended-join")) {
    patch.account = account === "*" ? undefined : account;
    if (realname !== undefined) patch.realname = realname;
  }
  updateMeta(ctx, m.nick, patch, m);
  const key = ctx.server.fold(channel);
  const data = { networkId: ctx.networkId, channel, user: m.nick, nickname: m.nick };
  if (ctx.isMe(m.nick)) {
    ctx.channels.joined(key, channel);
    ctx.hooks.onSelfJoin(channel);
    if (historyOffered(ctx.caps)) ctx.history.joined(channel);
    if (ctx.caps.has("draft/no-implicit-names") || ctx.caps.has("no-implicit-names")) {
      ctx.followUps.push(`NAMES ${channel}`, `NAMES ${key}`);
    }
    return ctx.emitMembership(createEvent("user.joined", data, "irc", time)).then(() =>
      channelsChanged(ctx, time)
    );
  }
  return ctx.emitMembership(createEvent("user.joined", data, "irc", time));
}

/** We left `channel`: forget it, then emit how (`emit`), then the channels we are in now. */
function selfLeave(
  ctx: LineContext,
  channel: string,
  time: Date,
  emit: () => Promise<void>,
): Promise<void> {
  ctx.channels.left(ctx.server.fold(channel));
  ctx.hooks.onSelfLeave(channel);
  return emit().then(() => channelsChanged(ctx, time));
}

function part(ctx: LineContext, m: RawMessage): Promise<void> {
  const p = m.params;
  const channel = p[0] ?? "";
  const time = ctx.time(m);
  touch(ctx, m);
  const data = {
    networkId: ctx.networkId,
    channel,
    user: m.nick,
    nickname: m.nick,
    ...(p[1] !== undefined ? { reason: p[1] } : {}),
  };
  const emit = () => ctx.emitMembership(createEvent("user.parted", data, "irc", time));
  if (ctx.isMe(m.nick)) return selfLeave(ctx, channel, time, emit);
  return emit();
}

function kick(ctx: LineContext, m: RawMessage): Promise<void> {
  const p = m.params;
  const [channel = "", kicked = ""] = p;
  const time = ctx.time(m);
  const data = {
    networkId: ctx.networkId,
    channel,
    user: kicked,
    nickname: kicked,
    kicker: m.nick || m.prefix,
    reason: p[2] ?? "",
  };
  const emit = () => ctx.emitMembership(createEvent("user.kicked", data, "irc", time));
  if (ctx.isMe(kicked)) return selfLeave(ctx, channel, time, emit);
  return emit();
}

function quit(ctx: LineContext, m: RawMessage): Promise<void> {
  const key = ctx.server.fold(m.nick);
  const channels = ctx.channels.sharedWith(m.nick);
  ctx.meta.delete(key);
  return ctx.emitMembership(createEvent(
    "user.quit",
    {
      networkId: ctx.networkId,
      user: m.nick,
      nickname: m.nick,
      reason: m.params[0] ?? "",
      channels,
    },
    "irc",
    ctx.time(m),
  ));
}

function nickChange(ctx: LineContext, m: RawMessage): Promise<void> {
  const oldNick = m.nick;
  const newNick = m.params[0] ?? "";
  const oldKey = ctx.server.fold(oldNick);
  const newKey = ctx.server.fold(newNick);
  const channels = ctx.channels.sharedWith(oldNick);
  const meta = ctx.meta.rename(oldKey, newKey, newNick);
  if (ctx.isMe(oldNick)) {
    ctx.nick = newNick;
    ctx.hooks.onNick(newNick);
  }
  const time = ctx.time(m);
  const done = ctx.emitMembership(createEvent(
    "user.nick",
    {
      networkId: ctx.networkId,
      old_nickname: oldNick,
      nickname: newNick,
      channels,
    },
    "irc",
    time,
  ));
  if (meta) publishMeta(ctx, newKey, meta, time);
  return done;
}

function names(ctx: LineContext, m: RawMessage): void {
  const channel = m.params[2] ?? "";
  const state = ctx.channels.get(ctx.server.fold(channel));
  const entries = (m.params[3] ?? "").split(" ");
  const list = state ? (state.pendingNames ??= []) : undefined;
  const userhost = ctx.caps.has("userhost-in-names");
  for (const entry of entries) {
    if (entry === "") continue;
    let start = 0;
    while (start < entry.length && ctx.server.prefixes.includes(entry[start])) start++;
    const bang = entry.indexOf("!", start);
    const nick = bang === -1 ? entry.slice(start) : entry.slice(start, bang);
    list?.push(entry.slice(0, start) + nick);
    if (userhost && bang !== -1) updateMeta(ctx, nick, { host: entry.slice(bang + 1) });
  }
}

function namesEnd(ctx: LineContext, m: RawMessage): Promise<void> {
  const channel = m.params[1] ?? "";
  const key = ctx.server.fold(channel);
  const state = ctx.channels.get(key);
  const members = state?.pendingNames ?? [];
  const users = members.map((entry) => {
    let start = 0;
    while (start < entry.length && ctx.server.prefixes.includes(entry[start])) start++;
    return entry.slice(start);
  });
  if (state) state.pendingNames = undefined;
  const event = createEvent(
    "channel.names.complete",
    {
      networkId: ctx.networkId,
      channel: state?.name ?? channel,
      users,
      members,
      prefix: ctx.server.prefix,
      casemapping: ctx.server.casemapping,
    },
    "irc",
    ctx.time(m),
  );
  // A NAMES of a channel we are not in (`/names #other`) is news, not part of our roster.
  const done = state
    ? ctx.emitMembership(event)
    : ctx.emit(event.type, event.data, event.timestamp);
  if (state && !state.enriched) {
    state.enriched = true;
    const name = state.name;
    ctx.followUps.push(
      ctx.server.whox ? `WHO ${name} %tcuhnfar,${WHOX_TOKEN}` : `WHO ${name}`,
      `WHO ${key}`,
    );
    if (historyOffered(ctx.caps)) ctx.history.request(name);
  }
  return done;
}

/** Lines that change who is in which channel. */
export const MEMBERSHIP_LINES: LineHandlers = {
  JOIN: join,
  PART: part,
  KICK: kick,
  QUIT: quit,
  NICK: nickChange,
  "353": names,
  "366": namesEnd,
};
