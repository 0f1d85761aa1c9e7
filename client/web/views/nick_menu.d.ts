/**
 * Types of the nick menu (the implementation is nick_menu.js).
 *
 * @module
 */
import type { Member } from "../../../core/membership.js";

/**
 * One item of the menu: its label and the input line it runs.
 *
 * @example
 * ```ts
 * import type { MenuItem } from "./nick_menu.js";
 * const item: MenuItem = { label: "Whois", line: "/whois bob" };
 * ```
 */
export interface MenuItem {
  /** What the item says. */
  label: string;
  /** The input line it runs, through the command table. */
  line: string;
}

/**
 * The items for a nick: whois, message, ignore or unignore; op/deop for an operator,
 * voice/devoice and kick for a half-operator or above (`me`: our membership of the channel).
 *
 * @example
 * ```ts
 * import { menuItems } from "./nick_menu.js";
 * const items = menuItems({
 *   nick: "bob", ignored: false, self: false,
 *   me: { nick: "alice", modes: "h", prefix: "%" }, them: { nick: "bob", modes: "", prefix: "" },
 * });
 * console.log(items.map((i) => i.label)); // ["Whois", "Message", "Ignore", "Give voice", "Kick"]
 * ```
 */
export declare function menuItems(about: {
  nick: string;
  me?: Member;
  them?: Member;
  ignored: boolean;
  self: boolean;
}): MenuItem[];

/**
 * The nick menu, beside the item clicked; a choice runs its line, Escape or a click
 * elsewhere closes it, arrows move between items.
 *
 * @example
 * ```ts ignore
 * import { NickMenu } from "./nick_menu.js";
 * const menu = new NickMenu(document.getElementById("nick-menu")!, { run: console.log });
 * menu.open("bob", document.body, [{ label: "Whois", line: "/whois bob" }]);
 * ```
 */
export declare class NickMenu {
  constructor(box: HTMLElement, options: { run: (line: string) => void });
  /** Opens the menu for `nick` beside `anchor`. */
  open(nick: string, anchor: HTMLElement, items: MenuItem[]): void;
  /** Closes it, focus back where it opened. */
  close(): void;
}
