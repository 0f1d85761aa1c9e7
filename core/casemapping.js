// @ts-self-types="./casemapping.d.ts"
/**
 * Case folding by the server's `CASEMAPPING` (RPL_ISUPPORT): the one fold the adapter, the
 * store and the page all use, so a name is one buffer everywhere or two everywhere.
 *
 * @module
 */

/**
 * A casemapping a server can advertise. Strict RFC 1459 has two spellings in the wild:
 * `strict-rfc1459` and `rfc1459-strict`. Unknown values fold like `rfc1459`.
 *
 * @example
 * ```ts
 * import type { Casemapping } from "./casemapping.js";
 * const mapping: Casemapping = "ascii";
 * ```
 *
 * @typedef {"ascii" | "rfc1459" | "strict-rfc1459" | "rfc1459-strict"} Casemapping
 */

const ASCII_UPPER = /[A-Z]/;
const STRICT = /[A-Z[\]\\]/;
const RFC = /[A-Z[\]\\~]/;

/**
 * Folds a nickname or channel name for comparison, following `mapping`.
 *
 * @example
 * ```ts
 * import { casefold } from "./casemapping.js";
 * casefold("Nick[Away]", "rfc1459"); // "nick{away}"
 * casefold("Nick[Away]", "ascii"); // "nick[away]"
 * ```
 *
 * @param {string} name
 * @param {Casemapping | string} [mapping]
 * @returns {string}
 */
export function casefold(name, mapping = "rfc1459") {
  const kind = mappingKind(mapping);
  const needs = kind === "ascii" ? ASCII_UPPER : kind === "strict" ? STRICT : RFC;
  if (!needs.test(name)) return name;
  let out = "";
  let changed = false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    let f = c;
    if (c >= 65 && c <= 90) f = c + 32;
    else if (kind !== "ascii") {
      if (c === 91 || c === 92 || c === 93) f = c + 32; // [ \ ] -> { | }
      else if (c === 126 && kind !== "strict") f = 94; // ~ -> ^
    }
    if (f !== c) changed = true;
    out += String.fromCharCode(f);
  }
  return changed ? out : name;
}

/**
 * The folding a `CASEMAPPING` value names; both spellings of strict RFC 1459 are one.
 * @param {string} mapping
 * @returns {"ascii" | "strict" | "rfc1459"}
 */
function mappingKind(mapping) {
  if (mapping === "rfc1459") return "rfc1459";
  switch (mapping.toLowerCase()) {
    case "ascii":
      return "ascii";
    case "strict-rfc1459":
    case "rfc1459-strict":
      return "strict";
    default:
      return "rfc1459";
  }
}
