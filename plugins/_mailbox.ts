/**
 * A plugin's bounded FIFO of events on their way to it. Taking a batch from the front is O(batch),
 * not O(length) as `Array.prototype.splice(0, n)` would be.
 *
 * @module
 */
import type { AnyBusEvent } from "../bus/mod.ts";

/**
 * An event bound for plugins: its JSON, made when first sent. Most events are one shared object
 * in the mailbox of every plugin that gets them; a `user.meta` snapshot is a {@linkcode Holder}.
 */
export interface Outgoing {
  /** The event. */
  readonly event: AnyBusEvent;
  /**
   * Its data as it appears in a batch's data column (`{…}`), made once for every plugin that
   * gets it; `undefined` when its data cannot be serialized.
   */
  json(): string | undefined;
  /**
   * The event, when no other plugin shares it and its JSON was not made yet: the batch then
   * serializes it with its neighbours in one call rather than on its own.
   */
  own(): AnyBusEvent | undefined;
  /** The coalescing key of a `user.meta` snapshot. */
  readonly metaKey?: string;
}

/** A pending `user.meta` snapshot of one plugin; a later one for its key replaces `item`. */
export class Holder implements Outgoing {
  /** The snapshot it stands for. */
  item: Outgoing;
  /** Network and nickname. */
  readonly metaKey: string;

  constructor(item: Outgoing, metaKey: string) {
    this.item = item;
    this.metaKey = metaKey;
  }

  get event(): AnyBusEvent {
    return this.item.event;
  }

  json(): string | undefined {
    return this.item.json();
  }

  own(): AnyBusEvent | undefined {
    return this.item.own();
  }
}

/** A FIFO of outgoing events with a moving head. */
export class Mailbox {
  #items: Outgoing[] = [];
  #head = 0;

  /** Events waiting. */
  get length(): number {
    return this.#items.length - this.#head;
  }

  /** Appends one event. */
  push(item: Outgoing): void {
    this.#items.push(item);
  }

  /** Removes and returns up to `n` events from the front. */
  take(n: number): Outgoing[] {
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
