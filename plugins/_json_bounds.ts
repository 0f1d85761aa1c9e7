/**
 * How deep a JSON text nests and how many items it holds, found in one pass over its UTF-8
 * bytes before anything parses it. A frame of a few MiB of `[[[[…` or `{},{},…` costs the
 * parser (and anything that walks the result, such as a preview) far more than its size
 * suggests; counting first costs one comparison or two per byte.
 *
 * @module
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** What a JSON text may hold. */
export interface JsonBounds {
  /** Deepest nesting of arrays and objects. */
  maxDepth: number;
  /**
   * Most items: opening brackets, commas and colons outside strings, about one per value
   * (two per object member), which is what parsing and keeping the result cost.
   */
  maxItems: number;
}

/** Where a text broke its bounds and how. */
export interface JsonBoundsBreach {
  /** Offset of the byte that broke them. */
  at: number;
  /** Which bound, e.g. `it nests deeper than 64 levels`. */
  reason: string;
}

/**
 * The first place where `json` nests deeper or holds more items than `bounds` allow, or
 * `undefined` within them. Brackets and commas inside strings do not count. The text need not
 * be valid JSON: the parser that follows judges the rest. Bytes of multi-byte UTF-8
 * characters are all 0x80 or above, so they are never taken for a bracket or a quote.
 *
 * @example
 * ```ts
 * import { breaksBounds } from "./_json_bounds.ts";
 * const bytes = new TextEncoder().encode('[[["]]]]"]]]');
 * console.log(breaksBounds(bytes, { maxDepth: 2, maxItems: 10 })); // { at: 2, reason: "it nests deeper than 2 levels" }
 * console.log(breaksBounds(bytes, { maxDepth: 3, maxItems: 10 })); // undefined
 * ```
 */
export function breaksBounds(json: Uint8Array, bounds: JsonBounds): JsonBoundsBreach | undefined {
  const { maxDepth, maxItems } = bounds;
  let depth = 0;
  let items = 0;
  for (let at = 0; at < json.length; at++) {
    const byte = json[at];
    if (byte === QUOTE) {
      at = closingQuote(json, at);
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > maxDepth) return { at, reason: `it nests deeper than ${maxDepth} levels` };
      if (++items > maxItems) return { at, reason: `it holds more than ${maxItems} items` };
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    } else if (byte === COMMA || byte === COLON) {
      if (++items > maxItems) return { at, reason: `it holds more than ${maxItems} items` };
    }
  }
  return undefined;
}

/**
 * The offset of the quote that closes the string opened at `open`, or the end of `json`.
 * Strings are most of a large frame's bytes: `indexOf` skips them natively, and a quote is
 * escaped when an odd run of backslashes precedes it (each run is walked once).
 */
function closingQuote(json: Uint8Array, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = json.indexOf(QUOTE, from);
    if (quote < 0) return json.length;
    let backslashes = 0;
    while (json[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}
