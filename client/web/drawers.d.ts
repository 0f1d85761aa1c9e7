/**
 * Types of the drawers and keyboard lists (the implementation is drawers.js, which the page
 * loads as-is).
 *
 * @module
 */

/**
 * Makes the items of a list focusable buttons chosen with Enter or Space.
 *
 * @example
 * ```ts ignore
 * import { keyboardList } from "./drawers.js";
 * keyboardList(document.getElementById("buffer-list")!);
 * ```
 */
export declare function keyboardList(list: HTMLElement): void;

/**
 * Hooks a toggle button to the drawer named by its `aria-controls`.
 *
 * @example
 * ```ts ignore
 * import { bindDrawer } from "./drawers.js";
 * const drawer = bindDrawer(document.querySelector("#toggle-buffers")!);
 * drawer.close();
 * ```
 */
export declare function bindDrawer(
  button: HTMLButtonElement,
  options?: { closeOn?: HTMLElement },
): { close(): void };
