// @ts-self-types="./settings.d.ts"
// @ts-check
/**
 * The user's highlight words and whether typing is sent, kept in this browser's
 * localStorage and edited in the Settings dialog.
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

/** The localStorage key of the typing switch: `"off"` when typing is not sent. */
export const SEND_TYPING_KEY = "ircbus.sendTyping";

/**
 * Whether typing notifications are sent (the default), as saved.
 * @param {Pick<Storage, "getItem">} storage
 */
export function loadSendTyping(storage) {
  try {
    return storage.getItem(SEND_TYPING_KEY) !== "off";
  } catch {
    return true;
  }
}

/**
 * Saves whether typing notifications are sent.
 * @param {Pick<Storage, "setItem">} storage @param {boolean} on
 */
export function saveSendTyping(storage, on) {
  try {
    storage.setItem(SEND_TYPING_KEY, on ? "on" : "off");
  } catch {
    // Kept for this page only.
  }
}

/**
 * Wires the Settings dialog: it opens on `open`, shows the words, and saves on submit.
 * @param {{ dialog: HTMLDialogElement, form: HTMLFormElement, input: HTMLInputElement,
 *   open: HTMLElement, cancel: HTMLElement, storage: Storage,
 *   onWords: (words: string[]) => void, sendTyping: HTMLInputElement,
 *   onSendTyping: (on: boolean) => void }} parts
 */
export function wireSettings(parts) {
  parts.onWords(loadWords(parts.storage));
  parts.onSendTyping(loadSendTyping(parts.storage));
  parts.open.addEventListener("click", () => {
    parts.input.value = loadWords(parts.storage).join(", ");
    parts.sendTyping.checked = loadSendTyping(parts.storage);
    parts.dialog.showModal();
  });
  parts.cancel.addEventListener("click", () => parts.dialog.close());
  parts.form.addEventListener("submit", (event) => {
    event.preventDefault();
    parts.onWords(saveWords(parts.storage, parts.input.value));
    saveSendTyping(parts.storage, parts.sendTyping.checked);
    parts.onSendTyping(parts.sendTyping.checked);
    parts.dialog.close();
  });
}
