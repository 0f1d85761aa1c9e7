// @ts-check
/**
 * The network rail and the buffer list of the network shown, with unread and highlight
 * counts; `bufferOrder` is the order both the list and "next unread" follow.
 *
 * @module
 */

import { stateText } from "../network_form.js";

/** @typedef {import("../page_state.js").Buffer} Buffer */
/** @typedef {import("../page_state.js").Net} Net */

/** @param {Buffer["type"]} type */
function rank(type) {
  return type === "server" ? 0 : type === "channel" ? 1 : 2;
}

/**
 * A network's buffers in list order: the server buffer, channels, then queries, by name.
 *
 * @example
 * ```ts
 * import { bufferOrder } from "./buffer_list.js";
 * import { newBuffer } from "../page_state.js";
 * const order = bufferOrder([newBuffer("bob", "query", "bob"), newBuffer("*", "server", "L")]);
 * console.log(order.map((b) => b.key)); // ["*", "bob"]
 * ```
 * @param {Iterable<Buffer>} buffers
 * @returns {Buffer[]}
 */
export function bufferOrder(buffers) {
  return [...buffers].sort((a, b) => rank(a.type) - rank(b.type) || a.key.localeCompare(b.key));
}

/**
 * A network's short label: the initials of a name of several words ("Libera Chat": "LC"),
 * else its first two characters.
 * @param {string} name
 */
function shortLabel(name) {
  const words = name.trim().split(/[\s._-]+/).filter(Boolean);
  if (words.length > 1) return words.slice(0, 2).map((w) => [...w][0]).join("");
  return [...name.trim()].slice(0, 2).join("") || "?";
}

/**
 * The labels of the rail's buttons, one per name, told apart at a glance: the short label
 * (initials, or the first two characters); where two would read the same, the first
 * character and the name's trailing number ("Net1", "Net2": "N1", "N2"), else the first
 * character and the first one the names differ by ("Libera", "Liberty": "La", "Lt"); names
 * still alike are numbered.
 *
 * @example
 * ```ts
 * import { railLabels } from "./buffer_list.js";
 * console.log(railLabels(["Net1", "Net2", "Net3", "Libera Chat", "OFTC"])); // ["N1", "N2", "N3", "LC", "OF"]
 * ```
 * @param {readonly string[]} names
 * @returns {string[]}
 */
export function railLabels(names) {
  const labels = names.map(shortLabel);
  /** @type {((name: string, alike: string[]) => string | undefined)[]} */
  const ways = [
    (name) => {
      const digits = /\d+$/.exec(name);
      return digits ? [...name][0] + digits[0] : undefined;
    },
    (name, alike) => {
      const chars = [...name];
      const lower = [...name.toLowerCase()];
      const others = alike.filter((other) => other !== name).map((o) => [...o.toLowerCase()]);
      const at = lower.findIndex((c, i) =>
        i > 0 && /[\p{L}\p{N}]/u.test(c) && others.every((other) => other[i] !== c)
      );
      return at < 0 ? undefined : chars[0] + chars[at];
    },
  ];
  for (const way of ways) {
    for (const indexes of clashes(labels)) {
      const alike = indexes.map((i) => names[i]);
      for (const i of indexes) labels[i] = way(names[i], alike) ?? labels[i];
    }
  }
  for (const indexes of clashes(labels)) {
    indexes.forEach((i, n) => (labels[i] = `${[...labels[i]][0]}${n + 1}`));
  }
  return labels;
}

/**
 * The indexes of labels that read the same (case aside), in groups of two or more.
 * @param {readonly string[]} labels
 * @returns {number[][]}
 */
function clashes(labels) {
  /** @type {Map<string, number[]>} */
  const byLabel = new Map();
  labels.forEach((label, i) => {
    const key = label.toLowerCase();
    byLabel.set(key, [...(byLabel.get(key) ?? []), i]);
  });
  return [...byLabel.values()].filter((indexes) => indexes.length > 1);
}

/**
 * Draws the rail: one button per network, marked selected, connected and unread.
 *
 * @example
 * ```ts ignore
 * import { renderRail } from "./buffer_list.js";
 * renderRail(document.getElementById("network-buttons")!, [], undefined, () => {});
 * ```
 * @param {HTMLElement} box @param {Iterable<Net>} networks @param {number | undefined} selected
 * @param {(networkId: number) => void} onSelect
 */
export function renderRail(box, networks, selected, onSelect) {
  selectNetworkOf.set(box, onSelect);
  // Kept from one drawing to the next, as the buffer entries are: a flood redraws the
  // unread marks every frame, and a click must not fall between an old button and its twin.
  /** @type {Map<string, HTMLElement>} */
  const old = new Map();
  for (const button of box.children) {
    if (button instanceof HTMLElement && button.dataset.networkId !== undefined) {
      old.set(button.dataset.networkId, button);
    }
  }
  const nets = [...networks];
  const labels = railLabels(nets.map((net) => net.name));
  let at = 0;
  for (const net of nets) {
    const id = String(net.id);
    const button = old.get(id) ?? railButton(box, net.id);
    old.delete(id);
    button.textContent = labels[at];
    button.title = `${net.name} (${stateText(net)})`;
    button.setAttribute("aria-label", button.title);
    button.classList.toggle("selected", net.id === selected);
    button.classList.toggle("connected", net.state === "connected");
    const buffers = [...net.buffers.values()];
    button.classList.toggle("unread", buffers.some((b) => b.unread > 0));
    button.classList.toggle("highlighted", buffers.some((b) => b.highlights > 0));
    if (box.children[at] !== button) box.insertBefore(button, box.children[at] ?? null);
    at++;
  }
  for (const gone of old.values()) gone.remove();
}

/** What a rail's buttons select now. @type {WeakMap<HTMLElement, (id: number) => void>} */
const selectNetworkOf = new WeakMap();

/** A new button of the rail `box` for network `id`. @param {HTMLElement} box @param {number} id */
function railButton(box, id) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.networkId = String(id);
  button.addEventListener("click", () => selectNetworkOf.get(box)?.(id));
  return button;
}

/** What a buffer list's entries select now (the network shown changes). @type {WeakMap<HTMLElement, (key: string) => void>} */
const selectOf = new WeakMap();

/**
 * Draws the buffer list of `net`: each buffer's name and, when unseen lines wait, their
 * count (`.unread`, also `.highlight` when some mention us or are private). An entry is
 * kept from one drawing to the next (a flood redraws the counts every frame): a click whose
 * press and release straddle a redraw must still land on the entry, not be lost between an
 * old one and its new twin.
 *
 * @example
 * ```ts ignore
 * import { renderBuffers } from "./buffer_list.js";
 * renderBuffers(document.getElementById("buffer-list")!, undefined, undefined, () => {});
 * ```
 * @param {HTMLElement} list @param {Net | undefined} net @param {string | undefined} selected
 * @param {(key: string) => void} onSelect
 */
export function renderBuffers(list, net, selected, onSelect) {
  selectOf.set(list, onSelect);
  /** @type {Map<string, HTMLElement>} */
  const old = new Map();
  for (const li of list.children) {
    if (li instanceof HTMLElement && li.dataset.key !== undefined) old.set(li.dataset.key, li);
  }
  let at = 0;
  for (const buffer of net ? bufferOrder(net.buffers.values()) : []) {
    const li = old.get(buffer.key) ?? entry(list, buffer.key);
    old.delete(buffer.key);
    li.className = buffer.type;
    li.classList.toggle("selected", buffer.key === selected);
    if (buffer.key === selected) li.setAttribute("aria-current", "true");
    else li.removeAttribute("aria-current");
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = buffer.type === "server" && net ? net.name : buffer.name;
    let label = name.textContent;
    li.replaceChildren(name);
    if (buffer.unread > 0) {
      const badge = document.createElement("span");
      badge.className = buffer.highlights > 0 ? "unread highlight" : "unread";
      badge.textContent = String(buffer.unread);
      li.append(badge);
      label += `, ${buffer.unread} unread`;
      if (buffer.highlights > 0) label += `, ${buffer.highlights} for you`;
    }
    li.setAttribute("aria-label", label);
    // Moved only when out of order: the entry under the pointer stays where it is.
    if (list.children[at] !== li) list.insertBefore(li, list.children[at] ?? null);
    at++;
  }
  for (const gone of old.values()) gone.remove();
}

/** A new entry of `list` for the buffer `key`. @param {HTMLElement} list @param {string} key */
function entry(list, key) {
  const li = document.createElement("li");
  li.dataset.key = key;
  li.tabIndex = 0;
  li.addEventListener("click", () => selectOf.get(list)?.(key));
  li.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") selectOf.get(list)?.(key);
  });
  return li;
}
