/**
 * What the server announced in ISUPPORT (005) that the adapter relies on: how to fold names,
 * which targets are channels, and the prefixes in front of targets and nicknames.
 *
 * @module
 */
import { casefold } from "../core/mod.ts";
import type { RawMessage } from "./_framework.ts";

/** One connection's ISUPPORT tokens, with the RFC 1459 defaults until 005 says otherwise. */
export class ServerSupport {
  /** CASEMAPPING. */
  casemapping = "rfc1459";
  /** CHANTYPES: the first characters of channel names. */
  chantypes = "#&";
  /** STATUSMSG: prefixes of a message target addressed to channel members of a rank. */
  statusmsg = "";
  /** The membership prefixes of PREFIX, as they appear in NAMES. */
  prefixes = "~&@%+";
  /** PREFIX as advertised: mode letters, then their symbols. */
  prefix = "(qaohv)~&@%+";
  /** WHOX is supported. */
  whox = false;
  /** MONITOR is supported. */
  monitor = false;
  /** CHATHISTORY: the most messages one request may ask for; 0 for no limit. */
  chathistory = 0;
  /** BOT: the user mode (and WHO flag) marking a bot; `""` when the server has none. */
  bot = "";

  /** Takes the tokens of one 005 line. */
  apply(m: RawMessage): void {
    for (const token of m.params.slice(1, -1)) {
      const eq = token.indexOf("=");
      const name = (eq === -1 ? token : token.slice(0, eq)).toUpperCase();
      const value = eq === -1 ? "" : token.slice(eq + 1);
      switch (name) {
        case "CASEMAPPING":
          this.casemapping = value;
          break;
        case "CHANTYPES":
          this.chantypes = value;
          break;
        case "STATUSMSG":
          this.statusmsg = value;
          break;
        case "WHOX":
          this.whox = true;
          break;
        case "MONITOR":
          this.monitor = true;
          break;
        case "BOT":
          // One mode letter; anything else cannot be a WHO flag.
          this.bot = /^[A-Za-z]$/.test(value) ? value : "";
          break;
        case "CHATHISTORY":
        case "DRAFT/CHATHISTORY": {
          const max = Number(value);
          this.chathistory = Number.isSafeInteger(max) && max > 0 ? max : 0;
          break;
        }
        case "PREFIX": {
          const close = value.indexOf(")");
          this.prefix = value;
          this.prefixes = close === -1 ? "" : value.slice(close + 1);
          break;
        }
      }
    }
  }

  /** Folds a nickname or channel name by the server's CASEMAPPING. */
  fold(name: string): string {
    return casefold(name, this.casemapping);
  }

  /**
   * A message's target without its STATUSMSG prefixes (`@#chan` is sent to the ops of
   * `#chan`, and belongs in its buffer).
   */
  conversationOf(target: string): string {
    if (this.statusmsg === "") return target;
    let name = target;
    while (name.length > 1 && this.statusmsg.includes(name[0])) name = name.slice(1);
    return name;
  }

  /** Whether a target names a channel. */
  isChannel(target: string): boolean {
    return target !== "" && this.chantypes.includes(target[0]);
  }
}
