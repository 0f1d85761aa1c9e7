// @ts-check
/**
 * The page's settings, kept in this browser's localStorage and edited in the Settings
 * dialog: highlight words, whether runs of joins and parts fold, the theme, and whether
 * typing is sent.
 *
 * @module
 */
import { parseWords } from "../attention.js";

/**
 * A theme: the system's, or one chosen.
 *
 * @example
 * ```ts
 * import type { Theme } from "./settings.js";
 * const theme: Theme = "system";
 * ```
 * @typedef {"system" | "light" | "dark"} Theme
 */

/**
 * The parts {@linkcode wireSettings} wires: the dialog and its fields, the buttons, the
 * storage, whether the page shows dark now, and a hook per setting.
 *
 * @example
 * ```ts ignore
 * import type { SettingsParts } from "./settings.js";
 * ```
 * @typedef {object} SettingsParts
 * @property {HTMLDialogElement} dialog
 * @property {HTMLFormElement} form
 * @property {HTMLInputElement} input
 * @property {HTMLInputElement} fold
 * @property {HTMLSelectElement} theme
 * @property {HTMLElement} open
 * @property {HTMLElement} cancel
 * @property {HTMLElement} toggleTheme
 * @property {Storage} storage
 * @property {() => boolean} isDark
 * @property {(words: string[]) => void} onWords
 * @property {(on: boolean) => void} onFolding
 * @property {(theme: Theme) => void} onTheme
 * @property {HTMLInputElement} sendTyping The "let others see when I am typing" checkbox.
 * @property {(on: boolean) => void} onSendTyping Told whether typing is sent, at start and on each
 *   save.
 */

/**
 * The localStorage key of the highlight words.
 *
 * @example
 * ```ts
 * import { WORDS_KEY } from "./settings.js";
 * console.log(WORDS_KEY); // "ircbus.highlightWords"
 * ```
 */
export const WORDS_KEY = "ircbus.highlightWords";
/**
 * The localStorage key of the folding switch (`off` when switched off).
 *
 * @example
 * ```ts
 * import { FOLD_KEY } from "./settings.js";
 * console.log(FOLD_KEY); // "ircbus.fold"
 * ```
 */
export const FOLD_KEY = "ircbus.fold";
/**
 * The localStorage key of the theme chosen (`light` or `dark`; none: the system's).
 *
 * @example
 * ```ts
 * import { THEME_KEY } from "./settings.js";
 * console.log(THEME_KEY); // "ircbus.theme"
 * ```
 */
export const THEME_KEY = "ircbus.theme";

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
 *
 * @example
 * ```ts
 * import { loadWords } from "./settings.js";
 * console.log(loadWords({ getItem: () => "deno, bus" })); // ["deno", "bus"]
 * ```
 * @param {Pick<Storage, "getItem">} storage
 * @returns {string[]}
 */
export function loadWords(storage) {
  return parseWords(read(storage, WORDS_KEY) ?? "");
}

/**
 * Saves highlight words as typed; returns them as read.
 *
 * @example
 * ```ts
 * import { saveWords } from "./settings.js";
 * const saved = new Map<string, string>();
 * saveWords({ setItem: (k, v) => saved.set(k, v), removeItem: () => {} }, "deno  deno, bus");
 * console.log([...saved.values()]); // ["deno, bus"]
 * ```
 * @param {Pick<Storage, "setItem" | "removeItem">} storage @param {string} value
 * @returns {string[]}
 */
export function saveWords(storage, value) {
  const words = parseWords(value);
  write(storage, WORDS_KEY, words.join(", "));
  return words;
}

/**
 * The localStorage key of the typing switch: `"off"` when typing is not sent.
 *
 * @example
 * ```ts
 * import { SEND_TYPING_KEY } from "./settings.js";
 * console.log(SEND_TYPING_KEY); // "ircbus.sendTyping"
 * ```
 */
export const SEND_TYPING_KEY = "ircbus.sendTyping";

/**
 * Whether typing notifications are sent (the default), as saved.
 *
 * @example
 * ```ts
 * import { loadSendTyping } from "./settings.js";
 * console.log(loadSendTyping({ getItem: () => null })); // true
 * ```
 * @param {Pick<Storage, "getItem">} storage
 */
export function loadSendTyping(storage) {
  return read(storage, SEND_TYPING_KEY) !== "off";
}

/**
 * Saves whether typing notifications are sent.
 *
 * @example
 * ```ts
 * import { saveSendTyping } from "./settings.js";
 * saveSendTyping({ setItem: () => {}, removeItem: () => {} }, false);
 * ```
 * @param {Pick<Storage, "setItem" | "removeItem">} storage @param {boolean} on
 */
export function saveSendTyping(storage, on) {
  write(storage, SEND_TYPING_KEY, on ? null : "off");
}

/**
 * Whether runs of joins, parts, quits and nick changes fold (on unless switched off).
 *
 * @example
 * ```ts
 * import { loadFolding } from "./settings.js";
 * console.log(loadFolding({ getItem: () => null }), loadFolding({ getItem: () => "off" })); // true false
 * ```
 * @param {Pick<Storage, "getItem">} storage
 * @returns {boolean}
 */
export function loadFolding(storage) {
  return read(storage, FOLD_KEY) !== "off";
}

/**
 * The theme chosen: `light`, `dark`, or `system` (none saved: the system's).
 *
 * @example
 * ```ts
 * import { loadTheme } from "./settings.js";
 * console.log(loadTheme({ getItem: () => "dark" }), loadTheme({ getItem: () => "pink" })); // "dark" "system"
 * ```
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
 *
 * @example
 * ```ts ignore
 * import { wireSettings } from "./settings.js";
 * wireSettings(parts);
 * ```
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
