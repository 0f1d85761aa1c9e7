// @ts-check
/**
 * The buffer's lines, drawn as a window over the buffer's stored lines: while the view
 * follows the end, only the newest two screens of lines (at least {@linkcode WINDOW}) are in
 * the document, so a flood lays out and paints what can be seen and not a thousand lines.
 * Scrolling near the top of the window draws older stored lines above it.
 *
 * A frame's work stays small under a flood: at most {@linkcode FRAME_LINES} new lines are
 * drawn per frame, a burst spread evenly over a few frames (see {@linkcode SPREAD}), and the
 * box is laid out once per frame, when scrolling to the end after adding them. Whether the reader follows the end is noted on scroll, and the box's height
 * on resize, rather than read from layout while lines are added. The lines a flood pushes
 * out of the window leave their room behind them (an empty block above the lines, while the
 * reader follows the end), so the lines that stay do not move: Chromium then reuses their
 * drawing instead of painting every line drawn again each frame.
 *
 * Folding (on unless switched off): a run of two or more joins, parts, quits and nick
 * changes shows as one line ("2 users have joined, 1 user has left") that opens on click to
 * show each of them. A new line of the kind joins the run drawn last, in place.
 *
 * @module
 */
import { botBadge } from "./nick_list.js";
import { foldedText } from "../../../core/event_text.js";
import { MAX_LINES } from "../page_state.js";
import { richText } from "./rich_text.js";
import { installLinkButton, jsrMentions } from "../plugins_view.js";

/**
 * What the message list asks of the page.
 *
 * @example
 * ```ts
 * import type { MessageListOptions } from "./message_list.js";
 * const options: MessageListOptions = {
 *   colorOf: () => undefined,
 *   quoteOf: () => "loading",
 *   onReply: (line) => console.log(line.msgid),
 *   onJump: (msgid) => console.log(msgid),
 *   onReact: (line, reaction, remove) => console.log(line.msgid, reaction, remove),
 *   onDelete: (line) => console.log(line.msgid),
 *   canDelete: () => true,
 *   ownNick: () => "alice",
 *   foldNick: (_, nick) => nick.toLowerCase(),
 * };
 * ```
 * @typedef {object} MessageListOptions
 * @property {(networkId: number, nick: string) => string | undefined} colorOf A nick's colour, if a
 *   plugin gave it one.
 * @property {(networkId: number, nick: string) => boolean} [isBot] Whether a nick is a bot now (its
 *   roster entry): a message from the history, which keeps no `bot` tag, is marked as a live one
 *   is. Absent means only the line's own mark counts.
 * @property {(networkId: number, msgid: string) => Quote} quoteOf The original of a reply, as its
 *   quote shows it (the page fetches what it lacks).
 * @property {(line: Line) => void} onReply The Reply button of a line was pressed.
 * @property {(msgid: string) => void} onJump A quote's jump was pressed.
 * @property {(line: Line, reaction: string, remove: boolean) => void} onReact A reaction was picked
 *   for `line`, or ours pressed to take it back (`remove`).
 * @property {(line: Line) => void} onDelete The Delete button of a line was pressed.
 * @property {(networkId: number) => boolean} canDelete Whether the network lets messages be deleted
 *   (a Delete button is drawn then).
 * @property {(networkId: number) => string} ownNick Our nick on a network (our reactions are the
 *   pressed ones).
 * @property {(networkId: number, nick: string) => string} foldNick Folds a nick by the network's
 *   casemapping.
 */

/** @typedef {import("../page_state.js").Line} Line */
/** @typedef {import("../page_state.js").Buffer} Buffer */
/** @typedef {import("../page_state.js").Presence} Presence */

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
/** How near the end (in px) the reader counts as following it. */
const NEAR_END = 30;
/**
 * New lines drawn per frame, at most: 1,200 a second at 60 frames. A burst beyond waits a
 * few frames; a backlog longer than the window and {@linkcode SPREAD} frames' lines draws
 * only its newest lines.
 */
const FRAME_LINES = 20;
/**
 * A burst is drawn over this many frames at least (up to {@linkcode FRAME_LINES} a frame),
 * and a steady flow at the rate it comes: 50 lines every third frame are drawn 17, 17 and
 * 16, not 20, 20 and 10, so the frame that draws most draws less.
 */
const SPREAD = 3;
/** How much each frame's count moves the rate of lines a frame (a moving average). */
const RATE_WEIGHT = 0.05;
/**
 * How tall (px) the room left by lines dropped from the top may grow before the lines move
 * up into it: about ten seconds of a 1,000 msg/s flood, far below the tallest box Chromium
 * lays out (about 33 million px).
 */
const MAX_ROOM = 200_000;
/** The time between frames (ms) until it is measured: 60 frames a second. */
const FRAME_MS = 1000 / 60;
/**
 * Time (ms) left free before the next frame when laying out lines ahead of it: the layout
 * must be done before the frame begins, or the frame waits for it.
 */
const MARGIN_MS = 1.5;
/** How long laying out a line ahead is taken to take at least (ms). */
const MIN_MS_PER_LINE = 0.02;
/** Lines a frame, on average, from which the lines come as a flood (240 a second). */
const FLOOD_RATE = 4;

/**
 * The reactions offered by a line's "Add reaction" picker.
 *
 * @example
 * ```ts
 * import { REACTIONS } from "./message_list.js";
 * console.log(REACTIONS[0]); // 👍
 * ```
 */
export const REACTIONS = ["👍", "❤️", "😂", "🎉", "👀"];

/**
 * What a reply's quote shows of the message it answers: its sender and text, `"loading"`
 * while it is being fetched, or `"missing"` when the history does not have it.
 *
 * @example
 * ```ts
 * import type { Quote } from "./message_list.js";
 * const quote: Quote = { nick: "bob", text: "what time is it?" };
 * ```
 * @typedef {{ nick: string, text: string } | "loading" | "missing"} Quote
 */

/**
 * The lines of the buffer shown.
 *
 * @example
 * ```ts ignore
 * import { MessageList } from "./message_list.js";
 * const list = new MessageList(document.getElementById("messages")!, {
 *   colorOf: () => undefined,
 *   quoteOf: () => "missing",
 *   onReply: () => {},
 *   onJump: () => {},
 *   onReact: () => {},
 *   onDelete: () => {},
 *   canDelete: () => false,
 *   ownNick: () => "alice",
 *   foldNick: (_, nick) => nick.toLowerCase(),
 * });
 * list.append(1, { kind: "message", time: Date.now(), nick: "bob", text: "\x02hi" });
 * list.flush();
 * ```
 */
export class MessageList {
  /** The scrolling box, whose children are the lines. @type {HTMLElement} */
  #box;
  /** @type {(networkId: number, nick: string) => string | undefined} */
  #colorOf;
  /** @type {MessageListOptions} */
  #options;
  /**
   * Lines waiting for the next frame, oldest first, each with its element once built ahead
   * (see {@linkcode MessageList.#buildAhead}).
   * @type {{networkId: number, line: Line, element?: HTMLElement}[]}
   */
  #pending = [];
  /** Whether an idle callback is asked for to build the next frame's lines. */
  #buildAsked = false;
  /** Whether a task is asked for to lay out the next frame's lines now (see #askLayout). */
  #layoutAsked = false;
  /** When the last flush ran (performance.now()). */
  #flushedAt = -Infinity;
  /** The time between flushes (ms), a moving average: when the next frame is due. */
  #interval = FRAME_MS;
  /** How long laying out a line ahead takes (ms, building it included), a moving average. */
  #msPerLine = 0.2;
  /** @type {Buffer | undefined} */
  #buffer;
  /** @type {number | undefined} */
  #networkId;
  /** The stored line each drawn element shows. @type {WeakMap<Element, Line>} */
  #lineOf = new WeakMap();
  /** Lines queued since the last flush. */
  #arrived = 0;
  /** Lines queued a flush, on average (see {@linkcode RATE_WEIGHT}). */
  #rate = 0;
  /** Whether the reader is at the end (so new lines scroll into view). */
  #following = true;
  /** The box's height in px, as last laid out (0 until then). */
  #height = 0;
  /** Whether runs of joins, parts, quits and nick changes fold into one line. */
  #folding = true;
  /** What each drawn run holds, counted as lines join it. @type {WeakMap<Element, Record<Presence, number>>} */
  #counts = new WeakMap();
  /**
   * The room left by the lines dropped from the top while following: an empty first child
   * of the box, there only while it has a height. @type {HTMLElement | undefined}
   */
  #room;
  /** Its height (px). */
  #roomPx = 0;
  /**
   * The lines beyond the window at the end of the last flush, which the next one drops: the
   * first of them, the first line that stays, how many they are and how tall (px), read when
   * the layout that flush forced was fresh, so dropping them costs no layout. Two reads a
   * frame, where reading where each line begins took one a line.
   * @type {{ first: Element, stays: Element, count: number, px: number } | undefined}
   */
  #beyond;
  /**
   * The next frame's lines, placed after the drawn lines and laid out while the page was idle
   * (see {@linkcode MessageList.#layOutAhead}): their chunk, the last child of the box; how
   * many of the waiting lines it holds (the first ones, still waiting until their frame); and
   * how tall it is (px), which the reader at the end of the drawn lines is not yet shown.
   * @type {{ chunk: HTMLElement, count: number, px: number } | undefined}
   */
  #ahead;
  /**
   * The lines changed since the last frame that were not waiting: drawn, maybe, and drawn
   * again by it ({@linkcode MessageList.changed}). @type {Set<Line>}
   */
  #changed = new Set();
  /** The msgids of the lines changed since the last frame, whose quotes it draws again. @type {Set<string>} */
  #changedIds = new Set();

  /**
   * @param {HTMLElement} box
   * @param {MessageListOptions} options
   */
  constructor(box, options) {
    this.#box = box;
    this.#colorOf = options.colorOf;
    this.#options = options;
    box.addEventListener("click", (event) => {
      const target = event.target;
      const summary = target instanceof Element ? target.closest(".fold-summary") : null;
      const fold = summary?.parentElement;
      if (!fold) return;
      const open = fold.classList.toggle("open");
      summary.setAttribute("aria-expanded", String(open));
    });
    box.addEventListener("scroll", () => {
      // Layout is done when scroll events run: reading it here costs nothing. The lines laid
      // out ahead of their frame, below the end, are not drawn yet: the reader at the end of
      // the drawn lines follows it.
      const ahead = this.#ahead?.px ?? 0;
      this.#following = box.scrollTop + box.clientHeight >= box.scrollHeight - ahead - NEAR_END;
      // Reading back: the lines move up into the room above them, the view with them.
      if (!this.#following) this.#closeRoom();
      if (box.scrollTop < NEAR_TOP) this.drawOlder();
    }, { passive: true });
    new ResizeObserver(() => {
      this.#height = box.clientHeight;
      if (this.#following) this.#scrollToEnd();
    }).observe(box);
  }

  /** Whether lines wait for a next frame (more came than one flush draws). */
  get pending() {
    return this.#pending.length > 0;
  }

  /**
   * How many of the waiting lines have their elements built ahead (see
   * {@linkcode MessageList.#buildAhead}): the page's tests wait for it, to change what such a
   * line shows before it is drawn.
   */
  get builtAhead() {
    let count = 0;
    for (const entry of this.#pending) if (entry.element) count++;
    return count;
  }

  /**
   * How many of the waiting lines are laid out ahead of their frame (see
   * {@linkcode MessageList.#layOutAhead}): the last lines in the box, not yet shown.
   */
  get laidOutAhead() {
    return this.#ahead?.count ?? 0;
  }

  /**
   * Draws the newest lines of `buffer`, scrolled to the end.
   * @param {number | undefined} networkId @param {Buffer | undefined} buffer
   */
  show(networkId, buffer) {
    // Before the first resize report (the first draw), the box's height is read once.
    if (this.#height === 0) this.#height = this.#box.clientHeight;
    this.#pending = [];
    this.#ahead = undefined;
    // Drawn anew below, each line as it is now.
    this.#changed.clear();
    this.#changedIds.clear();
    this.#buffer = buffer;
    this.#networkId = networkId;
    const chunk = newChunk();
    if (buffer && networkId !== undefined) {
      for (const line of buffer.lines.slice(-this.#windowSize())) {
        this.#place(chunk, networkId, line);
      }
    }
    this.#dropRoom();
    this.#beyond = undefined;
    if (chunk.firstElementChild) this.#box.replaceChildren(chunk);
    else this.#box.replaceChildren();
    this.#following = true;
    this.#scrollToEnd();
  }

  /**
   * Folds runs of joins, parts, quits and nick changes (`on`) or shows each line; the buffer
   * shown is drawn again.
   * @param {boolean} on
   */
  setFolding(on) {
    if (this.#folding === on) return;
    this.#folding = on;
    this.show(this.#networkId, this.#buffer);
  }

  /**
   * Queues a line of the buffer shown for the next {@linkcode MessageList.flush}.
   * @param {number} networkId @param {Line} line
   */
  append(networkId, line) {
    this.#pending.push({ networkId, line });
    this.#arrived++;
    // Only the newest lines of a backlog can be drawn; older ones stay in the buffer.
    if (this.#pending.length > MAX_LINES) {
      this.#discardAhead();
      this.#pending.splice(0, this.#pending.length - MAX_LINES);
    }
    this.#askBuild();
    this.#askLayout();
  }

  /** Asks for an idle callback that builds the next frame's lines, unless one is asked. */
  #askBuild() {
    if (this.#buildAsked || typeof requestIdleCallback !== "function") return;
    this.#buildAsked = true;
    requestIdleCallback((deadline) => {
      this.#buildAsked = false;
      // Playwright's fake clock calls it with no deadline.
      this.#buildAhead(deadline ? deadline.timeRemaining() : Infinity);
    });
  }

  /**
   * Asks for a task that lays out the next frame's lines as soon as the lines that came in
   * this one are queued: an idle callback asked for between frames runs only in the idle time
   * after the next frame (Chromium keeps the idle time it is in for the callbacks asked for
   * before it), so the first frame after each of the backend's batches drew its lines itself,
   * a frame in three. The task lays out as many as fit before the next frame is due; none
   * when a frame came first (it drew them, and asked for the idle time after it).
   */
  #askLayout() {
    if (this.#layoutAsked || this.#ahead) return;
    this.#layoutAsked = true;
    const askedAt = performance.now();
    setTimeout(() => {
      this.#layoutAsked = false;
      if (this.#flushedAt > askedAt) return;
      // Frames keep their pace while none draws lines: the next is due a whole number of
      // intervals after the last flush.
      const since = performance.now() - this.#flushedAt;
      const timeLeft = this.#interval - since % this.#interval;
      // Too near the next frame, even building the lines would make it wait.
      if (timeLeft > MARGIN_MS) this.#buildAhead(timeLeft);
    });
  }

  /**
   * Builds the elements of the lines the next flush draws, while the page waits between
   * frames, and lays them out (see {@linkcode MessageList.#layOutAhead}): the frame then only
   * shows them, and the lines show in the frame they would have anyway. Not for a backlog,
   * whose newest lines replace the window instead. A line not built by then is built in the
   * frame, as it always was.
   * @param {number} timeLeft How long (ms) until the next frame is due.
   */
  #buildAhead(timeLeft) {
    const pending = this.#pending;
    if (pending.length >= this.#backlog(this.#keep())) return;
    const count = Math.min(pending.length, this.#budget());
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const entry = pending[i];
      entry.element ??= this.#element(entry.networkId, entry.line);
    }
    // As many laid out as fit in the time left before the next frame; it draws the others.
    const fit = Math.floor((timeLeft - MARGIN_MS) / this.#msPerLine);
    const laid = Math.min(count, fit);
    if (!this.#layOutAhead(laid)) return;
    const perLine = (performance.now() - start) / laid;
    this.#msPerLine = Math.max(
      MIN_MS_PER_LINE,
      this.#msPerLine + (perLine - this.#msPerLine) * 0.2,
    );
  }

  /**
   * While following, places the first `count` waiting lines (built) after the drawn lines, in
   * a chunk of their own, and lays them out now, where the page waits between frames: their
   * style and layout were the largest part of a flooded frame. The lines pushed out of the
   * window go first, as their frame would drop them. Nothing of it is shown before that frame:
   * the view stays where it is (the compositor has none of it until the frame commits), and
   * the frame scrolls to the end, as it always did. A line that would join the run drawn last
   * (a join after joins) changes a drawn line, and waits for its frame. Returns whether it
   * laid them out.
   * @param {number} count
   */
  #layOutAhead(count) {
    if (this.#ahead || !(count > 0) || !this.#following) return false;
    const lines = this.#pending.slice(0, count);
    const last = this.#item(-1);
    if (this.#folding && lines[0].line.presence && last && this.#presenceOf(last)) return false;
    const keep = this.#keep();
    const pushed = this.#drawn() + count - keep;
    this.#dropOldest(pushed > 0 ? this.#beyond?.count ?? 0 : 0);
    const chunk = this.#chunkOf(lines, false);
    this.#box.append(chunk);
    // Measured as the frame would measure it, once its lines are drawn (this forces the
    // layout, here rather than in the frame).
    this.#measureBeyond(keep - count);
    this.#ahead = { chunk, count, px: chunk.getBoundingClientRect().height };
    return true;
  }

  /**
   * Takes the lines laid out ahead out of the document again: they are drawn in their frame,
   * as the others are.
   */
  #discardAhead() {
    this.#ahead?.chunk.remove();
    this.#ahead = undefined;
  }

  /**
   * Forgets the elements built ahead for the waiting lines that `stale` picks (by the line, or
   * by its element): what they show changed (a colour, a reaction, a quote), and they are
   * built again when drawn. The chunk laid out ahead goes only if one of them is in it.
   * @param {(line: Line, element: HTMLElement) => boolean} stale
   */
  #forgetBuilt(stale) {
    for (const entry of this.#pending) {
      const el = entry.element;
      if (!el || !stale(entry.line, el)) continue;
      // Laid out ahead, it would show as it was: the chunk goes, its frame draws them all.
      if (el.parentElement === this.#ahead?.chunk) this.#discardAhead();
      entry.element = undefined;
    }
  }

  /** How many lines the window keeps: reading back, every line the buffer holds. */
  #keep() {
    return this.#following ? this.#windowSize() : this.#buffer?.limit ?? MAX_LINES;
  }

  /**
   * How many waiting lines make a backlog. Following, as many as the window and the lines
   * SPREAD frames draw: a batch of 50 that comes after two frames instead of three finds 16
   * lines waiting, and replacing the window then drew 60 lines in one frame (10-13 ms, then
   * three idle ones).
   * @param {number} keep
   */
  #backlog(keep) {
    return this.#following ? keep + FRAME_LINES * SPREAD : keep;
  }

  /**
   * Appends up to {@linkcode FRAME_LINES} queued lines; the view stays at the end if it was
   * there. Lines beyond the budget wait for the next call (`pending`).
   *
   * It reads no layout before adding lines, so the frame lays out once: when scrolling to
   * the end after them. (Scrolling from a ResizeObserver or before adding them was measured
   * slower: Chromium then repaints far more of the page.) The lines pushed out of the window
   * are dropped first, their room kept (see {@linkcode MessageList.#dropOldest}): while
   * following, as many as the last flush measured, which are as many as it drew.
   */
  flush() {
    const now = performance.now();
    const since = now - this.#flushedAt;
    // Frames a few ms apart or far apart (a hidden page's timer, a pause) say little of when
    // the next frame is due.
    if (since > 4 && since < 50) this.#interval += (since - this.#interval) * 0.1;
    this.#flushedAt = now;
    this.#rate += (this.#arrived - this.#rate) * RATE_WEIGHT;
    this.#arrived = 0;
    if (this.#pending.length === 0) return;
    const keep = this.#keep();
    const box = this.#box;
    let lines;
    /** How many of this frame's lines were laid out ahead of it. */
    let laidOut = 0;
    if (this.#pending.length >= this.#backlog(keep)) {
      // A backlog: its newest lines replace the window at once, and the older ones wait in
      // the buffer for a reader scrolling up. Drawn in parts, the window would have a gap.
      lines = this.#pending.splice(0).slice(-keep);
      this.#dropRoom();
      this.#beyond = undefined;
      this.#ahead = undefined;
      box.replaceChildren();
    } else {
      const budget = this.#budget();
      // The lines laid out ahead are this frame's first: in place, dropped lines and all, and
      // measured for the next frame. Only lines that came since are drawn as always.
      if (this.#ahead) {
        laidOut = this.#ahead.count;
        this.#pending.splice(0, laidOut);
        this.#ahead = undefined;
      }
      // Under a flood, a frame draws only the lines laid out ahead of it, when there are some:
      // the one or two more its budget allows (which moves as each batch comes) are drawn by
      // the next frames, laid out ahead of them in turn.
      const flood = this.#rate >= FLOOD_RATE;
      lines = this.#pending.splice(0, flood && laidOut > 0 ? 0 : Math.max(0, budget - laidOut));
      if (laidOut > 0 && lines.length === 0) {
        if (this.#pending.length > 0) this.#askBuild();
        if (this.#following) this.#scrollToEnd();
        return;
      }
    }
    // As many as the new lines push out of the window (when some join a run drawn last,
    // the window is that much shorter until the next lines). Following, the lines measured
    // for it, once any are pushed out: fewer pushed out leave the window as many lines short
    // until the next frame (it holds two screens; at most a frame's lines go), more wait for
    // it. Waiting until as many were pushed out as measured let them pile up under a flood
    // (a frame drawing 13 lines after one drawing 19): 50 lines went every third frame, and
    // removing them took that frame 0.5-0.9 ms.
    const pushed = this.#drawn() + lines.length - keep;
    const measured = this.#beyond?.count ?? 0;
    this.#dropOldest(!this.#following ? pushed : pushed > 0 ? measured : 0);
    // Nothing reads layout meanwhile, so the frame still lays out once.
    const chunk = this.#chunkOf(lines, true);
    if (chunk.firstElementChild) box.append(chunk);
    if (this.#pending.length > 0) this.#askBuild();
    if (!this.#following) return;
    this.#scrollToEnd();
    // Laid out just now: how tall the lines the next frame pushes out are costs no layout
    // (as many as this frame drew, the next frame drawing about as many).
    this.#measureBeyond(keep - laidOut - lines.length);
  }

  /**
   * A new chunk (see newChunk) of the waiting `lines`, placed one by one. With `joinsLast`, a
   * run drawn last may take the first lines in (they then join it, not the chunk); the run is
   * looked up again for each line, as the first one joining makes a run in that line's place.
   * @param {{ networkId: number, line: Line, element?: HTMLElement }[]} lines
   * @param {boolean} joinsLast
   */
  #chunkOf(lines, joinsLast) {
    const chunk = newChunk();
    for (const { networkId, line, element } of lines) {
      const last = chunk.lastElementChild ?? (joinsLast ? this.#item(-1) : null);
      this.#place(chunk, networkId, line, last, element);
    }
    return chunk;
  }

  /**
   * How many queued lines this frame draws: as many as come a frame, and a backlog over
   * {@linkcode SPREAD} frames at most, within {@linkcode FRAME_LINES}.
   */
  #budget() {
    const pending = this.#pending.length;
    const spread = Math.max(Math.ceil(this.#rate), Math.ceil(pending / SPREAD));
    return Math.min(pending, FRAME_LINES, spread);
  }

  /**
   * Notes the oldest lines beyond `keep` for the next flush to drop: how many, and how tall
   * from where the first begins to where the first that stays begins. Read only just after
   * a layout.
   * @param {number} keep
   */
  #measureBeyond(keep) {
    this.#beyond = undefined;
    const beyond = this.#drawn() - keep;
    // Whole chunks, as many of the oldest as are beyond: the chunks that stay are then left
    // as they were drawn (a chunk losing some of its lines is painted again whole). Only a
    // chunk longer than a flush draws (a buffer shown, older lines drawn) goes line by line,
    // so the window never holds more than a chunk's lines over.
    let count = 0;
    for (const chunk of this.#chunks()) {
      const lines = chunk.childElementCount;
      if (count + lines <= beyond) count += lines;
      else {
        if (count === 0 && lines > FRAME_LINES) count = beyond;
        break;
      }
    }
    if (count <= 0) return;
    const first = this.#item(0);
    const stays = this.#item(count);
    if (!first || !stays) return;
    const px = stays.getBoundingClientRect().top - first.getBoundingClientRect().top;
    this.#beyond = { first, stays, count, px };
  }

  /** How many lines (or runs) are drawn. */
  #drawn() {
    let count = 0;
    for (const chunk of this.#chunks()) count += chunk.childElementCount;
    return count;
  }

  /**
   * The chunks of drawn lines, oldest first (the box's children but the room and the lines
   * laid out ahead of their frame).
   */
  #chunks() {
    const chunks = [...this.#box.children];
    return chunks.slice(this.#room ? 1 : 0, this.#ahead ? -1 : chunks.length);
  }

  /** The drawn lines (or runs), oldest first. */
  #items() {
    return this.#chunks().flatMap((chunk) => [...chunk.children]);
  }

  /**
   * The drawn line (or run) at `index`, counted from the end when negative.
   * @param {number} index
   * @returns {Element | undefined}
   */
  #item(index) {
    const chunks = this.#chunks();
    if (index < 0) {
      for (let c = chunks.length - 1; c >= 0; c--) {
        const count = chunks[c].childElementCount;
        if (-index <= count) return chunks[c].children[count + index];
        index += count;
      }
      return undefined;
    }
    for (const chunk of chunks) {
      const count = chunk.childElementCount;
      if (index < count) return chunk.children[index];
      index -= count;
    }
    return undefined;
  }

  /**
   * Drops the `count` oldest drawn lines. While following, the room they took is kept above
   * the lines that stay, as measured when last laid out (see
   * {@linkcode MessageList.#measureBeyond}): the lines that stay then do not move, and
   * Chromium reuses their drawing (its commit took half as long). A room that cannot be
   * measured (other lines than those measured, or one drawn again since) or would pass
   * {@linkcode MAX_ROOM} is given up: the lines move up into it, once.
   * @param {number} count
   */
  #dropOldest(count) {
    const drawn = this.#drawn();
    const beyond = this.#beyond;
    this.#beyond = undefined;
    if (count <= 0 || drawn === 0) return;
    const box = this.#box;
    const oldest = this.#item(0);
    const stays = count < drawn ? this.#item(count) ?? null : null;
    const measured = beyond !== undefined && beyond.count === count &&
      beyond.first === oldest && beyond.stays === stays;
    // Removed one by one, not by a Range: a Range made each frame stays live in the document
    // until it is collected, and every change to the document walks each one still live. A
    // chunk whose lines all go goes whole.
    for (const chunk of this.#chunks()) {
      if (stays && chunk.contains(stays)) {
        while (chunk.firstChild && chunk.firstChild !== stays) chunk.firstChild.remove();
        break;
      }
      chunk.remove();
    }
    const px = measured ? this.#roomPx + beyond.px : Infinity;
    if (!this.#following || px > MAX_ROOM) return this.#dropRoom();
    if (!this.#room) {
      this.#room = document.createElement("div");
      this.#room.className = "room";
      this.#room.setAttribute("aria-hidden", "true");
      box.prepend(this.#room);
    }
    this.#roomPx = px;
    this.#room.style.height = `${px}px`;
  }

  /** Removes the room above the lines (they move up into it, if any are drawn). */
  #dropRoom() {
    this.#room?.remove();
    this.#room = undefined;
    this.#roomPx = 0;
  }

  /** Moves the lines up into the room above them, and the view with them: reading back. */
  #closeRoom() {
    if (!this.#room) return;
    const box = this.#box;
    const top = box.scrollTop - this.#roomPx;
    this.#dropRoom();
    box.scrollTop = Math.max(0, top);
  }

  #scrollToEnd() {
    this.#box.scrollTop = this.#box.scrollHeight;
  }

  /**
   * Colours again the nicks of these (folded) users.
   * @param {Set<string>} changed @param {(nick: string) => string} fold
   */
  recolor(changed, fold) {
    this.#forgetBuilt(() => true);
    for (const el of this.#box.querySelectorAll(".line .nick")) {
      if (!(el instanceof HTMLElement) || !changed.has(fold(el.dataset.nick ?? ""))) continue;
      el.style.color = this.#colorOf(Number(el.dataset.net), el.dataset.nick ?? "") ?? "";
    }
  }

  /**
   * Fills the quotes of the replies to `msgid` drawn now (its original was just fetched).
   * @param {number} networkId @param {string} msgid
   */
  refreshQuotes(networkId, msgid) {
    this.#forgetBuilt((_, el) => quotes(el, msgid));
    this.#redrawQuotes(networkId, new Set([msgid]));
  }

  /**
   * Notes, as it happens, that `line` changed (a reaction came or went, it was deleted). A
   * waiting line is drawn as it is when its frame comes: only if its element was built
   * before, or one built quotes it, is that one built again. The other lines built or laid
   * out ahead of their frame stay so (a reaction in every batch of a flood had them all built
   * and laid out again in the frame). A drawn line, and the drawn quotes of it, are drawn
   * again by the next frame ({@linkcode MessageList.redrawChanged}).
   * @param {Line} line
   */
  changed(line) {
    const msgid = line.msgid;
    if (msgid !== undefined) this.#changedIds.add(msgid);
    this.#forgetBuilt((l, el) => l === line || (msgid !== undefined && quotes(el, msgid)));
    if (!this.#pending.some((entry) => entry.line === line)) this.#changed.add(line);
  }

  /**
   * Draws again the drawn lines that changed since the last frame, and the quotes of them, in
   * one pass over the drawn lines and one over the quotes, however many changed: reactions
   * arriving by the dozen a second cost one pass a frame, not one each.
   */
  redrawChanged() {
    const networkId = this.#networkId;
    const lines = this.#changed;
    if (networkId !== undefined && lines.size > 0) {
      for (const el of this.#items()) {
        const line = this.#lineOf.get(el);
        if (line === undefined || !lines.has(line)) continue;
        const drawn = this.#element(networkId, line);
        // It begins where the line it replaces began: the room a drop leaves stays measurable.
        const beyond = this.#beyond;
        if (beyond?.first === el) beyond.first = drawn;
        if (beyond?.stays === el) beyond.stays = drawn;
        el.replaceWith(drawn);
      }
    }
    if (networkId !== undefined) this.#redrawQuotes(networkId, this.#changedIds);
    lines.clear();
    this.#changedIds.clear();
  }

  /**
   * Draws again the drawn quotes of the messages with these `msgids` (and those in the lines
   * laid out ahead, which are in the box too).
   * @param {number} networkId @param {ReadonlySet<string>} msgids
   */
  #redrawQuotes(networkId, msgids) {
    if (msgids.size === 0) return;
    for (const el of this.#box.querySelectorAll(".quote")) {
      if (!(el instanceof HTMLElement) || !msgids.has(el.dataset.replyTo ?? "")) continue;
      el.replaceWith(this.#quote(networkId, el.dataset.replyTo ?? ""));
    }
  }

  /**
   * Reveals the line with `msgid` as {@linkcode MessageList.reveal} does; false when the
   * buffer does not hold it.
   * @param {string} msgid
   */
  revealMessage(msgid) {
    const line = this.#buffer?.lines.find((/** @type {Line} */ l) => l.msgid === msgid);
    return line !== undefined && this.reveal(line);
  }

  /** How many lines to keep while following the end. */
  #windowSize() {
    return Math.max(WINDOW, Math.ceil((2 * this.#height) / LINE_PX));
  }

  /**
   * Draws up to {@linkcode MORE} of the buffer's lines above the first drawn, keeping the view
   * still (on scrolling near the top, and after older lines were loaded into the buffer).
   */
  drawOlder() {
    const buffer = this.#buffer;
    const networkId = this.#networkId;
    this.#closeRoom();
    const first = this.#item(0);
    const firstLine = first ? this.#lineOf.get(first) : undefined;
    if (!buffer || networkId === undefined || !first || !firstLine) return;
    const at = buffer.lines.indexOf(firstLine);
    if (at <= 0) return;
    const from = Math.max(0, at - MORE);
    const chunk = newChunk();
    for (const line of buffer.lines.slice(from, at)) this.#place(chunk, networkId, line);
    const box = this.#box;
    const height = box.scrollHeight;
    // A run that ends where the drawn lines begin is one run with theirs.
    const last = chunk.lastElementChild;
    if (last && this.#presenceOf(last) && this.#presenceOf(first)) {
      const run = this.#runOf(last);
      for (const item of this.#runItems(first)) this.#addToRun(run, item);
      const emptied = first.parentElement;
      first.remove();
      if (emptied && !emptied.firstElementChild) emptied.remove();
    }
    this.#box.prepend(chunk);
    box.scrollTop += box.scrollHeight - height;
  }

  /**
   * Draws older lines until `line` (of the buffer shown) is drawn, then scrolls it to the
   * middle of the box and marks it `.found`. Returns whether it is shown.
   * @param {Line} line
   * @returns {boolean}
   */
  reveal(line) {
    const box = this.#box;
    for (const old of box.querySelectorAll(".found")) old.classList.remove("found");
    /** @returns {Element | undefined} */
    const find = () =>
      [...box.querySelectorAll(".line")].find((el) => this.#lineOf.get(el) === line);
    let element = find();
    while (!element) {
      const drawn = this.#drawn();
      this.drawOlder();
      if (this.#drawn() === drawn) return false;
      element = find();
    }
    // The reader is looking back: new lines must not trim what was drawn to get here.
    this.#following = false;
    element.closest(".fold")?.classList.add("open");
    element.classList.add("found");
    element.scrollIntoView({ block: "center" });
    return true;
  }

  /**
   * Appends the element of `line` to `parent`: into the run of joins, parts, quits and nick
   * changes drawn last (`last`, by default the last in `parent`) when it is one of them too
   * (and folding is on).
   * @param {ParentNode} parent @param {number} networkId @param {Line} line
   * @param {Element | null | undefined} [last]
   * @param {HTMLElement} [element] The line's element, if built ahead.
   */
  #place(
    parent,
    networkId,
    line,
    last = parent.lastElementChild,
    element = this.#element(networkId, line),
  ) {
    if (!this.#folding || !line.presence || !last || !this.#presenceOf(last)) {
      parent.append(element);
      return;
    }
    this.#addToRun(this.#runOf(last), element);
  }

  /**
   * Whether a drawn element is a join, part, quit or nick change, or a run of them.
   * @param {Element} element
   */
  #presenceOf(element) {
    return element.classList.contains("fold") || this.#lineOf.get(element)?.presence !== undefined;
  }

  /**
   * The run `element` is, or a new run in its place holding it.
   * @param {Element} element
   * @returns {HTMLElement}
   */
  #runOf(element) {
    if (element instanceof HTMLElement && element.classList.contains("fold")) return element;
    const run = document.createElement("div");
    run.className = "line event fold";
    const summary = document.createElement("button");
    summary.type = "button";
    summary.className = "fold-summary";
    summary.setAttribute("aria-expanded", "false");
    const items = document.createElement("div");
    items.className = "fold-lines";
    // The run's time is its first line's.
    const time = element.querySelector(".time")?.cloneNode(true);
    if (time) run.append(time);
    run.append(summary, items);
    element.replaceWith(run);
    this.#addToRun(run, element);
    return run;
  }

  /**
   * The lines a drawn element shows: its own, or those of its run.
   * @param {Element} element
   * @returns {Element[]}
   */
  #runItems(element) {
    return element.classList.contains("fold")
      ? [...(element.querySelector(".fold-lines")?.children ?? [])]
      : [element];
  }

  /**
   * Adds a line's element to the end of a run, and counts the run again.
   * @param {HTMLElement} run @param {Element} item
   */
  #addToRun(run, item) {
    const items = run.querySelector(".fold-lines");
    const summary = run.querySelector(".fold-summary");
    if (!items || !summary) return;
    items.append(item);
    const counts = this.#counts.get(run) ?? { join: 0, part: 0, quit: 0, nick: 0 };
    this.#counts.set(run, counts);
    const line = this.#lineOf.get(item);
    if (line?.presence) counts[line.presence]++;
    summary.textContent = foldedText(counts);
    // The run stands for its first line where drawing older lines looks for it.
    if (items.firstElementChild === item && line) this.#lineOf.set(run, line);
  }

  /**
   * The quote above a reply: the original's sender and text, with a jump to it.
   * @param {number} networkId @param {string} msgid
   */
  #quote(networkId, msgid) {
    const quote = document.createElement("div");
    quote.className = "quote";
    quote.dataset.replyTo = msgid;
    const original = this.#options.quoteOf(networkId, msgid);
    const text = document.createElement("span");
    text.className = "quote-text";
    if (original === "loading") text.textContent = "…";
    else if (original === "missing") text.textContent = "a message not in the history";
    else {
      const nick = document.createElement("span");
      nick.className = "nick";
      nick.textContent = original.nick;
      text.append(nick, " ", richText(original.text));
    }
    const jump = iconButton("jump", "↑", "Jump to the original", () => this.#options.onJump(msgid));
    quote.append("↪ ", text, jump);
    return quote;
  }

  /**
   * A line's reactions, each a button with its count (pressed when ours: pressing it takes
   * ours back, pressing another's adds ours), then "Add reaction" and its picker.
   * @param {number} networkId @param {Line} line
   */
  #reactions(networkId, line) {
    const box = document.createElement("span");
    box.className = "reactions";
    const me = this.#options.foldNick(networkId, this.#options.ownNick(networkId));
    for (const { reaction, senders } of line.reactions ?? []) {
      const mine = senders.some((/** @type {string} */ s) =>
        this.#options.foldNick(networkId, s) === me
      );
      const button = document.createElement("button");
      button.type = "button";
      button.className = "reaction";
      button.textContent = `${reaction} ${senders.length}`;
      button.title = senders.join(", ");
      button.setAttribute("aria-label", `${reaction} ${senders.length}: ${senders.join(", ")}`);
      button.setAttribute("aria-pressed", String(mine));
      button.addEventListener("click", () => this.#options.onReact(line, reaction, mine));
      box.append(button);
    }
    /** @type {HTMLElement | undefined} */
    let picker;
    // The picker is made on the first press: a flood's lines with msgids each drew its six
    // elements, hidden, that almost none are ever opened.
    const add = iconButton("add-reaction", "☺+", "Add reaction", () => {
      if (picker) picker.hidden = !picker.hidden;
      else box.append(picker = this.#picker(line));
    });
    box.append(add);
    return box;
  }

  /**
   * The reactions offered for `line`, each a button; picking one closes the picker.
   * @param {Line} line
   */
  #picker(line) {
    const picker = document.createElement("span");
    picker.className = "picker";
    for (const reaction of REACTIONS) {
      const pick = document.createElement("button");
      pick.type = "button";
      pick.textContent = reaction;
      pick.setAttribute("aria-label", `React ${reaction}`);
      pick.addEventListener("click", () => {
        picker.hidden = true;
        this.#options.onReact(line, reaction, false);
      });
      picker.append(pick);
    }
    return picker;
  }

  /** @param {number} networkId @param {Line} line */
  #element(networkId, line) {
    const div = document.createElement("div");
    this.#lineOf.set(div, line);
    div.className = `line ${line.kind}`;
    if (line.highlight) div.classList.add("highlight");
    if (line.msgid !== undefined) div.dataset.msgid = line.msgid;
    if (line.replyTo !== undefined) div.append(this.#quote(networkId, line.replyTo));
    const time = document.createElement("span");
    time.className = "time";
    time.textContent = clockTime(line.time);
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
      const isMessage = line.kind === "message" || line.kind === "action" ||
        line.kind === "notice";
      if (line.bot || (isMessage && this.#options.isBot?.(networkId, line.nick))) {
        div.append(botBadge());
      }
    }
    if (line.reply !== undefined) {
      // FAIL, WARN or NOTE: the server's standard reply, marked by its type.
      const type = document.createElement("span");
      type.className = `reply-type ${line.reply.toLowerCase()}`;
      type.textContent = line.reply;
      div.append(type);
    }
    const text = document.createElement("span");
    text.className = "text";
    if (line.redacted) {
      text.classList.add("deleted");
      text.textContent = "Deleted";
    } else text.append(richText(line.text));
    div.append(text);
    // A plugin someone mentions: an action that opens the consent sheet, never an install.
    if (line.nick !== undefined && line.kind !== "event") {
      for (const specifier of jsrMentions(line.text)) {
        div.append(installLinkButton(specifier, line.nick));
      }
    }
    const nick = line.nick;
    if (
      line.msgid !== undefined && nick !== undefined && line.kind !== "notice" && !line.redacted
    ) {
      div.append(
        iconButton("reply-action", "↩", `Reply to ${nick}`, () => this.#options.onReply(line)),
      );
      if (this.#options.canDelete(networkId)) {
        div.append(
          iconButton("delete-action", "🗑", "Delete message", () => this.#options.onDelete(line)),
        );
      }
      div.append(this.#reactions(networkId, line));
    }
    return div;
  }
}

/**
 * Whether `el` holds a quote of the message with `msgid`.
 * @param {Element} el @param {string} msgid
 */
function quotes(el, msgid) {
  for (const quote of el.querySelectorAll(".quote")) {
    if (quote instanceof HTMLElement && quote.dataset.replyTo === msgid) return true;
  }
  return false;
}

/**
 * A chunk of lines: the box holds its lines in chunks, the lines one flush drew in one, their
 * paint contained (`#messages > .chunk` in style.css). A flooded frame then adds a chunk and
 * drops whole ones, leaving the others as they were drawn, and Chromium reuses their drawing
 * whole instead of walking every line of the box again each frame.
 * @returns {HTMLElement}
 */
function newChunk() {
  const chunk = document.createElement("div");
  chunk.className = "chunk";
  return chunk;
}

/** The minute (since the epoch) last shown by {@linkcode clockTime}, and how it showed. */
let shownMinute = NaN;
let shownClock = "";

/**
 * `HH:MM` of `time` (epoch ms) in local time. Lines come by the hundred a minute under a
 * flood, so the minute last formatted is kept: formatting a Date with its time zone each
 * line cost more than the rest of the line's text. (Time zones are whole minutes off UTC,
 * so one minute since the epoch reads the same throughout.)
 * @param {number} time
 */
function clockTime(time) {
  const minute = Math.floor(time / 60_000);
  if (minute !== shownMinute) {
    shownMinute = minute;
    shownClock = new Date(time).toTimeString().slice(0, 5);
  }
  return shownClock;
}

/**
 * A button showing `icon`, named by `label` (its tooltip and accessible name), that runs
 * `onClick`.
 * @param {string} className @param {string} icon @param {string} label
 * @param {() => void} onClick
 */
function iconButton(className, icon, label, onClick) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.textContent = icon;
  button.title = label;
  button.setAttribute("aria-label", label);
  button.addEventListener("click", onClick);
  return button;
}
