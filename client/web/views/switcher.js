// @ts-check
/**
 * The quick switcher (Ctrl+K): a box to type part of a buffer's name, the buffers of every
 * network that match, and Enter to open the one chosen. `matchBuffers` ranks them, without
 * the DOM.
 *
 * @module
 */

/**
 * A buffer the switcher can open: its network, name and counts.
 *
 * @example
 * ```ts
 * import type { SwitcherEntry } from "./switcher.js";
 * const entry: SwitcherEntry = {
 *   networkId: 1, network: "Libera", key: "#deno", name: "#deno", unread: 0, highlights: 0,
 * };
 * ```
 * @typedef {object} SwitcherEntry
 * @property {number} networkId The network's id.
 * @property {string} network The network's name.
 * @property {string} key The buffer's key in its network.
 * @property {string} name The buffer's name.
 * @property {number} unread Its unread lines.
 * @property {number} highlights Mentions among them.
 */

/** Matches listed at most. */
const SHOWN = 20;

/**
 * The entries whose name holds `query` (case aside, a leading `#` optional), best first:
 * names that start with it, then those with mentions, then with unread lines, each in the
 * order given. An empty query lists them all in that order.
 *
 * @example
 * ```ts
 * import { matchBuffers } from "./switcher.js";
 * const entry = (name: string, unread = 0) =>
 *   ({ networkId: 1, network: "L", key: name, name, unread, highlights: 0 });
 * console.log(matchBuffers([entry("#deno-dev"), entry("#lounge", 2), entry("#deno")], "deno")
 *   .map((e) => e.name)); // ["#deno-dev", "#deno"]
 * ```
 * @template {SwitcherEntry} T
 * @param {readonly T[]} entries @param {string} query
 * @returns {T[]}
 */
export function matchBuffers(entries, query) {
  const want = query.trim().toLowerCase().replace(/^#+/, "");
  /** @param {T} entry */
  const name = (entry) => entry.name.toLowerCase().replace(/^#+/, "");
  const found = entries.filter((entry) => name(entry).includes(want));
  if (want === "") return found.slice(0, SHOWN);
  /** @param {T} entry */
  const rank = (entry) =>
    (name(entry).startsWith(want) ? 0 : 4) + (entry.highlights > 0 ? 0 : 2) +
    (entry.unread > 0 ? 0 : 1);
  // Array sort is stable: equal ranks keep the order given.
  return found.sort((a, b) => rank(a) - rank(b)).slice(0, SHOWN);
}

/**
 * The switcher dialog.
 *
 * @example
 * ```ts ignore
 * import { Switcher } from "./switcher.js";
 * const switcher = new Switcher(
 *   { dialog, input, list },
 *   { entries: () => [], choose: (entry) => console.log(entry.name) },
 * );
 * switcher.open();
 * ```
 */
export class Switcher {
  /** @type {HTMLDialogElement} */
  #dialog;
  /** @type {HTMLInputElement} */
  #input;
  /** @type {HTMLElement} */
  #list;
  /** @type {() => SwitcherEntry[]} */
  #entries;
  /** @type {(entry: SwitcherEntry) => void} */
  #choose;
  /** @type {SwitcherEntry[]} */
  #shown = [];
  #at = 0;

  /**
   * @param {{ dialog: HTMLDialogElement, input: HTMLInputElement, list: HTMLElement }} parts
   * @param {{ entries: () => SwitcherEntry[], choose: (entry: SwitcherEntry) => void }} options
   */
  constructor(parts, options) {
    this.#dialog = parts.dialog;
    this.#input = parts.input;
    this.#list = parts.list;
    this.#entries = options.entries;
    this.#choose = options.choose;
    this.#input.addEventListener("input", () => this.#draw(0));
    this.#input.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const n = this.#shown.length;
        if (n > 0) this.#draw((this.#at + (event.key === "ArrowDown" ? 1 : n - 1)) % n);
      } else if (event.key === "Enter") {
        event.preventDefault();
        this.#pick(this.#at);
      }
    });
    this.#list.addEventListener("click", (event) => {
      const target = event.target;
      const li = target instanceof Element ? target.closest("li") : null;
      if (li instanceof HTMLElement) this.#pick(Number(li.dataset.index));
    });
  }

  /** Opens the switcher, empty, listing every buffer. */
  open() {
    this.#input.value = "";
    this.#draw(0);
    if (!this.#dialog.open) this.#dialog.showModal();
    this.#input.focus();
  }

  /** @param {number} index */
  #pick(index) {
    const entry = this.#shown[index];
    if (!entry) return;
    this.#dialog.close();
    this.#choose(entry);
  }

  /** Lists the matches, `at` marked as the one Enter opens. @param {number} at */
  #draw(at) {
    this.#shown = matchBuffers(this.#entries(), this.#input.value);
    this.#at = at;
    const items = this.#shown.map((entry, i) => {
      const li = document.createElement("li");
      li.dataset.index = String(i);
      li.role = "option";
      li.setAttribute("aria-selected", String(i === at));
      const name = document.createElement("span");
      name.textContent = entry.name;
      const where = document.createElement("span");
      where.className = "where";
      where.textContent = entry.network;
      li.append(name, where);
      if (entry.unread > 0) {
        const badge = document.createElement("span");
        badge.className = entry.highlights > 0 ? "unread highlight" : "unread";
        badge.textContent = String(entry.unread);
        li.append(badge);
      }
      return li;
    });
    this.#list.replaceChildren(...items);
    this.#list.children[at]?.scrollIntoView({ block: "nearest" });
  }
}
