/**
 * One subject of the bus benchmark (issues 16 and 25), run in a fresh child process by
 * `bench/bus.ts`: `deno run -A bench/_bus_workload.ts <subject> <shape> <events> <path>`. It does
 * warm-up runs, then prints `{ "ms": [...], "peakRssMb": n }` on stdout: the CPU time of each
 * measured run and the process's peak resident set.
 *
 * Subjects: `bus`, `ring` (the fast path; shapes `1`, `10`, `10w` subscribers), `bus-awaited`,
 * `ring-awaited`, `emittery`, `bus-emitsync`, `floor` (one awaited promise per event),
 * `bus-latest`, `map-latest` (shapes `cyclic`, `uniform`, `hot`).
 *
 * The path, for the bus subjects: `bus` imports `bus/mod.ts` and subscribes plain functions;
 * `root` imports the root `mod.ts` and subscribes `{ onEvent }` objects, as a user does. The
 * bus and Emittery load only in the subjects that use them, so a baseline's process holds
 * neither (its peak RSS is that of a bare process doing the same work).
 *
 * @module
 */
import {
  awaitedDelivery,
  BareMap,
  BareRing,
  type BenchEvent,
  type Routes,
  type Sink,
} from "./_bus_baselines.ts";
import { cpuMs } from "./_report.ts";

const WARMUPS = 2;
const RUNS = 5;
const KEYS = 10_000;
const YIELD_EVERY = 1_000;
const TYPE = "message.received";
const SOURCE = "irc";
const DATA = Object.freeze({
  networkId: 1,
  channel: "#bench",
  user: "alice",
  message: "hello",
  timestamp: 0,
});
const KEY_NAMES = Array.from({ length: KEYS }, (_, i) => `user.meta:1:nick${i}`);

/** The bus as the workload drives it: with events that number themselves in `timestamp`. */
interface BenchBus {
  subscribe(type: string, subscriber: Sink | { onEvent: Sink }): unknown;
  tryEmit(event: BenchEvent): boolean;
  emit(event: BenchEvent): Promise<void>;
  emitSync(event: BenchEvent): Promise<void>;
  emitLatest(key: string, event: BenchEvent): void;
  close(): Promise<void>;
}

/** How the bus is reached: `bus/mod.ts` and functions, or the root door and `{ onEvent }`. */
type Path = "bus" | "root";

/** A bus imported through `path`'s door, and its way to subscribe a sink. */
async function newBus(
  path: Path,
): Promise<{ bus: BenchBus; subscribe: (type: string, sink: Sink) => void }> {
  const { EventBus } = path === "root" ? await import("../mod.ts") : await import("../bus/mod.ts");
  // The workload's events carry `timestamp: i` (a number) where the event type says Date;
  // the bus never reads the timestamp, so it carries the number through unchanged.
  const bus = new EventBus() as unknown as BenchBus;
  return {
    bus,
    subscribe: path === "root"
      ? (type, sink) => bus.subscribe(type, { onEvent: sink })
      : (type, sink) => bus.subscribe(type, sink),
  };
}

/** A run's end: resolved by the last expected delivery, rejected by a delivery out of order. */
interface Finish {
  promise: Promise<void>;
  sinks: Sink[];
}

/**
 * `count` subscribers, each the same sink closure: it checks that `timestamp` is the previous
 * one plus 1, counts, and resolves the run at the last expected delivery.
 */
function orderedSinks(count: number, events: number): Finish {
  const { promise, resolve, reject } = Promise.withResolvers<void>();
  let remaining = count * events;
  const sink = (): Sink => {
    let previous = -1;
    return (event) => {
      if (event.timestamp !== previous + 1) {
        reject(new Error(`Cannot trust the run: got ${event.timestamp} after ${previous}`));
      }
      previous = event.timestamp;
      if (--remaining === 0) resolve();
    };
  };
  return { promise, sinks: Array.from({ length: count }, sink) };
}

/** One snapshot subscriber: counts and resolves at the delivery of the last update. */
function latestSink(events: number): Finish {
  const { promise, resolve, reject } = Promise.withResolvers<void>();
  let delivered = 0;
  const sink: Sink = (event) => {
    delivered++;
    if (event.timestamp !== events - 1) return;
    if (delivered > events) reject(new Error(`Cannot trust the run: ${delivered} deliveries`));
    resolve();
  };
  return { promise, sinks: [sink] };
}

/** Splits `1`, `10`, `10w` into typed and wildcard subscribers. */
function subscribers(shape: string): { typed: number; wildcard: number } {
  if (shape === "1") return { typed: 1, wildcard: 0 };
  if (shape === "10") return { typed: 10, wildcard: 0 };
  if (shape === "10w") return { typed: 10, wildcard: 1 };
  throw new TypeError(`Cannot run the bus bench: unknown subscriber shape, got ${shape}`);
}

function routes(sinks: Sink[], typed: number): Routes {
  const map = new Map<string, Sink[]>([[TYPE, sinks.slice(0, typed)]]);
  if (sinks.length > typed) map.set("*", sinks.slice(typed));
  return map;
}

/** Picks update `i`'s key: cycling, uniformly random or mostly a few hot keys. */
function keyPicker(shape: string): { pick: (i: number) => string; yields: boolean } {
  let seed = 0x9e3779b9;
  const random = () => {
    // xorshift32: the same cheap, seeded sequence for the bus and its baseline.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed >>> 0;
  };
  if (shape === "cyclic") return { pick: (i) => KEY_NAMES[i % KEYS], yields: false };
  if (shape === "uniform") return { pick: () => KEY_NAMES[random() % KEYS], yields: true };
  if (shape === "hot") {
    // Nine updates in ten go to eight hot keys.
    return {
      pick: () => {
        const r = random();
        return KEY_NAMES[r % 10 < 9 ? r % 8 : r % KEYS];
      },
      yields: true,
    };
  }
  throw new TypeError(`Cannot run the bus bench: unknown key shape, got ${shape}`);
}

function eventAt(i: number): BenchEvent {
  return { type: TYPE, data: DATA, timestamp: i, source: SOURCE };
}

type Run = (shape: string, events: number, path: Path) => Promise<void>;

const subjects: Record<string, Run> = {
  async bus(shape, events, path) {
    const { typed, wildcard } = subscribers(shape);
    const finish = orderedSinks(typed + wildcard, events);
    const { bus, subscribe } = await newBus(path);
    finish.sinks.forEach((sink, i) => subscribe(i < typed ? TYPE : "*", sink));
    for (let i = 0; i < events; i++) {
      const event = eventAt(i);
      if (!bus.tryEmit(event)) await bus.emit(event);
    }
    await finish.promise;
    await bus.close();
  },
  async ring(shape, events) {
    const { typed, wildcard } = subscribers(shape);
    const finish = orderedSinks(typed + wildcard, events);
    const ring = new BareRing(routes(finish.sinks, typed));
    for (let i = 0; i < events; i++) {
      const full = ring.emit(eventAt(i));
      if (full !== undefined) await full;
    }
    await finish.promise;
  },
  async "bus-awaited"(shape, events, path) {
    const { typed, wildcard } = subscribers(shape);
    const finish = orderedSinks(typed + wildcard, events);
    const { bus, subscribe } = await newBus(path);
    finish.sinks.forEach((sink, i) => subscribe(i < typed ? TYPE : "*", sink));
    for (let i = 0; i < events; i++) await bus.emit(eventAt(i));
    await finish.promise;
    await bus.close();
  },
  async "ring-awaited"(shape, events) {
    const { typed, wildcard } = subscribers(shape);
    const finish = orderedSinks(typed + wildcard, events);
    const ring = new BareRing(routes(finish.sinks, typed));
    for (let i = 0; i < events; i++) await ring.emit(eventAt(i));
    await finish.promise;
  },
  async emittery(shape, events) {
    const { default: Emittery } = await import("emittery");
    const { typed, wildcard } = subscribers(shape);
    const finish = orderedSinks(typed + wildcard, events);
    const emitter = new Emittery<Record<string, BenchEvent>>();
    finish.sinks.forEach((sink, i) => {
      if (i < typed) emitter.on(TYPE, ({ data }) => sink(data));
      else emitter.onAny(({ data }) => sink(data));
    });
    for (let i = 0; i < events; i++) await emitter.emit(TYPE, eventAt(i));
    await finish.promise;
  },
  async "bus-emitsync"(shape, events, path) {
    const { typed, wildcard } = subscribers(shape);
    const finish = orderedSinks(typed + wildcard, events);
    const { bus, subscribe } = await newBus(path);
    finish.sinks.forEach((sink, i) => subscribe(i < typed ? TYPE : "*", sink));
    for (let i = 0; i < events; i++) await bus.emitSync(eventAt(i));
    await finish.promise;
    await bus.close();
  },
  async floor(shape, events) {
    const { typed, wildcard } = subscribers(shape);
    const finish = orderedSinks(typed + wildcard, events);
    const map = routes(finish.sinks, typed);
    for (let i = 0; i < events; i++) await awaitedDelivery(map, eventAt(i));
    await finish.promise;
  },
  async "bus-latest"(shape, events, path) {
    const { pick, yields } = keyPicker(shape);
    const finish = latestSink(events);
    const { bus, subscribe } = await newBus(path);
    subscribe(TYPE, finish.sinks[0]);
    for (let i = 0; i < events; i++) {
      bus.emitLatest(pick(i), eventAt(i));
      if (yields && i % YIELD_EVERY === YIELD_EVERY - 1) await null;
    }
    await finish.promise;
    await bus.close();
  },
  async "map-latest"(shape, events) {
    const { pick, yields } = keyPicker(shape);
    const finish = latestSink(events);
    const map = new BareMap(routes(finish.sinks, 1));
    for (let i = 0; i < events; i++) {
      map.emitLatest(pick(i), eventAt(i));
      if (yields && i % YIELD_EVERY === YIELD_EVERY - 1) await null;
    }
    await finish.promise;
  },
};

/** The process's peak resident set in MB, from Linux's VmHWM. */
function peakRssMb(): number {
  const status = Deno.readTextFileSync("/proc/self/status");
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error("Cannot read the peak RSS: no VmHWM in /proc/self/status");
  return Number(match[1]) / 1024;
}

if (import.meta.main) {
  const [name = "", shape = "", eventsText = "", path = ""] = Deno.args;
  const run = subjects[name];
  const events = Number(eventsText);
  if (!run || !Number.isInteger(events) || events < 1 || (path !== "bus" && path !== "root")) {
    throw new TypeError(
      `Cannot run the bus bench: unknown subject, count or path, got ${Deno.args}`,
    );
  }
  for (let i = 0; i < WARMUPS; i++) await run(shape, events, path);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push(await cpuMs(() => run(shape, events, path)));
  console.log(JSON.stringify({ ms, peakRssMb: peakRssMb() }));
}
