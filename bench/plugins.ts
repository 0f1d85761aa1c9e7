/**
 * Plugin platform benchmarks, each figure for subprocess isolation (the default) beside the
 * Worker figure of the same run: delivery throughput to 1 plugin (batched) and to each of 10,
 * emit-to-onEvent latency at 1k events/s, cold start, resident memory per idle plugin, and the
 * longest step of the host's frame reader on a frame built to be costly.
 *
 * Flags (`deno task bench plugins --only=throughput,memory`): `--only=PART[,PART…]` runs only
 * the named parts, of {@linkcode PARTS}; all of them by default. `--against=DIR` runs the
 * plugins of the throughput runs and of the cold start with the checkout in DIR too (a worktree
 * of the commit before a change), in turn with this one's, and notes its medians beside ours.
 * `--rounds=N` runs each throughput variant N times (5 by default).
 *
 * @module
 */
import { cpuUsage } from "node:process";
import { parseArgs } from "node:util";
import type { IsolationMode } from "../plugins/manifest.ts";
import { type BenchRow, percentile, spreadOf } from "./_report.ts";
import { EventBus } from "../bus/event_bus.ts";
import { createEvent } from "../bus/events.ts";
import { PluginHost, type PluginHostOptions } from "../plugins/host.ts";
import { holdBrokerThread, PermissionBroker, PermissionPolicy } from "../plugins/_broker.ts";
import { ProcessTree } from "../plugins/_process_tree.ts";
import { readFrames } from "../plugins/_protocol.ts";

const SDK = new URL("../plugins/sdk.ts", import.meta.url).href;

const COUNTER = `
import { definePlugin } from "${SDK}";
let count = 0;
const latencies = [];
export default definePlugin({
  onEvent(event, ctx) {
    if (event.type !== "message.received") return;
    const text = event.data.message;
    if (text === "end") {
      ctx.log.info(JSON.stringify({ count, latencies }));
      count = 0;
      latencies.length = 0;
    } else if (text.startsWith("t:")) {
      latencies.push(performance.timeOrigin + performance.now() - Number(text.slice(2)));
    } else count++;
  },
});
`;

async function makePlugin(root: string, name: string, sdk = SDK): Promise<string> {
  const dir = `${root}/${name}`;
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/mod.js`, COUNTER.replace(SDK, sdk));
  await Deno.writeTextFile(
    `${dir}/plugin.json`,
    JSON.stringify({
      name,
      version: "1.0.0",
      description: "Counts events for the benchmark",
      entry: "mod.js",
      events: ["message.received"],
      permissions: {},
      capabilities: [],
      reasons: {},
    }),
  );
  return dir;
}

/** One way to run the plugin: its isolation, and for a subprocess whether the outer layers are on. */
interface Variant {
  isolation: IsolationMode;
  /** The broker, OS boundary and quotas (subprocess only). */
  outer: boolean;
  label: string;
}

const VARIANTS: Variant[] = [
  { isolation: "subprocess", outer: true, label: "subprocess" },
  { isolation: "subprocess", outer: false, label: "subprocess, Deno flags only" },
  { isolation: "worker", outer: false, label: "Worker" },
];

/**
 * `measure` run `rounds` times on each variant, taking turns, each round starting with the next
 * variant, so that neither a burst of load on this shared machine nor the order falls on one
 * variant alone; each variant's runs in the order they ran.
 */
async function inTurn<T>(
  rounds: number,
  measure: (variant: Variant) => Promise<T>,
): Promise<Map<Variant, T[]>> {
  const runs = new Map<Variant, T[]>(VARIANTS.map((variant) => [variant, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < VARIANTS.length; i++) {
      const variant = VARIANTS[(round + i) % VARIANTS.length];
      runs.get(variant)?.push(await measure(variant));
    }
  }
  return runs;
}

/** The classes a plugin run needs, from this checkout or the one `--against` names. */
interface Door {
  EventBus: typeof EventBus;
  PluginHost: typeof PluginHost;
  /** Its plugin SDK's URL, which a plugin run by its host imports. */
  sdk: string;
}

const OURS: Door = { EventBus, PluginHost, sdk: SDK };

/** The bus and plugin host of the checkout in `dir`, to run its plugins beside ours. */
async function doorAt(dir: string): Promise<Door> {
  const root = new URL(`${dir.replace(/\/*$/, "")}/`, `file://${Deno.cwd()}/`);
  const bus: unknown = await import(new URL("bus/mod.ts", root).href);
  const plugins: unknown = await import(new URL("plugins/mod.ts", root).href);
  if (!hasEventBus(bus) || !hasPluginHost(plugins)) {
    throw new Error(`Cannot bench against ${dir}: it has no EventBus or PluginHost`);
  }
  return {
    EventBus: bus.EventBus,
    PluginHost: plugins.PluginHost,
    sdk: new URL("plugins/sdk.ts", root).href,
  };
}

function hasEventBus(value: unknown): value is Pick<Door, "EventBus"> {
  return typeof value === "object" && value !== null && "EventBus" in value &&
    typeof value.EventBus === "function";
}

function hasPluginHost(value: unknown): value is Pick<Door, "PluginHost"> {
  return typeof value === "object" && value !== null && "PluginHost" in value &&
    typeof value.PluginHost === "function";
}

interface Setup {
  bus: EventBus;
  host: PluginHost;
  results: Map<string, (line: string) => void>;
  close(): Promise<void>;
}

function setup(
  root: string,
  options: Partial<PluginHostOptions> = {},
  door: Door = OURS,
): Setup {
  const bus = new door.EventBus({ capacity: 4096 });
  const results = new Map<string, (line: string) => void>();
  const host = new door.PluginHost({
    bus,
    dataDir: `${root}/data-${crypto.randomUUID()}`,
    onLog: (plugin, _level, message) => results.get(plugin)?.(message),
    ...options,
  });
  return {
    bus,
    host,
    results,
    async close() {
      await host[Symbol.asyncDispose]();
      await bus.close();
    },
  };
}

function message(text: string) {
  return createEvent("message.received", {
    networkId: 1,
    channel: "#bench",
    user: "bench",
    message: text,
    timestamp: 0,
  }, "irc");
}

function resultOf(s: Setup, name: string): Promise<{ count: number; latencies: number[] }> {
  return new Promise((resolve, reject) => {
    s.results.set(name, (line) => {
      s.results.delete(name);
      // Anything but its report (a crash's line) means the run cannot be trusted.
      if (line.startsWith("{")) resolve(JSON.parse(line));
      else reject(new Error(`Cannot trust the run: plugin ${name} said ${line}`));
    });
  });
}

/**
 * Emits `n` events and waits until every plugin has counted them; returns events/s per plugin,
 * and the CPU time per event (µs) of the host and every plugin process together: on a shared
 * machine the rate follows the load of others, the CPU time much less.
 */
async function throughput(
  root: string,
  { isolation, outer }: Variant,
  plugins: number,
  n: number,
  batchSize: number,
  door: Door = OURS,
) {
  const s = setup(root, { mailboxSize: n + 16, batchSize, outerContainment: outer }, door);
  const names: string[] = [];
  for (let i = 0; i < plugins; i++) {
    const name = `counter-${i}`;
    await s.host.install(await makePlugin(root, name, door.sdk), { grant: "requested", isolation });
    await s.host.load(name);
    names.push(name);
  }
  const event = message("x");
  const done = names.map((name) => resultOf(s, name));
  const throttledBefore = await sumOverChildren(throttledPeriods);
  const cpuBefore = cpuUsage();
  const childrenBefore = await childrenCpuMs();
  const start = performance.now();
  for (let i = 0; i < n; i++) await s.bus.emit(event);
  await s.bus.emit(message("end"));
  const results = await Promise.all(done);
  const seconds = (performance.now() - start) / 1000;
  const host = cpuUsage(cpuBefore);
  const childrenMs = await childrenCpuMs() - childrenBefore;
  const throttled = await sumOverChildren(throttledPeriods) - throttledBefore;
  await s.close();
  for (const r of results) {
    if (r.count !== n) throw new Error(`Cannot trust the run: a plugin counted ${r.count} of ${n}`);
  }
  const hostUs = (host.user + host.system) / n;
  const pluginUs = childrenMs * 1000 / n;
  return { rate: n / seconds, cpuUs: hostUs + pluginUs, hostUs, pluginUs, throttled };
}

/**
 * How many 100 ms periods the kernel throttled the cgroup of `tree`'s root for its CPU quota
 * (cgroup v1 `cpu.stat`), or 0 outside one: whether a plugin's CPU quota held it back.
 */
async function throttledPeriods(tree: ProcessTree): Promise<number> {
  const [root] = await tree.pids();
  if (root === undefined) return 0;
  const line = (await Deno.readTextFile(`/proc/${root}/cgroup`).catch(() => ""))
    .split("\n").find((l) => /^\d+:(?:[^:]*,)?cpu(?:,[^:]*)?:/.test(l));
  const path = line?.split(":")[2];
  if (path === undefined || path === "/") return 0;
  const stat = await Deno.readTextFile(`/sys/fs/cgroup/cpu${path}/cpu.stat`).catch(() => "");
  return Number(/^nr_throttled (\d+)/m.exec(stat)?.[1] ?? 0);
}

/**
 * The emit → onEvent latencies (ms) of one plugin at `rate` events/s for `seconds`, each event
 * stamped as it is emitted and timed by the plugin as its `onEvent` runs. `warmup` events at
 * the same rate go first and are not timed: the host's delivery path and the plugin's are
 * compiled by then, and the writes Deno makes to a fresh plugin's caches as it starts are
 * done, so what is timed is delivery, not the start of one plugin.
 */
async function latency(
  root: string,
  { isolation, outer }: Variant,
  rate: number,
  seconds: number,
  warmup: number,
): Promise<number[]> {
  const s = setup(root, { outerContainment: outer });
  const name = `latency-${isolation}-${outer ? "outer" : "flags"}`;
  await s.host.install(await makePlugin(root, name), { grant: "requested", isolation });
  await s.host.load(name);
  const interval = 1000 / rate;
  const start = performance.now();
  for (let i = 0; i < warmup + rate * seconds; i++) {
    const due = start + i * interval;
    while (performance.now() < due) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, due - performance.now() - 0.5))
      );
    }
    // A warm-up event is only counted by the plugin; a timed one carries its emit time.
    const stamp = i < warmup ? "w" : `t:${performance.timeOrigin + performance.now()}`;
    await s.bus.emit(message(stamp));
  }
  const done = resultOf(s, name);
  await s.bus.emit(message("end"));
  const { latencies } = await done;
  await s.close();
  return latencies;
}

/** Timed runs of each variant in {@linkcode latencyRows}, taking turns. */
const LATENCY_ROUNDS = 3;
/** Seconds each latency run times, at 1k events/s. */
const LATENCY_SECONDS = 2;
/** Events each latency run sends first, untimed (0.5 s at 1k events/s). */
const LATENCY_WARMUP = 500;

/**
 * Emit → onEvent p99 at 1k events/s, each variant run {@linkcode LATENCY_ROUNDS} times in
 * turn, each round starting with the next variant, so that neither a burst of load on this
 * shared machine nor being first in the process falls on one variant alone (the first run of
 * a process used to be the contained one, on a host not yet compiled and whose heap was still
 * settling), after one untimed run of each. The p99 is taken over the samples of all runs of a
 * variant together; the spread is that of each run's own p99.
 */
async function latencyRows(root: string, report: (row: BenchRow) => void): Promise<void> {
  // One untimed run of each first: the host's early collections (scavenges of 7-13 ms and its
  // first mark-compact, while the heap of the modules this process loaded settles) then fall on
  // none of the timed runs; they used to fall on the first, the contained one.
  for (const variant of VARIANTS) await latency(root, variant, 1000, 0, LATENCY_WARMUP * 2);
  const loadBefore = await loadAverage();
  const runs = await inTurn(
    LATENCY_ROUNDS,
    (variant) => latency(root, variant, 1000, LATENCY_SECONDS, LATENCY_WARMUP),
  );
  const load = `${loadBefore} → ${await loadAverage()}`;
  for (const variant of VARIANTS) {
    const all = runs.get(variant) ?? [];
    const pooled = all.flat();
    report({
      section: "plugins",
      name: `emit → onEvent p99 at 1k events/s, ${variant.label}`,
      value: percentile(pooled, 0.99),
      unit: "ms",
      spread: `each run's p99 ${spreadOf(all.map((run) => percentile(run, 0.99)))}`,
      note: `goal < 5 ms; over ${pooled.length} events of ${all.length} runs in turn, ` +
        `${LATENCY_SECONDS} s each after ${LATENCY_WARMUP} untimed; ` +
        `p50 ${percentile(pooled, 0.5).toFixed(2)} ms; load ${load}`,
    });
  }
}

/**
 * The median wall time of a cold start, and the median CPU time it cost the host and plugin;
 * `runs` holds each start's wall time.
 */
interface ColdStart {
  ms: number;
  cpuMs: number;
  runs: number[];
}

/**
 * The median time `host.load()` takes to start a plugin, for each variant of each checkout
 * (`doors`: ours, then the one `--against` names), as `[door][variant]`, with the CPU time the
 * start cost the host and the plugin's processes (steadier than the wall time on a shared
 * machine). Every host starts its plugin in turn, round after round, so the load weighs on each
 * alike; the first round only warms each plugin's module cache.
 */
async function coldStarts(root: string, doors: Door[], rounds: number): Promise<ColdStart[][]> {
  const subjects: { s: Setup; name: string; times: number[]; cpu: number[] }[] = [];
  try {
    for (const [d, door] of doors.entries()) {
      for (const { isolation, outer } of VARIANTS) {
        const s = setup(root, { outerContainment: outer }, door);
        const name = `cold-${d}-${isolation}-${outer ? "outer" : "flags"}`;
        subjects.push({ s, name, times: [], cpu: [] });
        await s.host.install(await makePlugin(root, name, door.sdk), {
          grant: "requested",
          isolation,
        });
      }
    }
    for (let i = 0; i < rounds + 1; i++) {
      for (const { s, name, times, cpu } of subjects) {
        const cpuBefore = cpuUsage();
        const start = performance.now();
        await s.host.load(name);
        const ms = performance.now() - start;
        const host = cpuUsage(cpuBefore);
        // Only this plugin's processes live now: the others were unloaded.
        const pluginMs = await sumOverChildren(ranMs);
        if (i > 0) {
          times.push(ms);
          cpu.push((host.user + host.system) / 1000 + pluginMs);
        }
        await s.host.unload(name);
      }
    }
  } finally {
    for (const { s } of subjects) await s.close();
  }
  const medians = subjects.map(({ times, cpu }) => ({
    ms: percentile(times, 0.5),
    cpuMs: percentile(cpu, 0.5),
    runs: times,
  }));
  return doors.map((_, d) => medians.slice(d * VARIANTS.length, (d + 1) * VARIANTS.length));
}

/**
 * The CPU time the living threads of `tree` ran so far, in ms, from their schedstat (ns, where
 * `/proc/<pid>/stat` counts 10 ms ticks, too coarse for a start).
 */
async function ranMs(tree: ProcessTree): Promise<number> {
  let ns = 0;
  for (const pid of await tree.pids()) {
    try {
      for await (const task of Deno.readDir(`/proc/${pid}/task`)) {
        const stat = await Deno.readTextFile(`/proc/${pid}/task/${task.name}/schedstat`);
        ns += Number(stat.split(" ")[0]);
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return ns / 1e6;
}

/**
 * The sum of `measure` over every process tree this process started: each child's whole tree,
 * since a contained plugin's Deno runs under the OS boundary's own processes (Linux `/proc`).
 */
async function sumOverChildren(measure: (tree: ProcessTree) => Promise<number>): Promise<number> {
  let total = 0;
  for await (const task of Deno.readDir(`/proc/${Deno.pid}/task`)) {
    const children = await Deno.readTextFile(`/proc/${Deno.pid}/task/${task.name}/children`)
      .catch(() => "");
    for (const pid of children.split(" ").filter((p) => p !== "")) {
      await using tree = new ProcessTree(Number(pid));
      total += await measure(tree);
    }
  }
  return total;
}

/** Resident memory of everything this process started, in bytes. */
function childrenRss(): Promise<number> {
  return sumOverChildren((tree) => tree.residentBytes());
}

/** CPU time used so far by everything this process started and still runs, in ms. */
function childrenCpuMs(): Promise<number> {
  return sumOverChildren((tree) => tree.usageMs());
}

/** Resident memory added per idle plugin, in MiB, with `count` of them loaded at once. */
async function idleMemory(root: string, { isolation, outer }: Variant, count: number) {
  const s = setup(root, { outerContainment: outer });
  const before = Deno.memoryUsage().rss + await childrenRss();
  for (let i = 0; i < count; i++) {
    const name = `idle-${isolation}-${outer ? "outer" : "flags"}-${i}`;
    await s.host.install(await makePlugin(root, name), { grant: "requested", isolation });
    await s.host.load(name);
  }
  const after = Deno.memoryUsage().rss + await childrenRss();
  await s.close();
  return (after - before) / count / 1024 / 1024;
}

/** Who answers the permission checks of {@linkcode checkTimes}. */
type Answerer = "broker" | "event loop" | "echo" | "echo thread" | "flags";

/**
 * Each check's time as the plugin's process sees it, from a `deno run` making `checks`
 * granted env reads one by one: with the host's broker answering each on its thread (`broker`,
 * as the client runs it) or on the main thread's event loop (`event loop`, where FFI is not
 * allowed), with a bare Unix-socket server on the event loop that allows every check without
 * reading it (`echo`: the floor of a broker on Deno's asynchronous socket I/O), with the same
 * on a Worker blocked in libc's `read` (`echo thread`: the floor of the broker's thread), or
 * with the `--allow-env` flag alone (`flags`). Returns the p50 and p99 in µs, and the CPU time
 * the host spent per check (µs, all its threads: the broker's is most of it).
 */
async function checkTimes(root: string, checks: number, answerer: Answerer) {
  const script = `${root}/checks.js`;
  await Deno.writeTextFile(
    script,
    `const times = new Float64Array(${checks});
     for (let i = 0; i < times.length; i++) {
       const start = performance.now();
       Deno.env.get("BENCH_VAR");
       times[i] = performance.now() - start;
     }
     console.log(JSON.stringify(Array.from(times)));`,
  );
  const policy = new PermissionPolicy({
    read: [],
    write: [],
    net: [],
    env: ["BENCH_VAR"],
    import: [],
  });
  await using permissionBroker = answerer === "broker" || answerer === "event loop"
    ? await PermissionBroker.listen(`${root}/bench.sock`, policy, () => {}, {
      thread: answerer === "broker",
    })
    : undefined;
  if (answerer === "broker" && permissionBroker?.servedBy !== "thread") {
    throw new Error("Cannot measure the broker's thread: it does not run in this process");
  }
  await using echo = answerer === "echo" ? echoBroker(`${root}/echo.sock`) : undefined;
  await using echoThread = answerer === "echo thread"
    ? await threadEcho(`${root}/echo-thread.sock`)
    : undefined;
  const path = permissionBroker?.path ?? echo?.path ?? echoThread?.path;
  const cpuBefore = cpuUsage();
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--no-config", "--allow-env=BENCH_VAR", script],
    clearEnv: true,
    env: { BENCH_VAR: "1", ...(path ? { DENO_PERMISSION_BROKER_PATH: path } : {}) },
    stdout: "piped",
    stderr: "null",
  }).output();
  const cpu = cpuUsage(cpuBefore);
  const times: number[] = JSON.parse(new TextDecoder().decode(output.stdout)).slice(checks / 10);
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5) * 1000,
    p99: percentile(times, 0.99) * 1000,
    cpu: (cpu.user + cpu.system) / checks,
  };
}

/** A broker that allows everything, finding each request's id without parsing its JSON. */
function echoBroker(path: string): { path: string } & AsyncDisposable {
  const listener = Deno.listen({ transport: "unix", path });
  const serving = (async () => {
    const conn = await listener.accept();
    listener.close();
    const buffer = new Uint8Array(64 * 1024);
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    for (;;) {
      const n = await conn.read(buffer).catch(() => null);
      if (n === null) break;
      let answers = "";
      for (const [, id] of decoder.decode(buffer.subarray(0, n)).matchAll(/"id":(\d+)/g)) {
        answers += `{"id":${id},"result":"allow"}\n`;
      }
      await conn.write(encoder.encode(answers));
    }
    conn.close();
  })().catch(() => {});
  return {
    path,
    async [Symbol.asyncDispose]() {
      try {
        listener.close();
      } catch {
        // Closed once its one process connected.
      }
      await serving;
      await Deno.remove(path).catch(() => {});
    },
  };
}

/** {@linkcode ./_echo_thread.ts}, listening at `path` until its one connection ends. */
async function threadEcho(path: string): Promise<{ path: string } & AsyncDisposable> {
  const worker = new Worker(new URL("./_echo_thread.ts", import.meta.url), { type: "module" });
  const said = () => new Promise<void>((resolve) => worker.onmessage = () => resolve());
  const ready = said();
  worker.postMessage(path);
  await ready;
  const done = said();
  return {
    path,
    async [Symbol.asyncDispose]() {
      await done; // its process has exited, so the connection has ended
      worker.terminate();
      await Deno.remove(path).catch(() => {});
    },
  };
}

/**
 * The longest the host's frame reader holds the event loop on one frame of up to 4 MiB built
 * to be costly (deep nesting, millions of items, one long string), in ms: refused or parsed;
 * one figure for each of `rounds` rounds over every such frame.
 */
async function hostileFrameSteps(rounds: number): Promise<number[]> {
  const body = 4 * 1024 * 1024 - 16;
  const texts = [
    "[".repeat(body),
    `[${"{},".repeat(body / 3 - 1)}{}]`,
    `[${"0,".repeat(body / 2 - 1)}0]`,
    `{"kind":"log","level":"info","message":"${"x".repeat(body - 50)}"}`,
  ];
  const longest: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let step = 0;
    for (const text of texts) {
      const json = new TextEncoder().encode(text);
      const frame = new Uint8Array(4 + json.length);
      new DataView(frame.buffer).setUint32(0, json.length);
      frame.set(json, 4);
      const frames = readFrames(ReadableStream.from([frame]));
      const start = performance.now();
      await frames.next().catch(() => {});
      step = Math.max(step, performance.now() - start);
    }
    longest.push(step);
  }
  return longest;
}

/**
 * The permission check's round trip, each answerer measured `rounds` times, taking turns so
 * that a burst of load on the machine falls on all of them; the medians of the rounds' p50 and
 * p99 are reported.
 */
async function brokerChecks(root: string, report: (row: BenchRow) => void, rounds = 5) {
  const answerers: Answerer[] = ["broker", "event loop", "echo", "echo thread", "flags"];
  const loadBefore = await loadAverage();
  const runs = new Map<Answerer, { p50: number; p99: number; cpu: number }[]>(
    answerers.map((a) => [a, []]),
  );
  // The plugin host keeps the broker's thread from one plugin to the next; so does this, so
  // that each run measures checks, not a new Worker starting and compiling its loop.
  await using _thread = holdBrokerThread();
  for (let round = 0; round < rounds; round++) {
    for (const answerer of answerers) {
      runs.get(answerer)?.push(await checkTimes(root, 20_000, answerer));
    }
  }
  const values = (answerer: Answerer, key: "p50" | "p99" | "cpu") =>
    (runs.get(answerer) ?? []).map((r) => r[key]);
  const median = (answerer: Answerer, key: "p50" | "p99" | "cpu") =>
    percentile(values(answerer, key), 0.5);
  const load = `${loadBefore} → ${await loadAverage()}`;
  const figures = (key: "p50" | "p99" | "cpu", among = answerers) =>
    among.map((a) => median(a, key).toFixed(1)).join(" / ");
  report({
    section: "plugins",
    name: "permission check p99, answered by the host's broker / a bare echo / Deno's flags",
    value: median("broker", "p99"),
    unit: "µs",
    spread: spreadOf(values("broker", "p99")),
    note: `goal < 50 µs; median of ${rounds} runs each, in turn, load ${load}; ` +
      `p99 broker's thread / broker on the event loop / bare echo / echo thread / flags ${
        figures("p99")
      } µs; ` +
      `p50 ${figures("p50")} µs; host CPU per check (broker's thread / event loop / echo / ` +
      `echo thread) ${figures("cpu", answerers.slice(0, 4))} µs`,
  });
  report({
    section: "plugins",
    name: "permission check p99, answered on the host's event loop (without FFI)",
    value: median("event loop", "p99"),
    unit: "µs",
    spread: spreadOf(values("event loop", "p99")),
  });
}

/** Runs of each variant in {@linkcode throughputRows}, taking turns, unless `--rounds` says. */
const THROUGHPUT_ROUNDS = 5;

/** One run of {@linkcode throughput}. */
type ThroughputRun = Awaited<ReturnType<typeof throughput>>;

/** The run of median rate among `runs`. */
function median(runs: readonly ThroughputRun[]): ThroughputRun {
  return runs.toSorted((a, b) => a.rate - b.rate)[Math.floor(runs.length / 2)];
}

/** The rates (events/s) of `runs`. */
function rates(runs: readonly ThroughputRun[]): number[] {
  return runs.map((run) => run.rate);
}

/** Runs of each variant in the rows of 10 plugins, taking turns. */
const TEN_ROUNDS = 3;

/**
 * Events/s to one plugin, each variant run `rounds` times for each checkout (`doors`: ours,
 * then the one `--against` names), taking turns and each round starting with the next variant,
 * so that neither a burst of load on the machine nor the order falls on one of them alone; the
 * median run of each is reported, with the spread of its runs and the other checkout's median.
 * A contained plugin runs under the default CPU quota (0.5 core averaged over 10 s): a run of
 * 200,000 events takes well under that window, and the periods its cgroup was throttled in are
 * counted to show it (0 expected).
 */
async function throughputRows(
  root: string,
  report: (row: BenchRow) => void,
  doors: Door[],
  rounds: number,
): Promise<void> {
  const loadBefore = await loadAverage();
  // Each round's runs, one for each checkout.
  const runs = await inTurn(rounds, async (variant) => {
    const byDoor: ThroughputRun[] = [];
    for (const door of doors) byDoor.push(await throughput(root, variant, 1, 200_000, 512, door));
    return byDoor;
  });
  const load = `${loadBefore} → ${await loadAverage()}`;
  const cpu = (run: ThroughputRun) =>
    `${run.cpuUs.toFixed(2)} µs of CPU an event, host ${run.hostUs.toFixed(2)} and plugin ${
      run.pluginUs.toFixed(2)
    }`;
  for (const variant of VARIANTS) {
    const [all, base] = doors.map((_, d) => (runs.get(variant) ?? []).map((byDoor) => byDoor[d]));
    const throttled = all.reduce((sum, run) => sum + run.throttled, 0);
    const beside = base === undefined
      ? ""
      : `; the other checkout ${Math.round(median(base).rate / 1000)}k, ${cpu(median(base))}`;
    report({
      section: "plugins",
      name: `events/s to 1 plugin (512/message), ${variant.label}`,
      value: median(all).rate,
      unit: "events/s",
      spread: spreadBeside(rates(all), base && rates(base)),
      note: `goal ≥ 500k; median of ${all.length} runs in turn, load ${load}; ${cpu(median(all))}${
        variant.outer ? `; default CPU quota, ${throttled} periods throttled by it in all runs` : ""
      }${beside}`,
    });
  }
}

/** The spread of our runs, and beside it that of the other checkout (`--against`), if any. */
function spreadBeside(ours: readonly number[], base?: readonly number[]): string {
  return base === undefined
    ? spreadOf(ours)
    : `${spreadOf(ours)}; the other checkout ${spreadOf(base)}`;
}

/** Starts of each plugin the cold start's median is taken over. */
const COLD_ROUNDS = 9;

/** The machine's load average over the last minute, as `/proc/loadavg` says ("?" elsewhere). */
async function loadAverage(): Promise<string> {
  return (await Deno.readTextFile("/proc/loadavg").catch(() => "? ")).split(" ")[0];
}

/** The parts of the run, in the order they run; `--only` names some of them. */
const PARTS = [
  "throughput",
  "latency",
  "cold",
  "memory",
  "broker",
  "frame",
  "ten",
] as const;
type Part = typeof PARTS[number];

function isPart(name: string): name is Part {
  return PARTS.some((part) => part === name);
}

/** The parts the flags ask for: every part without `--only`. */
function wantedParts(flags: string[]): ReadonlySet<Part> {
  const only = flagValue(flags, "only");
  if (only === undefined) return new Set(PARTS);
  const wanted = new Set<Part>();
  for (const name of only.split(",")) {
    if (!isPart(name)) {
      throw new Error(`Cannot bench plugins: --only takes ${PARTS.join(", ")}, got ${name}`);
    }
    wanted.add(name);
  }
  return wanted;
}

/** The value of `--name=VALUE` among the flags, if given. */
function flagValue(flags: string[], name: "only" | "against" | "rounds"): string | undefined {
  const { values } = parseArgs({
    args: flags,
    options: { only: { type: "string" }, against: { type: "string" }, rounds: { type: "string" } },
    strict: false,
  });
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

/** The rounds `--rounds=N` asks of the throughput runs, if given. */
function roundsOf(flags: string[]): number | undefined {
  const text = flagValue(flags, "rounds");
  if (text === undefined) return undefined;
  const rounds = Number(text);
  if (!Number.isSafeInteger(rounds) || rounds < 1 || rounds > 100) {
    throw new Error(
      `Cannot bench plugins: --rounds takes a whole number from 1 to 100, got ${text}`,
    );
  }
  return rounds;
}

/** Runs the plugin benchmarks (those `--only` names, e.g. `--only=broker`, or all). */
export async function run(report: (row: BenchRow) => void, flags: string[] = []): Promise<void> {
  const parts = wantedParts(flags);
  const root = await Deno.makeTempDir({ prefix: "bench-plugins-" });
  const section = "plugins";
  try {
    const against = flagValue(flags, "against");
    const doors = against === undefined ? [OURS] : [OURS, await doorAt(against)];
    // Warm the host's JIT on every path first, so that none pays for it alone.
    if (parts.has("throughput") || parts.has("ten")) {
      for (const variant of VARIANTS) {
        for (const door of doors) await throughput(root, variant, 1, 50_000, 512, door);
      }
    }
    if (parts.has("throughput")) {
      await throughputRows(root, report, doors, roundsOf(flags) ?? THROUGHPUT_ROUNDS);
    }
    if (parts.has("latency")) await latencyRows(root, report);
    if (parts.has("cold")) {
      const [ours, base] = await coldStarts(root, doors, COLD_ROUNDS);
      const load = await loadAverage();
      for (const [i, variant] of VARIANTS.entries()) {
        const beside = base === undefined
          ? ""
          : `; ${base[i].ms.toFixed(1)} ms and ${
            base[i].cpuMs.toFixed(1)
          } ms of CPU for ${against}`;
        report({
          section,
          name: `cold start (median), ${variant.label}`,
          value: ours[i].ms,
          unit: "ms",
          spread: spreadBeside(ours[i].runs, base?.[i].runs),
          note: `goal < 100 ms; ${ours[i].cpuMs.toFixed(1)} ms of CPU, host and plugin; ` +
            `median of ${COLD_ROUNDS}${beside}, in turn, load ${load}`,
        });
      }
    }
    for (const variant of parts.has("memory") ? VARIANTS : []) {
      report({
        section,
        name: `resident memory per idle plugin (10 loaded), ${variant.label}`,
        value: await idleMemory(root, variant, 10),
        unit: "MiB",
        spread: "1 run",
        note: "goal < 50 MiB",
      });
    }
    if (parts.has("broker")) await brokerChecks(root, report);
    if (parts.has("frame")) {
      const rounds = await hostileFrameSteps(5);
      report({
        section,
        name: "longest host step on one costly 4 MiB frame (nested, 1.4M items, a long string)",
        value: Math.max(...rounds),
        unit: "ms",
        spread: `each round's longest ${spreadOf(rounds)}`,
        note: "goal < 50 ms",
      });
    }
    const tens = parts.has("ten")
      ? await inTurn(TEN_ROUNDS, (variant) => throughput(root, variant, 10, 50_000, 512))
      : new Map<Variant, ThroughputRun[]>();
    for (const [variant, runs] of tens) {
      const { rate: ten, cpuUs } = median(runs);
      report({
        section,
        name: `events/s to each of 10 plugins, ${variant.label}`,
        value: ten,
        unit: "events/s",
        spread: spreadOf(rates(runs)),
        note: `median of ${runs.length} runs in turn; ${
          Math.round(ten * 10).toLocaleString("en-US")
        } deliveries/s in all; ${(cpuUs / 10).toFixed(2)} µs of CPU a delivery`,
      });
    }
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}
