/**
 * The one grammar of a `jsr:@scope/name[@range]` plugin specifier.
 *
 * @module
 */

/**
 * `jsr:@scope/name[@range]`: scope and name in JSR's lowercase letters, digits and hyphens;
 * a range of at most 100 characters with no control character, nor whitespace at either end.
 *
 * @example
 * ```ts
 * import { JSR_SPECIFIER } from "./jsr_specifier.js";
 * console.log(JSR_SPECIFIER.test("jsr:@someone/greeter@^1")); // true
 * console.log(JSR_SPECIFIER.test("jsr:@Someone/greeter")); // false
 * ```
 */
export declare const JSR_SPECIFIER: RegExp;

/**
 * The package and range of a `jsr:` specifier (`*` when it names no range), or `undefined`
 * when the text is not one.
 *
 * @example
 * ```ts
 * import { splitJsrSpecifier } from "./jsr_specifier.js";
 * console.log(splitJsrSpecifier("jsr:@someone/greeter")); // { pkg: "@someone/greeter", range: "*" }
 * ```
 */
export declare function splitJsrSpecifier(
  text: string,
): { pkg: string; range: string } | undefined;
