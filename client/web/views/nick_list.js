// @ts-self-types="./nick_list.d.ts"
// @ts-check
/**
 * The channel's members, sorted by prefix rank then name (the membership reducer's order),
 * each shown with its prefix (@, +…), away users dimmed; a click opens a query.
 *
 * @module
 */

/** @typedef {import("../membership.d.ts").Member} Member */

/**
 * `1 user`, `2 users`.
 * @param {number} count
 * @returns {string}
 */
export function userCount(count) {
  return `${count} ${count === 1 ? "user" : "users"}`;
}

/** The nick list of the channel shown. */
export class NickList {
  /** @type {HTMLElement} */
  #list;
  /** @type {HTMLElement} */
  #count;
  /** @type {(nick: string) => void} */
  #onQuery;
  /** The items by folded nick, for in-place updates. @type {Map<string, HTMLElement>} */
  #items = new Map();
  /** @type {(nick: string) => string} */
  #fold = (nick) => nick;

  /**
   * @param {HTMLElement} list @param {HTMLElement} count
   * @param {{ onQuery: (nick: string) => void }} options
   */
  constructor(list, count, options) {
    this.#list = list;
    this.#count = count;
    this.#onQuery = options.onQuery;
    // One listener for the list, not two per member: a channel may have thousands.
    const open = (/** @type {Event} */ event) => {
      const target = event.target;
      const li = target instanceof Element ? target.closest("li") : null;
      const nick = li instanceof HTMLElement ? li.dataset.nick : undefined;
      if (nick !== undefined) this.#onQuery(nick);
    };
    list.addEventListener("click", open);
    list.addEventListener("keydown", (event) => {
      if (event.key === "Enter") open(event);
    });
  }

  /**
   * Draws the members (`undefined`: not a channel, so no list and no count).
   * @param {Member[] | undefined} members
   * @param {{ fold: (nick: string) => string, isAway: (nick: string) => boolean,
   *   colorOf: (nick: string) => string | undefined }} options
   */
  render(members, options) {
    this.#fold = options.fold;
    this.#count.textContent = members ? userCount(members.length) : "";
    const fragment = document.createDocumentFragment();
    this.#items = new Map();
    for (const { nick, prefix } of members ?? []) {
      const li = document.createElement("li");
      this.#items.set(options.fold(nick), li);
      li.textContent = prefix + nick;
      li.dataset.nick = nick;
      li.tabIndex = 0;
      li.title = `Open a query with ${nick}`;
      if (options.isAway(nick)) li.classList.add("away");
      const color = options.colorOf(nick);
      if (color) li.style.color = color;
      fragment.append(li);
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
