/**
 * An elastic single-consumer worker: items are handled one at a time, in push order, off
 * the caller's stack (or at once, on `flush()`). `push` never blocks and never waits; the
 * queue grows as needed.
 *
 * @module
 */

import { Queue } from "../common/mod.ts";

/** How long the worker runs before it lets I/O and timers have a turn. */
const SLICE_MS = 8;

/**
 * What a worker calls for its items: an object with methods, not closures. Every connection
 * makes its own handler, and a method of one class is one call target for them all, where a
 * closure per connection was a new target at each connect, and the worker's loop (with the
 * handlers it had inlined) was thrown out of its optimised code and compiled again (issue 25).
 */
export interface WorkerHandler<T> {
  /** Handles one item, `backlog` others waiting; a promise holds the next until it settles. */
  handle(item: T, backlog: number): void | Promise<void>;
  /** Told of what `handle` threw or rejected with; the worker goes on with the next item. */
  failed(error: unknown): void;
}

/** Handles items in order on one consumer loop. */
export class SerialWorker<T> {
  #items = new Queue<T>();
  #running = false;
  /** A microtask will start the consumer. */
  #scheduled = false;
  readonly #handler: WorkerHandler<T>;

  /** Creates a worker handing each item to `handler`. */
  constructor(handler: WorkerHandler<T>) {
    this.#handler = handler;
  }

  /** Items waiting, the one being handled not counted. */
  get backlog(): number {
    return this.#items.length;
  }

  /** Queues an item; the consumer starts on a microtask if it is idle and not flushed first. */
  push(item: T): void {
    this.#items.push(item);
    if (!this.#running && !this.#scheduled) {
      this.#scheduled = true;
      queueMicrotask(this.#start);
    }
  }

  /**
   * Handles the queued items now, on the caller's stack, until one returns a promise (the
   * rest then follow once it settles, as on a microtask start). A reader calls it once per
   * batch of pushes (one socket read): its items are then handled while they are young, where
   * waiting for a microtask let a flood's reads run ahead and a backlog age into the old
   * generation, whose collection cost more than handling the lines (issue 25).
   */
  flush(): void {
    this.#start();
  }

  #start = (): void => {
    this.#scheduled = false;
    if (this.#running || this.#items.length === 0) return;
    this.#running = true;
    this.#run();
  };

  async #run(): Promise<void> {
    const items = this.#items;
    const handler = this.#handler;
    let sliceStart = performance.now();
    let count = 0;
    while (items.length > 0) {
      const item = items.shift() as T;
      try {
        const pending = handler.handle(item, items.length);
        if (pending) await pending;
      } catch (error) {
        handler.failed(error);
      }
      if ((++count & 255) === 0 && performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        sliceStart = performance.now();
      }
    }
    this.#running = false;
  }
}
