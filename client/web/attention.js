// @ts-check
/**
 * What asks for the user's attention: mentions of their nick or chosen words, unread and
 * highlight counts, the title, desktop notifications, the next unread buffer. No DOM.
 *
 * @module
 */

/**
 * A buffer's counts: lines not yet seen, and how many of them are highlights.
 *
 * @example
 * ```ts
 * import type { BufferCounts } from "./attention.js";
 * const counts: BufferCounts = { unread: 3, highlights: 1 };
 * ```
 * @typedef {object} BufferCounts
 * @property {number} unread Messages since the buffer was last seen.
 * @property {number} highlights Mentions and private messages among them.
 */

/**
 * Highlight words kept at most, and their longest length.
 *
 * @example
 * ```ts
 * import { MAX_WORDS } from "./attention.js";
 * console.log(MAX_WORDS); // 50
 * ```
 */
export const MAX_WORDS = 50;
const MAX_WORD_LENGTH = 50;

/** Characters a nickname may hold: a mention must not be part of a longer word. */
const WORD_CHAR = /[\p{L}\p{N}_\-[\]\\`^{|}]/u;

/**
 * Whether `word` occurs in `text` as a whole word (both folded already).
 * @param {string} text @param {string} word
 */
function hasWord(text, word) {
  if (word === "") return false;
  let at = text.indexOf(word);
  while (at !== -1) {
    const before = at === 0 ? "" : text[at - 1];
    const after = text[at + word.length] ?? "";
    if (!WORD_CHAR.test(before) && !WORD_CHAR.test(after)) return true;
    at = text.indexOf(word, at + 1);
  }
  return false;
}

/**
 * Whether a line mentions the user: their nick or one of `words`, as a whole word, compared
 * after folding by the server's casemapping (`fold`). The line is folded once for the nick
 * and once for all the words, not once per word: this runs for every message received.
 *
 * @example
 * ```ts
 * import { isMention } from "./attention.js";
 * const fold = (s: string) => s.toLowerCase();
 * console.log(isMention("ALICE: hi", { nick: "alice", fold })); // true
 * console.log(isMention("alicex hi", { nick: "alice", fold })); // false
 * ```
 * @param {string} text
 * @param {{ nick: string, words?: readonly string[], fold: (s: string) => string }} options
 * @returns {boolean}
 */
export function isMention(text, { nick, words = [], fold }) {
  if (hasWord(fold(text), fold(nick))) return true;
  if (words.length === 0) return false;
  const lower = fold(text.toLowerCase());
  return words.some((word) => hasWord(lower, fold(word.toLowerCase())));
}

/**
 * Reads the user's highlight words (comma or space separated): trimmed, without empties and
 * duplicates, at most {@linkcode MAX_WORDS} of at most 50 characters.
 *
 * @example
 * ```ts
 * import { parseWords } from "./attention.js";
 * console.log(parseWords(" deno, Bus deno ")); // ["deno", "Bus"]
 * ```
 * @param {string} value
 * @returns {string[]}
 */
export function parseWords(value) {
  const seen = new Set();
  /** @type {string[]} */
  const words = [];
  for (const raw of value.split(/[\s,]+/)) {
    const word = raw.slice(0, MAX_WORD_LENGTH);
    if (word === "" || seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    words.push(word);
    if (words.length === MAX_WORDS) break;
  }
  return words;
}

/**
 * The page title: `(N) base` while N lines are unread anywhere, else `base`.
 *
 * @example
 * ```ts
 * import { titleFor } from "./attention.js";
 * console.log(titleFor([{ unread: 2, highlights: 0 }, { unread: 1, highlights: 1 }])); // "(3) ircbus"
 * ```
 * @param {readonly BufferCounts[]} buffers
 * @param {string} [base]
 * @returns {string}
 */
export function titleFor(buffers, base = "ircbus") {
  const unread = buffers.reduce((sum, b) => sum + b.unread, 0);
  return unread > 0 ? `(${unread}) ${base}` : base;
}

/**
 * The buffer to jump to next: after `current` in list order (wrapping), the first with a
 * highlight, else the first with unread lines; `undefined` when all are read.
 *
 * @example
 * ```ts
 * import { nextUnread } from "./attention.js";
 * const list = [
 *   { name: "a", unread: 1, highlights: 0 },
 *   { name: "b", unread: 0, highlights: 0 },
 *   { name: "c", unread: 2, highlights: 1 },
 * ];
 * console.log(nextUnread(list, 1)?.name); // "c"
 * ```
 * @template {BufferCounts} T
 * @param {readonly T[]} buffers
 * @param {number} current index of the buffer shown, or -1
 * @returns {T | undefined}
 */
export function nextUnread(buffers, current) {
  const n = buffers.length;
  const order = Array.from({ length: n }, (_, i) => buffers[(current + 1 + i + n) % n]);
  return order.find((b) => b.highlights > 0) ?? order.find((b) => b.unread > 0);
}

/**
 * Whether a received line calls for a desktop notification: a mention or a private message
 * (not a notice), from someone else, while the page is hidden.
 *
 * @example
 * ```ts
 * import { shouldNotify } from "./attention.js";
 * console.log(shouldNotify({
 *   mention: false, private: true, kind: "message", fromMe: false, hidden: true,
 * })); // true
 * ```
 * @param {{ mention: boolean, private: boolean, kind: string, fromMe: boolean, hidden: boolean }}
 *   line
 * @returns {boolean}
 */
export function shouldNotify(line) {
  if (!line.hidden || line.fromMe) return false;
  if (line.kind !== "message" && line.kind !== "action" && line.kind !== "notice") return false;
  return line.mention || (line.private && line.kind !== "notice");
}

/**
 * Counts a received line in its buffer: unread unless the buffer is shown and the page
 * visible; a highlight too when it is a mention or a private message.
 *
 * @example
 * ```ts
 * import { countLine } from "./attention.js";
 * const counts = { unread: 0, highlights: 0 };
 * countLine(counts, { shown: false, hidden: false, mention: true, private: false });
 * console.log(counts); // { unread: 1, highlights: 1 }
 * ```
 * @param {BufferCounts} buffer
 * @param {{ shown: boolean, hidden: boolean, mention: boolean, private: boolean }} line
 */
export function countLine(buffer, line) {
  if (line.shown && !line.hidden) return;
  buffer.unread++;
  if (line.mention || line.private) buffer.highlights++;
}
