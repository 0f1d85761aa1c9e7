/**
 * Case folding by the server's `CASEMAPPING` (RPL_ISUPPORT).
 *
 * @module
 */

/**
 * A casemapping a server can advertise. Unknown values fold like `rfc1459`.
 *
 * @example
 * ```ts
 * import type { Casemapping } from "./casemapping.ts";
 * const mapping: Casemapping = "ascii";
 * ```
 */
export type Casemapping = "ascii" | "rfc1459" | "strict-rfc1459";

const ASCII_UPPER = /[A-Z]/;
const STRICT = /[A-Z[\]\\]/;
const RFC = /[A-Z[\]\\~]/;

/**
 * Folds a nickname or channel name for comparison, following `mapping`.
 *
 * `ascii` folds A-Z; `rfc1459` also folds `[]\~` to `{}|^`; `strict-rfc1459` folds `[]\`
 * but not `~`.
 *
 * @example
 * ```ts
 * import { casefold } from "./casemapping.ts";
 * casefold("Nick[Away]", "rfc1459"); // "nick{away}"
 * casefold("Nick[Away]", "ascii"); // "nick[away]"
 * ```
 */
export function casefold(name: string, mapping: Casemapping | string = "rfc1459"): string {
  const needs = mapping === "ascii" ? ASCII_UPPER : mapping === "strict-rfc1459" ? STRICT : RFC;
  if (!needs.test(name)) return name;
  let out = "";
  let changed = false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    let f = c;
    if (c >= 65 && c <= 90) f = c + 32;
    else if (mapping !== "ascii") {
      if (c === 91 || c === 92 || c === 93) f = c + 32; // [ \ ] -> { | }
      else if (c === 126 && mapping !== "strict-rfc1459") f = 94; // ~ -> ^
    }
    if (f !== c) changed = true;
    out += String.fromCharCode(f);
  }
  return changed ? out : name;
}
