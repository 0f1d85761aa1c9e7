// @ts-check
/**
 * Who is typing where, as the IRCv3 typing spec has a receiver keep it: `active` lapses after
 * 6 s without another, `paused` after 30 s, `done` (or a message from them) ends it. Time is
 * passed in, so tests drive it without a real clock.
 *
 * @module
 */

/** @typedef {import("../../bus/mod.ts").TypingState} TypingState */

/**
 * A conversation the input line types into.
 *
 * @example
 * ```ts
 * import type { TypingTarget } from "./typing.js";
 * const where: TypingTarget = { networkId: 1, target: "#deno" };
 * ```
 * @typedef {object} TypingTarget
 * @property {number} networkId The network.
 * @property {string} target The channel or nickname.
 */

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
 * @typedef {object} TypingReporterParts
 * @property {(where: TypingTarget, state: TypingState) => void} send Sends one typing state for
 *   `where`.
 * @property {{ now(): number; setTimeout(callback: () => void, ms: number): unknown;
 *   clearTimeout(id: unknown): void; }} clock The page's timers.
 */

/**
 * How long an `active` notification holds, per the spec (ms).
 *
 * @example
 * ```ts
 * import { ACTIVE_HOLD } from "./typing.js";
 * console.log(ACTIVE_HOLD); // 6000
 * ```
 */
export const ACTIVE_HOLD = 6000;
/**
 * How long a `paused` notification holds, per the spec (ms).
 *
 * @example
 * ```ts
 * import { PAUSED_HOLD } from "./typing.js";
 * console.log(PAUSED_HOLD); // 30000
 * ```
 */
export const PAUSED_HOLD = 30_000;
/** Typists kept per buffer at most (a flood of nicks forgets the oldest). */
const MAX_PER_BUFFER = 50;

/**
 * Who is typing in each buffer, keyed by the caller (network and folded buffer name).
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
export class TypingBoard {
  /** @type {Map<string, Map<string, { nick: string, state: "active" | "paused", until: number }>>} */
  #buffers = new Map();

  /**
   * Records `nick`'s state in `buffer` at time `now` (ms); `nickKey` is the folded nick.
   * @param {string} buffer @param {string} nickKey @param {string} nick
   * @param {TypingState} state @param {number} now
   * @returns {void}
   */
  receive(buffer, nickKey, nick, state, now) {
    if (state === "done") {
      this.clear(buffer, nickKey);
      return;
    }
    let typists = this.#buffers.get(buffer);
    if (!typists) this.#buffers.set(buffer, typists = new Map());
    typists.delete(nickKey);
    typists.set(nickKey, {
      nick,
      state,
      until: now + (state === "active" ? ACTIVE_HOLD : PAUSED_HOLD),
    });
    if (typists.size > MAX_PER_BUFFER) typists.delete(typists.keys().next().value ?? "");
  }

  /**
   * Forgets `nickKey` in `buffer` (done, or a message from them arrived); true when it was there.
   * @param {string} buffer @param {string} nickKey
   */
  clear(buffer, nickKey) {
    const typists = this.#buffers.get(buffer);
    const had = typists?.delete(nickKey) ?? false;
    if (typists?.size === 0) this.#buffers.delete(buffer);
    return had;
  }

  /**
   * The nicknames typing (`active`, not lapsed) in `buffer` at `now`, oldest first.
   * @param {string} buffer @param {number} now
   * @returns {string[]}
   */
  typing(buffer, now) {
    this.#lapse(buffer, now);
    return [...(this.#buffers.get(buffer)?.values() ?? [])]
      .filter((t) => t.state === "active")
      .map((t) => t.nick);
  }

  /**
   * When the next state in `buffer` lapses (ms), or `undefined` when none is held.
   * @param {string} buffer
   */
  nextLapse(buffer) {
    let next;
    for (const t of this.#buffers.get(buffer)?.values() ?? []) {
      if (next === undefined || t.until < next) next = t.until;
    }
    return next;
  }

  /** @param {string} buffer @param {number} now */
  #lapse(buffer, now) {
    const typists = this.#buffers.get(buffer);
    if (!typists) return;
    for (const [key, t] of typists) if (t.until <= now) typists.delete(key);
    if (typists.size === 0) this.#buffers.delete(buffer);
  }
}

/**
 * The line under the messages: "alice is typing", "alice and bob are typing", "alice, bob
 * and 2 others are typing", or "" when nobody is.
 *
 * @example
 * ```ts
 * import { typingText } from "./typing.js";
 * console.log(typingText(["alice"])); // alice is typing
 * ```
 * @param {readonly string[]} nicks
 */
export function typingText(nicks) {
  if (nicks.length === 0) return "";
  if (nicks.length === 1) return `${nicks[0]} is typing`;
  if (nicks.length === 2) return `${nicks[0]} and ${nicks[1]} are typing`;
  if (nicks.length === 3) return `${nicks[0]}, ${nicks[1]} and ${nicks[2]} are typing`;
  return `${nicks[0]}, ${nicks[1]} and ${nicks.length - 2} others are typing`;
}

/**
 * The typing state the input line is in: `done` when it is empty or a command (which is not
 * a message to anyone), else `active`.
 *
 * @example
 * ```ts
 * import { inputTypingState } from "./typing.js";
 * console.log(inputTypingState("/join #x")); // done
 * ```
 * @param {string} text
 * @returns {"active" | "done"}
 */
export function inputTypingState(text) {
  return text.trim() === "" || (text.startsWith("/") && !text.startsWith("//")) ? "done" : "active";
}

/**
 * Idle time with text typed after which the page reports `paused` (ms).
 *
 * @example
 * ```ts
 * import { PAUSE_AFTER } from "./typing.js";
 * console.log(PAUSE_AFTER); // 5000
 * ```
 */
export const PAUSE_AFTER = 5000;
/**
 * The page reports `active` at most this often (ms); the IRC adapter paces the wire by the spec.
 *
 * @example
 * ```ts
 * import { REPORT_EVERY } from "./typing.js";
 * console.log(REPORT_EVERY); // 1000
 * ```
 */
export const REPORT_EVERY = 1000;

/**
 * What the input line tells the backend: `active` while typing (at most once a second),
 * `paused` after 5 s idle with text typed, `done` when emptied or the buffer changes. A
 * message sent ends the typing by itself. Timers come from `clock`, so tests drive it.
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
export class TypingReporter {
  /** @type {TypingReporterParts} */
  #parts;
  /** @type {TypingTarget | undefined} */
  #where;
  /** @type {TypingState} */
  #last = "done";
  #sentAt = -Infinity;
  /** @type {unknown} */
  #timer;

  /** @param {TypingReporterParts} parts */
  constructor(parts) {
    this.#parts = parts;
  }

  /**
   * The input line now reads `text`, in the conversation `where` (none: the server buffer).
   * @param {TypingTarget | undefined} where @param {string} text
   */
  input(where, text) {
    const same = where !== undefined && this.#where !== undefined &&
      where.networkId === this.#where.networkId && where.target === this.#where.target;
    if (!same) {
      this.stop();
      this.#where = where;
    }
    if (where === undefined) return;
    if (inputTypingState(text) === "done") return this.stop();
    const now = this.#parts.clock.now();
    this.#clearTimer();
    this.#timer = this.#parts.clock.setTimeout(() => {
      this.#timer = undefined;
      this.#report("paused");
    }, PAUSE_AFTER);
    if (this.#last === "active" && now - this.#sentAt < REPORT_EVERY) return;
    this.#sentAt = now;
    this.#report("active");
  }

  /** A message went to the conversation: the typing there is over, with nothing to send. */
  sent() {
    this.#clearTimer();
    this.#last = "done";
  }

  /** Reports `done` if typing was reported, e.g. when the input is cleared or reporting is off. */
  stop() {
    this.#clearTimer();
    if (this.#last !== "done") this.#report("done");
  }

  /** @param {TypingState} state */
  #report(state) {
    this.#last = state;
    if (this.#where) this.#parts.send(this.#where, state);
  }

  #clearTimer() {
    if (this.#timer !== undefined) this.#parts.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
