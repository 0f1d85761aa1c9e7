// @ts-check
/**
 * Scrollback from the backend's history store: opening a buffer shows its newest stored
 * lines at once, scrolling to the top loads older pages, and after a reload or a restart the
 * private conversations come back with their unread counts (the store applies them).
 * Searching goes through here too. No DOM beyond the one scroll listener, so the merging runs
 * under `deno test`.
 *
 * @module
 */
import { isRecord } from "../../core/shape.js";
import { storedEventText } from "../../core/event_text.js";
import { keepReadBack, MAX_HELD, MAX_LINES } from "./page_state.js";

/**
 * Whether a message on network `networkId` mentions us: the rule live lines are marked by,
 * applied to stored ones (not to our own, which the store marks `self`).
 *
 * @example
 * ```ts
 * import type { Highlight } from "./scrollback.js";
 * const highlight: Highlight = (_networkId, text) => text.includes("bench");
 * ```
 * @typedef {(networkId: number, text: string) => boolean} Highlight
 */

/**
 * Lines asked for per page.
 *
 * @example
 * ```ts
 * import { PAGE_SIZE } from "./scrollback.js";
 * console.log(PAGE_SIZE); // 200
 * ```
 */
export const PAGE_SIZE = 200;
/**
 * Pages searched, newest first, for the oldest line shown once the buffer dropped the lines
 * its cursor pointed at: enough to reach past the most lines a buffer keeps.
 */
const ANCHOR_PAGES = Math.ceil(MAX_LINES / PAGE_SIZE) + 1;
/** The stored kinds that are someone's words (an ignored nick's are not shown). */
const MESSAGE_KINDS = new Set(["message", "notice", "action"]);
/** Distance from the top (px) at which the next older page is loaded. */
const NEAR_TOP = 40;

/** @typedef {import("./page_state.js").Line} Line */
/** @typedef {import("./page_state.js").Buffer} PageBuffer */
/** @typedef {import("../../core/protocol.js").HistoryLine} HistoryLine */
/** @typedef {import("../../core/protocol.js").HistoryBuffer} HistoryBuffer */

/**
 * Whether a reply item is a stored line (the page checks what it reads).
 *
 * @example
 * ```ts
 * import { isHistoryLine } from "./scrollback.js";
 * console.log(isHistoryLine({ id: 1 })); // false
 * ```
 * @param {unknown} v
 * @returns {v is HistoryLine}
 */
export function isHistoryLine(v) {
  return isRecord(v) && typeof v.id === "number" && typeof v.networkId === "number" &&
    typeof v.buffer === "string" && typeof v.time === "number" && typeof v.kind === "string" &&
    typeof v.sender === "string" && typeof v.text === "string" &&
    (v.msgid === undefined || typeof v.msgid === "string") &&
    (v.replyTo === undefined || typeof v.replyTo === "string") &&
    (v.redacted === undefined || typeof v.redacted === "boolean") &&
    (v.reactions === undefined ||
      (Array.isArray(v.reactions) &&
        v.reactions.every((r) =>
          isRecord(r) && typeof r.reaction === "string" && Array.isArray(r.senders) &&
          r.senders.every((s) => typeof s === "string")
        )));
}

/**
 * Whether a reply item is a stored buffer.
 * @param {unknown} v
 * @returns {v is HistoryBuffer}
 */
function isHistoryBuffer(v) {
  return isRecord(v) && typeof v.networkId === "number" && typeof v.name === "string" &&
    typeof v.unread === "number";
}

/**
 * A stored line as the page shows it, worded and marked as the live events are: a message
 * that `highlight` says mentions us carries the highlight it had when it came.
 *
 * @example
 * ```ts
 * import { lineFromStored } from "./scrollback.js";
 * const line = lineFromStored({
 *   id: 1, networkId: 1, buffer: "#deno", time: 0, kind: "join", sender: "bob", text: "",
 *   self: false,
 * });
 * console.log(line.text); // "→ bob joined"
 * ```
 * @param {HistoryLine} stored
 * @param {{ highlight?: Highlight }} [options]
 * @returns {Line}
 */
export function lineFromStored(stored, options = {}) {
  const { id, time, sender, text } = stored;
  /**
   * @param {string} words @param {import("./page_state.js").Presence} [presence]
   * @returns {Line}
   */
  const event = (words, presence) =>
    presence
      ? { id, time, kind: "event", text: words, presence }
      : { id, time, kind: "event", text: words };
  switch (stored.kind) {
    case "message":
    case "notice":
    case "action": {
      // Our own lines never mention us, whatever nick we had then.
      const highlight = !stored.self && (options.highlight?.(stored.networkId, text) ?? false);
      /** @type {Line} */
      const line = { id, time, kind: stored.kind, nick: sender, text, highlight };
      if (stored.msgid !== undefined) line.msgid = stored.msgid;
      if (stored.replyTo !== undefined) line.replyTo = stored.replyTo;
      if (stored.reactions !== undefined) line.reactions = stored.reactions;
      if (stored.redacted === true) line.redacted = true;
      return line;
    }
    case "reply":
      // A standard reply is stored by its type, with its words as the page shows them.
      return sender === "FAIL" || sender === "WARN" || sender === "NOTE"
        ? { id, time, kind: "reply", reply: sender, text }
        : event(text);
    default: {
      const said = storedEventText(stored);
      return said ? event(said.words, said.presence) : event(text);
    }
  }
}

/**
 * Whether a line is someone's message (or notice or action): what the store and the page
 * both hold, line for line.
 * @param {Line} line
 */
function isMessage(line) {
  return line.nick !== undefined &&
    (line.kind === "message" || line.kind === "notice" || line.kind === "action");
}

/**
 * What makes two lines the same event, whether stored or live.
 * @param {Line} line
 */
function sameLine(line) {
  return `${line.time}\n${line.kind}\n${line.nick ?? ""}\n${line.text}`;
}

/**
 * The stored page of a buffer just opened, with the live lines shown since the page loaded,
 * in the order they were shown. Times cannot order them: a flood puts hundreds of lines in
 * one millisecond, on both sides of the page's first line. The order can: the store keeps
 * lines in the order they came, as they were shown, so a live line the page holds (the same
 * time, kind, nick and words) places the live lines around it.
 * - Before the first live line the page holds: a line older than the page's first, or a
 *   message of the same millisecond, was stored before the page (older pages bring it back);
 *   the others (the page's own notes, never stored) stay where they were shown.
 * - After it: lines not stored yet, or never, follow the page line they followed.
 * - When the page holds no live line, none is stored yet: all follow the page.
 * @param {Line[]} page oldest first @param {Line[]} shown the buffer's lines, oldest first
 * @returns {Line[]}
 */
function mergeOpened(page, shown) {
  /** @type {Map<string, number>} */
  const index = new Map(page.map((line, i) => [sameLine(line), i]));
  const oldest = page[0]?.time ?? -Infinity;
  /** @type {Line[]} */
  const before = [];
  /** @type {Line[][]} the live lines that follow each page line */
  const after = page.map(() => []);
  let first = -1;
  let last = -1;
  for (const line of shown) {
    if (line.id !== undefined) continue; // a stored line of an earlier page
    const at = index.get(sameLine(line));
    if (at !== undefined) {
      if (first < 0) first = at;
      last = Math.max(last, at);
    } else if (last >= 0) after[last].push(line);
    else before.push(line);
  }
  if (first < 0) return [...page, ...before];
  const kept = before.filter((line) =>
    line.time > oldest || (line.time === oldest && line.nick === undefined)
  );
  return page.flatMap((line, i) => [...(i === first ? kept : []), line, ...after[i]]);
}

/**
 * What the page knows of an opened buffer's stored history: the id older pages come before,
 * whether the start was reached, and the line then first in the buffer. When that line is
 * no longer first, the buffer dropped its oldest lines (it keeps at most MAX_LINES) and the
 * id no longer follows on from what is shown. `missed` is the first line when the store was
 * searched for it in vain: not searched again until the buffer drops more.
 * @typedef {{ oldest?: number, done: boolean, busy: boolean, first?: Line, missed?: Line }} Cursor
 */

/**
 * The history of the buffers the page opened, and the requests that fill it.
 *
 * @example
 * ```ts
 * import { Scrollback } from "./scrollback.js";
 * const scrollback = new Scrollback(() => Promise.resolve([]));
 * ```
 */
export class Scrollback {
  /** @type {(action: Record<string, unknown> & { kind: string }) => Promise<unknown>} */
  #request;
  /** @type {Map<string, Cursor>} "net key" */
  #opened = new Map();
  /** The first loads under way, for a search that must wait for them. @type {Map<string, Promise<boolean>>} */
  #opening = new Map();

  /** @type {() => Promise<void>} */
  #applied;
  /** @type {Highlight | undefined} */
  #highlight;
  /** @type {((networkId: number, nick: string) => boolean) | undefined} */
  #ignored;

  /**
   * @param {(action: Record<string, unknown> & { kind: string }) => Promise<unknown>} request
   * @param {{ applied?: () => Promise<void>, highlight?: Highlight,
   *   ignored?: (networkId: number, nick: string) => boolean }} [options] `applied`
   * resolves once the frames received so far are in the buffers (the page applies events
   * once per animation frame, replies at once); `highlight` marks mentions and `ignored`
   * drops messages as live lines are marked and dropped
   */
  constructor(request, options = {}) {
    this.#request = request;
    this.#applied = options.applied ?? (() => Promise.resolve());
    this.#highlight = options.highlight;
    this.#ignored = options.ignored;
  }

  /**
   * Loads the newest stored lines of a buffer the first time it is opened, merged with the
   * live lines that arrived since the page loaded (see {@linkcode mergeOpened}).
   * Resolves with whether the buffer's lines changed.
   * @param {number} networkId @param {PageBuffer} buffer
   * @returns {Promise<boolean>}
   */
  open(networkId, buffer) {
    const key = `${networkId} ${buffer.key}`;
    if (buffer.type === "server" || this.#opened.has(key)) return Promise.resolve(false);
    const opening = this.#open(networkId, buffer, key);
    this.#opening.set(key, opening);
    void opening.finally(() => this.#opening.delete(key));
    return opening;
  }

  /**
   * @param {number} networkId @param {PageBuffer} buffer @param {string} key
   * @returns {Promise<boolean>}
   */
  async #open(networkId, buffer, key) {
    /** @type {Cursor} */
    const state = { done: false, busy: true };
    this.#opened.set(key, state);
    try {
      const lines = await this.#page(networkId, buffer.name);
      // The page may hold lines whose events came before the reply but wait for the next
      // frame: merged before them, they would be shown twice.
      await this.#applied();
      buffer.lines = mergeOpened(lines, buffer.lines);
      if (lines.length > 0) keepReadBack(buffer);
      state.oldest = lines[0]?.id;
      state.done = lines.length < PAGE_SIZE;
      state.first = buffer.lines[0];
      return lines.length > 0;
    } catch {
      this.#opened.delete(key); // tried again on the next open
      return false;
    } finally {
      state.busy = false;
    }
  }

  /**
   * Loads the page before the oldest line shown; resolves with how many lines came. When the
   * buffer dropped its oldest lines since (a flood), the page is found again from the oldest
   * line it still shows (see `#anchor`). A reply that comes after the
   * buffer dropped more lines is not used (it would leave a gap); the next call starts over.
   * @param {number} networkId @param {PageBuffer} buffer
   * @returns {Promise<number>}
   */
  async older(networkId, buffer) {
    const state = this.#opened.get(`${networkId} ${buffer.key}`);
    if (!state || state.busy) return 0;
    const front = buffer.lines[0];
    const dropped = front !== state.first;
    if (dropped ? front === state.missed : state.done || state.oldest === undefined) return 0;
    state.busy = true;
    try {
      /** @type {Line[]} */
      let lines = [];
      if (dropped) {
        lines = await this.#anchor(networkId, buffer, state);
        if (buffer.lines[0] !== front || state.missed === front) return 0;
      }
      // Found where the buffer starts, or paging on from the cursor: the page before it.
      if (lines.length === 0 && !state.done && state.oldest !== undefined) {
        lines = await this.#page(networkId, buffer.name, state.oldest);
        if (buffer.lines[0] !== front) return 0;
        if (lines.length > 0) state.oldest = lines[0].id;
        state.done = lines.length < PAGE_SIZE;
      }
      buffer.lines = [...lines, ...buffer.lines];
      if (lines.length > 0) keepReadBack(buffer);
      state.first = buffer.lines[0];
      return lines.length;
    } catch {
      return 0;
    } finally {
      state.busy = false;
    }
  }

  /**
   * The stored lines before the oldest message the buffer shows, found without ids (live
   * lines have none): by its time, kind, nick and words, in the newest pages first. A spam
   * flood repeats those, so of the lines that match, the one with as many messages stored
   * from it on as the buffer shows from it on is taken. Sets the cursor to the oldest line fetched; on
   * no match, notes the buffer's first line so that nothing is asked again until it changes.
   * @param {number} networkId
   * @param {PageBuffer} buffer
   * @param {Cursor} state
   * @returns {Promise<Line[]>}
   */
  async #anchor(networkId, buffer, state) {
    const front = buffer.lines[0];
    const at = buffer.lines.findIndex(isMessage);
    // Only the page's own notes and events are shown: nothing to find a message by.
    if (at < 0) {
      state.missed = front;
      return [];
    }
    const key = sameLine(buffer.lines[at]);
    /** @type {Line[][]} newest first */
    const pages = [];
    for (let n = 0; n < ANCHOR_PAGES; n++) {
      const page = await this.#page(networkId, buffer.name, pages.at(-1)?.[0]?.id);
      // Lines the backend sent before its reply are in the store: counted from the newest,
      // the buffer must hold them too.
      if (n === 0) await this.#applied();
      if (buffer.lines[0] !== front) return [];
      pages.push(page);
      if (page.length < PAGE_SIZE) break;
    }
    const stored = pages.toReversed().flat();
    // Messages only are counted on both sides: the page shows notes of its own and events the
    // store words or files otherwise, but every message is in both.
    const shown = buffer.lines.slice(at).filter(isMessage).length;
    let found = -1;
    let foundDistance = Infinity;
    let newer = 0; // messages stored from the line looked at on
    for (let i = stored.length - 1; i >= 0; i--) {
      if (!isMessage(stored[i])) continue;
      newer++;
      if (sameLine(stored[i]) !== key) continue;
      // The nearest wins; of two as near, the newer (found first), as the store may hold
      // a message or two the page has not applied yet.
      const distance = Math.abs(newer - shown);
      if (distance < foundDistance) {
        found = i;
        foundDistance = distance;
      }
    }
    if (found < 0) {
      state.missed = front;
      return [];
    }
    // Events shown before the anchor (a join) are stored too: not shown twice.
    const shownBefore = new Set(buffer.lines.slice(0, at).map(sameLine));
    state.oldest = stored[0]?.id;
    state.done = (pages.at(-1)?.length ?? 0) < PAGE_SIZE;
    return stored.slice(0, found).filter((line) => !shownBefore.has(sameLine(line)));
  }

  /**
   * The line of `buffer` that a search found, reading older pages back until it is there
   * (at most {@linkcode MAX_HELD} lines): by its id, or, for a line that came live, by its
   * time, kind, nick and words. Resolves with the line, or `undefined` when it is not found.
   * @param {number} networkId @param {PageBuffer} buffer @param {HistoryLine} found
   * @returns {Promise<Line | undefined>}
   */
  async find(networkId, buffer, found) {
    await this.open(networkId, buffer);
    await this.#opening.get(`${networkId} ${buffer.key}`);
    const key = sameLine(lineFromStored(found, { highlight: this.#highlight }));
    /** @param {Line} l */
    const isFound = (l) => l.id === found.id || sameLine(l) === key;
    const line = () => buffer.lines.find(isFound);
    while (!line() && buffer.lines.length < MAX_HELD) {
      if (await this.older(networkId, buffer) === 0) break;
    }
    return line();
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
    const highlight = this.#highlight;
    const ignored = this.#ignored;
    if (!Array.isArray(reply)) return [];
    return reply.filter(isHistoryLine)
      .filter((stored) =>
        !ignored || stored.self || !MESSAGE_KINDS.has(stored.kind) ||
        !ignored(stored.networkId, stored.sender)
      )
      .map((stored) => lineFromStored(stored, { highlight }));
  }
}
