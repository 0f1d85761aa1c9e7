/**
 * The anchors the bus is measured against (issue 16): the least a bus with its contract can
 * do. A 1024-slot ring with one microtask dispatcher, a Map drained by a microtask that swaps
 * it, and one awaited promise per event.
 *
 * @module
 */

/** A workload event, `{ type, data, timestamp: i, source }`: its timestamp is its index. */
export interface BenchEvent {
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly timestamp: number;
  readonly source: string;
}

/** A subscriber of the workload. */
export type Sink = (event: BenchEvent) => void;

/** Subscribers by event type, `"*"` for every event. */
export type Routes = ReadonlyMap<string, readonly Sink[]>;

/** Calls the type's subscribers, then the `"*"` ones, looked up in the Map each time. */
function deliver(routes: Routes, event: BenchEvent): void {
  const typed = routes.get(event.type);
  if (typed !== undefined) { for (const sink of typed) sink(event); }
  const any = routes.get("*");
  if (any !== undefined) { for (const sink of any) sink(event); }
}

const SLOTS = 1024;

/**
 * A 1024-slot ring and one microtask dispatcher. `emit` returns a promise only when the ring
 * is full; it then resolves once the event is in. One producer at a time may wait.
 */
export class BareRing {
  #slots: (BenchEvent | undefined)[] = new Array(SLOTS);
  #head = 0;
  #length = 0;
  #scheduled = false;
  #blocked: BenchEvent | undefined;
  #unblock: () => void = () => {};
  #routes: Routes;

  /** Creates a ring delivering to `routes`. */
  constructor(routes: Routes) {
    this.#routes = routes;
  }

  /** Queues `event`; a promise means the ring was full, and resolves once it is queued. */
  emit(event: BenchEvent): Promise<void> | undefined {
    if (this.#length === SLOTS) {
      return new Promise((resolve) => {
        this.#blocked = event;
        this.#unblock = resolve;
      });
    }
    this.#push(event);
    return undefined;
  }

  #push(event: BenchEvent): void {
    this.#slots[(this.#head + this.#length) & (SLOTS - 1)] = event;
    this.#length++;
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(this.#drain);
  }

  #drain = (): void => {
    this.#scheduled = false;
    while (this.#length > 0) {
      const event = this.#slots[this.#head]!;
      this.#head = (this.#head + 1) & (SLOTS - 1);
      this.#length--;
      deliver(this.#routes, event);
      const blocked = this.#blocked;
      if (blocked !== undefined) {
        this.#blocked = undefined;
        this.#push(blocked);
        this.#unblock();
      }
    }
  };
}

/** `Map.set` per update and a microtask drain that swaps the map: the least coalescing lane. */
export class BareMap {
  #pending = new Map<string, BenchEvent>();
  #scheduled = false;
  #routes: Routes;

  /** Creates a coalescing lane delivering to `routes`. */
  constructor(routes: Routes) {
    this.#routes = routes;
  }

  /** Records `event` as the latest for `key`. */
  emitLatest(key: string, event: BenchEvent): void {
    this.#pending.set(key, event);
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(this.#drain);
  }

  #drain = (): void => {
    this.#scheduled = false;
    const batch = this.#pending;
    this.#pending = new Map();
    for (const event of batch.values()) deliver(this.#routes, event);
  };
}

/** The floor of `emitSync`: one promise per event, resolved by a microtask that delivered it. */
export function awaitedDelivery(routes: Routes, event: BenchEvent): Promise<void> {
  return new Promise((resolve) => {
    queueMicrotask(() => {
      deliver(routes, event);
      resolve();
    });
  });
}
