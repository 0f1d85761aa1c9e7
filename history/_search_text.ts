/**
 * Turns what a user typed into a search. The index is FTS5's trigram tokenizer with
 * `detail=none` (about 40% smaller than with positions, but without phrase queries), so a
 * word of 3 characters or more becomes trigrams that cover it, each quoted (`"`, `*`, `NEAR`, `:` are
 * text, never FTS syntax) and ANDed; every word is then checked as a substring with `LIKE`,
 * which also finds the words too short for the index. SQLite's `LIKE` ignores the case of
 * ASCII letters only, so a word with other letters is checked against the line's text folded
 * by `fold()` (the index itself folds every script).
 */

/** The SQL function the store registers to fold a line's text for a non-ASCII word. */
export const FOLD_FUNCTION = "ircbus_fold";

/** Folds text for a case-insensitive match beyond ASCII. */
export function fold(text: string): string {
  return text.toLowerCase();
}

/** One word's substring check. */
export interface LikeCheck {
  /** The `LIKE` pattern (with `\` as escape). */
  pattern: string;
  /** Whether the pattern is folded and wants the text folded by {@linkcode FOLD_FUNCTION}. */
  folded: boolean;
}

/** The parts of a search. */
export interface SearchText {
  /** The FTS5 MATCH expression, or undefined when no word is long enough. */
  match?: string;
  /** Substring checks, one per word. */
  like: LikeCheck[];
}

/** Splits `text` into words and builds the MATCH expression and LIKE patterns. */
export function searchText(text: string): SearchText {
  const words = text.split(/\s+/u).filter((word) => word !== "");
  const trigrams = new Set<string>();
  const like: LikeCheck[] = [];
  for (const word of words) {
    const chars = [...word];
    // Trigrams side by side (and the last one) cover the word: fewer doclists to intersect
    // than every overlapping trigram, and the LIKE check removes what they let through. FTS5
    // reads a query only up to a NUL, so a trigram holding one is left to the LIKE check.
    const add = (trigram: string) => {
      if (!trigram.includes("\0")) trigrams.add(trigram);
    };
    for (let i = 0; i + 3 <= chars.length; i += 3) add(chars.slice(i, i + 3).join(""));
    if (chars.length >= 3) add(chars.slice(-3).join(""));
    // deno-lint-ignore no-control-regex
    const folded = /[^\x00-\x7f]/.test(word);
    const text = folded ? fold(word) : word;
    like.push({ pattern: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, folded });
  }
  const terms = [...trigrams].map((t) => `"${t.replaceAll('"', '""')}"`);
  return terms.length > 0 ? { match: terms.join(" AND "), like } : { like };
}
