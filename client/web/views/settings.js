// @ts-self-types="./settings.d.ts"
// @ts-check
/**
 * The page's settings, kept in this browser's localStorage and edited in the Settings
 * dialog: highlight words, whether runs of joins and parts fold, the theme, and whether
 * typing is sent.
 *
 * @module
 */
import { parseWords } from "../attention.js";

/** The localStorage key of the highlight words. */
export const WORDS_KEY = "ircbus.highlightWords";
/** The localStorage key of the folding switch (`off` when switched off). */
export const FOLD_KEY = "ircbus.fold";
/** The localStorage key of the theme chosen (`light` or `dark`; none: the system's). */
export const THEME_KEY = "ircbus.theme";

/** @typedef {import("./settings.d.ts").Theme} Theme */

/**
 * A saved value, or `null` when none is saved or storage is off (privacy settings).
 * @param {Pick<Storage, "getItem">} storage @param {string} key
 */
function read(storage, key) {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Saves a value (`null`: forgets it); storage that is off keeps it for this page only.
 * @param {Pick<Storage, "setItem" | "removeItem">} storage @param {string} key
 * @param {string | null} value
 */
function write(storage, key, value) {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Kept for this page only.
  }
}

/**
 * The saved highlight words.
 * @param {Pick<Storage, "getItem">} storage
 * @returns {string[]}
 */
export function loadWords(storage) {
  return parseWords(read(storage, WORDS_KEY) ?? "");
}

/**
 * Saves highlight words as typed; returns them as read.
 * @param {Pick<Storage, "setItem" | "removeItem">} storage @param {string} value
 * @returns {string[]}
 */
export function saveWords(storage, value) {
  const words = parseWords(value);
  write(storage, WORDS_KEY, words.join(", "));
  return words;
}

/** The localStorage key of the typing switch: `"off"` when typing is not sent. */
export const SEND_TYPING_KEY = "ircbus.sendTyping";

/**
 * Whether typing notifications are sent (the default), as saved.
 * @param {Pick<Storage, "getItem">} storage
 */
export function loadSendTyping(storage) {
  return read(storage, SEND_TYPING_KEY) !== "off";
}

/**
 * Saves whether typing notifications are sent.
 * @param {Pick<Storage, "setItem" | "removeItem">} storage @param {boolean} on
 */
export function saveSendTyping(storage, on) {
  write(storage, SEND_TYPING_KEY, on ? null : "off");
}

/**
 * Whether runs of joins, parts, quits and nick changes fold (on unless switched off).
 * @param {Pick<Storage, "getItem">} storage
 * @returns {boolean}
 */
export function loadFolding(storage) {
  return read(storage, FOLD_KEY) !== "off";
}

/**
 * The theme chosen: `light`, `dark`, or `system` (none saved: the system's).
 * @param {Pick<Storage, "getItem">} storage
 * @returns {Theme}
 */
export function loadTheme(storage) {
  const saved = read(storage, THEME_KEY);
  return saved === "light" || saved === "dark" ? saved : "system";
}

/**
 * Wires the Settings dialog and the theme button: the dialog opens on `open` with the
 * settings saved, and saves them on submit; the theme button switches between light and
 * dark (from the one shown, the system's at first) and keeps the choice. Each setting is
 * handed to its hook at once and on every change.
 * @param {{ dialog: HTMLDialogElement, form: HTMLFormElement, input: HTMLInputElement,
 *   fold: HTMLInputElement, theme: HTMLSelectElement, open: HTMLElement, cancel: HTMLElement,
 *   toggleTheme: HTMLElement, storage: Storage, isDark: () => boolean,
 *   onWords: (words: string[]) => void, onFolding: (on: boolean) => void,
 *   onTheme: (theme: Theme) => void, sendTyping: HTMLInputElement,
 *   onSendTyping: (on: boolean) => void }} parts
 */
export function wireSettings(parts) {
  const { storage } = parts;
  parts.onWords(loadWords(storage));
  parts.onFolding(loadFolding(storage));
  parts.onTheme(loadTheme(storage));
  parts.onSendTyping(loadSendTyping(storage));
  parts.open.addEventListener("click", () => {
    parts.input.value = loadWords(storage).join(", ");
    parts.fold.checked = loadFolding(storage);
    parts.theme.value = loadTheme(storage);
    parts.sendTyping.checked = loadSendTyping(storage);
    parts.dialog.showModal();
  });
  parts.cancel.addEventListener("click", () => parts.dialog.close());
  parts.form.addEventListener("submit", (event) => {
    event.preventDefault();
    parts.onWords(saveWords(storage, parts.input.value));
    write(storage, FOLD_KEY, parts.fold.checked ? null : "off");
    parts.onFolding(parts.fold.checked);
    const theme = parts.theme.value === "light" || parts.theme.value === "dark"
      ? parts.theme.value
      : "system";
    write(storage, THEME_KEY, theme === "system" ? null : theme);
    parts.onTheme(theme);
    saveSendTyping(storage, parts.sendTyping.checked);
    parts.onSendTyping(parts.sendTyping.checked);
    parts.dialog.close();
  });
  parts.toggleTheme.addEventListener("click", () => {
    const theme = parts.isDark() ? "light" : "dark";
    write(storage, THEME_KEY, theme);
    parts.onTheme(theme);
  });
}
