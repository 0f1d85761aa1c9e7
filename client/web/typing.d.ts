/**
 * Types of the page's typing board (the implementation is typing.js, loaded as-is by the page).
 *
 * @module
 */
import type { TypingState } from "../../bus/events.ts";

/**
 * How long an `active` notification holds, per the IRCv3 typing spec (ms).
 *
 * @example
 * ```ts
 * import { ACTIVE_HOLD } from "./typing.js";
 * console.log(ACTIVE_HOLD); // 6000
 * ```
 */
export declare const ACTIVE_HOLD: number;
/**
 * How long a `paused` notification holds, per the IRCv3 typing spec (ms).
 *
 * @example
 * ```ts
 * import { PAUSED_HOLD } from "./typing.js";
 * console.log(PAUSED_HOLD); // 30000
 * ```
 */
export declare const PAUSED_HOLD: number;

/**
 * Who is typing in each buffer, with the spec's lapses; time is passed in.
 *
 * @example
 * ```ts
 * import { TypingBoard } from "./typing.js";
 * const board = new TypingBoard();
 * board.receive("1 #deno", "alice", "alice", "active", 0);
 * console.log(board.typing("1 #deno", 5999)); // ["alice"]
 * console.log(board.typing("1 #deno", 6000)); // []
 * ```
 */
export declare class TypingBoard {
  /** Records `nick`'s state in `buffer` at `now` (ms); `nickKey` is the folded nick. */
  receive(buffer: string, nickKey: string, nick: string, state: TypingState, now: number): void;
  /** Forgets `nickKey` in `buffer`; true when it was there. */
  clear(buffer: string, nickKey: string): boolean;
  /** The nicknames typing (`active`, not lapsed) in `buffer` at `now`, oldest first. */
  typing(buffer: string, now: number): string[];
  /** When the next state in `buffer` lapses (ms), or `undefined`. */
  nextLapse(buffer: string): number | undefined;
}

/**
 * The indicator's text for the nicknames typing, or `""`.
 *
 * @example
 * ```ts
 * import { typingText } from "./typing.js";
 * console.log(typingText(["alice"])); // alice is typing
 * ```
 */
export declare function typingText(nicks: readonly string[]): string;

/**
 * The typing state of the input line's text: `done` when empty or a command, else `active`.
 *
 * @example
 * ```ts
 * import { inputTypingState } from "./typing.js";
 * console.log(inputTypingState("/join #x")); // done
 * ```
 */
export declare function inputTypingState(text: string): "active" | "done";

/**
 * Idle time with text typed after which the page reports `paused` (ms).
 *
 * @example
 * ```ts
 * import { PAUSE_AFTER } from "./typing.js";
 * console.log(PAUSE_AFTER); // 5000
 * ```
 */
export declare const PAUSE_AFTER: number;
/**
 * The page reports `active` at most this often (ms).
 *
 * @example
 * ```ts
 * import { REPORT_EVERY } from "./typing.js";
 * console.log(REPORT_EVERY); // 1000
 * ```
 */
export declare const REPORT_EVERY: number;

/**
 * A conversation the input line types into.
 *
 * @example
 * ```ts
 * import type { TypingTarget } from "./typing.js";
 * const where: TypingTarget = { networkId: 1, target: "#deno" };
 * ```
 */
export interface TypingTarget {
  /** The network. */
  networkId: number;
  /** The channel or nickname. */
  target: string;
}

/**
 * What a {@linkcode TypingReporter} reports to and times with.
 *
 * @example
 * ```ts
 * import type { TypingReporterParts } from "./typing.js";
 * const parts: TypingReporterParts = {
 *   send: (where, state) => console.log(where.target, state),
 *   clock: { now: Date.now, setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (id) => {} },
 * };
 * ```
 */
export interface TypingReporterParts {
  /** Sends one typing state for `where`. */
  send(where: TypingTarget, state: TypingState): void;
  /** The page's timers. */
  clock: {
    now(): number;
    setTimeout(callback: () => void, ms: number): unknown;
    clearTimeout(id: unknown): void;
  };
}

/**
 * Turns the input line's changes into typing states for the backend.
 *
 * @example
 * ```ts
 * import { TypingReporter } from "./typing.js";
 * const sent: string[] = [];
 * const reporter = new TypingReporter({
 *   send: (_where, state) => sent.push(state),
 *   clock: { now: () => 0, setTimeout: () => 0, clearTimeout: () => {} },
 * });
 * reporter.input({ networkId: 1, target: "#deno" }, "hel");
 * reporter.input({ networkId: 1, target: "#deno" }, "");
 * console.log(sent); // ["active", "done"]
 * ```
 */
export declare class TypingReporter {
  /** Reports through `parts`. */
  constructor(parts: TypingReporterParts);
  /** The input line now reads `text`, in the conversation `where` (none: the server buffer). */
  input(where: TypingTarget | undefined, text: string): void;
  /** A message went to the conversation: the typing there is over, with nothing to send. */
  sent(): void;
  /** Reports `done` if typing was reported. */
  stop(): void;
}
