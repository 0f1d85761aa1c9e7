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
 * saveWords({ setItem: (k, v) => saved.set(k, v) }, "deno  deno, bus");
 * console.log([...saved.values()]); // ["deno, bus"]
 * ```
 */
export declare function saveWords(storage: Pick<Storage, "setItem">, value: string): string[];

/**
 * Wires the Settings dialog (open, show the words, save on submit).
 *
 * @example
 * ```ts ignore
 * import { wireSettings } from "./settings.js";
 * const $ = (id: string) => document.getElementById(id)!;
 * wireSettings({
 *   dialog: document.querySelector<HTMLDialogElement>("#settings-dialog")!,
 *   form: document.querySelector<HTMLFormElement>("#settings-form")!,
 *   input: document.querySelector<HTMLInputElement>("#highlight-words")!,
 *   open: $("open-settings"), cancel: $("settings-cancel"), storage: localStorage,
 *   onWords: console.log,
 * });
 * ```
 */
export declare function wireSettings(parts: {
  dialog: HTMLDialogElement;
  form: HTMLFormElement;
  input: HTMLInputElement;
  open: HTMLElement;
  cancel: HTMLElement;
  storage: Storage;
  onWords: (words: string[]) => void;
}): void;
