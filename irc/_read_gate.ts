/**
 * When the socket is read: the flow control between a connection's reads and its worker.
 *
 * Reading a flood is faster than handling it, so lines wait for the worker. Two bounds:
 * - **soft** ({@linkcode READ_SOFT_BACKLOG}): while the worker makes progress, reading pauses
 *   once this many lines wait after a read, and resumes once it has caught up. Lines then
 *   wait briefly and die young: letting 20,000 wait made each one outlive the young
 *   generation, and promoting them cost more than handling them (issue 25).
 * - **hard** ({@linkcode READ_HARD_BACKLOG}): a worker that makes no progress for a whole turn
 *   of the event loop is held (a subscriber that does not return, a full bus). Reading then
 *   goes on, one read per turn, so that a PING behind the waiting lines is still answered,
 *   until this many lines wait; then it stops until the worker catches up.
 *
 * @module
 */
import { setImmediate } from "node:timers";

/** Lines waiting after a read at which reading pauses while the worker makes progress. */
export const READ_SOFT_BACKLOG = 1_024;
/** Lines waiting at which reading stops, even for a held worker. */
export const READ_HARD_BACKLOG = 20_000;
/** Lines waiting at or under which a paused socket is read again. */
export const READ_RESUME_BACKLOG = 256;

/** What the gate drives: the socket's reading, and a turn of the event loop. */
export interface ReadGateOptions {
  /** Stops reading from the socket. */
  pause(): void;
  /** Reads from the socket again. */
  resume(): void;
  /** Calls `callback` after a turn given to timers and I/O; `setImmediate` by default. */
  nextTurn?(callback: () => void): void;
}

/** Pauses and resumes one connection's reading, from its worker's backlog and progress. */
export class ReadGate {
  readonly #options: ReadGateOptions;
  readonly #nextTurn: (callback: () => void) => void;
  #paused = false;
  #closed = false;
  /** Items the worker has handled: its progress. */
  #handled = 0;
  /** A turn check is pending. */
  #watching = false;
  /** `#handled` when the pending turn check was armed. */
  #handledAtWatch = 0;

  /** Creates the gate; the socket is being read. */
  constructor(options: ReadGateOptions) {
    this.#options = options;
    this.#nextTurn = options.nextTurn ?? ((callback) => setImmediate(callback));
  }

  /** Whether reading is paused. */
  get paused(): boolean {
    return this.#paused;
  }

  /** A socket read's lines are queued, and `backlog` lines wait for the worker. */
  afterRead(backlog: number): void {
    if (this.#paused || this.#closed || backlog < READ_SOFT_BACKLOG) return;
    this.#paused = true;
    this.#options.pause();
    if (backlog < READ_HARD_BACKLOG) this.#watch();
  }

  /** The worker is about to handle an item, with `backlog` others waiting. */
  beforeHandle(backlog: number): void {
    this.#handled++;
    if (this.#paused && backlog <= READ_RESUME_BACKLOG) this.#resume();
  }

  /** The link is over: the gate does nothing more. */
  close(): void {
    this.#closed = true;
  }

  #resume(): void {
    this.#paused = false;
    if (!this.#closed) this.#options.resume();
  }

  /** Checks after a turn whether the worker moved: if not, it is held, and reading goes on. */
  #watch(): void {
    this.#handledAtWatch = this.#handled;
    if (this.#watching) return;
    this.#watching = true;
    this.#nextTurn(this.#check);
  }

  #check = (): void => {
    this.#watching = false;
    if (!this.#paused || this.#closed) return;
    if (this.#handled !== this.#handledAtWatch) return this.#watch();
    this.#resume();
  };
}
