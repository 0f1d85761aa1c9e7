/**
 * Types of the drawers (the implementation is drawers.js, which the page
 * loads as-is).
 *
 * @module
 */

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
