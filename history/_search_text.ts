/**
 * Turns what a user typed into a search. The index is FTS5's trigram tokenizer with
 * `detail=none` (about 40% smaller than with positions, but without phrase queries), so a
 * word of 3 characters or more becomes trigrams that cover it, each quoted (`"`, `*`, `NEAR`, `:` are
 * text, never FTS syntax) and ANDed; every word is then checked as a substring with `LIKE`,
 * which also finds the words too short for the index.
 */

/** The parts of a search. */
export interface SearchText {
  /** The FTS5 MATCH expression, or undefined when no word is long enough. */
  match?: string;
  /** `LIKE` patterns (with `\` as escape), one per word. */
  like: string[];
}

/** Splits `text` into words and builds the MATCH expression and LIKE patterns. */
export function searchText(text: string): SearchText {
  const words = text.split(/\s+/u).filter((word) => word !== "");
  const trigrams = new Set<string>();
  const like: string[] = [];
  for (const word of words) {
    const chars = [...word];
    // Trigrams side by side (and the last one) cover the word: fewer doclists to intersect
    // than every overlapping trigram, and the LIKE check removes what they let through.
    for (let i = 0; i + 3 <= chars.length; i += 3) trigrams.add(chars.slice(i, i + 3).join(""));
    if (chars.length >= 3) trigrams.add(chars.slice(-3).join(""));
    like.push(`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  const terms = [...trigrams].map((t) => `"${t.replaceAll('"', '""')}"`);
  return terms.length > 0 ? { match: terms.join(" AND "), like } : { like };
}
