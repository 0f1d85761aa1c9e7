// @ts-self-types="./drawers.d.ts"
// @ts-check
/**
 * Small screens and keyboards: the buffer list and the nick list become drawers opened by
 * their toggle buttons (narrow layouts only; the CSS decides what narrow is), Escape closes
 * an open drawer, and the items of a clickable list (buffers, nicks) are reachable with Tab
 * and chosen with Enter or Space, whatever code draws them.
 *
 * @module
 */

/**
 * Makes the items of `list` focusable buttons: each `<li>` gets `tabindex=0` and
 * `role=button` (its `selected` class read as `aria-current`), and Enter or Space clicks it.
 *
 * @param {HTMLElement} list
 */
export function keyboardList(list) {
  /** @param {Node} node */
  const mark = (node) => {
    if (!(node instanceof HTMLElement) || node.parentElement !== list) return;
    if (node.tabIndex !== 0) node.tabIndex = 0;
    if (node.getAttribute("role") !== "button") node.setAttribute("role", "button");
    const current = node.classList.contains("selected") ? "true" : "false";
    if (node.getAttribute("aria-current") !== current) node.setAttribute("aria-current", current);
  };
  // The lists are redrawn by other code: mark only what each change touched, so a nick
  // list of thousands costs nothing when one user goes away.
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") mark(record.target);
      else for (const node of record.addedNodes) mark(node);
    }
  }).observe(list, {
    childList: true,
    attributes: true,
    attributeFilter: ["class"],
    subtree: true,
  });
  for (const child of list.children) mark(child);
  list.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.parentElement !== list) return;
    event.preventDefault();
    target.click();
  });
}

/**
 * Hooks a toggle button to the drawer it controls (`aria-controls`): a click opens or closes
 * it (`open` class on the drawer, `aria-expanded` on the button), Escape closes it and
 * gives the focus back to the button, and `closeOn` (e.g. choosing a buffer) closes it.
 *
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
