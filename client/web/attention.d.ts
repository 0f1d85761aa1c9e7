/**
 * Types of the attention logic (the implementation is attention.js, loaded as-is by the page).
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
 */
export interface BufferCounts {
  /** Messages since the buffer was last seen. */
  unread: number;
  /** Mentions and private messages among them. */
  highlights: number;
}

/**
 * Highlight words kept at most.
 *
 * @example
 * ```ts
 * import { MAX_WORDS } from "./attention.js";
 * console.log(MAX_WORDS); // 50
 * ```
 */
export declare const MAX_WORDS: number;

/**
 * Whether a line mentions the user's nick or one of `words`, as a whole word, folded by the
 * server's casemapping.
 *
 * @example
 * ```ts
 * import { isMention } from "./attention.js";
 * const fold = (s: string) => s.toLowerCase();
 * console.log(isMention("ALICE: hi", { nick: "alice", fold })); // true
 * console.log(isMention("alicex hi", { nick: "alice", fold })); // false
 * ```
 */
export declare function isMention(
  text: string,
  options: { nick: string; words?: readonly string[]; fold: (s: string) => string },
): boolean;

/**
 * Reads highlight words (comma or space separated), deduplicated and bounded.
 *
 * @example
 * ```ts
 * import { parseWords } from "./attention.js";
 * console.log(parseWords(" deno, Bus deno ")); // ["deno", "Bus"]
 * ```
 */
export declare function parseWords(value: string): string[];

/**
 * The page title with the total unread count.
 *
 * @example
 * ```ts
 * import { titleFor } from "./attention.js";
 * console.log(titleFor([{ unread: 2, highlights: 0 }, { unread: 1, highlights: 1 }])); // "(3) ircbus"
 * ```
 */
export declare function titleFor(buffers: readonly BufferCounts[], base?: string): string;

/**
 * The next buffer to read after index `current`: a highlight first, else any unread.
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
 */
export declare function nextUnread<T extends BufferCounts>(
  buffers: readonly T[],
  current: number,
): T | undefined;

/**
 * Whether a received line calls for a desktop notification (a mention or private message,
 * from someone else, while the page is hidden).
 *
 * @example
 * ```ts
 * import { shouldNotify } from "./attention.js";
 * console.log(shouldNotify({
 *   mention: false, private: true, kind: "message", fromMe: false, hidden: true,
 * })); // true
 * ```
 */
export declare function shouldNotify(
  line: { mention: boolean; private: boolean; kind: string; fromMe: boolean; hidden: boolean },
): boolean;

/**
 * Counts a received line in its buffer (unread unless shown on a visible page).
 *
 * @example
 * ```ts
 * import { countLine } from "./attention.js";
 * const counts = { unread: 0, highlights: 0 };
 * countLine(counts, { shown: false, hidden: false, mention: true, private: false });
 * console.log(counts); // { unread: 1, highlights: 1 }
 * ```
 */
export declare function countLine(
  buffer: BufferCounts,
  line: { shown: boolean; hidden: boolean; mention: boolean; private: boolean },
): void;
