/**
 * Bus throughput against its peers, in one run: our three lanes, four popular emitters,
 * and two minimal baselines (a ring buffer plus one dispatcher; a Map plus one dispatcher).
 */
import Emittery from "emittery";
import { EventEmitter as EventEmitter3 } from "eventemitter3";
import mittModule from "mitt";
import { EventEmitter } from "node:events";
import { type AnyBusEvent, createEvent, EventBus } from "../bus/mod.ts";
import { type BenchRow, cpuMs } from "./_report.ts";

const N = 100_000;
const KEYS = 1_000;
const ROUNDS = 9;
const RESOLVED = Promise.resolve();
// mitt ships CommonJS whose types describe an ES default export: at run time the default
// import is the function itself.
const mitt = mittModule as unknown as typeof mittModule.default;

const event = createEvent("message.received", {
  networkId: 1,
  channel: "#bench",
  user: "alice",
  message: "hello",
  timestamp: 0,
}, "irc");
const keys = Array.from({ length: KEYS }, (_, i) => `user.meta:1:nick${i}`);

/** The least an ordered, single-dispatcher queue can do: a ring buffer and a drain loop. */
class RingBaseline {
  #ring: (AnyBusEvent | undefined)[] = new Array(1 << 18);
  #head = 0;
  #length = 0;
  #scheduled = false;
  constructor(readonly subscribers: ((event: AnyBusEvent) => void)[]) {}
  emit(event: AnyBusEvent): Promise<void> {
    this.#ring[(this.#head + this.#length++) & (this.#ring.length - 1)] = event;
    this.#schedule();
    return RESOLVED;
  }
  drained(): Promise<void> {
    return new Promise((resolve) => queueMicrotask(resolve));
  }
  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      while (this.#length > 0) {
        const next = this.#ring[this.#head]!;
        this.#head = (this.#head + 1) & (this.#ring.length - 1);
        this.#length--;
        for (const subscriber of this.subscribers) subscriber(next);
      }
    });
  }
}

/** The least a coalescing snapshot lane can do: a Map and a drain loop. */
class MapBaseline {
  #pending = new Map<string, AnyBusEvent>();
  #scheduled = false;
  constructor(readonly subscribers: ((event: AnyBusEvent) => void)[]) {}
  emitLatest(key: string, event: AnyBusEvent): void {
    this.#pending.set(key, event);
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      for (const [key, next] of this.#pending) {
        this.#pending.delete(key);
        for (const subscriber of this.subscribers) subscriber(next);
      }
    });
  }
}

let sink = 0;
function counters(count: number): (() => void)[] {
  return Array.from({ length: count }, () => () => {
    sink++;
  });
}

function ourBus(typed: number, capacity = 1024): EventBus {
  const bus = new EventBus({ capacity });
  for (const subscriber of counters(typed)) bus.subscribe("message.received", subscriber);
  bus.subscribe("*", counters(1)[0]);
  return bus;
}

const perSecond = (ms: number, count = N) => count / (ms / 1000);

/** Runs every case at `typed` subscribers plus one wildcard (or an extra listener). */
async function measure(typed: number): Promise<Record<string, number>> {
  const listeners = counters(typed + 1);
  const bus = ourBus(typed);
  const wideBus = ourBus(typed, N + 1);
  const ring = new RingBaseline(listeners);
  const map = new MapBaseline(listeners);
  const ee3 = new EventEmitter3();
  const node = new EventEmitter();
  const mittBus = mitt<{ "message.received": AnyBusEvent }>();
  const emittery = new Emittery<{ "message.received": AnyBusEvent }>();
  // Emittery hands listeners `{ name, data }`; the counters ignore their argument.
  const emitteryListeners = counters(typed + 1);
  for (const listener of listeners) {
    ee3.on("message.received", listener);
    node.on("message.received", listener);
    mittBus.on("message.received", listener);
  }
  for (const listener of emitteryListeners) emittery.on("message.received", listener);
  node.setMaxListeners(100);

  const cases: { name: string; fn: () => unknown; count: number }[] = [];
  const time = (name: string, fn: () => unknown, count = N) => {
    cases.push({ name, fn, count });
  };
  time("bus emit, awaited", async () => {
    for (let i = 0; i < N; i++) await bus.emit(event);
    await bus.emitSync(event);
  });
  time("bus emit, fire-and-forget then drained", async () => {
    for (let i = 0; i < N; i++) wideBus.emit(event);
    await wideBus.emitSync(event);
  });
  time("bus emitLatest (1,000 keys)", async () => {
    for (let i = 0; i < N; i++) bus.emitLatest(keys[i % KEYS], event);
    await bus.emitSync(event);
  });
  time("bus emitSync, awaited", async () => {
    for (let i = 0; i < N / 10; i++) await bus.emitSync(event);
  }, N / 10);
  time("ring baseline, awaited", async () => {
    for (let i = 0; i < N; i++) await ring.emit(event);
    await ring.drained();
  });
  time("ring baseline, fire-and-forget then drained", async () => {
    for (let i = 0; i < N; i++) ring.emit(event);
    await ring.drained();
  });
  time("Map baseline emitLatest (1,000 keys)", async () => {
    for (let i = 0; i < N; i++) map.emitLatest(keys[i % KEYS], event);
    await RESOLVED;
  });
  time("eventemitter3 emit (synchronous)", () => {
    for (let i = 0; i < N; i++) ee3.emit("message.received", event);
  });
  time("node:events emit (synchronous)", () => {
    for (let i = 0; i < N; i++) node.emit("message.received", event);
  });
  time("mitt emit (synchronous)", () => {
    for (let i = 0; i < N; i++) mittBus.emit("message.received", event);
  });
  time("emittery emit, awaited", async () => {
    for (let i = 0; i < N / 10; i++) await emittery.emit("message.received", event);
  }, N / 10);
  const results: Record<string, number> = {};
  for (const { name } of cases) results[name] = 0;
  // Rounds interleave the cases, so a burst of load on the machine hits them all alike; the
  // first round warms up. All of this work is on the main thread, so CPU time measures it.
  for (let round = 0; round <= ROUNDS; round++) {
    for (const { name, fn, count } of cases) {
      const rate = perSecond(await cpuMs(fn), count);
      if (round > 0) results[name] = Math.max(results[name], rate);
    }
  }
  await bus.close();
  await wideBus.close();
  return results;
}

/** Reports events per second for each case, then the ratios the issue holds us to. */
export async function run(report: (row: BenchRow) => void): Promise<void> {
  for (const typed of [1, 10]) {
    const r = await measure(typed);
    const at = `${typed}+1 subscribers`;
    for (const [name, value] of Object.entries(r)) {
      report({ section: "bus", name: `${name} (${at})`, value, unit: "events/s" });
    }
    const ratio = (name: string, value: number, note: string) =>
      report({ section: "bus", name: `${name} (${at})`, value, unit: "x", note });
    ratio(
      "ring baseline / bus emit, awaited",
      r["ring baseline, awaited"] / r["bus emit, awaited"],
      "target <= 1.5",
    );
    ratio(
      "ring baseline / bus emit, fire-and-forget",
      r["ring baseline, fire-and-forget then drained"] /
        r["bus emit, fire-and-forget then drained"],
      "target <= 1.5",
    );
    ratio(
      "bus emit awaited / emittery emit awaited",
      r["bus emit, awaited"] / r["emittery emit, awaited"],
      "target >= 20",
    );
    ratio(
      "Map baseline / bus emitLatest",
      r["Map baseline emitLatest (1,000 keys)"] / r["bus emitLatest (1,000 keys)"],
      "target <= 1.5",
    );
  }
  if (sink < 0) console.log(sink);
}
