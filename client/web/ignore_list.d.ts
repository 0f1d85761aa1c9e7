/**
 * Types of the ignore list (the implementation is ignore_list.js, loaded as-is by the page).
 *
 * @module
 */

/**
 * The localStorage key of the ignored nicks.
 *
 * @example
 * ```ts
 * import { IGNORE_KEY } from "./ignore_list.js";
 * console.log(IGNORE_KEY); // "ircbus.ignored"
 * ```
 */
export declare const IGNORE_KEY: string;

/**
 * Ignored nicks by network id (folded by the network's casemapping), saved on every change.
 *
 * @example
 * ```ts
 * import { IgnoreList } from "./ignore_list.js";
 * const saved = new Map<string, string>();
 * const storage = {
 *   getItem: (k: string) => saved.get(k) ?? null,
 *   setItem: (k: string, v: string) => void saved.set(k, v),
 * };
 * new IgnoreList(storage).set(1, "bob", true);
 * console.log(new IgnoreList(storage).has(1, "bob"), new IgnoreList(storage).has(2, "bob")); // true false
 * ```
 */
export declare class IgnoreList {
  constructor(storage: Pick<Storage, "getItem" | "setItem">);
  /** Whether the folded nick is ignored on the network. */
  has(networkId: number, folded: string): boolean;
  /** Ignores (`on`) or stops ignoring; saves; returns whether it changed. */
  set(networkId: number, folded: string, on: boolean): boolean;
  /** The network's ignored nicks (folded), sorted. */
  list(networkId: number): string[];
}
