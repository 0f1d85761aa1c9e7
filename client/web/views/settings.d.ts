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
 * saveSendTyping({ setItem: () => {} }, false);
 * ```
 */
export declare function saveSendTyping(storage: Pick<Storage, "setItem">, on: boolean): void;

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
 *   sendTyping: document.querySelector<HTMLInputElement>("#send-typing")!,
 *   onSendTyping: console.log,
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
  /** The "let others see when I am typing" checkbox. */
  sendTyping: HTMLInputElement;
  /** Told whether typing is sent, at start and on each save. */
  onSendTyping: (on: boolean) => void;
}): void;
