// @ts-self-types="./message_list.d.ts"
// @ts-check
/**
 * The buffer's lines: drawn whole when the buffer changes, else appended once per frame
 * (so layout is read once per frame, not once per line), the oldest dropped beyond the cap.
 *
 * @module
 */
import { MAX_LINES } from "../page_state.js";
import { richText } from "./rich_text.js";

/** @typedef {import("../page_state.d.ts").Line} Line */
/** @typedef {import("../page_state.d.ts").Buffer} Buffer */

/** The lines of the buffer shown. */
export class MessageList {
  /** @type {HTMLElement} */
  #box;
  /** @type {(networkId: number, nick: string) => string | undefined} */
  #colorOf;
  #pending = document.createDocumentFragment();

  /**
   * @param {HTMLElement} box
   * @param {{ colorOf: (networkId: number, nick: string) => string | undefined }} options
   */
  constructor(box, options) {
    this.#box = box;
    this.#colorOf = options.colorOf;
  }

  /** Whether lines wait for the next frame. */
  get pending() {
    return this.#pending.hasChildNodes();
  }

  /**
   * Draws every line of `buffer`, scrolled to the end.
   * @param {number | undefined} networkId @param {Buffer | undefined} buffer
   */
  show(networkId, buffer) {
    this.#pending.replaceChildren();
    const fragment = document.createDocumentFragment();
    if (buffer && networkId !== undefined) {
      for (const line of buffer.lines) fragment.append(this.#element(networkId, line));
    }
    this.#box.replaceChildren(fragment);
    this.#box.scrollTop = this.#box.scrollHeight;
  }

  /**
   * Queues a line for the next {@linkcode MessageList.flush}.
   * @param {number} networkId @param {Line} line
   */
  append(networkId, line) {
    this.#pending.append(this.#element(networkId, line));
  }

  /** Appends the queued lines, keeping the view at the end if it was there. */
  flush() {
    if (!this.#pending.hasChildNodes()) return;
    const box = this.#box;
    const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 30;
    box.append(this.#pending);
    let excess = box.childElementCount - MAX_LINES;
    while (excess-- > 0) box.firstElementChild?.remove();
    if (atBottom) box.scrollTop = box.scrollHeight;
  }

  /**
   * Colours again the nicks of these (folded) users.
   * @param {Set<string>} changed @param {(nick: string) => string} fold
   */
  recolor(changed, fold) {
    for (const el of this.#box.querySelectorAll(".line .nick")) {
      if (!(el instanceof HTMLElement) || !changed.has(fold(el.dataset.nick ?? ""))) continue;
      el.style.color = this.#colorOf(Number(el.dataset.net), el.dataset.nick ?? "") ?? "";
    }
  }

  /** @param {number} networkId @param {Line} line */
  #element(networkId, line) {
    const div = document.createElement("div");
    div.className = `line ${line.kind}`;
    if (line.highlight) div.classList.add("highlight");
    const time = document.createElement("span");
    time.className = "time";
    time.textContent = new Date(line.time).toTimeString().slice(0, 5);
    div.append(time);
    if (line.nick !== undefined) {
      const nick = document.createElement("span");
      nick.className = "nick";
      nick.dataset.nick = line.nick;
      nick.dataset.net = String(networkId);
      nick.textContent = line.kind === "action"
        ? `* ${line.nick}`
        : line.kind === "notice"
        ? `-${line.nick}-`
        : line.nick;
      const color = this.#colorOf(networkId, line.nick);
      if (color) nick.style.color = color;
      div.append(nick);
    }
    const text = document.createElement("span");
    text.className = "text";
    text.append(richText(line.text));
    div.append(text);
    return div;
  }
}
