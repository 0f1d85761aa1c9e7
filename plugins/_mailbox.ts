/**
 * A plugin's bounded FIFO of events on their way to it. Taking a batch from the front is O(batch),
 * not O(length) as `Array.prototype.splice(0, n)` would be.
 *
 * @module
 */

/** An event bound for plugins: its JSON, made when first sent and shared by every plugin. */
export interface Outgoing {
  /** The wire JSON; `undefined` when the event cannot be serialized. */
  json(): string | undefined;
}

/** One pending event; `item` may be replaced in place when a `user.meta` snapshot coalesces. */
export interface Holder {
  item: Outgoing;
  /** The coalescing key of a `user.meta` snapshot. */
  metaKey?: string;
}

/** A FIFO of holders with a moving head. */
export class Mailbox {
  #items: Holder[] = [];
  #head = 0;

  /** Events waiting. */
  get length(): number {
    return this.#items.length - this.#head;
  }

  /** Appends one holder. */
  push(holder: Holder): void {
    this.#items.push(holder);
  }

  /** Removes and returns up to `n` holders from the front. */
  take(n: number): Holder[] {
    const end = Math.min(this.#items.length, this.#head + n);
    const batch = this.#items.slice(this.#head, end);
    this.#head = end;
    if (this.#head === this.#items.length) {
      this.#items = [];
      this.#head = 0;
    } else if (this.#head > 4096 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return batch;
  }

  /** Drops everything. */
  clear(): void {
    this.#items = [];
    this.#head = 0;
  }
}
