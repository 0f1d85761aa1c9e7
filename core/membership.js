// @ts-self-types="./membership.d.ts"
/**
 * Who is in which channel, with their prefixes (@, +…): one casemapping-aware reducer shared
 * as-is by the backend (Deno imports it) and the page (a plain ES
 * module, no build). It reads the bus events that change membership (`channels.changed`,
 * `channel.names.complete`, `user.joined`, `user.parted`, `user.kicked`, `user.quit`,
 * `user.nick`, `channel.topic`, `channel.mode`); irc/ keeps the wire, this keeps the state.
 *
 * @module
 */

import { casefold } from "./casemapping.js";

/** @import { EventMap } from "../bus/mod.ts" */

/**
 * The bus event types the reducer reads, typed from the event map.
 *
 * @typedef {"channels.changed" | "channel.names.complete" | "user.joined" | "user.parted"
 *   | "user.kicked" | "user.quit" | "user.nick" | "channel.topic" | "channel.mode"} MembershipReads
 */
/**
 * A bus event as the reducer reads it: its type and data (any other event is ignored).
 *
 * @example
 * ```ts
 * import type { MembershipEvent } from "./membership.js";
 * const event: MembershipEvent = {
 *   type: "user.joined",
 *   data: { networkId: 1, channel: "#a", user: "bob", nickname: "bob" },
 * };
 * ```
 *
 * @typedef {{ [K in MembershipReads]: { type: K, data: EventMap[K] } }[MembershipReads]
 *   | { type: Exclude<keyof EventMap, MembershipReads>, data?: unknown }} MembershipEvent
 */
/**
 * A channel member: nick, prefix modes held (highest first, e.g. `ov`) and the symbol of the
 * highest (`@`), or `""`.
 *
 * @example
 * ```ts
 * import type { Member } from "./membership.js";
 * const op: Member = { nick: "alice", modes: "ov", prefix: "@" };
 * ```
 *
 * @typedef {object} Member
 * @property {string} nick The nickname as the server spells it.
 * @property {string} modes Prefix mode letters held, highest first.
 * @property {string} prefix The symbol of the highest, or `""`.
 */

/**
 * Reads an ISUPPORT PREFIX value, `(ov)@+`, as mode letters and symbols, highest first.
 *
 * @example
 * ```ts
 * import { parsePrefix } from "./membership.js";
 * console.log(parsePrefix("(qaohv)~&@%+")); // { modes: "qaohv", symbols: "~&@%+" }
 * ```
 *
 * @param {string} value
 * @returns {{ modes: string, symbols: string }}
 */
export function parsePrefix(value) {
  const match = /^\(([a-zA-Z]*)\)(\S*)$/.exec(value);
  if (!match || match[1].length !== match[2].length) return { modes: "ov", symbols: "@+" };
  return { modes: match[1], symbols: match[2] };
}

/**
 * The channels of one network, their topics and members with prefixes.
 *
 * @example
 * ```ts
 * import { Membership } from "./membership.js";
 * const state = new Membership({ casemapping: "rfc1459", prefix: "(ov)@+" });
 * state.apply({
 *   type: "channel.names.complete",
 *   data: { networkId: 1, channel: "#a", users: ["@alice", "+bob", "carol"] },
 * });
 * state.apply({ type: "channel.mode", data: { networkId: 1, channel: "#A", modes: "+o carol" } });
 * console.log(state.members("#a")?.map((m) => m.prefix + m.nick)); // ["@alice", "@carol", "+bob"]
 * ```
 */
export class Membership {
  /** @type {Map<string, { name: string, topic: string, members: Map<string, Member> }>} */
  #channels = new Map();
  #casemapping = "rfc1459";
  #modes = "ov";
  #symbols = "@+";

  /**
   * Starts empty, folding by `casemapping` (default rfc1459) with `prefix` (default `(ov)@+`).
   * @param {{ casemapping?: string, prefix?: string }} [options]
   */
  constructor(options = {}) {
    this.configure(options);
  }

  /**
   * Takes the server's CASEMAPPING and PREFIX (ISUPPORT) values.
   * @param {{ casemapping?: string, prefix?: string }} options
   */
  configure(options) {
    if (options.casemapping) this.#casemapping = options.casemapping;
    if (options.prefix) {
      ({ modes: this.#modes, symbols: this.#symbols } = parsePrefix(options.prefix));
    }
  }

  /**
   * Folds a name by the casemapping.
   * @param {string} name
   */
  fold(name) {
    return casefold(name, this.#casemapping);
  }

  /**
   * Every channel with topic and sorted members.
   * @returns {{ name: string, topic: string, members: Member[] }[]}
   */
  channels() {
    return [...this.#channels.values()].map((c) => ({
      name: c.name,
      topic: c.topic,
      members: this.#sorted(c.members),
    }));
  }

  /**
   * A channel's members, sorted by prefix rank then nick, or `undefined` if we are not in it.
   * @param {string} channel
   * @returns {Member[] | undefined}
   */
  members(channel) {
    const view = this.#channels.get(this.fold(channel));
    return view ? this.#sorted(view.members) : undefined;
  }

  /**
   * Whether `nick` is in `channel`: one lookup, where {@linkcode members} would sort the list.
   * @param {string} channel @param {string} nick
   * @returns {boolean}
   */
  has(channel, nick) {
    return this.#channels.get(this.fold(channel))?.members.has(this.fold(nick)) ?? false;
  }

  /**
   * `nick`'s membership of `channel` (its modes and prefix), without sorting the members.
   * @param {string} channel @param {string} nick
   * @returns {Member | undefined}
   */
  member(channel, nick) {
    return this.#channels.get(this.fold(channel))?.members.get(this.fold(nick));
  }

  /**
   * The channels `nick` is in, as first named: what irc/ puts in a quit or nick change.
   * @param {string} nick
   * @returns {string[]}
   */
  channelsOf(nick) {
    const key = this.fold(nick);
    const names = [];
    for (const view of this.#channels.values()) if (view.members.has(key)) names.push(view.name);
    return names;
  }

  /**
   * Applies one bus event; returns whether membership, prefixes or topic changed.
   * @param {MembershipEvent} event
   * @returns {boolean}
   */
  apply(event) {
    switch (event.type) {
      case "channels.changed": {
        const keep = new Set(event.data.channels.map((/** @type {string} */ c) => this.fold(c)));
        for (const key of this.#channels.keys()) if (!keep.has(key)) this.#channels.delete(key);
        for (const name of event.data.channels) this.#channel(name);
        return true;
      }
      case "channel.names.complete": {
        const { prefix, casemapping, members, users } = event.data;
        this.configure({ prefix, casemapping });
        const view = this.#channel(event.data.channel);
        view.members = new Map();
        for (const entry of members ?? users) {
          const member = this.#entry(entry);
          view.members.set(this.fold(member.nick), member);
        }
        return true;
      }
      case "user.joined": {
        const view = this.#channel(event.data.channel);
        const key = this.fold(event.data.nickname);
        if (!view.members.has(key)) {
          view.members.set(key, { nick: event.data.nickname, modes: "", prefix: "" });
        }
        return true;
      }
      case "user.parted":
      case "user.kicked":
        return this.#channels.get(this.fold(event.data.channel))?.members.delete(
          this.fold(event.data.nickname),
        ) ?? false;
      // irc/ names the channels a quit or nick change touches: this follows, never guesses.
      case "user.quit": {
        const key = this.fold(event.data.nickname);
        let changed = false;
        for (const name of event.data.channels) {
          changed = this.#channels.get(this.fold(name))?.members.delete(key) || changed;
        }
        return changed;
      }
      case "user.nick": {
        const old = this.fold(event.data.old_nickname);
        const key = this.fold(event.data.nickname);
        let changed = false;
        for (const name of event.data.channels) {
          const view = this.#channels.get(this.fold(name));
          const member = view?.members.get(old);
          if (!view || !member) continue;
          view.members.delete(old);
          view.members.set(key, { ...member, nick: event.data.nickname });
          changed = true;
        }
        return changed;
      }
      case "channel.topic":
        this.#channel(event.data.channel).topic = event.data.topic;
        return true;
      case "channel.mode":
        return this.#mode(event.data.channel, event.data.modes);
      default:
        return false;
    }
  }

  /**
   * Applies a MODE change such as `+ov-v alice bob carol`: prefix modes change the members'
   * prefixes; other modes only use up their parameters.
   * @param {string} channel
   * @param {string} modes
   * @returns {boolean}
   */
  #mode(channel, modes) {
    const view = this.#channels.get(this.fold(channel));
    if (!view) return false;
    const [letters = "", ...params] = modes.split(" ").filter((p) => p !== "");
    let adding = true;
    let changed = false;
    for (const letter of letters) {
      if (letter === "+" || letter === "-") {
        adding = letter === "+";
        continue;
      }
      const rank = this.#modes.indexOf(letter);
      if (rank === -1) {
        // Modes with a parameter (lists, key, limit when set) take one from the list.
        if ("beIkqaov".includes(letter) || (adding && "lfjJ".includes(letter))) params.shift();
        continue;
      }
      const nick = params.shift();
      const member = nick === undefined ? undefined : view.members.get(this.fold(nick));
      if (!member) continue;
      const set = new Set(member.modes);
      if (adding) set.add(letter);
      else set.delete(letter);
      const ordered = [...this.#modes].filter((m) => set.has(m)).join("");
      view.members.set(this.fold(member.nick), this.#member(member.nick, ordered));
      changed = true;
    }
    return changed;
  }

  /**
   * A NAMES entry (`@+nick`, or `@nick!user@host` with userhost-in-names) as a member.
   * @param {string} entry
   * @returns {Member}
   */
  #entry(entry) {
    let start = 0;
    let modes = "";
    while (start < entry.length && this.#symbols.includes(entry[start])) {
      modes += this.#modes[this.#symbols.indexOf(entry[start])];
      start++;
    }
    const bang = entry.indexOf("!", start);
    const nick = bang === -1 ? entry.slice(start) : entry.slice(start, bang);
    const ordered = [...this.#modes].filter((m) => modes.includes(m)).join("");
    return this.#member(nick, ordered);
  }

  /**
   * @param {string} nick
   * @param {string} modes
   * @returns {Member}
   */
  #member(nick, modes) {
    const prefix = modes ? this.#symbols[this.#modes.indexOf(modes[0])] : "";
    return { nick, modes, prefix };
  }

  /** @param {string} name */
  #channel(name) {
    const key = this.fold(name);
    let view = this.#channels.get(key);
    if (!view) this.#channels.set(key, view = { name, topic: "", members: new Map() });
    return view;
  }

  /**
   * @param {Map<string, Member>} members
   * @returns {Member[]}
   */
  #sorted(members) {
    const rank = (/** @type {Member} */ m) =>
      m.modes ? this.#modes.indexOf(m.modes[0]) : this.#modes.length;
    return [...members.values()].sort((a, b) =>
      rank(a) - rank(b) || (this.fold(a.nick) < this.fold(b.nick) ? -1 : 1)
    );
  }
}
