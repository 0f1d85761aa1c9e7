/**
 * What a caught value says, in one line: an `Error`'s message, or the value as text (a
 * `throw "text"` or a rejected non-error). Used wherever a failure is logged or returned.
 *
 * @example
 * ```ts
 * import { errorMessage } from "./error_message.ts";
 * console.log(errorMessage(new TypeError("bad port"))); // "bad port"
 * console.log(errorMessage("gone")); // "gone"
 * console.log(errorMessage(Symbol("s"))); // "Symbol(s)"
 * ```
 *
 * @module
 */

/** The message of `error` if it is an `Error`, else `error` as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
