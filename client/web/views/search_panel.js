// @ts-check
/**
 * The search panel: a box for `/search` terms (words, `from:`, `in:`, dates, read by the
 * command table), the matches found, newest first, and a click on one to see it in its
 * buffer, among the lines around it.
 *
 * @module
 */
import { richText } from "./rich_text.js";

/** @typedef {import("../../../core/protocol.js").HistoryLine} HistoryLine */

/**
 * The search panel.
 *
 * @example
 * ```ts ignore
 * import { SearchPanel } from "./search_panel.js";
 * const panel = new SearchPanel(parts, {
 *   search: (terms) => console.log(`/search ${terms}`),
 *   pick: (line) => console.log(line.buffer, line.id),
 * });
 * panel.show("deploy from:bob", []);
 * ```
 */
export class SearchPanel {
  /** @type {{ panel: HTMLElement, form: HTMLFormElement, input: HTMLInputElement,
   *   status: HTMLElement, list: HTMLElement }} */
  #parts;
  /** @type {HistoryLine[]} */
  #found = [];

  /**
   * @param {{ panel: HTMLElement, form: HTMLFormElement, input: HTMLInputElement,
   *   status: HTMLElement, list: HTMLElement, close: HTMLElement }} parts
   * @param {{ search: (terms: string) => void, pick: (line: HistoryLine) => void }} options
   */
  constructor(parts, options) {
    this.#parts = parts;
    parts.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const terms = parts.input.value.trim();
      if (terms) options.search(terms);
    });
    parts.close.addEventListener("click", () => (parts.panel.hidden = true));
    parts.panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape") parts.panel.hidden = true;
    });
    const pick = (/** @type {Event} */ event) => {
      const target = event.target;
      const li = target instanceof Element ? target.closest("li") : null;
      const line = li instanceof HTMLElement ? this.#found[Number(li.dataset.index)] : undefined;
      if (line) options.pick(line);
    };
    parts.list.addEventListener("click", pick);
    parts.list.addEventListener("keydown", (event) => {
      if (event.key === "Enter") pick(event);
    });
  }

  /** Opens the panel with the box focused. */
  open() {
    this.#parts.panel.hidden = false;
    this.#parts.input.focus();
  }

  /**
   * Shows what a search found (newest first), or why it failed.
   * @param {string} terms @param {HistoryLine[] | Error} found
   */
  show(terms, found) {
    const { panel, input, status, list } = this.#parts;
    panel.hidden = false;
    input.value = terms;
    if (found instanceof Error) {
      this.#found = [];
      status.textContent = found.message;
      list.replaceChildren();
      return;
    }
    this.#found = found;
    status.textContent = `${found.length} found`;
    list.replaceChildren(...found.map((line, i) => {
      const li = document.createElement("li");
      li.dataset.index = String(i);
      li.tabIndex = 0;
      const where = document.createElement("div");
      where.className = "where";
      where.textContent = `${line.buffer} · ${new Date(line.time).toLocaleString()}`;
      const sender = document.createElement("strong");
      sender.textContent = line.sender;
      const text = document.createElement("span");
      text.append(richText(line.text));
      li.append(where, sender, text);
      return li;
    }));
  }
}
