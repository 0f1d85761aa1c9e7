/**
 * How deep a JSON text nests, found in one pass over its UTF-8 bytes before anything parses
 * it. A frame of a few MiB of `[[[[…` costs the parser (and anything that walks the result,
 * such as a preview) far more than its size suggests; counting brackets first costs one
 * comparison per byte.
 *
 * @module
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * The offset of the first byte of `json` that opens an array or object deeper than
 * `maxDepth`, or -1 when none does. Brackets inside strings do not count. The text need not
 * be valid JSON: the parser that follows judges the rest. Bytes of multi-byte UTF-8
 * characters are all 0x80 or above, so they are never taken for a bracket or a quote.
 *
 * @example
 * ```ts
 * import { tooDeepAt } from "./_json_depth.ts";
 * const bytes = new TextEncoder().encode('[[["]]]]"]]]');
 * console.log(tooDeepAt(bytes, 2)); // 2: the third "[" is one level too deep
 * console.log(tooDeepAt(bytes, 3)); // -1
 * ```
 */
export function tooDeepAt(json: Uint8Array, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < json.length; at++) {
    const byte = json[at];
    if (inString) {
      if (byte === BACKSLASH) at++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > maxDepth) return at;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    }
  }
  return -1;
}
