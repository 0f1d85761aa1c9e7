/**
 * Types of the desktop notifier (the implementation is notifier.js).
 *
 * @module
 */
import type { Note } from "../store.js";

/**
 * A function showing notes as desktop notifications; permission is asked on the first one.
 *
 * @example
 * ```ts ignore
 * import { createNotifier } from "./notifier.js";
 * const notify = createNotifier((note) => console.log("clicked", note.key));
 * notify({ title: "bob (private)", body: "hi", networkId: 1, key: "bob" });
 * ```
 */
export declare function createNotifier(onClick: (note: Note) => void): (note: Note) => void;
