/**
 * A paced send queue: at most `burst` lines at once, then one per `interval` ms.
 *
 * Used twice per connection: for follow-up requests (NAMES, WHO, CHATHISTORY) and, with its
 * own limits, for user messages. `close()` drops everything unsent and the timer.
 *
 * @module
 */
import { Queue } from "../common/mod.ts";

interface Pending {
  line: string | (() => string);
  key: string | undefined;
  onSent: (() => void) | undefined;
}

/** Limits of a {@linkcode PacedQueue}. */
export interface PaceOptions {
  /** Milliseconds between two sends once the burst is spent. */
  interval: number;
  /** Lines that may go out back to back. Default 1. */
  burst?: number;
  /** Most lines waiting; `push` past it throws a `RangeError`. Default: no bound. */
  max?: number;
}

/** Serializes and paces lines to a send function. */
export class PacedQueue {
  #send: (line: string) => void;
  #interval: number;
  #burst: number;
  #max: number;
  #tokens: number;
  #refilledAt: number;
  #pending = new Queue<Pending>();
  #keys = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  /** Creates a queue sending through `send`. */
  constructor(send: (line: string) => void, options: PaceOptions) {
    this.#send = send;
    this.#interval = Math.max(0, options.interval);
    this.#burst = Math.max(1, options.burst ?? 1);
    this.#max = options.max ?? Infinity;
    this.#tokens = this.#burst;
    this.#refilledAt = Date.now();
  }

  /** How many more lines may be queued before `push` throws. */
  get room(): number {
    return this.#closed ? Infinity : this.#max - this.#pending.length;
  }

  /**
   * Queues a line; with `key`, a line whose key is already waiting is not queued twice.
   * A function is called for the line when its turn comes, so a waiting line can carry the
   * latest value. `onSent` runs right after the line is handed to the send function.
   * Throws a `RangeError`, queueing nothing, when `max` lines are already waiting.
   */
  push(line: string | (() => string), key?: string, onSent?: () => void): void {
    if (this.#closed) return;
    if (key !== undefined && this.#keys.has(key)) return;
    if (this.#pending.length >= this.#max) {
      throw new RangeError(
        `Cannot queue the line: ${this.#pending.length} lines are already waiting to be sent`,
      );
    }
    if (key !== undefined) this.#keys.add(key);
    this.#pending.push({ line, key, onSent });
    this.#pump();
  }

  /** Drops every unsent line and stops the timer; the queue accepts nothing afterwards. */
  close(): void {
    this.#closed = true;
    this.#pending = new Queue();
    this.#keys.clear();
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #refill(): void {
    const now = Date.now();
    if (this.#interval === 0) {
      this.#tokens = this.#burst;
      this.#refilledAt = now;
      return;
    }
    const earned = Math.floor((now - this.#refilledAt) / this.#interval);
    if (earned > 0) {
      this.#tokens = Math.min(this.#burst, this.#tokens + earned);
      this.#refilledAt = this.#tokens === this.#burst
        ? now
        : this.#refilledAt + earned * this.#interval;
    }
  }

  #pump(): void {
    if (this.#timer !== undefined || this.#closed) return;
    this.#refill();
    while (this.#pending.length > 0 && this.#tokens > 0) {
      if (this.#tokens === this.#burst) this.#refilledAt = Date.now();
      this.#tokens--;
      const { line, key, onSent } = this.#pending.shift()!;
      if (key !== undefined) this.#keys.delete(key);
      this.#send(typeof line === "string" ? line : line());
      onSent?.();
      if (this.#closed) return;
    }
    if (this.#pending.length > 0) {
      const wait = Math.max(1, this.#refilledAt + this.#interval - Date.now());
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#pump();
      }, wait);
    }
  }
}
