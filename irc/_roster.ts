/**
 * The roster's per-user attributes (`user.meta`): kept current from line prefixes and
 * account tags, and from AWAY, ACCOUNT, CHGHOST, SETNAME and the WHO replies.
 *
 * @module
 */
import type { RawMessage } from "./_framework.ts";
import type { LineContext, LineHandlers } from "./_line_context.ts";
import type { UserMeta, UserMetaPatch } from "./_user_meta.ts";

/** The token our WHOX requests carry, to tell their replies apart. */
export const WHOX_TOKEN = "152";

/** Updates meta from a line's prefix and account tag. */
export function touch(ctx: LineContext, m: RawMessage): void {
  if (m.nick === "" || m.ident === "") return;
  const account = m.tags.account;
  const casemapping = ctx.server.casemapping;
  if (ctx.meta.current(m.prefix, account, casemapping)) return;
  const known = ctx.meta.get(ctx.server.fold(m.nick));
  if (
    known && sameHost(known.host, m.ident, m.hostname) &&
    (account === undefined || known.account === account)
  ) {
    ctx.meta.remember(m.prefix, account, casemapping);
    return;
  }
  const host = `${m.ident}@${m.hostname}`;
  updateMeta(ctx, m.nick, account !== undefined ? { host, account } : { host });
}

/** Whether `host` is `ident@hostname`, without building that string for every line. */
function sameHost(host: string | undefined, ident: string, hostname: string): boolean {
  return host !== undefined && host.length === ident.length + 1 + hostname.length &&
    host.charCodeAt(ident.length) === 0x40 && host.startsWith(ident) && host.endsWith(hostname);
}

/**
 * Applies `patch` to `nick` and publishes a changed snapshot. With a line `m`, its prefix and
 * account tag fill what the patch leaves out, unless `skipPrefix`.
 */
export function updateMeta(
  ctx: LineContext,
  nick: string,
  patch: UserMetaPatch,
  m?: RawMessage,
  skipPrefix = false,
): void {
  if (nick === "") return;
  if (m && !skipPrefix && m.ident !== "") {
    const host = `${m.ident}@${m.hostname}`;
    if (!("host" in patch)) patch = { ...patch, host };
    if (m.tags.account !== undefined && !("account" in patch)) {
      patch = { ...patch, account: m.tags.account };
    }
  }
  const key = ctx.server.fold(nick);
  const next = ctx.meta.update(key, nick, patch);
  if (next) publishMeta(ctx, key, next, m ? ctx.time(m) : new Date());
}

/** Publishes a snapshot on the snapshot lane, one slot per user. */
export function publishMeta(ctx: LineContext, key: string, meta: UserMeta, time: Date): void {
  ctx.emitLatest(`user.meta:${ctx.networkId}:${key}`, "user.meta", { ...meta }, time);
}

/**
 * Whether WHO flags mark a bot: the server's `BOT` mode letter among them. No patch when the
 * server has no bot mode, so a WHO there does not clear what a `bot` tag marked.
 */
function botFlag(ctx: LineContext, flags: string): { bot?: boolean } {
  const mode = ctx.server.bot;
  return mode === "" ? {} : { bot: flags.includes(mode) };
}

/** Lines that change users' attributes. */
export const ROSTER_LINES: LineHandlers = {
  AWAY(ctx, m) {
    const p = m.params;
    updateMeta(ctx, m.nick, { away: p[0] !== undefined, away_message: p[0] }, m);
  },
  ACCOUNT(ctx, m) {
    const p = m.params;
    updateMeta(ctx, m.nick, { account: p[0] === "*" ? undefined : p[0] }, m);
  },
  CHGHOST(ctx, m) {
    const p = m.params;
    updateMeta(ctx, m.nick, { host: `${p[0]}@${p[1]}` }, m, true);
  },
  SETNAME(ctx, m) {
    updateMeta(ctx, m.nick, { realname: m.params[0] ?? "" }, m);
  },
  "301"(ctx, m) {
    const p = m.params;
    const nick = p[1] ?? "";
    updateMeta(ctx, nick, { away: true, away_message: p[2] ?? "" });
    ctx.whois.away(ctx.server.fold(nick), p[2] ?? "");
  },
  "305"(ctx) {
    updateMeta(ctx, ctx.nick, { away: false, away_message: undefined });
  },
  "306"(ctx) {
    updateMeta(ctx, ctx.nick, { away: true });
  },
  "352"(ctx, m) {
    // <me> <channel> <user> <host> <server> <nick> <flags> :<hops> <realname>
    const p = m.params;
    const trailing = p[7] ?? "";
    const space = trailing.indexOf(" ");
    updateMeta(ctx, p[5] ?? "", {
      host: `${p[2]}@${p[3]}`,
      away: (p[6] ?? "").includes("G"),
      ...botFlag(ctx, p[6] ?? ""),
      realname: space === -1 ? "" : trailing.slice(space + 1),
    });
  },
  "354"(ctx, m) {
    // WHOX reply to %tcuhnfar: <me> <token> <channel> <user> <host> <nick> <flags> <account> :<realname>
    const p = m.params;
    if (p[1] !== WHOX_TOKEN || p.length < 9) return;
    const account = p[7];
    updateMeta(ctx, p[5], {
      host: `${p[3]}@${p[4]}`,
      away: p[6].includes("G"),
      ...botFlag(ctx, p[6]),
      account: account === "0" || account === "*" ? undefined : account,
      realname: p[8],
    });
  },
};
