/**
 * Types of the input line's behaviour (the implementation is input.js, which the page loads
 * as-is): completion, per-buffer history and the multi-line paste question.
 *
 * @module
 */

/** Lines kept per buffer. */
export declare const HISTORY_LINES: number;
/** Buffers whose history is kept. */
export declare const HISTORY_BUFFERS: number;
/** Most lines one paste may send. */
export declare const MAX_PASTE_LINES: number;

/**
 * What Tab may complete to.
 *
 * @example
 * ```ts
 * import type { CompletionSources } from "./input.js";
 * const sources: CompletionSources = { nicks: ["alice"], channels: ["#deno"], commands: ["weather"] };
 * ```
 */
export interface CompletionSources {
  /** Nicks of the current channel, the most likely first. */
  nicks: readonly string[];
  /** Channels of the network. */
  channels: readonly string[];
  /** Extra command names (plugin commands), without the slash. */
  commands?: readonly string[];
}

/**
 * One completion: the new value and caret, and what a repeated Tab cycles through.
 *
 * @example
 * ```ts
 * import type { Completion } from "./input.js";
 * const completion: Completion = {
 *   value: "alice: ", caret: 7, start: 0, word: "al", candidates: ["alice", "alan"], index: 0,
 * };
 * ```
 */
export interface Completion {
  /** The input's new value. */
  value: string;
  /** The caret after the completed word. */
  caret: number;
  /** Where the completed word starts. */
  start: number;
  /** The word as typed before the first Tab. */
  word: string;
  /** Every candidate, in cycling order. */
  candidates: string[];
  /** The candidate shown. */
  index: number;
}

/**
 * What {@linkcode bindInput} needs from the page.
 *
 * @example
 * ```ts
 * import type { InputBinding } from "./input.js";
 * const binding: InputBinding = {
 *   bufferKey: () => "1 #deno",
 *   sources: () => ({ nicks: [], channels: [] }),
 *   onLine: (line) => console.log(line),
 *   onPaste: (lines) => console.log(lines.length),
 *   confirmPaste: () => Promise.resolve(false),
 * };
 * ```
 */
export interface InputBinding {
  /** The current buffer: history is kept per buffer. */
  bufferKey(): string;
  /** The completion candidates now. */
  sources(): CompletionSources;
  /** A line was submitted. */
  onLine(line: string): void;
  /** The lines of a paste the user agreed to send. */
  onPaste(lines: string[]): void;
  /** Asks whether to send a paste of several lines. */
  confirmPaste(lines: string[]): Promise<boolean>;
  /**
   * Whether a paste of several lines goes as one message, unasked: the server takes
   * multi-line messages (`draft/multiline`). Absent means never.
   */
  sendsWhole?(): boolean;
  /** A paste to send as one message, its lines joined by LF. */
  onWhole?(text: string): void;
}

/**
 * Sent lines per buffer, walked with Up and Down.
 *
 * @example
 * ```ts
 * import { InputHistory } from "./input.js";
 * const history = new InputHistory();
 * history.push("#a", "hello");
 * console.log(history.up("#a", "draft")); // "hello"
 * console.log(history.down("#a")); // "draft"
 * ```
 */
export declare class InputHistory {
  /** At most `limit` lines per buffer and `maxBuffers` buffers. */
  constructor(options?: { limit?: number; maxBuffers?: number });
  /** Records a sent line and resets the walk. */
  push(key: string, line: string): void;
  /** The previous line, keeping `current` as the draft; `undefined` at the oldest. */
  up(key: string, current: string): string | undefined;
  /** The next line, or the draft after the newest; `undefined` at the draft. */
  down(key: string): string | undefined;
}

/**
 * Completes the word before the caret, or cycles when `previous` is the completion this Tab
 * follows.
 *
 * @example
 * ```ts
 * import { completeInput } from "./input.js";
 * const sources = { nicks: ["alice", "alan"], channels: ["#deno"] };
 * const first = completeInput({ value: "al", caret: 2 }, sources);
 * console.log(first?.value); // "alice: "
 * console.log(completeInput({ value: first!.value, caret: first!.caret }, sources, first)?.value); // "alan: "
 * ```
 */
export declare function completeInput(
  input: { value: string; caret: number },
  sources: CompletionSources,
  previous?: Completion,
): Completion | undefined;

/**
 * The lines of a paste, without trailing empty ones.
 *
 * @example
 * ```ts
 * import { pastedLines } from "./input.js";
 * console.log(pastedLines("one\r\ntwo\n\n")); // ["one", "two"]
 * ```
 */
export declare function pastedLines(text: string): string[];

/**
 * Hangs completion, history and the paste question on an input inside a form.
 *
 * @example
 * ```ts ignore
 * import { bindInput } from "./input.js";
 * bindInput(document.querySelector("input")!, binding);
 * ```
 */
export declare function bindInput(input: HTMLInputElement, binding: InputBinding): InputHistory;

/**
 * Asks in a `<dialog>` whether to send a paste of several lines.
 *
 * @example
 * ```ts ignore
 * import { confirmPasteDialog } from "./input.js";
 * const send = await confirmPasteDialog(document.querySelector("dialog")!, ["a", "b"]);
 * ```
 */
export declare function confirmPasteDialog(
  dialog: HTMLDialogElement,
  lines: readonly string[],
): Promise<boolean>;
