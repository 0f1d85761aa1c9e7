// @ts-check
/**
 * Small screens: the buffer list and the nick list become drawers opened by their toggle
 * buttons (narrow layouts only; the CSS decides what narrow is), and Escape closes an open
 * drawer, giving the focus back to its button.
 *
 * @module
 */

/**
 * Hooks a toggle button to the drawer it controls (`aria-controls`): a click opens or closes
 * it (`open` class on the drawer, `aria-expanded` on the button), Escape closes it and
 * gives the focus back to the button, and `closeOn` (e.g. choosing a buffer) closes it.
 *
 * @example
 * ```ts ignore
 * import { bindDrawer } from "./drawers.js";
 * const drawer = bindDrawer(document.querySelector("#toggle-buffers")!);
 * drawer.close();
 * ```
 * @param {HTMLButtonElement} button
 * @param {{ closeOn?: HTMLElement }} [options]
 * @returns {{ close(): void }}
 */
export function bindDrawer(button, options = {}) {
  const drawer = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (!drawer) throw new TypeError(`Cannot bind a drawer: no element, got ${button.id}`);
  const set = (/** @type {boolean} */ open) => {
    drawer.classList.toggle("open", open);
    button.setAttribute("aria-expanded", String(open));
  };
  set(false);
  button.addEventListener("click", () => {
    const open = !drawer.classList.contains("open");
    set(open);
    if (open) {
      const first = drawer.querySelector("[aria-current=true], [tabindex='0'], button, input");
      if (first instanceof HTMLElement) first.focus();
    }
  });
  drawer.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !drawer.classList.contains("open")) return;
    set(false);
    button.focus();
  });
  options.closeOn?.addEventListener("click", () => set(false));
  return { close: () => set(false) };
}
