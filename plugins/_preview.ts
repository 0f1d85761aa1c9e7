/**
 * A short quote of a value that was refused, for an error message. It is built piece by piece
 * and stops once it is long enough, so quoting a huge or deeply nested value costs no more
 * than the quote: `JSON.stringify` would first write out the whole value (or overflow the
 * stack on a deep one) only for all but its first characters to be thrown away.
 *
 * @module
 */

/** The longest preview, in characters, before its `...`. */
export const PREVIEW_CHARS = 120;

/**
 * `value` as JSON-like text of at most `max` characters, cut with `...` when longer.
 *
 * @example
 * ```ts
 * import { preview } from "./_preview.ts";
 * console.log(preview({ kind: "nope", args: [1, "two"] })); // {"kind":"nope","args":[1,"two"]}
 * console.log(preview("x".repeat(1_000_000), 10)); // "xxxxxxxxx...
 * ```
 */
export function preview(value: unknown, max = PREVIEW_CHARS): string {
  const out: string[] = [];
  let room = max + 1;
  const put = (text: string): boolean => {
    out.push(text.slice(0, room));
    room -= text.length;
    return room > 0;
  };
  const walk = (v: unknown): boolean => {
    if (typeof v === "string") return put(JSON.stringify(v.slice(0, room)));
    if (typeof v !== "object" || v === null) {
      return put(typeof v === "bigint" ? `${v}n` : JSON.stringify(v) ?? String(v));
    }
    if (Array.isArray(v)) {
      if (!put("[")) return false;
      for (let i = 0; i < v.length; i++) {
        if ((i > 0 && !put(",")) || !walk(v[i])) return false;
      }
      return put("]");
    }
    if (!put("{")) return false;
    let first = true;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      if (!first && !put(",")) return false;
      first = false;
      if (!put(`${JSON.stringify(key.slice(0, room))}:`)) return false;
      if (!walk(Reflect.get(v, key))) return false;
    }
    return put("}");
  };
  walk(value);
  const text = out.join("");
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
