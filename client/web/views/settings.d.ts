/**
 * Types of the settings (the implementation is settings.js).
 *
 * @module
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
export declare const WORDS_KEY: string;

/**
 * The localStorage key of the folding switch (`off` when runs of joins and parts are not
 * folded).
 *
 * @example
 * ```ts
 * import { FOLD_KEY } from "./settings.js";
 * console.log(FOLD_KEY); // "ircbus.fold"
 * ```
 */
export declare const FOLD_KEY: string;

/**
 * The localStorage key of the theme chosen (`light` or `dark`; none: the system's).
 *
 * @example
 * ```ts
 * import { THEME_KEY } from "./settings.js";
 * console.log(THEME_KEY); // "ircbus.theme"
 * ```
 */
export declare const THEME_KEY: string;

/**
 * A theme: the system's, or one chosen.
 *
 * @example
 * ```ts
 * import type { Theme } from "./settings.js";
 * const theme: Theme = "system";
 * ```
 */
export type Theme = "system" | "light" | "dark";

/**
 * The saved highlight words (none when storage is off).
 *
 * @example
 * ```ts
 * import { loadWords } from "./settings.js";
 * console.log(loadWords({ getItem: () => "deno, bus" })); // ["deno", "bus"]
 * ```
 */
export declare function loadWords(storage: Pick<Storage, "getItem">): string[];

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
 */
export declare function saveWords(
  storage: Pick<Storage, "setItem" | "removeItem">,
  value: string,
): string[];

/**
 * Whether runs of joins, parts, quits and nick changes fold (on unless switched off).
 *
 * @example
 * ```ts
 * import { loadFolding } from "./settings.js";
 * console.log(loadFolding({ getItem: () => null }), loadFolding({ getItem: () => "off" })); // true false
 * ```
 */
export declare function loadFolding(storage: Pick<Storage, "getItem">): boolean;

/**
 * The theme chosen, `system` when none is.
 *
 * @example
 * ```ts
 * import { loadTheme } from "./settings.js";
 * console.log(loadTheme({ getItem: () => "dark" }), loadTheme({ getItem: () => "pink" })); // "dark" "system"
 * ```
 */
export declare function loadTheme(storage: Pick<Storage, "getItem">): Theme;

/**
 * The localStorage key of the typing switch (`"off"` when typing is not sent).
 *
 * @example
 * ```ts
 * import { SEND_TYPING_KEY } from "./settings.js";
 * console.log(SEND_TYPING_KEY); // "ircbus.sendTyping"
 * ```
 */
export declare const SEND_TYPING_KEY: string;

/**
 * Whether typing notifications are sent, as saved (on unless switched off).
 *
 * @example
 * ```ts
 * import { loadSendTyping } from "./settings.js";
 * console.log(loadSendTyping({ getItem: () => null })); // true
 * ```
 */
export declare function loadSendTyping(storage: Pick<Storage, "getItem">): boolean;

/**
 * Saves whether typing notifications are sent.
 *
 * @example
 * ```ts
 * import { saveSendTyping } from "./settings.js";
 * saveSendTyping({ setItem: () => {}, removeItem: () => {} }, false);
 * ```
 */
export declare function saveSendTyping(
  storage: Pick<Storage, "setItem" | "removeItem">,
  on: boolean,
): void;

/**
 * The parts {@linkcode wireSettings} wires: the dialog and its fields, the buttons, the
 * storage, whether the page shows dark now, and a hook per setting.
 *
 * @example
 * ```ts ignore
 * import type { SettingsParts } from "./settings.js";
 * ```
 */
export interface SettingsParts {
  dialog: HTMLDialogElement;
  form: HTMLFormElement;
  input: HTMLInputElement;
  fold: HTMLInputElement;
  theme: HTMLSelectElement;
  open: HTMLElement;
  cancel: HTMLElement;
  toggleTheme: HTMLElement;
  storage: Storage;
  isDark: () => boolean;
  onWords: (words: string[]) => void;
  onFolding: (on: boolean) => void;
  onTheme: (theme: Theme) => void;
  /** The "let others see when I am typing" checkbox. */
  sendTyping: HTMLInputElement;
  /** Told whether typing is sent, at start and on each save. */
  onSendTyping: (on: boolean) => void;
}

/**
 * Wires the Settings dialog (open, show the settings, save on submit) and the theme button.
 *
 * @example
 * ```ts ignore
 * import { wireSettings } from "./settings.js";
 * wireSettings(parts);
 * ```
 */
export declare function wireSettings(parts: SettingsParts): void;
