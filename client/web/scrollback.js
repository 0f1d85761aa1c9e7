// @ts-self-types="./scrollback.d.ts"
// @ts-check
/**
 * Scrollback from the backend's history store: opening a buffer shows its newest stored
 * lines at once, scrolling to the top loads older pages, and after a reload or a restart the
 * private conversations come back with their unread counts. Searching goes through here too.
 * No DOM beyond the one scroll listener, so the merging runs under `deno test`.
 *
 * @module
 */

/** Lines asked for per page. */
export const PAGE_SIZE = 200;
/** Distance from the top (px) at which the next older page is loaded. */
const NEAR_TOP = 40;

/** @typedef {import("./page_state.d.ts").Line} Line */
/** @typedef {import("./page_state.d.ts").Buffer} PageBuffer */
/** @typedef {import("./protocol.d.ts").HistoryLine} HistoryLine */
/** @typedef {import("./protocol.d.ts").HistoryBuffer} HistoryBuffer */

/**
 * Whether a reply item is a stored line (the page checks what it reads).
 * @param {unknown} v
 * @returns {v is HistoryLine}
 */
export function isHistoryLine(v) {
  if (typeof v !== "object" || v === null) return false;
  const o = /** @type {Record<string, unknown>} */ (v);
  return typeof o.id === "number" && typeof o.networkId === "number" &&
    typeof o.buffer === "string" && typeof o.time === "number" && typeof o.kind === "string" &&
    typeof o.sender === "string" && typeof o.text === "string";
}

/**
 * Whether a reply item is a stored buffer.
 * @param {unknown} v
 * @returns {v is HistoryBuffer}
 */
function isHistoryBuffer(v) {
  if (typeof v !== "object" || v === null) return false;
  const o = /** @type {Record<string, unknown>} */ (v);
  return typeof o.networkId === "number" && typeof o.name === "string" &&
    typeof o.unread === "number";
}

/**
 * A stored line as the page shows it, worded as the live events are.
 * @param {HistoryLine} stored
 * @returns {Line}
 */
export function lineFromStored(stored) {
  const { id, time, sender, text } = stored;
  switch (stored.kind) {
    case "message":
    case "notice":
      return { id, time, kind: "message", nick: sender, text };
    case "action":
      return { id, time, kind: "action", nick: sender, text };
    case "join":
      return { id, time, kind: "event", text: `→ ${sender} joined` };
    case "part":
      return { id, time, kind: "event", text: `← ${sender} left` };
    case "kick":
      return { id, time, kind: "event", text: `← ${text.split(" ")[0]} was kicked by ${sender}` };
    case "quit":
      return { id, time, kind: "event", text: `← ${sender} quit (${text})` };
    case "nick":
      return { id, time, kind: "event", text: `${sender} is now ${text}` };
    case "topic":
      return { id, time, kind: "event", text: `${sender} set the topic: ${text}` };
    case "mode":
      return { id, time, kind: "event", text: `${sender} sets mode ${text}` };
    default:
      return { id, time, kind: "event", text };
  }
}

/** The history of the buffers the page opened, and the requests that fill it. */
export class Scrollback {
  /** @type {(action: Record<string, unknown> & { kind: string }) => Promise<unknown>} */
  #request;
  /** @type {Map<string, { oldest?: number, done: boolean, busy: boolean }>} "net key" */
  #opened = new Map();
  /** @type {Map<string, number>} "net key" -> unread count of a channel not rejoined yet */
  #waiting = new Map();

  /** @param {(action: Record<string, unknown> & { kind: string }) => Promise<unknown>} request */
  constructor(request) {
    this.#request = request;
  }

  /**
   * Loads the newest stored lines of a buffer the first time it is opened: they go before
   * the live lines that arrived since the page loaded (those already stored are dropped).
   * Resolves with whether the buffer's lines changed.
   * @param {number} networkId @param {PageBuffer} buffer
   * @returns {Promise<boolean>}
   */
  async open(networkId, buffer) {
    const key = `${networkId} ${buffer.key}`;
    if (buffer.type === "server" || this.#opened.has(key)) return false;
    const state = {
      oldest: /** @type {number | undefined} */ (undefined),
      done: false,
      busy: true,
    };
    this.#opened.set(key, state);
    try {
      const lines = await this.#page(networkId, buffer.name);
      const newest = lines.length > 0 ? lines[lines.length - 1].time : -Infinity;
      const live = buffer.lines.filter((/** @type {Line} */ line) =>
        line.id === undefined && line.time > newest
      );
      buffer.lines = [...lines, ...live];
      state.oldest = lines[0]?.id;
      state.done = lines.length < PAGE_SIZE;
      return lines.length > 0;
    } catch {
      this.#opened.delete(key); // tried again on the next open
      return false;
    } finally {
      state.busy = false;
    }
  }

  /**
   * Loads the page before the oldest line shown; resolves with how many lines came.
   * @param {number} networkId @param {PageBuffer} buffer
   * @returns {Promise<number>}
   */
  async older(networkId, buffer) {
    const state = this.#opened.get(`${networkId} ${buffer.key}`);
    if (!state || state.busy || state.done || state.oldest === undefined) return 0;
    state.busy = true;
    try {
      const lines = await this.#page(networkId, buffer.name, state.oldest);
      buffer.lines = [...lines, ...buffer.lines];
      if (lines.length > 0) state.oldest = lines[0].id;
      state.done = lines.length < PAGE_SIZE;
      return lines.length;
    } catch {
      return 0;
    } finally {
      state.busy = false;
    }
  }

  /**
   * Buffers with stored history and their unread counts (for after a reload or restart).
   * @returns {Promise<HistoryBuffer[]>}
   */
  async buffers() {
    const reply = await this.#request({ kind: "history.buffers" });
    return Array.isArray(reply) ? reply.filter(isHistoryBuffer) : [];
  }

  /**
   * Keeps the unread count of a channel the client has not rejoined yet, for `unreadOf`.
   * @param {number} networkId @param {string} key @param {number} unread
   */
  keepUnread(networkId, key, unread) {
    if (this.#waiting.size < 10_000) this.#waiting.set(`${networkId} ${key}`, unread);
  }

  /**
   * The stored unread count of a buffer that has just appeared (once), else 0.
   * @param {number} networkId @param {string} key
   * @returns {number}
   */
  unreadOf(networkId, key) {
    const id = `${networkId} ${key}`;
    const unread = this.#waiting.get(id) ?? 0;
    this.#waiting.delete(id);
    return unread;
  }

  /**
   * Searches the history, newest first.
   * @param {{ text: string, networkId?: number, buffer?: string, sender?: string, limit?: number }} query
   * @returns {Promise<HistoryLine[]>}
   */
  async search(query) {
    const reply = await this.#request({ kind: "history.search", ...query });
    return Array.isArray(reply) ? reply.filter(isHistoryLine) : [];
  }

  /**
   * Loads older pages when `box` is scrolled near its top, keeping the lines in view where
   * they were. `current` names the buffer shown; `redraw` redraws its lines.
   * @param {HTMLElement} box
   * @param {() => { networkId: number, buffer: PageBuffer } | undefined} current
   * @param {() => void} redraw
   */
  watch(box, current, redraw) {
    box.addEventListener("scroll", () => {
      const shown = current();
      if (!shown || box.scrollTop > NEAR_TOP) return;
      void this.older(shown.networkId, shown.buffer).then((count) => {
        const still = current();
        if (count === 0 || still?.buffer !== shown.buffer) return;
        const fromBottom = box.scrollHeight - box.scrollTop;
        redraw();
        box.scrollTop = box.scrollHeight - fromBottom;
      });
    }, { passive: true });
  }

  /**
   * @param {number} networkId @param {string} buffer @param {number} [before]
   * @returns {Promise<Line[]>}
   */
  async #page(networkId, buffer, before) {
    const reply = await this.#request({
      kind: "history.page",
      networkId,
      buffer,
      limit: PAGE_SIZE,
      ...(before === undefined ? {} : { before }),
    });
    return Array.isArray(reply) ? reply.filter(isHistoryLine).map(lineFromStored) : [];
  }
}
