/**
 * WHOIS replies in progress: the reply numerics (311, 312, 313, 317, 319, 330, 301, 335, 671)
 * gathered into a `WhoisInfo` per folded nickname, finished by 318.
 *
 * @module
 */
import type { WhoisInfo } from "../bus/mod.ts";
import type { RawMessage } from "./_line_parser.ts";

/** The optional fields of a `WhoisInfo`, copied only when the reply gave them. */
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

/** Copies `from[field]` to `to` when the reply gave it, so absent fields stay absent. */
function copyDefined<K extends (typeof OPTIONAL)[number]>(
  to: WhoisInfo,
  from: Partial<WhoisInfo>,
  field: K,
): void {
  const value = from[field];
  if (value !== undefined) to[field] = value;
}

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
        for (const field of OPTIONAL) copyDefined(info, w, field);
        return info;
      }
    }
  }
}
