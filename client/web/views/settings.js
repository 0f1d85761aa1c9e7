// @ts-self-types="./settings.d.ts"
// @ts-check
/**
 * The user's highlight words, kept in this browser's localStorage and edited in the
 * Settings dialog.
 *
 * @module
 */
import { parseWords } from "../attention.js";

/** The localStorage key of the highlight words. */
export const WORDS_KEY = "ircbus.highlightWords";

/**
 * The saved highlight words.
 * @param {Pick<Storage, "getItem">} storage
 * @returns {string[]}
 */
export function loadWords(storage) {
  try {
    return parseWords(storage.getItem(WORDS_KEY) ?? "");
  } catch {
    // Storage may be off (privacy settings): no words then.
    return [];
  }
}

/**
 * Saves highlight words as typed; returns them as read.
 * @param {Pick<Storage, "setItem">} storage @param {string} value
 * @returns {string[]}
 */
export function saveWords(storage, value) {
  const words = parseWords(value);
  try {
    storage.setItem(WORDS_KEY, words.join(", "));
  } catch {
    // Kept for this page only.
  }
  return words;
}

/**
 * Wires the Settings dialog: it opens on `open`, shows the words, and saves on submit.
 * @param {{ dialog: HTMLDialogElement, form: HTMLFormElement, input: HTMLInputElement,
 *   open: HTMLElement, cancel: HTMLElement, storage: Storage,
 *   onWords: (words: string[]) => void }} parts
 */
export function wireSettings(parts) {
  parts.onWords(loadWords(parts.storage));
  parts.open.addEventListener("click", () => {
    parts.input.value = loadWords(parts.storage).join(", ");
    parts.dialog.showModal();
  });
  parts.cancel.addEventListener("click", () => parts.dialog.close());
  parts.form.addEventListener("submit", (event) => {
    event.preventDefault();
    parts.onWords(saveWords(parts.storage, parts.input.value));
    parts.dialog.close();
  });
}
