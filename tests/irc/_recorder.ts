/** Records bus events and waits for the ones a test expects. */
import type { AnyBusEvent, BusEvent, EventBus, EventMap, EventType } from "../../bus/mod.ts";

/** Every event a bus delivered, with waits on top. */
export class Recorder implements Disposable {
  readonly events: AnyBusEvent[] = [];
  #waiters: { test: (e: AnyBusEvent) => boolean; resolve: (e: AnyBusEvent) => void }[] = [];
  #off: () => void;

  constructor(bus: EventBus) {
    this.#off = bus.subscribe("*", (event) => {
      this.events.push(event);
      this.#waiters = this.#waiters.filter((w) => {
        if (!w.test(event)) return true;
        w.resolve(event);
        return false;
      });
    });
  }

  /** Data of every recorded event of `type`. */
  of<T extends EventType>(type: T, networkId?: number): EventMap[T][] {
    return this.events
      .filter((e) =>
        e.type === type &&
        (networkId === undefined || (e.data as { networkId?: number }).networkId === networkId)
      )
      .map((e) => e.data as EventMap[T]);
  }

  /** Waits for an event of `type` matching `match` (already recorded ones count). */
  waitFor<T extends EventType>(
    type: T,
    match: (data: EventMap[T]) => boolean = () => true,
    timeoutMs = 20_000,
  ): Promise<BusEvent<T>> {
    const test = (e: AnyBusEvent) => e.type === type && match(e.data as EventMap[T]);
    const found = this.events.find(test);
    if (found) return Promise.resolve(found as unknown as BusEvent<T>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(new Error(`Timed out waiting for ${type}`));
      }, timeoutMs);
      const waiter = {
        test,
        resolve: (e: AnyBusEvent) => {
          clearTimeout(timer);
          resolve(e as unknown as BusEvent<T>);
        },
      };
      this.#waiters.push(waiter);
    });
  }

  [Symbol.dispose](): void {
    this.#off();
  }
}
