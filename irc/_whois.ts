/**
 * WHOIS: collects the reply numerics (311, 312, 313, 317, 319, 330, 301, 335, 671) into a
 * `WhoisInfo`, finished by 318, emits `whois.received` and answers the callers waiting for it.
 *
 * @module
 */
import type { WhoisInfo } from "../bus/mod.ts";
import type { RawMessage } from "./_framework.ts";
import type { LineContext, LineHandlers } from "./_line_context.ts";
import { updateMeta } from "./_roster.ts";

/** The numerics that belong to a WHOIS reply (301 is handled with the roster). */
const WHOIS_NUMERICS = [
  "311",
  "312",
  "313",
  "317",
  "319",
  "330",
  "335",
  "671",
  "318",
];

const OPTIONAL = [
  "username",
  "host",
  "realname",
  "server",
  "server_info",
  "idle",
  "signon",
  "account",
  "away_message",
] as const;

type Partial_ = Partial<WhoisInfo> & { nickname: string; channels: string[] };

/** WHOIS replies in progress, by folded nickname. */
export class WhoisCollector {
  #pending = new Map<string, Partial_>();

  #entry(key: string, nick: string): Partial_ {
    let w = this.#pending.get(key);
    if (!w) {
      w = { nickname: nick, channels: [], away: false, secure: false, operator: false, bot: false };
      this.#pending.set(key, w);
    }
    return w;
  }

  /** Records a 301 (away) when a WHOIS for `key` is in progress. */
  away(key: string, message: string): void {
    const w = this.#pending.get(key);
    if (w) {
      w.away = true;
      w.away_message = message;
    }
  }

  /** Forgets a reply in progress (no such nick). */
  drop(key: string): void {
    this.#pending.delete(key);
  }

  /** Adds one WHOIS numeric; returns the finished info on 318. */
  line(key: string, m: RawMessage): WhoisInfo | undefined {
    const p = m.params;
    const w = this.#entry(key, p[1] ?? "");
    switch (m.command) {
      case "311":
        w.nickname = p[1] ?? w.nickname;
        w.username = p[2];
        w.host = p[3];
        w.realname = p.at(-1);
        return;
      case "312":
        w.server = p[2];
        w.server_info = p[3];
        return;
      case "313":
        w.operator = true;
        return;
      case "317":
        w.idle = Number(p[2]);
        if (p.length > 4) w.signon = Number(p[3]);
        return;
      case "319":
        w.channels.push(...(p.at(-1) ?? "").split(" ").filter((c) => c !== ""));
        return;
      case "330":
        w.account = p[2];
        return;
      case "335":
        w.bot = true;
        return;
      case "671":
        w.secure = true;
        return;
      case "318": {
        this.#pending.delete(key);
        const info: WhoisInfo = {
          nickname: w.nickname,
          channels: w.channels,
          away: w.away ?? false,
          secure: w.secure ?? false,
          operator: w.operator ?? false,
          bot: w.bot ?? false,
        };
        for (const field of OPTIONAL) {
          if (w[field] !== undefined) {
            (info as unknown as Record<string, unknown>)[field] = w[field];
          }
        }
        return info;
      }
    }
  }
}

/** A caller waiting for a WHOIS reply. */
export interface WhoisWaiter {
  /** Answers with the reply. */
  resolve: (info: WhoisInfo) => void;
  /** Fails the wait. */
  reject: (error: Error) => void;
}

/** Callers waiting for WHOIS replies, by folded nickname. */
export class WhoisRequests {
  #waiters = new Map<string, WhoisWaiter[]>();

  /**
   * Waits for the reply about `nick` (folded `key`), failing after `timeoutMs`. `onWaiter`
   * gets this wait's own waiter, so that a labeled answer can end this wait and no other.
   */
  wait(
    key: string,
    nick: string,
    timeoutMs: number,
    onWaiter?: (waiter: WhoisWaiter) => void,
  ): Promise<WhoisInfo> {
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined = undefined;
      const waiter: WhoisWaiter = {
        resolve: (info) => {
          clearTimeout(timer);
          resolve(info);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      timer = setTimeout(() => {
        const list = this.#waiters.get(key);
        if (list) list.splice(list.indexOf(waiter), 1);
        reject(new Error(`Cannot get WHOIS: no reply in time, got ${nick}`));
      }, timeoutMs);
      const list = this.#waiters.get(key) ?? [];
      list.push(waiter);
      this.#waiters.set(key, list);
      onWaiter?.(waiter);
    });
  }

  /** Fails `waiter` with `error` if it still waits for folded `key`; false when it does not. */
  fail(key: string, waiter: WhoisWaiter, error: Error): boolean {
    const list = this.#waiters.get(key);
    const at = list?.indexOf(waiter) ?? -1;
    if (!list || at === -1) return false;
    list.splice(at, 1);
    if (list.length === 0) this.#waiters.delete(key);
    waiter.reject(error);
    return true;
  }

  /** Removes and returns the callers waiting for folded `key`. */
  take(key: string): WhoisWaiter[] | undefined {
    const waiters = this.#waiters.get(key);
    this.#waiters.delete(key);
    return waiters;
  }

  /** Fails every wait with `message` (the link is gone). */
  rejectAll(message: string): void {
    for (const [, waiters] of this.#waiters) {
      for (const w of waiters) w.reject(new Error(message));
    }
    this.#waiters.clear();
  }
}

function whoisLine(ctx: LineContext, m: RawMessage): void | Promise<void> {
  const p = m.params;
  const nick = p[1] ?? "";
  const key = ctx.server.fold(nick);
  if (m.command === "311") {
    updateMeta(ctx, nick, { host: `${p[2]}@${p[3]}`, realname: p.at(-1) ?? "" });
  } else if (m.command === "330") {
    updateMeta(ctx, nick, { account: p[2] });
  } else if (m.command === "335") {
    updateMeta(ctx, nick, { bot: true });
  }
  const info = ctx.whois.line(key, m);
  if (!info) return;
  const waiters = ctx.whoisRequests.take(key);
  const done = ctx.emit(
    "whois.received",
    { networkId: ctx.networkId, whois: info },
    ctx.time(m),
  );
  for (const waiter of waiters ?? []) waiter.resolve(structuredClone(info));
  return done;
}

/** The lines of a WHOIS reply. */
export const WHOIS_LINES: LineHandlers = Object.fromEntries(
  WHOIS_NUMERICS.map((numeric) => [numeric, whoisLine]),
);
