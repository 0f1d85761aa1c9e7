/**
 * Plugin text on its way to a log line: control characters and line breaks escaped, so a
 * plugin's message stays one line under its own name and cannot forge another's.
 *
 * @module
 */

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** `text` with C0/C1 controls, DEL and U+2028/U+2029 written as `\n`, `\r`, `\t` or `\u00XX`. */
export function escapeLogText(text: string): string {
  return text.replace(
    // deno-lint-ignore no-control-regex
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
