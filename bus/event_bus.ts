import { setImmediate } from "node:timers";
import { Queue } from "../common/mod.ts";
import { SnapshotLane } from "./_snapshot_lane.ts";
import { BusClosedError, EmitAbortedError } from "./errors.ts";
import type { AnyBusEvent, BusEvent, EventType } from "./events.ts";

/**
 * What a subscription names: one event type, or `"*"` for every event.
 *
 * @example
 * ```ts
 * import type { SubscriptionType } from "./event_bus.ts";
 * const all: SubscriptionType = "*";
 * ```
 */
export type SubscriptionType = EventType | "*";

/**
 * The event a subscription to `K` receives: `BusEvent<K>`, or the union of all events for `"*"`.
 *
 * @example
 * ```ts
 * import type { EventFor } from "./event_bus.ts";
 * function onJoin(event: EventFor<"user.joined">): string {
 *   return event.data.channel;
 * }
 * ```
 */
export type EventFor<K extends SubscriptionType> = K extends EventType ? BusEvent<K>
  : AnyBusEvent;

/**
 * Anything with an `onEvent` method taking one event is a subscriber.
 *
 * @example
 * ```ts
 * import type { Subscriber } from "./event_bus.ts";
 * const logger: Subscriber<"message.received"> = {
 *   onEvent(event) {
 *     console.log(`<${event.data.user}> ${event.data.message}`);
 *   },
 * };
 * ```
 */
export interface Subscriber<K extends SubscriptionType = "*"> {
  /** A name for error reports; without it, the class name is used. */
  readonly name?: string;
  /**
   * Handles one event; a returned promise is awaited before the next delivery. It is called
   * as a method, looked up at each delivery (as `EventTarget` looks up `handleEvent`).
   */
  onEvent(event: EventFor<K>): void | Promise<void>;
}

/**
 * A plain function works wherever a subscriber is taken.
 *
 * @example
 * ```ts
 * import type { SubscriberFunction } from "./event_bus.ts";
 * const onNick: SubscriberFunction<"user.nick"> = (event) => {
 *   console.log(event.data.nickname);
 * };
 * ```
 */
export type SubscriberFunction<K extends SubscriptionType = "*"> = (
  event: EventFor<K>,
) => void | Promise<void>;

/**
 * A subscriber object or a plain function.
 *
 * @example
 * ```ts
 * import type { SubscriberLike } from "./event_bus.ts";
 * const subscriber: SubscriberLike<"*"> = (event) => console.log(event.type);
 * ```
 */
export type SubscriberLike<K extends SubscriptionType = "*"> =
  | Subscriber<K>
  | SubscriberFunction<K>;

/**
 * Removes a subscription when called; also disposable with `using`.
 *
 * @example
 * ```ts
 * import { EventBus } from "./event_bus.ts";
 * const bus = new EventBus();
 * {
 *   using _sub = bus.subscribe("*", () => {});
 * } // unsubscribed here
 * await bus.close();
 * ```
 */
export type Unsubscribe = (() => void) & Disposable;

/**
 * Receives an error thrown or rejected by a subscriber, with the event and the subscriber.
 *
 * @example
 * ```ts
 * import type { SubscriberErrorHandler } from "./event_bus.ts";
 * const onError: SubscriberErrorHandler = (error, event) => {
 *   console.warn(`a subscriber failed on ${event.type}`, error);
 * };
 * ```
 */
export type SubscriberErrorHandler = (
  error: unknown,
  event: AnyBusEvent,
  subscriber: SubscriberLike<never>,
) => void;

/**
 * Options of {@linkcode EventBus}.
 *
 * @example
 * ```ts
 * import { EventBus } from "./event_bus.ts";
 * const bus = new EventBus({ capacity: 256, snapshotEvery: 16 });
 * await bus.close();
 * ```
 */
export interface EventBusOptions {
  /** How many ordered events may wait for delivery before `emit` waits. Default 1024. */
  capacity?: number;
  /**
   * A pending snapshot is delivered at least once every this many ordered events, so an
   * endless ordered flood cannot starve the snapshot lane. Default 64.
   */
  snapshotEvery?: number;
  /** Called with each subscriber failure. The default logs the event type and subscriber. */
  onSubscriberError?: SubscriberErrorHandler;
  /**
   * The clock the dispatcher's time slices are measured by, in milliseconds:
   * `performance.now()` by default. A test passes its own to decide how long deliveries take.
   */
  now?: () => number;
}

/**
 * Options of {@linkcode EventBus.prototype.emit}.
 *
 * @example
 * ```ts
 * import type { EmitOptions } from "./event_bus.ts";
 * const options: EmitOptions = { signal: AbortSignal.timeout(1000) };
 * ```
 */
export interface EmitOptions {
  /** Aborts a wait for room on a full ordered lane; the event is then not enqueued. */
  signal?: AbortSignal;
}

/**
 * Counters describing the bus right now.
 *
 * @example
 * ```ts
 * import { EventBus } from "./event_bus.ts";
 * const bus = new EventBus();
 * const { queued, delivered } = bus.stats();
 * await bus.close();
 * ```
 */
export interface BusStats {
  /** Ordered events accepted and not yet delivered. */
  queued: number;
  /** Snapshot keys waiting for delivery. */
  snapshotsPending: number;
  /** Events delivered so far (each counted once, whatever its subscriber count). */
  delivered: number;
  /** Subscriber calls that threw or rejected. */
  subscriberErrors: number;
  /** `emit` calls waiting for room on the full ordered lane. */
  waitingEmitters: number;
}

/** A subscriber as the dispatcher calls it: an event handler object, or a plain function. */
interface Handler {
  onEvent(event: AnyBusEvent): unknown;
}

/**
 * One subscription. Its subscriber is sorted once, here: an object in `handler`, whose
 * `onEvent` is called as a method, or a function in `call`. A wrapper closure that did
 * `onEvent.call(subscriber, event)` cost the ordered lane 1.6-2x a direct method call with ten
 * `{ onEvent }` subscribers, as did `fn.call(self, event)` for both kinds.
 */
type Entry =
  & {
    readonly subscriber: SubscriberLike<never>;
    active: boolean;
  }
  & (
    | { readonly handler: Handler; readonly call: undefined }
    | { readonly handler: undefined; readonly call: (event: AnyBusEvent) => unknown }
  );

/** An `emitSync` item: delivered in order like any event, then settles its caller. */
class SyncItem {
  constructor(readonly event: AnyBusEvent, readonly done: () => void) {}
}

type Item = AnyBusEvent | SyncItem;

function eventOf(item: Item): AnyBusEvent {
  return item instanceof SyncItem ? item.event : item;
}

interface Waiter {
  readonly item: Item;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
  readonly signal?: AbortSignal;
  onAbort?: () => void;
  cancelled: boolean;
}

const NO_ENTRIES: readonly Entry[] = Object.freeze([]);
const ACCEPTED: Promise<void> = Promise.resolve();
/** How long the dispatcher works before it lets timers and I/O run. */
const SLICE_MS = 4;
/**
 * How many deliveries pass between two looks at the clock: at the start of a slice, and at most.
 * A look costs about 0.25 µs here (`performance.now()` is an op), which every 64 deliveries was
 * 4-8 ns of a 50-70 ns event. Within a slice the stride doubles while looks come less than
 * SLICE_MS / 16 apart and halves once they come more than SLICE_MS / 4 apart, so a slice overruns
 * by about a look's gap; the cap bounds the overrun when cheap deliveries turn dear mid-slice
 * (256 calls of the dearer kind, where a fixed stride of 64 allowed 64).
 */
const FIRST_STRIDE = 64;
const MAX_STRIDE = 256;

/**
 * The in-process event bus: an ordered lane (`tryEmit`, `emit`), a snapshot lane (`emitLatest`) and
 * `emitSync`, all delivered by one dispatcher.
 *
 * @example Subscribe, emit, and wait for delivery
 * ```ts
 * import { createEvent, EventBus } from "../mod.ts";
 *
 * const bus = new EventBus();
 * const seen: string[] = [];
 * bus.subscribe("user.joined", (event) => {
 *   seen.push(`${event.data.nickname} joined ${event.data.channel}`);
 * });
 * await bus.emit(createEvent(
 *   "user.joined",
 *   { networkId: 1, channel: "#deno", user: "alice", nickname: "alice" },
 *   "irc",
 * ));
 * await bus.close(); // drains the ordered lane
 * console.log(seen); // ["alice joined #deno"]
 * ```
 */
export class EventBus implements AsyncDisposable {
  #capacity: number;
  #snapshotEvery: number;
  #onSubscriberError: SubscriberErrorHandler;
  #now: () => number;

  #lists = new Map<string, readonly Entry[]>();
  #wildcard: readonly Entry[] = NO_ENTRIES;
  // Each type's subscribers followed by the wildcard ones, rebuilt after any (un)subscribe.
  #routes = new Map<string, readonly Entry[]>();
  #lastType = "";
  #lastRoute: readonly Entry[] = NO_ENTRIES;

  #queue = new Queue<Item>();
  #snapshots = new SnapshotLane();
  #waiters = new Queue<Waiter>();
  #waiting = 0;
  /**
   * Ordered deliveries since the last snapshot delivery, counted only while a snapshot is
   * pending; so it is 0 whenever none is, and a new snapshot waits behind at most
   * `snapshotEvery` ordered deliveries without `emitLatest` reading the count.
   */
  #sinceSnapshot = 0;
  /**
   * No snapshot is pending and no emitter waits: the dispatcher only shifts the ordered queue.
   * Cleared where either begins, set again by the dispatcher once both have ended; one check
   * per event where reading both was two (the snapshot count is a Map's size less a count).
   */
  #orderedOnly = true;

  #scheduled = false;
  #running = false;
  /** The dispatcher gave a turn to timers and I/O (`setImmediate`); nothing is being delivered. */
  #parked = false;
  /** Deliveries left before the next look at the clock. */
  #clockIn = FIRST_STRIDE;
  #stride = FIRST_STRIDE;
  #lastLook = 0;
  #sliceStart = -1;
  #inCallback = false;
  #closed = false;
  #closing: Promise<void> | undefined;
  /** Resolves `close()` once the dispatcher stops; set only while closing. */
  #onIdle: (() => void) | undefined;

  #delivered = 0;
  #subscriberErrors = 0;

  /** Creates a bus; see {@linkcode EventBusOptions} for the defaults. */
  constructor(options: EventBusOptions = {}) {
    this.#capacity = positiveInteger(options.capacity ?? 1024, "capacity");
    this.#snapshotEvery = positiveInteger(options.snapshotEvery ?? 64, "snapshotEvery");
    this.#onSubscriberError = optionalFunction(options.onSubscriberError, "onSubscriberError") ??
      logSubscriberError;
    this.#now = optionalFunction(options.now, "now") ?? (() => performance.now());
  }

  /**
   * Registers a subscriber for one event type, or for `"*"` (every event).
   *
   * For each event, the type's subscribers are called in subscription order, then the
   * `"*"` subscribers. Returns a function that removes this subscription.
   *
   * @example
   * ```ts
   * import { EventBus } from "../mod.ts";
   * const bus = new EventBus();
   * const off = bus.subscribe("message.received", (event) => console.log(event.data.message));
   * off();
   * await bus.close();
   * ```
   */
  subscribe<K extends SubscriptionType>(type: K, subscriber: SubscriberLike<K>): Unsubscribe {
    checkSubscriptionType(type);
    const entry = toEntry(subscriber as SubscriberLike<never>);
    this.#setList(type, [...this.#list(type), entry]);
    const off = () => this.#remove(type, (candidate) => candidate === entry);
    return Object.assign(off, { [Symbol.dispose]: off });
  }

  /**
   * Removes every subscription of `subscriber` to `type`; a no-op when there is none.
   *
   * @example
   * ```ts
   * import { EventBus, type SubscriberFunction } from "../mod.ts";
   * const bus = new EventBus();
   * const onQuit: SubscriberFunction<"user.quit"> = () => {};
   * bus.subscribe("user.quit", onQuit);
   * bus.unsubscribe("user.quit", onQuit);
   * await bus.close();
   * ```
   */
  unsubscribe<K extends SubscriptionType>(type: K, subscriber: SubscriberLike<K>): void {
    this.#remove(type, (entry) => entry.subscriber === subscriber);
  }

  /**
   * Queues an event on the ordered lane. Resolves once it is accepted onto the queue.
   *
   * While the lane is full, the call waits (backpressure); waiting emitters are admitted in
   * call order. Aborting `signal` ends the wait with an {@linkcode EmitAbortedError} and the
   * event is not enqueued. A closed bus rejects with a {@linkcode BusClosedError}.
   *
   * @example
   * ```ts
   * import { createEvent, EventBus } from "../mod.ts";
   * const bus = new EventBus();
   * await bus.emit(createEvent("connection.lost", { networkId: 1, error: "EOF" }, "irc"));
   * await bus.close();
   * ```
   */
  emit<T extends EventType>(event: BusEvent<T>, options?: EmitOptions): Promise<void> {
    const any = event as AnyBusEvent;
    const invalid = eventError(any);
    if (invalid) return Promise.reject(invalid);
    if (options === undefined && this.#accept(any)) return ACCEPTED;
    return this.#enqueue(any, options?.signal);
  }

  /**
   * The ordered lane's fast path: queues `event` and returns `true` when the lane has room,
   * without a promise or a microtask turn. Returns `false` when it cannot take the event now
   * (the lane is full, `emit` calls are waiting ahead, or the bus is closed); the event is then
   * not queued, and the caller awaits {@linkcode EventBus.prototype.emit} with it, which waits
   * for room or rejects with the reason. Order is kept with `emit` and `emitSync`. A malformed
   * event throws a `TypeError`.
   *
   * @example A producer that awaits only when it must wait
   * ```ts
   * import { createEvent, EventBus } from "../mod.ts";
   * const bus = new EventBus({ capacity: 2 });
   * let count = 0;
   * bus.subscribe("message.received", () => {
   *   count++;
   * });
   * for (let i = 0; i < 10; i++) {
   *   const event = createEvent("message.received", {
   *     networkId: 1,
   *     channel: "#deno",
   *     user: "alice",
   *     message: `line ${i}`,
   *     timestamp: 1700000000 + i,
   *   }, "irc");
   *   if (!bus.tryEmit(event)) await bus.emit(event);
   * }
   * await bus.close();
   * console.log(count); // 10
   * ```
   */
  tryEmit<T extends EventType>(event: BusEvent<T>): boolean {
    const any = event as AnyBusEvent;
    const invalid = eventError(any);
    if (invalid) throw invalid;
    return this.#accept(any);
  }

  /**
   * Publishes replaceable state on the snapshot lane. Never blocks and never throws on a
   * busy bus: while the dispatcher is busy, a later event with the same key replaces the
   * pending one, which keeps the position of the first pending write.
   *
   * Ordered events go first, but a pending snapshot is delivered at least every
   * `snapshotEvery` ordered events. A no-op once the bus is closed.
   *
   * @example Two emits collapse into one delivery
   * ```ts
   * import { createEvent, EventBus } from "../mod.ts";
   * const bus = new EventBus();
   * const away: boolean[] = [];
   * bus.subscribe("user.meta", (event) => {
   *   away.push(event.data.away);
   * });
   * const meta = (isAway: boolean) =>
   *   createEvent("user.meta", { networkId: 1, nickname: "alice", away: isAway }, "irc");
   * bus.emitLatest("user.meta:1:alice", meta(true));
   * bus.emitLatest("user.meta:1:alice", meta(false));
   * await bus.close();
   * console.log(away); // [false]
   * ```
   */
  emitLatest<T extends EventType>(key: string, event: BusEvent<T>): void {
    if (typeof key !== "string" || key.length === 0) {
      throw new TypeError(
        `Cannot emit snapshot: the key must be a non-empty string, got ${JSON.stringify(key)}`,
      );
    }
    const invalid = eventError(event as AnyBusEvent);
    if (invalid) throw invalid;
    if (this.#closed) return;
    this.#snapshots.set(key, event as AnyBusEvent);
    this.#orderedOnly = false;
    // A dispatcher that gave its turn to timers and I/O goes on now: this producer does not
    // wait for it, so a producer that never yields a turn would otherwise pile up every key
    // until it stops (1.5x the bare Map's peak RSS and 1.9x its time, with 10,000 random keys).
    if (this.#parked) this.#wake();
    else if (!this.#scheduled && !this.#running) this.#schedule();
  }

  /**
   * Queues an event on the ordered lane and resolves once every subscriber has processed it.
   *
   * It keeps emission order with `emit`. Called synchronously from inside a subscriber it
   * rejects, because it would wait for its own delivery; a subscriber should `emit` instead.
   *
   * @example
   * ```ts
   * import { createEvent, EventBus } from "../mod.ts";
   * const bus = new EventBus();
   * let count = 0;
   * bus.subscribe("sasl.success", () => {
   *   count++;
   * });
   * await bus.emitSync(createEvent("sasl.success", { networkId: 1 }, "irc"));
   * console.log(count); // 1
   * await bus.close();
   * ```
   */
  emitSync<T extends EventType>(event: BusEvent<T>, options?: EmitOptions): Promise<void> {
    const any = event as AnyBusEvent;
    const invalid = eventError(any);
    if (invalid) return Promise.reject(invalid);
    if (this.#inCallback && !this.#closed) {
      return Promise.reject(
        new Error(
          `Cannot emitSync from inside a subscriber: it would wait for its own delivery (type: ${any.type})`,
        ),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const item = new SyncItem(any, resolve);
      // Room on the lane: no promise from #enqueue to chain. That chain was a third of the
      // cost of an emitSync, 1.9x the floor of one awaited promise per event.
      if (options === undefined && this.#accept(item)) return;
      this.#enqueue(item, options?.signal).catch(reject);
    });
  }

  /**
   * Stops accepting events and resolves once every accepted ordered event is delivered.
   *
   * Pending snapshots are dropped (they are replaceable state) and waiting emitters reject
   * with a {@linkcode BusClosedError}. Calling it again returns the same promise.
   *
   * @example
   * ```ts
   * import { EventBus } from "../mod.ts";
   * const bus = new EventBus();
   * await bus.close();
   * await bus.close(); // idempotent
   * ```
   */
  close(): Promise<void> {
    if (this.#closing) return this.#closing;
    this.#closed = true;
    this.#snapshots.clear();
    for (const waiter of this.#waiters.drain()) {
      if (waiter.cancelled) continue;
      this.#settle(waiter);
      waiter.reject(new BusClosedError(eventOf(waiter.item)));
    }
    this.#closing = this.#isIdle() ? Promise.resolve() : new Promise((resolve) => {
      this.#onIdle = resolve;
    });
    return this.#closing;
  }

  /** Closes the bus: `await using bus = new EventBus()`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /**
   * Counters for the bus right now.
   *
   * @example
   * ```ts
   * import { createEvent, EventBus } from "../mod.ts";
   * const bus = new EventBus();
   * await bus.emitSync(createEvent("sasl.aborted", { networkId: 1 }, "irc"));
   * console.log(bus.stats().delivered); // 1
   * await bus.close();
   * ```
   */
  stats(): BusStats {
    return {
      queued: this.#queue.length,
      snapshotsPending: this.#snapshots.pending,
      delivered: this.#delivered,
      subscriberErrors: this.#subscriberErrors,
      waitingEmitters: this.#waiting,
    };
  }

  #list(type: string): readonly Entry[] {
    return type === "*" ? this.#wildcard : this.#lists.get(type) ?? NO_ENTRIES;
  }

  // Lists are replaced, never mutated: a delivery in progress keeps iterating its own copy.
  #setList(type: string, list: readonly Entry[]): void {
    if (type === "*") this.#wildcard = list;
    else if (list.length === 0) this.#lists.delete(type);
    else this.#lists.set(type, list);
    this.#routes.clear();
    this.#lastType = "";
  }

  #route(type: string): readonly Entry[] {
    if (type === this.#lastType) return this.#lastRoute;
    let route = this.#routes.get(type);
    if (route === undefined) {
      route = [...(this.#lists.get(type) ?? NO_ENTRIES), ...this.#wildcard];
      this.#routes.set(type, route);
    }
    this.#lastType = type;
    this.#lastRoute = route;
    return route;
  }

  #remove(type: string, match: (entry: Entry) => boolean): void {
    const list = this.#list(type);
    if (!list.some(match)) return;
    const kept: Entry[] = [];
    for (const entry of list) {
      if (match(entry)) entry.active = false;
      else kept.push(entry);
    }
    this.#setList(type, kept);
  }

  /** Queues an ordered item when the lane has room and nobody waits ahead of it. */
  #accept(item: Item): boolean {
    const queue = this.#queue;
    if (this.#waiting > 0 || this.#closed || queue.length >= this.#capacity) return false;
    queue.push(item);
    if (!this.#scheduled && !this.#running) this.#schedule();
    return true;
  }

  #enqueue(item: Item, signal: AbortSignal | undefined): Promise<void> {
    if (this.#closed) return Promise.reject(new BusClosedError(eventOf(item)));
    if (signal?.aborted) return Promise.reject(new EmitAbortedError(eventOf(item), signal.reason));
    if (this.#waiting === 0 && this.#queue.length < this.#capacity) {
      this.#queue.push(item);
      this.#schedule();
      return ACCEPTED;
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { item, resolve, reject, signal, cancelled: false };
      if (signal) {
        waiter.onAbort = () => {
          this.#settle(waiter);
          reject(new EmitAbortedError(eventOf(item), signal.reason));
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.#waiters.push(waiter);
      this.#waiting++;
      this.#orderedOnly = false;
    });
  }

  /** Takes a waiter out of the count and detaches its abort listener. */
  #settle(waiter: Waiter): void {
    waiter.cancelled = true;
    this.#waiting--;
    if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
  }

  #admit(): void {
    while (this.#waiting > 0 && this.#queue.length < this.#capacity) {
      const waiter = this.#waiters.shift()!;
      if (waiter.cancelled) continue;
      this.#settle(waiter);
      this.#queue.push(waiter.item);
      waiter.resolve();
    }
  }

  #schedule(): void {
    if (this.#scheduled || this.#running) return;
    this.#scheduled = true;
    queueMicrotask(this.#start);
  }

  #start = (): void => {
    this.#scheduled = false;
    this.#running = true;
    // The slice goes on: a producer awaiting each emit starts the dispatcher once an event,
    // in microtasks only, and would otherwise never let timers and I/O run (a plugin's
    // acknowledgements, a socket's reads) until it stopped.
    this.#loop();
  };

  /**
   * A turn for timers and I/O came since the slice began: the next slice starts afresh, with
   * the first stride (the dispatcher is not running here, so the countdown is in its field).
   */
  #turned = (): void => {
    this.#sliceStart = -1;
    this.#stride = FIRST_STRIDE;
    if (this.#clockIn > FIRST_STRIDE) this.#clockIn = FIRST_STRIDE;
  };

  /** Ends a turn given to timers and I/O early, in a microtask; its `setImmediate` is dropped. */
  #wake(): void {
    this.#parked = false;
    this.#running = false;
    this.#schedule();
  }

  #unpark = (): void => {
    if (!this.#parked) return;
    this.#parked = false;
    this.#loop();
  };

  /**
   * Delivers until the lanes are empty. It runs synchronously while subscribers do, and
   * resumes itself after an async subscriber settles or after a turn given to timers and I/O.
   */
  #loop = (): void => {
    const queue = this.#queue;
    // The countdown to the next look at the clock lives in a local while the loop runs.
    let clockIn = this.#clockIn;
    // Only subscribers run inside this loop, so the re-entrancy guard is raised once for it.
    this.#inCallback = true;
    for (;;) {
      let pending: Promise<void> | undefined;
      if (this.#orderedOnly) {
        const item = queue.shift();
        if (item === undefined) break;
        pending = this.#deliverItem(item);
      } else {
        // One look at the snapshot count a delivery; #orderedOnly is set again before the
        // delivery, which may emit a snapshot or wait on a full lane.
        const snapshots = this.#snapshots.pending;
        if (snapshots > 0 && (queue.length === 0 || this.#sinceSnapshot >= this.#snapshotEvery)) {
          this.#sinceSnapshot = 0;
          this.#orderedOnly = snapshots === 1 && this.#waiting === 0;
          pending = this.#deliver(this.#snapshots.take());
        } else {
          const item = queue.shift();
          if (item === undefined) break;
          if (snapshots > 0) this.#sinceSnapshot++;
          if (this.#waiting > 0) this.#admit();
          this.#orderedOnly = snapshots === 0 && this.#waiting === 0;
          pending = this.#deliverItem(item);
        }
      }
      if (pending) {
        this.#clockIn = clockIn;
        this.#inCallback = false;
        pending.then(this.#loop);
        return;
      }
      if (--clockIn === 0) {
        const spent = this.#sliceSpent();
        clockIn = this.#stride;
        if (spent) {
          this.#clockIn = clockIn;
          this.#inCallback = false;
          // setImmediate lets due timers and I/O run, at ~30 µs where setTimeout(0) takes ~2 ms.
          this.#parked = true;
          setImmediate(this.#unpark);
          return;
        }
      }
    }
    this.#clockIn = clockIn;
    this.#inCallback = false;
    this.#running = false;
    // Both lanes are empty here, so a closing bus is drained.
    this.#onIdle?.();
  };

  /**
   * Looks at the clock, every `#stride` deliveries: a flood must not starve timers and I/O.
   * Within a slice, the gap since the last look sets the next stride.
   */
  #sliceSpent(): boolean {
    const now = this.#now();
    if (this.#sliceStart < 0) {
      this.#sliceStart = now;
      setImmediate(this.#turned);
    } else {
      const gap = now - this.#lastLook;
      if (gap < SLICE_MS / 16) this.#stride = Math.min(this.#stride * 2, MAX_STRIDE);
      else if (gap > SLICE_MS / 4) this.#stride = Math.max(this.#stride >> 1, 1);
    }
    this.#lastLook = now;
    if (now - this.#sliceStart <= SLICE_MS) return false;
    this.#sliceStart = -1;
    return true;
  }

  #deliverItem(item: Item): Promise<void> | undefined {
    return item instanceof SyncItem ? this.#deliverSync(item) : this.#deliver(item);
  }

  #deliverSync(item: SyncItem): Promise<void> | undefined {
    const pending = this.#deliver(item.event);
    if (pending) return pending.then(item.done);
    item.done();
    return undefined;
  }

  #isIdle(): boolean {
    return !this.#running && !this.#scheduled && this.#queue.length === 0;
  }

  #deliver(event: AnyBusEvent): Promise<void> | undefined {
    this.#delivered++;
    return this.#deliverFrom(event, this.#route(event.type), 0);
  }

  /**
   * Calls the route's subscribers from index `from` on. It stays synchronous until a
   * subscriber returns a promise; then the rest follows once that promise settles.
   */
  #deliverFrom(
    event: AnyBusEvent,
    route: readonly Entry[],
    from: number,
  ): Promise<void> | undefined {
    for (let i = from; i < route.length; i++) {
      const entry = route[i];
      if (!entry.active) continue;
      let result: unknown;
      try {
        result = entry.handler === undefined ? entry.call(event) : entry.handler.onEvent(event);
      } catch (error) {
        this.#report(error, event, entry);
        continue;
      }
      // The continuation lives in its own method: a closure here would capture `i` and cost
      // every iteration a context allocation.
      if (result !== undefined && isThenable(result)) return this.#after(result, event, route, i);
    }
    return undefined;
  }

  /** Waits for the async subscriber at `route[at]`, then delivers to the ones after it. */
  #after(
    result: PromiseLike<unknown>,
    event: AnyBusEvent,
    route: readonly Entry[],
    at: number,
  ): Promise<void> {
    const rest = () => this.#resume(event, route, at + 1);
    return Promise.resolve(result).then(rest, (error) => {
      this.#report(error, event, route[at]);
      return rest();
    });
  }

  /** Goes on with a delivery after an async subscriber, with the re-entrancy guard raised. */
  #resume(event: AnyBusEvent, route: readonly Entry[], from: number): Promise<void> | undefined {
    this.#inCallback = true;
    try {
      return this.#deliverFrom(event, route, from);
    } finally {
      this.#inCallback = false;
    }
  }

  #report(error: unknown, event: AnyBusEvent, entry: Entry): void {
    this.#subscriberErrors++;
    try {
      this.#onSubscriberError(error, event, entry.subscriber);
    } catch (handlerError) {
      // The handler itself failed; the dispatcher must keep going, so log both.
      console.error("onSubscriberError threw while reporting", error, handlerError);
    }
  }
}

function toEntry(subscriber: SubscriberLike<never>): Entry {
  if (typeof subscriber === "function") {
    const call = subscriber as (event: AnyBusEvent) => unknown;
    return { subscriber, handler: undefined, call, active: true };
  }
  if (isHandler(subscriber)) {
    return { subscriber, handler: subscriber, call: undefined, active: true };
  }
  throw new TypeError(
    `Cannot subscribe: the subscriber must be a function or have an onEvent method, got ${typeof subscriber}`,
  );
}

function isHandler(value: unknown): value is Handler {
  return typeof (value as { onEvent?: unknown } | null)?.onEvent === "function";
}

function checkSubscriptionType(type: unknown): void {
  if (typeof type !== "string" || type === "") {
    throw new TypeError(
      `Cannot subscribe: the event type must be a non-empty string, got ${JSON.stringify(type)}`,
    );
  }
}

/** The TypeError an unsendable event deserves, or `undefined` when it can be sent. */
function eventError(event: AnyBusEvent): TypeError | undefined {
  const type = (event as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || type === "") {
    return new TypeError(`Cannot emit event: it has no type, got ${JSON.stringify(type)}`);
  }
  if (type === "*") {
    return new TypeError(`Cannot emit event: "*" only subscribes to every event, got "*"`);
  }
  return undefined;
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new TypeError(`Cannot create EventBus: ${name} must be a positive integer, got ${value}`);
  }
  return value;
}

/**
 * An option that must be a function when given: refused at construction, not at the first
 * delivery that would call it (a clock read deep in the dispatcher, a subscriber's failure).
 */
function optionalFunction<F extends (...args: never[]) => unknown>(
  value: F | undefined,
  name: string,
): F | undefined {
  if (value !== undefined && typeof value !== "function") {
    throw new TypeError(`Cannot create EventBus: ${name} must be a function, got ${typeof value}`);
  }
  return value;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** Names a subscriber for logs: its function name, `name` field or class name. */
function subscriberName(subscriber: SubscriberLike<never>): string {
  if (typeof subscriber === "function") return subscriber.name || "anonymous function";
  const named = (subscriber as { name?: unknown }).name;
  if (typeof named === "string" && named !== "") return named;
  return subscriber.constructor?.name ?? "anonymous subscriber";
}

function logSubscriberError(error: unknown, event: AnyBusEvent, subscriber: SubscriberLike<never>) {
  console.error(`Subscriber ${subscriberName(subscriber)} failed on event ${event.type}:`, error);
}
