/**
 * Turns what a user typed into a search: words of 3 characters or more become an FTS5
 * query of quoted terms (so `"`, `*`, `NEAR`, `:` and the like are text, never FTS syntax),
 * shorter words become `LIKE` patterns (the trigram index cannot find them).
 */

/** The parts of a search. */
export interface SearchText {
  /** The FTS5 MATCH expression, or undefined when no word is long enough. */
  match?: string;
  /** `LIKE` patterns (with `\` as escape) for the short words. */
  like: string[];
}

/** Splits `text` into words and sorts them into MATCH terms and LIKE patterns. */
export function searchText(text: string): SearchText {
  const words = text.split(/\s+/u).filter((word) => word !== "");
  const terms: string[] = [];
  const like: string[] = [];
  for (const word of words) {
    if ([...word].length >= 3) terms.push(`"${word.replaceAll('"', '""')}"`);
    else like.push(`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  return terms.length > 0 ? { match: terms.join(" AND "), like } : { like };
}
