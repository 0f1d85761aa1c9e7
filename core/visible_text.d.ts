/**
 * Text from an untrusted source made safe to print on one line.
 *
 * @module
 */

/**
 * `text` with each control, separator and bidirectional formatting character (C0 and C1
 * controls, DEL, U+2028/U+2029, U+061C, U+200E/U+200F, U+202A-U+202E, U+2066-U+2069) written
 * as `\n`, `\r`, `\t` or `\u{XX}`, so that it stays one line and reads as it is stored.
 *
 * @example
 * ```ts
 * import { visibleText } from "./visible_text.js";
 * console.log(visibleText("ok\n2026-01-01 other DENIED read \u001b[2K\u202e"));
 * // ok\n2026-01-01 other DENIED read \u{1b}[2K\u{202e}
 * ```
 */
export function visibleText(text: string): string;

/**
 * JSON text (as `JSON.stringify` writes it) with DEL, C1 controls, U+2028/U+2029 and the
 * bidirectional formatting characters, which `JSON.stringify` leaves as they are, written as
 * `\uXXXX`: the same JSON, printed as it reads.
 *
 * @example
 * ```ts
 * import { visibleJson } from "./visible_text.js";
 * const json = visibleJson(JSON.stringify({ detail: "a\u202eb\n" }));
 * console.log(json); // {"detail":"a\u202eb\n"}
 * console.log(JSON.parse(json).detail === "a\u202eb\n"); // true
 * ```
 */
export function visibleJson(json: string): string;
