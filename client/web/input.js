// @ts-check
/**
 * The input line's behaviour: Tab completion of nicks, channels and commands (cycling on a
 * repeated Tab), a history per buffer walked with Up and Down, and the question asked before
 * a paste of several lines is sent. The logic is pure and runs under `deno test`;
 * `bindInput` is the thin part that hangs it on the page's `<input>`.
 *
 * @module
 */
import { completeCommand, findCommand } from "../../core/commands.js";
import { MAX_MESSAGE_LINES, MAX_MESSAGE_TEXT } from "../../core/protocol.js";

/**
 * What Tab may complete to.
 *
 * @example
 * ```ts
 * import type { CompletionSources } from "./input.js";
 * const sources: CompletionSources = { nicks: ["alice"], channels: ["#deno"], commands: ["weather"] };
 * ```
 * @typedef {object} CompletionSources
 * @property {readonly string[]} nicks Nicks of the current channel, the most likely first.
 * @property {readonly string[]} channels Channels of the network.
 * @property {readonly string[]} [commands] Extra command names (plugin commands), without the
 *   slash.
 */

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
 * @typedef {object} Completion
 * @property {string} value The input's new value.
 * @property {number} caret The caret after the completed word.
 * @property {number} start Where the completed word starts.
 * @property {string} word The word as typed before the first Tab.
 * @property {string[]} candidates Every candidate, in cycling order.
 * @property {number} index The candidate shown.
 */

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
 * @typedef {object} InputBinding
 * @property {() => string} bufferKey The current buffer: history is kept per buffer.
 * @property {() => CompletionSources} sources The completion candidates now.
 * @property {(line: string) => void} onLine A line was submitted.
 * @property {(lines: string[]) => void} onPaste The lines of a paste the user agreed to send.
 * @property {(lines: string[]) => Promise<boolean>} confirmPaste Asks whether to send a paste of
 *   several lines.
 * @property {() => boolean} [sendsWhole] Whether a paste of several lines goes as one message,
 *   unasked: the server takes multi-line messages (`draft/multiline`). Absent means never.
 * @property {(text: string) => void} [onWhole] A paste to send as one message, its lines joined by
 *   LF.
 */

/** Lines kept per buffer. */
export const HISTORY_LINES = 100;
/** Buffers whose history is kept; the least recently used is dropped beyond this. */
export const HISTORY_BUFFERS = 200;
/**
 * Most lines one paste may send: each is a request, and with the page's other requests
 * they must fit in what the transport lets wait for a reply (`MAX_PENDING`), or the last
 * lines of a confirmed paste would be refused.
 */
export const MAX_PASTE_LINES = 200;

const CHANNEL = /^[#&+!]/;

/**
 * What was typed in each buffer, newest last, and where Up/Down is in it.
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
export class InputHistory {
  /** @type {Map<string, {lines: string[], index: number, draft: string}>} */
  #buffers = new Map();
  #limit;
  #maxBuffers;

  /** @param {{ limit?: number, maxBuffers?: number }} [options] */
  constructor(options = {}) {
    this.#limit = options.limit ?? HISTORY_LINES;
    this.#maxBuffers = options.maxBuffers ?? HISTORY_BUFFERS;
  }

  /** @param {string} key */
  #entry(key) {
    let entry = this.#buffers.get(key);
    if (entry) {
      // Most recently used last, so the first key is the one to drop.
      this.#buffers.delete(key);
    } else {
      entry = { lines: [], index: 0, draft: "" };
    }
    this.#buffers.set(key, entry);
    while (this.#buffers.size > this.#maxBuffers) {
      const oldest = this.#buffers.keys().next().value;
      if (oldest === undefined) break;
      this.#buffers.delete(oldest);
    }
    return entry;
  }

  /**
   * Records a sent line (a repeat of the newest is kept once) and resets the walk.
   * @param {string} key @param {string} line
   */
  push(key, line) {
    const entry = this.#entry(key);
    if (line !== "" && entry.lines[entry.lines.length - 1] !== line) {
      entry.lines.push(line);
      if (entry.lines.length > this.#limit) entry.lines.shift();
    }
    entry.index = entry.lines.length;
    entry.draft = "";
  }

  /**
   * The line before the one shown (`current` is kept as the draft when leaving it), or
   * `undefined` at the oldest.
   * @param {string} key @param {string} current
   * @returns {string | undefined}
   */
  up(key, current) {
    const entry = this.#entry(key);
    if (entry.index === 0) return undefined;
    if (entry.index === entry.lines.length) entry.draft = current;
    entry.index--;
    return entry.lines[entry.index];
  }

  /**
   * The line after the one shown, the draft after the newest, or `undefined` when already
   * at the draft.
   * @param {string} key
   * @returns {string | undefined}
   */
  down(key) {
    const entry = this.#entry(key);
    if (entry.index >= entry.lines.length) return undefined;
    entry.index++;
    return entry.index === entry.lines.length ? entry.draft : entry.lines[entry.index];
  }
}

/**
 * The word before the caret: where it starts, and its text.
 * @param {string} value @param {number} caret
 */
function wordAt(value, caret) {
  const before = value.slice(0, caret);
  const start = before.search(/\S+$/);
  return start === -1 ? { start: caret, word: "" } : { start, word: before.slice(start) };
}

/**
 * Candidates for `word` at `start` of `value`: command names for a `/word` at the start (and
 * for the argument of `/help`), channels for a word with a channel prefix (or the argument
 * of a command that takes a channel), nicks otherwise.
 * @param {string} value @param {number} start @param {string} word
 * @param {CompletionSources} sources
 * @returns {string[]}
 */
function candidates(value, start, word, sources) {
  if (start === 0 && word.startsWith("/")) return completeCommand(word, sources.commands ?? []);
  const command = /^\/(\S+)\s+(\S*)$/.exec(value.slice(0, start + word.length));
  const completes = command ? findCommand(command[1])?.completes : undefined;
  const lower = word.toLowerCase();
  /** @param {readonly string[]} names */
  const matching = (names) => {
    const seen = new Set();
    return names.filter((name) => {
      const key = name.toLowerCase();
      if (!key.startsWith(lower) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  if (completes === "command") {
    return completeCommand(`/${word.replace(/^\//, "")}`, sources.commands ?? [])
      .map((/** @type {string} */ name) => name.slice(1));
  }
  if (CHANNEL.test(word) || (completes === "channel" && word === "")) {
    return matching(sources.channels).sort((a, b) => a.localeCompare(b));
  }
  // Nicks keep the order given (the caller puts recent speakers first).
  return matching(sources.nicks);
}

/**
 * Completes the word before the caret, or cycles to the next candidate when `previous` is
 * the completion this Tab follows (the input unchanged since). A nick completed at the start
 * of the line gets `": "`, anything else a space. `undefined` when nothing fits.
 *
 * @example
 * ```ts
 * import { completeInput } from "./input.js";
 * const sources = { nicks: ["alice", "alan"], channels: ["#deno"] };
 * const first = completeInput({ value: "al", caret: 2 }, sources);
 * console.log(first?.value); // "alice: "
 * console.log(completeInput({ value: first!.value, caret: first!.caret }, sources, first)?.value); // "alan: "
 * ```
 * @param {{ value: string, caret: number }} input
 * @param {CompletionSources} sources
 * @param {Completion} [previous]
 * @returns {Completion | undefined}
 */
export function completeInput(input, sources, previous) {
  const cycling = previous !== undefined && previous.value === input.value &&
    previous.caret === input.caret && previous.candidates.length > 0;
  const start = cycling ? previous.start : wordAt(input.value, input.caret).start;
  const word = cycling ? previous.word : wordAt(input.value, input.caret).word;
  const list = cycling ? previous.candidates : candidates(input.value, start, word, sources);
  if (list.length === 0) return undefined;
  const index = cycling ? (previous.index + 1) % list.length : 0;
  const choice = list[index];
  const isNick = !choice.startsWith("/") && !CHANNEL.test(choice) && start === 0;
  const suffix = isNick ? ": " : " ";
  const tail = input.value.slice(input.caret);
  const inserted = choice + (tail.startsWith(" ") ? "" : suffix);
  const value = input.value.slice(0, start) + inserted + tail;
  const caret = start + inserted.length;
  return { value, caret, start, word, candidates: list, index };
}

/**
 * The lines of a paste, without the trailing empty ones. More than one means: ask first.
 *
 * @example
 * ```ts
 * import { pastedLines } from "./input.js";
 * console.log(pastedLines("one\r\ntwo\n\n")); // ["one", "two"]
 * ```
 * @param {string} text
 * @returns {string[]}
 */
export function pastedLines(text) {
  const lines = text.split(/\r\n|\r|\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === "") lines.pop();
  return lines;
}

/**
 * Hangs completion, history and the paste question on an input element.
 *
 * @example
 * ```ts ignore
 * import { bindInput } from "./input.js";
 * bindInput(document.querySelector("input")!, binding);
 * ```
 * @param {HTMLInputElement} input
 * @param {InputBinding} binding
 * @returns {InputHistory}
 */
export function bindInput(input, binding) {
  const history = new InputHistory();
  /** @type {Completion | undefined} */
  let completion;
  input.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Tab" && !event.shiftKey) {
      const next = completeInput(
        { value: input.value, caret: input.selectionStart ?? input.value.length },
        binding.sources(),
        completion,
      );
      // With nothing to complete, Tab keeps its meaning: the next control.
      if (!next) return;
      event.preventDefault();
      completion = next;
      input.value = next.value;
      input.setSelectionRange(next.caret, next.caret);
      return;
    }
    completion = undefined;
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      const key = binding.bufferKey();
      const line = event.key === "ArrowUp" ? history.up(key, input.value) : history.down(key);
      if (line === undefined) return;
      event.preventDefault();
      input.value = line;
      input.setSelectionRange(line.length, line.length);
    }
  });
  input.form?.addEventListener("submit", (event) => {
    event.preventDefault();
    const line = input.value;
    input.value = "";
    completion = undefined;
    if (line.trim() === "") return;
    history.push(binding.bufferKey(), line);
    binding.onLine(line);
  });
  input.addEventListener("paste", (event) => {
    const text = event.clipboardData?.getData("text/plain") ?? "";
    const lines = pastedLines(text);
    if (lines.length < 2) return;
    event.preventDefault();
    // With draft/multiline the paste is one message: nothing to ask, it goes as it is.
    if (
      binding.sendsWhole?.() && lines.length <= MAX_MESSAGE_LINES &&
      lines.join("\n").length <= MAX_MESSAGE_TEXT
    ) {
      history.push(binding.bufferKey(), lines[lines.length - 1]);
      binding.onWhole?.(lines.join("\n"));
      return;
    }
    void binding.confirmPaste(lines).then((/** @type {boolean} */ send) => {
      if (!send) return;
      history.push(binding.bufferKey(), lines[lines.length - 1]);
      binding.onPaste(lines);
    });
  });
  return history;
}

/**
 * Asks in a `<dialog>` whether to send a paste of several lines: the dialog shows the count
 * in its `[data-count]` element and the first lines in its `[data-preview]` one; its
 * `[value=send]` button sends, any other way of closing it cancels.
 *
 * @example
 * ```ts ignore
 * import { confirmPasteDialog } from "./input.js";
 * const send = await confirmPasteDialog(document.querySelector("dialog")!, ["a", "b"]);
 * ```
 * @param {HTMLDialogElement} dialog
 * @param {readonly string[]} lines
 * @returns {Promise<boolean>}
 */
export function confirmPasteDialog(dialog, lines) {
  const count = dialog.querySelector("[data-count]");
  const preview = dialog.querySelector("[data-preview]");
  const tooMany = lines.length > MAX_PASTE_LINES;
  if (count) {
    count.textContent = tooMany
      ? `This paste has ${lines.length} lines; at most ${MAX_PASTE_LINES} can be sent at once.`
      : `Send ${lines.length} lines?`;
  }
  if (preview) preview.textContent = lines.slice(0, 5).join("\n") + (lines.length > 5 ? "\n…" : "");
  const send = dialog.querySelector("[value=send]");
  if (send instanceof HTMLButtonElement) send.disabled = tooMany;
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "send" && !tooMany), {
      once: true,
    });
  });
}
