// @ts-self-types="./message_list.d.ts"
// @ts-check
/**
 * The buffer's lines, drawn as a window over the buffer's stored lines: while the view
 * follows the end, only the newest two screens of lines (at least {@linkcode WINDOW}) are in the document, so a flood
 * lays out and paints what can be seen and not a thousand lines. Scrolling near the top of
 * the window draws older stored lines above it. New lines are appended once per frame (so
 * layout is read once per frame, not once per line).
 *
 * @module
 */
import { MAX_LINES } from "../page_state.js";
import { richText } from "./rich_text.js";

/** @typedef {import("../page_state.d.ts").Line} Line */
/** @typedef {import("../page_state.d.ts").Buffer} Buffer */

/**
 * Lines kept in the document while the view follows the end, at least: two screens' worth
 * when the screen is taller. Fewer lines drawn is less to lay out and paint each frame.
 */
const WINDOW = 60;
/** A line's height in px, at least (for the lines that fill two screens). */
const LINE_PX = 18;
/** Older lines drawn at once when the reader nears the top of the window. */
const MORE = 100;
/** How near the top (in px) reading must come before older lines are drawn. */
const NEAR_TOP = 400;

/** The lines of the buffer shown. */
export class MessageList {
  /** @type {HTMLElement} */
  #box;
  /** @type {(networkId: number, nick: string) => string | undefined} */
  #colorOf;
  /** Lines waiting for the next frame, oldest first. @type {{networkId: number, line: Line}[]} */
  #pending = [];
  /** @type {Buffer | undefined} */
  #buffer;
  /** @type {number | undefined} */
  #networkId;
  /** The stored line each drawn element shows. @type {WeakMap<Element, Line>} */
  #lineOf = new WeakMap();

  /**
   * @param {HTMLElement} box
   * @param {{ colorOf: (networkId: number, nick: string) => string | undefined }} options
   */
  constructor(box, options) {
    this.#box = box;
    this.#colorOf = options.colorOf;
    box.addEventListener("scroll", () => {
      if (box.scrollTop < NEAR_TOP) this.drawOlder();
    }, { passive: true });
  }

  /** Whether lines wait for the next frame. */
  get pending() {
    return this.#pending.length > 0;
  }

  /**
   * Draws the newest lines of `buffer`, scrolled to the end.
   * @param {number | undefined} networkId @param {Buffer | undefined} buffer
   */
  show(networkId, buffer) {
    this.#pending = [];
    this.#buffer = buffer;
    this.#networkId = networkId;
    const fragment = document.createDocumentFragment();
    if (buffer && networkId !== undefined) {
      for (const line of buffer.lines.slice(-this.#windowSize())) {
        fragment.append(this.#element(networkId, line));
      }
    }
    this.#box.replaceChildren(fragment);
    this.#box.scrollTop = this.#box.scrollHeight;
  }

  /**
   * Queues a line of the buffer shown for the next {@linkcode MessageList.flush}.
   * @param {number} networkId @param {Line} line
   */
  append(networkId, line) {
    this.#pending.push({ networkId, line });
    // Only the newest lines of a backlog can be drawn; older ones stay in the buffer.
    if (this.#pending.length > MAX_LINES) this.#pending.splice(0, this.#pending.length - MAX_LINES);
  }

  /** Appends the queued lines, keeping the view at the end if it was there. */
  flush() {
    if (this.#pending.length === 0) return;
    const box = this.#box;
    const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 30;
    const keep = atBottom ? this.#windowSize() : MAX_LINES;
    // Lines that would be trimmed at once are not drawn: they wait in the buffer for a
    // reader scrolling up.
    const lines = this.#pending.slice(-keep);
    this.#pending = [];
    const fragment = document.createDocumentFragment();
    for (const { networkId, line } of lines) fragment.append(this.#element(networkId, line));
    if (lines.length === keep) box.replaceChildren(fragment);
    else box.append(fragment);
    let excess = box.childElementCount - keep;
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

  /** How many lines to keep while following the end. */
  #windowSize() {
    return Math.max(WINDOW, Math.ceil((2 * this.#box.clientHeight) / LINE_PX));
  }

  /**
   * Draws up to {@linkcode MORE} of the buffer's lines above the first drawn, keeping the view
   * still (on scrolling near the top, and after older lines were loaded into the buffer).
   */
  drawOlder() {
    const buffer = this.#buffer;
    const networkId = this.#networkId;
    const first = this.#box.firstElementChild;
    const firstLine = first ? this.#lineOf.get(first) : undefined;
    if (!buffer || networkId === undefined || !firstLine) return;
    const at = buffer.lines.indexOf(firstLine);
    if (at <= 0) return;
    const from = Math.max(0, at - MORE);
    const fragment = document.createDocumentFragment();
    for (const line of buffer.lines.slice(from, at)) {
      fragment.append(this.#element(networkId, line));
    }
    const box = this.#box;
    const height = box.scrollHeight;
    box.prepend(fragment);
    box.scrollTop += box.scrollHeight - height;
  }

  /** @param {number} networkId @param {Line} line */
  #element(networkId, line) {
    const div = document.createElement("div");
    this.#lineOf.set(div, line);
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
