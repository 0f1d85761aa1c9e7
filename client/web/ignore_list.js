// @ts-check
/**
 * The nicks the user ignores, per network, kept in this browser's localStorage beside the
 * highlight words (the page's settings): their messages are neither shown nor counted,
 * live or read back from the history.
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
export const IGNORE_KEY = "ircbus.ignored";
/** Nicks kept at most per network. */
const MAX_PER_NETWORK = 500;

/**
 * Ignored nicks by network id, each folded by its network's casemapping.
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
export class IgnoreList {
  /** @type {Pick<Storage, "getItem" | "setItem">} */
  #storage;
  /** @type {Map<number, Set<string>>} */
  #nicks = new Map();

  /** @param {Pick<Storage, "getItem" | "setItem">} storage */
  constructor(storage) {
    this.#storage = storage;
    try {
      /** @type {unknown} */
      const saved = JSON.parse(storage.getItem(IGNORE_KEY) ?? "{}");
      if (typeof saved !== "object" || saved === null) return;
      for (const [id, nicks] of Object.entries(saved)) {
        if (!/^\d+$/.test(id) || !Array.isArray(nicks)) continue;
        const kept = nicks.filter((n) => typeof n === "string").slice(0, MAX_PER_NETWORK);
        this.#nicks.set(Number(id), new Set(kept));
      }
    } catch {
      // Storage off (privacy settings) or damaged: nobody is ignored.
    }
  }

  /**
   * Whether `folded` (a nick folded by its network's casemapping) is ignored there.
   * @param {number} networkId @param {string} folded
   */
  has(networkId, folded) {
    return this.#nicks.get(networkId)?.has(folded) ?? false;
  }

  /**
   * Ignores (`on`) or stops ignoring a folded nick on a network, and saves the list;
   * returns whether it changed.
   * @param {number} networkId @param {string} folded @param {boolean} on
   * @returns {boolean}
   */
  set(networkId, folded, on) {
    const nicks = this.#nicks.get(networkId) ?? new Set();
    if (nicks.has(folded) === on || (on && nicks.size >= MAX_PER_NETWORK)) return false;
    if (on) nicks.add(folded);
    else nicks.delete(folded);
    this.#nicks.set(networkId, nicks);
    try {
      /** @type {Record<string, string[]>} */
      const saved = {};
      for (const [id, set] of this.#nicks) if (set.size > 0) saved[id] = [...set];
      this.#storage.setItem(IGNORE_KEY, JSON.stringify(saved));
    } catch {
      // Kept for this page only.
    }
    return true;
  }

  /**
   * The ignored nicks of a network (folded), sorted.
   * @param {number} networkId
   * @returns {string[]}
   */
  list(networkId) {
    return [...(this.#nicks.get(networkId) ?? [])].sort();
  }
}
