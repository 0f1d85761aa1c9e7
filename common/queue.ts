/**
 * A growable FIFO ring buffer: O(1) push and shift without `Array#shift`'s copying.
 *
 * @module
 */

/**
 * A growable FIFO ring buffer. Internal to the project: the bus's lanes and the IRC
 * adapter's worker and paced queues use it, so it lives at the bottom layer and no published
 * door exports it. Capacity grows by doubling; the caller enforces any bound.
 *
 * @example
 * ```ts
 * import { Queue } from "./mod.ts";
 * const queue = new Queue<string>();
 * queue.push("a");
 * queue.push("b");
 * queue.shift(); // "a"
 * queue.length; // 1
 * ```
 */
export class Queue<T> {
  #items: (T | undefined)[] = new Array(16);
  #head = 0;
  #length = 0;

  /** How many items are queued. */
  get length(): number {
    return this.#length;
  }

  /** Appends an item at the tail. */
  push(item: T): void {
    if (this.#length === this.#items.length) this.#grow();
    this.#items[(this.#head + this.#length) & (this.#items.length - 1)] = item;
    this.#length++;
  }

  /** Removes and returns the head item, or `undefined` when empty. */
  shift(): T | undefined {
    if (this.#length === 0) return undefined;
    const item = this.#items[this.#head];
    this.#items[this.#head] = undefined;
    this.#head = (this.#head + 1) & (this.#items.length - 1);
    this.#length--;
    return item;
  }

  /** Removes every item, returning them in order. */
  drain(): T[] {
    const out: T[] = [];
    for (let item = this.shift(); item !== undefined; item = this.shift()) out.push(item);
    return out;
  }

  #grow(): void {
    const next: (T | undefined)[] = new Array(this.#items.length * 2);
    for (let i = 0; i < this.#length; i++) {
      next[i] = this.#items[(this.#head + i) & (this.#items.length - 1)];
    }
    this.#items = next;
    this.#head = 0;
  }
}
