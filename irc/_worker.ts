/**
 * An elastic single-consumer worker: items are handled one at a time, in push order, off
 * the caller's stack. `push` never blocks and never waits; the queue grows as needed.
 *
 * @module
 */

/** How long the worker runs before it lets I/O and timers have a turn. */
const SLICE_MS = 8;

/** Handles items in order on one consumer loop. */
export class SerialWorker<T> {
  #items: (T | undefined)[] = [];
  #head = 0;
  #running = false;
  #handle: (item: T) => void | Promise<void>;
  #onError: (error: unknown) => void;
  #idle: (() => void)[] = [];

  /** Creates a worker calling `handle` for each item; `onError` gets what it throws. */
  constructor(handle: (item: T) => void | Promise<void>, onError: (error: unknown) => void) {
    this.#handle = handle;
    this.#onError = onError;
  }

  /** Items waiting (not counting the one being handled). */
  get length(): number {
    return this.#items.length - this.#head;
  }

  /** Queues an item; the consumer starts on a microtask if it is idle. */
  push(item: T): void {
    this.#items.push(item);
    if (!this.#running) {
      this.#running = true;
      queueMicrotask(() => this.#run());
    }
  }

  /** Resolves once every item pushed so far (and since) has been handled. */
  drained(): Promise<void> {
    if (!this.#running && this.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  async #run(): Promise<void> {
    let sliceStart = performance.now();
    let count = 0;
    while (this.#head < this.#items.length) {
      const item = this.#items[this.#head] as T;
      this.#items[this.#head++] = undefined;
      if (this.#head >= 4096 && this.#head * 2 >= this.#items.length) {
        this.#items = this.#items.slice(this.#head);
        this.#head = 0;
      }
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
    this.#items = [];
    this.#head = 0;
    this.#running = false;
    for (const resolve of this.#idle.splice(0)) resolve();
  }
}
