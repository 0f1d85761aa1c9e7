// @ts-check
/**
 * The channel's members, grouped by their highest status (operators, voiced, the others…)
 * under a heading with the group's count, sorted by name within a group (the membership
 * reducer's order), each shown with its prefix (@, +…), away users dimmed. A filter box
 * keeps the members whose nick holds what is typed. A click (or Enter) on a nick hands it
 * to `onNick`, with its item to place a menu by.
 *
 * @module
 */

/** @typedef {import("../../../core/membership.js").Member} Member */
/**
 * @typedef {{ fold: (nick: string) => string, isAway: (nick: string) => boolean,
 *   isBot?: (nick: string) => boolean,
 *   colorOf: (nick: string) => string | undefined }} RenderOptions
 */

/** The name of each status group, by the mode letter that gives it. */
const GROUP_NAMES = new Map([
  ["q", "Owners"],
  ["a", "Admins"],
  ["o", "Operators"],
  ["h", "Half-operators"],
  ["v", "Voiced"],
  ["", "Users"],
]);

/**
 * The small "BOT" mark beside a bot's nick, in the nick list and on its messages.
 *
 * @example
 * ```ts ignore
 * import { botBadge } from "./nick_list.js";
 * document.body.append(botBadge());
 * ```
 * @returns {HTMLElement}
 */
export function botBadge() {
  const badge = document.createElement("span");
  badge.className = "bot-badge";
  badge.textContent = "BOT";
  badge.title = "This user is a bot";
  return badge;
}

/**
 * `1 user`, `2 users`, `1,200 users`.
 *
 * @example
 * ```ts
 * import { userCount } from "./nick_list.js";
 * console.log(userCount(1), userCount(1200)); // "1 user" "1,200 users"
 * ```
 * @param {number} count
 * @returns {string}
 */
export function userCount(count) {
  return `${count.toLocaleString("en")} ${count === 1 ? "user" : "users"}`;
}

/**
 * The members in status groups, in the order given (highest status first), keeping those
 * whose folded nick holds `filter` (folded by the caller).
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
 * @param {readonly Member[]} members @param {string} filter @param {(nick: string) => string} fold
 * @returns {{ name: string, members: Member[] }[]}
 */
export function groupMembers(members, filter, fold) {
  /** @type {{ name: string, members: Member[] }[]} */
  const groups = [];
  /** @type {string | undefined} */
  let mode;
  for (const member of members) {
    if (filter !== "" && !fold(member.nick).includes(filter)) continue;
    const top = member.modes[0] ?? "";
    if (top !== mode || groups.length === 0) {
      mode = top;
      groups.push({ name: GROUP_NAMES.get(top) ?? `+${top}`, members: [] });
    }
    groups[groups.length - 1].members.push(member);
  }
  return groups;
}

/** The nick list of the channel shown. */
export class NickList {
  /** @type {HTMLElement} */
  #list;
  /** @type {HTMLElement} */
  #count;
  /** @type {HTMLInputElement} */
  #filter;
  /** @type {(nick: string, item: HTMLElement) => void} */
  #onNick;
  /** The items by folded nick, for in-place updates. @type {Map<string, HTMLElement>} */
  #items = new Map();
  /** @type {(nick: string) => string} */
  #fold = (nick) => nick;
  /**
   * What was drawn last, drawn again when the filter changes.
   * @type {{ members: Member[] | undefined, options: RenderOptions } | undefined}
   */
  #last;

  /**
   * @param {{ list: HTMLElement, count: HTMLElement, filter: HTMLInputElement }} parts
   * @param {{ onNick: (nick: string, item: HTMLElement) => void }} options
   */
  constructor(parts, options) {
    this.#list = parts.list;
    this.#count = parts.count;
    this.#filter = parts.filter;
    this.#onNick = options.onNick;
    // One listener for the list, not two per member: a channel may have thousands.
    const open = (/** @type {Event} */ event) => {
      const target = event.target;
      const li = target instanceof Element ? target.closest("li[data-nick]") : null;
      if (li instanceof HTMLElement && li.dataset.nick !== undefined) {
        this.#onNick(li.dataset.nick, li);
      }
    };
    this.#list.addEventListener("click", open);
    this.#list.addEventListener("keydown", (event) => {
      if (event.key === "Enter") open(event);
    });
    this.#filter.addEventListener("input", () => {
      if (this.#last) this.render(this.#last.members, this.#last.options);
    });
  }

  /**
   * Draws the members (`undefined`: not a channel, so no list, no count and no filter).
   * @param {Member[] | undefined} members
   * @param {RenderOptions} options
   */
  render(members, options) {
    this.#last = { members, options };
    this.#fold = options.fold;
    this.#filter.hidden = members === undefined;
    const filter = options.fold(this.#filter.value.trim());
    const groups = groupMembers(members ?? [], filter, options.fold);
    const shown = groups.reduce((sum, group) => sum + group.members.length, 0);
    this.#count.textContent = !members
      ? ""
      : filter === ""
      ? userCount(members.length)
      : `${shown.toLocaleString("en")} of ${userCount(members.length)}`;
    const fragment = document.createDocumentFragment();
    this.#items = new Map();
    for (const group of groups) {
      const heading = document.createElement("li");
      heading.className = "group";
      heading.textContent = `${group.name} — ${group.members.length.toLocaleString("en")}`;
      fragment.append(heading);
      for (const { nick, prefix } of group.members) {
        const li = document.createElement("li");
        this.#items.set(options.fold(nick), li);
        li.textContent = prefix + nick;
        li.dataset.nick = nick;
        li.tabIndex = 0;
        li.title = `${nick}: whois, message, ignore…`;
        if (options.isAway(nick)) li.classList.add("away");
        // A bot (the server's bot mode) says so beside its nick.
        if (options.isBot?.(nick)) {
          li.classList.add("bot");
          li.append(botBadge());
        }
        const color = options.colorOf(nick);
        if (color) li.style.color = color;
        fragment.append(li);
      }
    }
    this.#list.replaceChildren(fragment);
  }

  /**
   * Dims or undims one user without drawing the list again.
   * @param {string} nick @param {boolean} away
   */
  setAway(nick, away) {
    this.#items.get(this.#fold(nick))?.classList.toggle("away", away);
  }

  /**
   * Colours again these (folded) users.
   * @param {Set<string>} changed @param {(nick: string) => string | undefined} colorOf
   */
  recolor(changed, colorOf) {
    for (const nick of changed) {
      const li = this.#items.get(nick);
      if (li) li.style.color = colorOf(li.dataset.nick ?? "") ?? "";
    }
  }
}
