/**
 * Types of the nick list view (the implementation is nick_list.js).
 *
 * @module
 */
import type { Member } from "../membership.js";

/**
 * The count line: `1 user`, `2 users`.
 *
 * @example
 * ```ts
 * import { userCount } from "./nick_list.js";
 * console.log(userCount(1), userCount(2)); // "1 user" "2 users"
 * ```
 */
export declare function userCount(count: number): string;

/**
 * The channel's members with their prefixes, away users `.away`; a click (or Enter) on a
 * nick opens a query.
 *
 * @example
 * ```ts ignore
 * import { NickList } from "./nick_list.js";
 * const list = new NickList(document.getElementById("nicklist")!, document.getElementById("nick-count")!, {
 *   onQuery: (nick) => console.log(nick),
 * });
 * list.render([{ nick: "alice", modes: "o", prefix: "@" }], {
 *   fold: (n) => n.toLowerCase(), isAway: () => false, colorOf: () => undefined,
 * });
 * ```
 */
export declare class NickList {
  constructor(list: HTMLElement, count: HTMLElement, options: { onQuery: (nick: string) => void });
  /** Draws the members (`undefined`: not a channel). */
  render(
    members: Member[] | undefined,
    options: {
      fold: (nick: string) => string;
      isAway: (nick: string) => boolean;
      colorOf: (nick: string) => string | undefined;
    },
  ): void;
  /** Dims or undims one user in place. */
  setAway(nick: string, away: boolean): void;
  /** Colours again these (folded) users. */
  recolor(changed: Set<string>, colorOf: (nick: string) => string | undefined): void;
}
