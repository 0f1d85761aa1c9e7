/** Helpers of `net/` and `deeplink/` error messages. */

/**
 * Quotes a value for an error message, escaping control characters and capping length.
 *
 * @example
 * ```ts
 * import { show } from "./mod.ts";
 * show("#a\r\nQUIT"); // "\"#a\\r\\nQUIT\""
 * ```
 */
export function show(value: string): string {
  const cut = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return JSON.stringify(cut);
}
