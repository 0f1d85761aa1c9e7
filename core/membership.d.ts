/**
 * Types of the shared membership reducer (the implementation is membership.js, which the page
 * loads as-is and the backend imports).
 *
 * @module
 */
import type { EventMap } from "../bus/mod.ts";

/** The bus event types the reducer reads, typed from the event map. */
export type MembershipReads =
  | "channels.changed"
  | "channel.names.complete"
  | "user.joined"
  | "user.parted"
  | "user.kicked"
  | "user.quit"
  | "user.nick"
  | "channel.topic"
  | "channel.mode";

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
 */
export type MembershipEvent =
  | { [K in MembershipReads]: { type: K; data: EventMap[K] } }[MembershipReads]
  | { type: Exclude<keyof EventMap, MembershipReads>; data?: unknown };

/**
 * A channel member: nick, prefix modes held (highest first, e.g. `ov`) and the symbol of the
 * highest (`@`), or `""`.
 *
 * @example
 * ```ts
 * import type { Member } from "./membership.js";
 * const op: Member = { nick: "alice", modes: "ov", prefix: "@" };
 * ```
 */
export interface Member {
  /** The nickname as the server spells it. */
  nick: string;
  /** Prefix mode letters held, highest first. */
  modes: string;
  /** The symbol of the highest, or `""`. */
  prefix: string;
}

/**
 * Reads an ISUPPORT PREFIX value as mode letters and symbols, highest first (`(ov)@+` when
 * the value is malformed).
 *
 * @example
 * ```ts
 * import { parsePrefix } from "./membership.js";
 * console.log(parsePrefix("(qaohv)~&@%+")); // { modes: "qaohv", symbols: "~&@%+" }
 * ```
 */
export declare function parsePrefix(value: string): { modes: string; symbols: string };

/**
 * The channels of one network, their topics and members with prefixes, kept from bus events.
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
export declare class Membership {
  /** Starts empty, folding by `casemapping` (default rfc1459) with `prefix` (default `(ov)@+`). */
  constructor(options?: { casemapping?: string; prefix?: string });
  /** Takes the server's CASEMAPPING and PREFIX (ISUPPORT) values. */
  configure(options: { casemapping?: string; prefix?: string }): void;
  /** Folds a name by the casemapping. */
  fold(name: string): string;
  /** Every channel with topic and sorted members. */
  channels(): { name: string; topic: string; members: Member[] }[];
  /** A channel's members, sorted by prefix rank then nick, or `undefined` if unknown. */
  members(channel: string): Member[] | undefined;
  /** Whether `nick` is in `channel`, without sorting its members. */
  has(channel: string, nick: string): boolean;
  /** `nick`'s membership of `channel` (modes and prefix), without sorting its members. */
  member(channel: string, nick: string): Member | undefined;
  /** The channels `nick` is in, as first named (irc/ names them in a quit or nick change). */
  channelsOf(nick: string): string[];
  /** Applies one bus event; returns whether anything changed. */
  apply(event: MembershipEvent): boolean;
}
