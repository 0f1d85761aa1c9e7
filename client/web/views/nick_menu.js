// @ts-check
/**
 * The menu a nick opens (in the nick list or on a message): whois, message, ignore, and the
 * channel actions our own status allows. Each item is an input line, run through the one
 * command table as if typed.
 *
 * @module
 */

/**
 * One item of the menu: its label and the input line it runs.
 *
 * @example
 * ```ts
 * import type { MenuItem } from "./nick_menu.js";
 * const item: MenuItem = { label: "Whois", line: "/whois bob" };
 * ```
 * @typedef {object} MenuItem
 * @property {string} label What the item says.
 * @property {string} line The input line it runs, through the command table.
 */

/** @typedef {import("../../../core/membership.js").Member} Member */

/** Mode letters that make a channel operator (owner and admin are above it). */
const OPERATOR = /[qao]/;

/**
 * The items for `nick`: whois, message and ignore (or unignore) always; in a channel, op or
 * deop when we are an operator, voice or devoice and kick when we are a half-operator or
 * above. `me` and `them` are our and their membership of the channel shown, if any.
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
 * @param {{ nick: string, me?: Member, them?: Member, ignored: boolean, self: boolean }} about
 * @returns {MenuItem[]}
 */
export function menuItems({ nick, me, them, ignored, self }) {
  /** @type {MenuItem[]} */
  const items = [
    { label: "Whois", line: `/whois ${nick}` },
    { label: "Message", line: `/query ${nick}` },
  ];
  if (self) return items;
  items.push(
    ignored
      ? { label: "Unignore", line: `/unignore ${nick}` }
      : { label: "Ignore", line: `/ignore ${nick}` },
  );
  if (!me || !them) return items;
  const op = OPERATOR.test(me.modes);
  const halfop = op || me.modes.includes("h");
  if (op) {
    items.push(
      them.modes.includes("o")
        ? { label: "Take op", line: `/deop ${nick}` }
        : { label: "Give op", line: `/op ${nick}` },
    );
  }
  if (halfop) {
    items.push(
      them.modes.includes("v")
        ? { label: "Take voice", line: `/devoice ${nick}` }
        : { label: "Give voice", line: `/voice ${nick}` },
      { label: "Kick", line: `/kick ${nick}` },
    );
  }
  return items;
}

/**
 * The nick menu: one at a time, closed by a choice, Escape or a click elsewhere.
 *
 * @example
 * ```ts ignore
 * import { NickMenu } from "./nick_menu.js";
 * const menu = new NickMenu(document.getElementById("nick-menu")!, { run: console.log });
 * menu.open("bob", document.body, [{ label: "Whois", line: "/whois bob" }]);
 * ```
 */
export class NickMenu {
  /** @type {HTMLElement} */
  #box;
  /** @type {(line: string) => void} */
  #run;
  /** @type {HTMLElement | undefined} */
  #anchor;

  /**
   * @param {HTMLElement} box @param {{ run: (line: string) => void }} options
   */
  constructor(box, options) {
    this.#box = box;
    this.#run = options.run;
    box.addEventListener("click", (event) => {
      const target = event.target;
      const button = target instanceof Element ? target.closest("button") : null;
      if (!(button instanceof HTMLButtonElement)) return;
      this.close();
      this.#run(button.value);
    });
    box.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.close();
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      event.preventDefault();
      const buttons = [...box.querySelectorAll("button")];
      const at = buttons.findIndex((b) => b === document.activeElement);
      const step = event.key === "ArrowDown" ? 1 : -1;
      buttons[(at + step + buttons.length) % buttons.length]?.focus();
    });
    // Capture: a click that opens another menu closes this one first.
    document.addEventListener("pointerdown", (event) => {
      if (!box.hidden && event.target instanceof Node && !box.contains(event.target)) {
        this.close();
      }
    }, { capture: true });
  }

  /**
   * Opens the menu for `nick` beside `anchor` (the item clicked), focused on its first item.
   * @param {string} nick @param {HTMLElement} anchor @param {MenuItem[]} items
   */
  open(nick, anchor, items) {
    const title = document.createElement("header");
    title.textContent = nick;
    const buttons = items.map((item) => {
      const button = document.createElement("button");
      button.type = "button";
      button.role = "menuitem";
      button.value = item.line;
      button.textContent = item.label;
      return button;
    });
    this.#box.replaceChildren(title, ...buttons);
    this.#box.setAttribute("aria-label", `Actions for ${nick}`);
    this.#box.hidden = false;
    this.#anchor = anchor;
    // Beside the item, kept inside the window (the nick list is at its right edge).
    const at = anchor.getBoundingClientRect();
    const { width, height } = this.#box.getBoundingClientRect();
    const left = Math.max(4, Math.min(at.left, innerWidth - width - 4));
    const top = at.bottom + height + 4 <= innerHeight ? at.bottom + 2 : at.top - height - 2;
    this.#box.style.left = `${left}px`;
    this.#box.style.top = `${Math.max(4, top)}px`;
    buttons[0]?.focus();
  }

  /** Closes the menu, giving focus back to the item it opened from. */
  close() {
    if (this.#box.hidden) return;
    this.#box.hidden = true;
    if (this.#box.contains(document.activeElement)) this.#anchor?.focus();
    this.#anchor = undefined;
  }
}
