// @ts-check
/**
 * Desktop notifications: permission is asked the first time one is needed (not on load),
 * and a click brings the page forward on the buffer it is about.
 *
 * @module
 */

/** @typedef {import("../store.js").Note} Note */

/**
 * A function showing a note as a desktop notification, when the browser has them and the
 * user allows them.
 *
 * @example
 * ```ts ignore
 * import { createNotifier } from "./notifier.js";
 * const notify = createNotifier((note) => console.log("clicked", note.key));
 * notify({ title: "bob (private)", body: "hi", networkId: 1, key: "bob" });
 * ```
 * @param {(note: Note) => void} onClick
 * @returns {(note: Note) => void}
 */
export function createNotifier(onClick) {
  let asked = false;
  /** @param {Note} note */
  const show = (note) => {
    const notification = new Notification(note.title, { body: note.body, tag: note.key });
    notification.addEventListener("click", () => {
      globalThis.focus();
      onClick(note);
      notification.close();
    });
  };
  return (note) => {
    if (!("Notification" in globalThis)) return;
    if (Notification.permission === "granted") return show(note);
    if (Notification.permission === "denied" || asked) return;
    asked = true;
    Notification.requestPermission().then(
      (answer) => answer === "granted" && show(note),
      () => {},
    );
  };
}
