/**
 * Types of the nick list view (the implementation is nick_list.js).
 *
 * @module
 */
import type { Member } from "../../../core/membership.js";

/**
 * The count line: `1 user`, `2 users`, `1,200 users`.
 *
 * @example
 * ```ts
 * import { userCount } from "./nick_list.js";
 * console.log(userCount(1), userCount(1200)); // "1 user" "1,200 users"
 * ```
 */
export declare function userCount(count: number): string;

/**
 * The members in status groups (Owners, Admins, Operators, Half-operators, Voiced, Users),
 * in the order given, keeping those whose folded nick holds `filter` (folded already).
 *
 * @example
 * ```ts
 * import { groupMembers } from "./nick_list.js";
 * const groups = groupMembers([
 *   { nick: "alice", modes: "o", prefix: "@" },
 *   { nick: "bob", modes: "", prefix: "" },
 *   { nick: "bobby", modes: "", prefix: "" },
 * ], "bob", (n) => n.toLowerCase());
 * console.log(groups.map((g) => `${g.name} ${g.members.length}`)); // ["Users 2"]
 * ```
 */
export declare function groupMembers(
  members: readonly Member[],
  filter: string,
  fold: (nick: string) => string,
): { name: string; members: Member[] }[];

/**
 * The channel's members grouped by status under headings with counts (`li.group`), with
 * their prefixes, away users `.away`, and a filter box; a click (or Enter) on a nick hands
 * it to `onNick` with its item.
 *
 * @example
 * ```ts ignore
 * import { NickList } from "./nick_list.js";
 * const $ = (id: string) => document.getElementById(id)!;
 * const list = new NickList({
 *   list: $("nicklist"), count: $("nick-count"),
 *   filter: document.querySelector<HTMLInputElement>("#nick-filter")!,
 * }, { onNick: (nick) => console.log(nick) });
 * list.render([{ nick: "alice", modes: "o", prefix: "@" }], {
 *   fold: (n) => n.toLowerCase(), isAway: () => false, colorOf: () => undefined,
 * });
 * ```
 */
/**
 * The small "BOT" mark beside a bot's nick, in the nick list and on its messages.
 *
 * @example
 * ```ts ignore
 * import { botBadge } from "./nick_list.js";
 * document.body.append(botBadge());
 * ```
 */
export declare function botBadge(): HTMLElement;

export declare class NickList {
  constructor(
    parts: { list: HTMLElement; count: HTMLElement; filter: HTMLInputElement },
    options: { onNick: (nick: string, item: HTMLElement) => void },
  );
  /** Draws the members (`undefined`: not a channel). */
  render(
    members: Member[] | undefined,
    options: {
      fold: (nick: string) => string;
      isAway: (nick: string) => boolean;
      /** Whether the user is a bot (the server's bot mode): marked "BOT". */
      isBot?: (nick: string) => boolean;
      colorOf: (nick: string) => string | undefined;
    },
  ): void;
  /** Dims or undims one user in place. */
  setAway(nick: string, away: boolean): void;
  /** Colours again these (folded) users. */
  recolor(changed: Set<string>, colorOf: (nick: string) => string | undefined): void;
}
