// @ts-self-types="./jsr_specifier.d.ts"
/**
 * The one grammar of a `jsr:@scope/name[@range]` plugin specifier, as plain JavaScript so
 * that the backend (the registry client, deep links) and the page (loaded as-is, no build)
 * check it with the same code.
 *
 * @module
 */

/**
 * `jsr:@scope/name[@range]`: scope and name in JSR's lowercase letters, digits and hyphens;
 * a range of at most 100 characters (`^1`, `~1.2`, `>=1 <3`, `^1 || ^2`) with no control
 * character, nor whitespace at either end.
 *
 * @example
 * ```ts
 * import { JSR_SPECIFIER } from "./jsr_specifier.js";
 * console.log(JSR_SPECIFIER.test("jsr:@someone/greeter@^1")); // true
 * console.log(JSR_SPECIFIER.test("jsr:@Someone/greeter")); // false
 * ```
 */
export const JSR_SPECIFIER =
  // deno-lint-ignore no-control-regex
  /^jsr:(@[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*)(?:@([^\s\x00-\x1f\x7f](?:[^\x00-\x1f\x7f]{0,98}[^\s\x00-\x1f\x7f])?))?$/;

/**
 * The package and range of a `jsr:` specifier (`*` when it names no range), or `undefined`
 * when the text is not one.
 *
 * @example
 * ```ts
 * import { splitJsrSpecifier } from "./jsr_specifier.js";
 * console.log(splitJsrSpecifier("jsr:@someone/greeter")); // { pkg: "@someone/greeter", range: "*" }
 * ```
 *
 * @param {string} text
 * @returns {{ pkg: string, range: string } | undefined}
 */
export function splitJsrSpecifier(text) {
  const match = JSR_SPECIFIER.exec(text);
  return match ? { pkg: match[1], range: match[2] ?? "*" } : undefined;
}
