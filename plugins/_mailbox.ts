/**
 * A plugin's bounded FIFO of events on their way to it, and what waits in it. Taking a batch
 * from the front is O(batch), not O(length) as `Array.prototype.splice(0, n)` would be.
 *
 * @module
 */
import type { AnyBusEvent } from "../bus/mod.ts";

/**
 * An event bound for plugins, wrapped: one that several plugins get (its JSON made once, when
 * first sent, for all of them), or a `user.meta` snapshot ({@linkcode Holder}). An event only
 * one plugin gets waits in its mailbox as itself: a burst of them costs no wrapper an event, nor
 * the garbage collector the work of moving one.
 */
export abstract class Outgoing {
  /** The event. */
  abstract readonly event: AnyBusEvent;
  /**
   * Its data as it appears in a batch's data column (`{…}`), made once for every plugin that
   * gets it; `undefined` when its data cannot be serialized.
   */
  abstract json(): string | undefined;
  /**
   * The event, when no other plugin shares it and its JSON was not made yet: the batch then
   * serializes it with its neighbours in one call rather than on its own.
   */
  abstract own(): AnyBusEvent | undefined;
}

/** What waits in a mailbox: an event only its plugin gets, or a wrapped one. */
export type Queued = AnyBusEvent | Outgoing;

/** The event a queued item stands for. */
export function eventOf(item: Queued): AnyBusEvent {
  return item instanceof Outgoing ? item.event : item;
}

/** The event, when it is serialized with its batch (see {@linkcode Outgoing.own}). */
export function ownEvent(item: Queued): AnyBusEvent | undefined {
  return item instanceof Outgoing ? item.own() : item;
}

/** A pending `user.meta` snapshot of one plugin; a later one for its key replaces `item`. */
export class Holder extends Outgoing {
  /** The snapshot it stands for. */
  item: Outgoing;
  /** Network and nickname. */
  readonly metaKey: string;

  constructor(item: Outgoing, metaKey: string) {
    super();
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

/** A FIFO with a moving head. */
export class Mailbox<T> {
  #items: T[] = [];
  #head = 0;

  /** Items waiting. */
  get length(): number {
    return this.#items.length - this.#head;
  }

  /** Appends one item. */
  push(item: T): void {
    this.#items.push(item);
  }

  /** Removes and returns up to `n` items from the front. */
  take(n: number): T[] {
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
