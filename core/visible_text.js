// @ts-self-types="./visible_text.d.ts"
/**
 * Text from an untrusted source made safe to print on one line: every character that moves
 * the cursor, starts a terminal escape or reorders what follows (C0 and C1 controls, DEL,
 * line and paragraph separators, bidirectional overrides and isolates) is written out as a
 * visible escape. Plain JavaScript, so the backend (log lines, `plugins audit`) and the page
 * (loaded as-is, no build) escape with the same code.
 *
 * @module
 */

/** @type {Record<string, string>} */
const NAMED = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const INVISIBLE =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** What `JSON.stringify` leaves as it is among those: it escapes only the C0 controls. */
const INVISIBLE_IN_JSON =
  /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with each control, separator and bidirectional formatting character written as
 * `\n`, `\r`, `\t` or `\u{XX}`, so that it stays one line and reads as it is stored.
 *
 * @example
 * ```ts
 * import { visibleText } from "./visible_text.js";
 * console.log(visibleText("ok\n2026-01-01 other DENIED read \u001b[2K\u202e"));
 * // ok\n2026-01-01 other DENIED read \u{1b}[2K\u{202e}
 * ```
 *
 * @param {string} text
 * @returns {string}
 */
export function visibleText(text) {
  return text.replace(
    INVISIBLE,
    (c) => NAMED[c] ?? `\\u{${c.charCodeAt(0).toString(16)}}`,
  );
}

/**
 * JSON text (as `JSON.stringify` writes it) with the characters {@linkcode visibleText}
 * escapes and `JSON.stringify` does not (DEL, C1 controls, separators, bidirectional
 * formatting) written as `\uXXXX`: the same JSON, which prints as it reads. They can only
 * stand inside strings there, where such an escape means the character itself.
 *
 * @example
 * ```ts
 * import { visibleJson } from "./visible_text.js";
 * const json = visibleJson(JSON.stringify({ detail: "a\u202eb\n" }));
 * console.log(json); // {"detail":"a\u202eb\n"}
 * console.log(JSON.parse(json).detail === "a\u202eb\n"); // true
 * ```
 *
 * @param {string} json
 * @returns {string}
 */
export function visibleJson(json) {
  return json.replace(
    INVISIBLE_IN_JSON,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
