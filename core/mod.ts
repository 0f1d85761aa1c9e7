/**
 * The shared layer: the code both the page and the backend run, each piece once. The page
 * loads these `.js` files as they are (the web server serves `core/*.js` at `/core/`); the
 * backend imports them through this door, typed by the `.d.ts` that `scripts/core_types.ts`
 * writes from their JSDoc types.
 *
 * - casefolding by the server's CASEMAPPING ({@linkcode casefold});
 * - membership: who is in which channel ({@linkcode Membership});
 * - shapes: validators that are also types ({@linkcode object}, {@linkcode Infer});
 * - the page's protocol, one shape per message ({@linkcode parseAction},
 *   {@linkcode parseServerMessage});
 * - the network form, one definition with one set of limits ({@linkcode NETWORK_FORM});
 * - the command table ({@linkcode parseInput});
 * - deep-link payloads ({@linkcode deepLinkValidators}) and the `jsr:` specifier grammar
 *   ({@linkcode splitJsrSpecifier});
 * - event-to-text ({@linkcode quitText} and its neighbours);
 * - text safe to print ({@linkcode visibleText});
 * - the shape of a stored line and a search ({@linkcode StoredLine}), which the page's
 *   protocol carries (types only: the page never loads this `.ts` file).
 *
 * @example
 * ```ts
 * import { casefold } from "./mod.ts";
 * console.log(casefold("Nick[m]", "rfc1459") === casefold("nick{m}", "rfc1459")); // true
 * ```
 *
 * @module
 */
export * from "./casemapping.js";
export * from "./membership.js";
export * from "./shape.js";
export * from "./network_form.js";
export * from "./protocol.js";
export * from "./commands.js";
export * from "./deeplink_payloads.js";
export * from "./jsr_specifier.js";
export * from "./event_text.js";
export * from "./visible_text.js";
export * from "./stored_line.ts";
