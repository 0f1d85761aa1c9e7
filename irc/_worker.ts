/**
 * An elastic single-consumer worker: items are handled one at a time, in push order, off
 * the caller's stack. `push` never blocks and never waits; the queue grows as needed.
 *
 * @module
 */

import { Queue } from "../common/mod.ts";

/** How long the worker runs before it lets I/O and timers have a turn. */
const SLICE_MS = 8;

/** Handles items in order on one consumer loop. */
export class SerialWorker<T> {
  #items = new Queue<T>();
  #running = false;
  #handle: (item: T) => void | Promise<void>;
  #onError: (error: unknown) => void;

  /** Creates a worker calling `handle` for each item; `onError` gets what it throws. */
  constructor(handle: (item: T) => void | Promise<void>, onError: (error: unknown) => void) {
    this.#handle = handle;
    this.#onError = onError;
  }

  /** Items waiting, the one being handled not counted. */
  get backlog(): number {
    return this.#items.length;
  }

  /** Queues an item; the consumer starts on a microtask if it is idle. */
  push(item: T): void {
    this.#items.push(item);
    if (!this.#running) {
      this.#running = true;
      queueMicrotask(() => this.#run());
    }
  }

  async #run(): Promise<void> {
    let sliceStart = performance.now();
    let count = 0;
    while (this.#items.length > 0) {
      const item = this.#items.shift() as T;
      try {
        const pending = this.#handle(item);
        if (pending) await pending;
      } catch (error) {
        this.#onError(error);
      }
      if ((++count & 255) === 0 && performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        sliceStart = performance.now();
      }
    }
    this.#running = false;
  }
}
