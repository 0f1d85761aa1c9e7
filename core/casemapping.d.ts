/**
 * Types of the case folding (the implementation is casemapping.js, loaded as-is by the page).
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
 */
export type Casemapping = "ascii" | "rfc1459" | "strict-rfc1459" | "rfc1459-strict";

/**
 * Folds a nickname or channel name for comparison, following `mapping`.
 *
 * `ascii` folds A-Z; `rfc1459` also folds `[]\~` to `{}|^`; `strict-rfc1459` (also spelled
 * `rfc1459-strict`) folds `[]\` but not `~`. Mapping names are matched case-insensitively.
 *
 * @example
 * ```ts
 * import { casefold } from "./casemapping.js";
 * casefold("Nick[Away]", "rfc1459"); // "nick{away}"
 * casefold("Nick[Away]", "ascii"); // "nick[away]"
 * ```
 */
export declare function casefold(name: string, mapping?: Casemapping | string): string;
