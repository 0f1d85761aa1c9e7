/**
 * The page's frame time under a flood, alone and quick to rerun (issue 25, item 2): ircbus
 * launched as `deno task run` starts it, 3 scripted networks with 20 channels, one of 5,000
 * users (1,000 away) open in headless Chromium, then 1,000 msg/s into it. Prints each run's
 * frame time p50/p95/p99 and the renderer's main-thread CPU per second of flood (CDP's
 * `TaskDuration` in thread time, which a loaded machine skews less), with the load average.
 *
 * `deno run -A --lock=deno.lock bench/frame_flood.ts [--runs N] [--seconds S] [--msgids] [--tags]
 * [--against DIR] [--replay] [--cpu-split] [--trace PATH [--profile] [--invalidations]
 * [--categories A,B]]`
 *
 * - `--cpu-split` prints where the machine's CPU went over each flood, per process and thread
 *   (from /proc): the renderer's other threads, the GPU process, the client's backend, this
 *   bench's own process (its scripted servers, Playwright) and the rest of the machine;
 * - `--against DIR` runs the checkout in DIR too (a worktree of the commit before a change),
 *   the two taking turns, which goes first alternating from run to run;
 * - `--replay` floods the page itself instead of through IRC: each animation frame, one batch
 *   of 1,000 msg/s worth of messages (16-17) is handed to the page's socket as if the backend
 *   had sent it, copied from a real batch. The page then does the same work every frame
 *   whatever the load on the machine (a loaded machine slows the backend and the flood
 *   comes in fewer, bigger batches), so two checkouts compare on equal terms;
 * - `--msgids` gives each flood line a msgid, as a modern server does (each line then also
 *   draws its reply and reaction buttons), as `deno task bench client` floods;
 * - `--tags` (msgids too) has 50 of the channel's users type and react meanwhile, 60 typing
 *   notices and 60 reactions a second, as the client bench's runs with them;
 * - `--trace PATH` records a Chromium trace of each client's first flood into PATH-0.json
 *   (ours) and PATH-1.json (the base), and prints where the renderer's main thread spent it
 *   in thread time: ours (script), style, layout, pre-paint, paint, layerize, commit, hit
 *   testing, GC, by trace event, and how the frames around p50 and p95 split that way;
 * - `--profile` (with `--trace`) also takes a CPU profile of the page over the same flood,
 *   into PATH-0.cpuprofile and PATH-1.cpuprofile, and prints its costliest functions;
 * - `--invalidations` (with `--trace`) also records why each element was styled or laid out
 *   again, with the script's stack: it slows script and style several times over, so the
 *   times printed then are not the page's;
 * - `--categories A,B` (with `--trace`) records these trace categories too, e.g.
 *   `cppgc,disabled-by-default-cppgc` for what Blink's own garbage collector does inside a
 *   frame's phases.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { percentile } from "./_report.ts";
import { cpuSnapshot, printCpuSplit } from "./_cpu_split.ts";
import { launchPage } from "../tests/client/_browser.ts";
import { browserSettled, floodTick, frameTimes, processSettled, whenUsable } from "./_page.ts";
import { ircbus, ircbusAt, type PeerClient, stopAll } from "./_peer_clients.ts";
import { type Networks, serveNetworks } from "./peers.ts";

const BIG = "#big";
const BIG_MEMBERS = 5000;
const NAVIGATE = { waitUntil: "commit", timeout: 60_000 } as const;

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    against: { type: "string" },
    trace: { type: "string" },
    profile: { type: "boolean", default: false },
    msgids: { type: "boolean", default: false },
    tags: { type: "boolean", default: false },
    replay: { type: "boolean", default: false },
    "cpu-split": { type: "boolean", default: false },
    invalidations: { type: "boolean", default: false },
    categories: { type: "string", default: "" },
  },
});
const runs = Number(values.runs);
const seconds = Number(values.seconds);
if (!Number.isSafeInteger(runs) || runs < 1 || !Number.isSafeInteger(seconds) || seconds < 1) {
  throw new Error(
    `Cannot bench frames: --runs and --seconds take whole numbers, got ${values.runs} and ${values.seconds}`,
  );
}

/** One run's figures. */
interface Figures {
  p50: number;
  p95: number;
  /** The frames beyond p95: a rare long frame (a backlog drawn at once, a GC) shows here. */
  p99: number;
  /** The renderer's main-thread task time per second of flood (ms). */
  cpuMsPerS: number;
  /** The same per frame (ms): what `--replay` compares, as it gives each frame the same work. */
  cpuMsPerFrame: number;
}

function loadAverage(): string {
  return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
}

/**
 * One launch of `client`: its page on #big, flooded for `seconds`, traced (and profiled) into
 * `record`.json (and .cpuprofile).
 */
async function floodRun(
  client: PeerClient,
  servers: Networks,
  record?: string,
): Promise<Figures> {
  const channels = [8, 6, 6].map((n, i) =>
    Array.from({ length: n }, (_, c) => i === 0 && c === 0 ? BIG : `#chan${c}`)
  );
  const place = await client.prepare(
    servers.ports.map((port, i) => ({ name: `Net${i + 1}`, port, channels: channels[i] })),
  );
  servers.reset();
  const launched = await client.launch(place);
  try {
    await using browser = await launchPage();
    await browserSettled();
    const { page } = browser;
    const { shown } = await whenUsable(page, client.ready);
    if (values.replay) await page.addInitScript(recordSockets);
    await page.goto(launched.url, NAVIGATE);
    await shown;
    await servers.settled(20);
    await page.locator(client.channel(BIG)).first().click();
    await page.locator(client.member(`user${BIG_MEMBERS - 2}`)).first().waitFor({
      state: "attached",
      timeout: 60_000,
    });
    await processSettled(launched.pid);
    const big = servers.conn(0);
    const flood = async (from: number, ticks: number) => {
      for (let tick = from; tick < from + ticks; tick++) {
        // The fill before the measure carries no typing or reactions, as in the client bench.
        const tags = values.tags && tick >= 20;
        await big.send(...floodTick(BIG, tick, { msgids: values.msgids, tags }));
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    if (values.replay) await page.evaluate(keepBatch);
    // The buffer filled to its window first, as a channel in use is.
    await flood(0, 20);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
    const taskSeconds = async () => {
      const { metrics } = await cdp.send("Performance.getMetrics");
      return metrics.find((m) => m.name === "TaskDuration")?.value ?? NaN;
    };
    if (record) {
      await browser.browser.startTracing(page, {
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "disabled-by-default-devtools.timeline.frame",
          // Each invalidation then records its stack, which slows the page's script and
          // style several times over: only when asked for.
          ...(values.invalidations
            ? ["disabled-by-default-devtools.timeline.invalidationTracking"]
            : []),
          "v8.execute",
          "v8",
          "blink",
          "cc",
          "toplevel",
          ...values.categories.split(",").filter((c) => c !== ""),
        ],
      });
    }
    const profile = record !== undefined && values.profile;
    if (profile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    const split = values["cpu-split"] ? await cpuSnapshot(launched.pid) : undefined;
    const floodStart = performance.now();
    const before = await taskSeconds();
    if (values.replay) await page.evaluate(replay);
    const flooding = values.replay ? Promise.resolve() : flood(20, seconds * 20);
    const frames = await frameTimes(page, seconds * 1000);
    await flooding;
    if (values.replay) await page.evaluate(() => Reflect.get(globalThis, "stopReplay")?.());
    const cpu = (await taskSeconds()) - before;
    if (split) {
      const elapsed = (performance.now() - floodStart) / 1000;
      printCpuSplit(split, await cpuSnapshot(launched.pid), elapsed);
    }
    if (profile) {
      const { profile: taken } = await cdp.send("Profiler.stop");
      await Deno.writeTextFile(`${record}.cpuprofile`, JSON.stringify(taken));
      summariseProfile(taken);
    }
    if (record) {
      const buffer = await browser.browser.stopTracing();
      await Deno.writeFile(`${record}.json`, buffer);
      summarise(JSON.parse(new TextDecoder().decode(buffer)), frames.length);
    }
    await cdp.detach();
    return {
      p50: percentile(frames, 0.5),
      p95: percentile(frames, 0.95),
      p99: percentile(frames, 0.99),
      cpuMsPerS: cpu * 1000 / seconds,
      cpuMsPerFrame: cpu * 1000 / frames.length,
    };
  } finally {
    await launched.stop();
    await client.remove(place);
  }
}

/**
 * In the page, before its own scripts: notes each WebSocket it opens (in `pageSockets`), so
 * that a replay hands its batches to the page's own socket. (The page's socket lives inside
 * its bundle; importing `/socket.js` again would open a second one.)
 */
function recordSockets(): void {
  const sockets: WebSocket[] = [];
  Reflect.set(globalThis, "pageSockets", sockets);
  globalThis.WebSocket = class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      sockets.push(this);
    }
  };
}

/**
 * In the page: keeps the first batch its socket receives that carries a flood line. (Each
 * in-page function finds the socket itself: Playwright sends only the function's source.)
 */
function keepBatch(): void {
  const sockets: unknown = Reflect.get(globalThis, "pageSockets");
  const socket = Array.isArray(sockets) ? sockets[0] : undefined;
  if (!(socket instanceof WebSocket)) throw new Error("Cannot replay: the page has no socket");
  const keep = (event: MessageEvent) => {
    if (typeof event.data !== "string" || !/"message\.received".*flood \d+ now/.test(event.data)) {
      return;
    }
    Reflect.set(globalThis, "keptBatch", event.data);
    socket.removeEventListener("message", keep);
  };
  socket.addEventListener("message", keep);
}

/**
 * In the page: from the next animation frame on, hands its socket one batch a frame of
 * 1,000 msg/s worth of messages (a copy of the kept batch's first flood line, numbered
 * `replay N now`), until `stopReplay()`.
 */
function replay(): void {
  const sockets: unknown = Reflect.get(globalThis, "pageSockets");
  const socket = Array.isArray(sockets) ? sockets[0] : undefined;
  if (!(socket instanceof WebSocket)) throw new Error("Cannot replay: the page has no socket");
  const kept: unknown = Reflect.get(globalThis, "keptBatch");
  if (typeof kept !== "string") throw new Error("Cannot replay: no batch was kept");
  const batch: Record<string, unknown> = JSON.parse(kept);
  const events = batch.events;
  if (!Array.isArray(events)) throw new Error("Cannot replay: the batch has no events");
  const line = JSON.stringify(
    events.find((e) => JSON.stringify(e).includes('"message.received"')),
  );
  let frames = 0;
  let sent = 0;
  let stopped = false;
  Reflect.set(globalThis, "stopReplay", () => (stopped = true));
  const tick = () => {
    if (stopped) return;
    frames++;
    const due = Math.round(frames * 1000 / 60) - sent;
    const copies = Array.from(
      { length: due },
      () => JSON.parse(line.replace(/flood \d+ now/, `replay ${sent++} now`)),
    );
    const data = JSON.stringify({ ...batch, events: copies, roster: [], updates: [] });
    socket.dispatchEvent(new MessageEvent("message", { data }));
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** A trace event, as far as the summary reads it. */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /**
   * Thread time, which other processes holding the CPU do not stretch. On this VM it
   * sometimes jumps: a few events a trace read 5-8 ms of thread time in 0.2-2 ms of wall
   * time (see {@linkcode threadTime}).
   */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * An event's thread time, at most its wall time. A thread cannot run longer than the time
 * that passed, yet on this VM 0-13 events a trace read 5-8 ms more thread time than wall
 * time (CPU time charged to the thread late; the clock's, not the page's): ranking frames by
 * thread time put exactly those frames in the p95 band, which then showed whichever phase
 * took the jump (paint, commit) doubled.
 */
function threadTime(e: TraceEvent): number {
  return Math.min(e.tdur ?? e.dur ?? 0, e.dur ?? 0);
}

/** Where a trace event's time goes: whose work it is, ours (script) or Chromium's. */
function bucket(name: string): string {
  if (/GC|Scavenge|Sweep|Marking/i.test(name)) return "GC";
  if (/HitTest|MouseMove/.test(name)) return "hit test (mouse over the page)";
  if (/Style|LayoutTree|recalc/i.test(name)) return "style";
  if (/Layout|Shape|Inline/i.test(name)) return "layout";
  if (/PrePaint|CompositingInputs/.test(name)) return "pre-paint";
  if (/Layeriz|PaintArtifactCompositor/.test(name)) return "layerize";
  if (/Paint|Layer|Raster|Display|CullRect/i.test(name)) return "paint";
  if (/commit/i.test(name)) return "commit";
  if (
    /FunctionCall|v8|Microtask|EventDispatch|TimerFire|AnimationFrame|Compile|IdleCallback/i
      .test(name)
  ) {
    return "script (ours)";
  }
  return "other";
}

/**
 * Prints where the renderer's main thread spent the traced flood, in thread time: the self
 * time of each trace event (its time less that of the events inside it), summed by whose
 * work it is and, the largest first, by event.
 */
function summarise(trace: { traceEvents: TraceEvent[] }, frames: number): void {
  const events = trace.traceEvents;
  const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  if (!main) return console.error("No renderer main thread in the trace");
  const own = events.filter((e) =>
    e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined
  ).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  // Each event's own self time, in the order of `own`, for the frames' split below.
  const selfOf = own.map(threadTime);
  const stack: { end: number; name: string; index: number }[] = [];
  let busy = 0;
  own.forEach((e, index) => {
    while (stack.length > 0 && stack[stack.length - 1].end <= e.ts) stack.pop();
    const time = threadTime(e);
    const parent = stack.at(-1);
    if (parent) {
      self.set(parent.name, (self.get(parent.name) ?? 0) - time);
      selfOf[parent.index] -= time;
    } else busy += time;
    self.set(e.name, (self.get(e.name) ?? 0) + time);
    stack.push({ end: e.ts + (e.dur ?? 0), name: e.name, index });
  });
  const buckets = new Map<string, number>();
  for (const [name, us] of self) buckets.set(bucket(name), (buckets.get(bucket(name)) ?? 0) + us);
  const ms = (us: number) => `${(us / 1000).toFixed(1).padStart(8)} ms`;
  // Per frame, and per second of flood: a page that falls behind has fewer, longer frames.
  const perFrame = (us: number) =>
    `${(us / 1000 / frames).toFixed(2).padStart(6)} ms/frame ${
      (us / 1000 / seconds).toFixed(0).padStart(4)
    } ms/s`;
  console.error(`renderer main thread, thread time: ${ms(busy)} ${perFrame(busy)}`);
  const jumps = own.filter((e) => (e.tdur ?? 0) > (e.dur ?? 0) + 100);
  if (jumps.length > 0) {
    console.error(
      `  (${jumps.length} events' thread time passed their wall time by more than 0.1 ms, ` +
        "a jump counted in each event around it, " +
        `up to ${
          (Math.max(...jumps.map((e) => (e.tdur ?? 0) - (e.dur ?? 0))) / 1000).toFixed(1)
        } ms: counted as their wall time)`,
    );
  }
  for (const [name, us] of [...buckets].sort((a, b) => b[1] - a[1])) {
    console.error(`  ${ms(us)} ${perFrame(us)}  ${name}`);
  }
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.error(`    ${ms(us)}  ${name}`);
  }
  summariseFrames(own, selfOf);
}

/**
 * Prints the split of the frames around p50 and p95 (ranked by the main thread's time in
 * them): what a long frame spends its time on, where the totals mix long and short frames.
 * A frame runs as the bench measures it, from Chromium's BeginMainFrame to the end of the
 * first message task after it (the bench's own end-of-frame message).
 */
function summariseFrames(own: TraceEvent[], selfOf: number[]): void {
  const frames: { wall: number; thread: number; split: Map<string, number> }[] = [];
  const next = (from: number, name: string, after = 0) => {
    for (let i = from; i < own.length; i++) {
      if (own[i].name === name && own[i].ts >= after) return i;
    }
    return -1;
  };
  for (let begin = next(0, "ProxyMain::BeginMainFrame"); begin >= 0;) {
    const start = own[begin];
    const end = next(begin + 1, "MessagePort::Accept", start.ts + (start.dur ?? 0));
    if (end < 0) break;
    const until = own[end].ts + (own[end].dur ?? 0);
    const split = new Map<string, number>();
    let thread = 0;
    let i = begin;
    for (; i < own.length && own[i].ts < until; i++) {
      const name = bucket(own[i].name);
      split.set(name, (split.get(name) ?? 0) + selfOf[i]);
      thread += selfOf[i];
    }
    frames.push({ wall: until - start.ts, thread, split });
    begin = next(i, "ProxyMain::BeginMainFrame");
  }
  if (frames.length === 0) return;
  frames.sort((a, b) => a.thread - b.thread);
  for (const [label, from, to] of [["p50", 0.45, 0.55], ["p95", 0.92, 0.98]] as const) {
    const band = frames.slice(Math.floor(from * frames.length), Math.ceil(to * frames.length));
    const mean = (pick: (f: (typeof frames)[number]) => number) =>
      band.reduce((sum, f) => sum + pick(f), 0) / band.length / 1000;
    const names = [...new Set(band.flatMap((f) => [...f.split.keys()]))];
    const split = names.map((name) => [name, mean((f) => f.split.get(name) ?? 0)] as const)
      .sort((a, b) => b[1] - a[1]).map(([name, v]) => `${name} ${v.toFixed(2)}`).join(", ");
    console.error(
      `frames around ${label} (${band.length} of ${frames.length}, by thread time): thread ${
        mean((f) => f.thread).toFixed(2)
      } ms, wall ${mean((f) => f.wall).toFixed(2)} ms: ${split}`,
    );
  }
}

/** A CPU profile, as far as the summary reads it. */
interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Prints the page's functions that took the most samples of a CPU profile (self time). */
function summariseProfile(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const frame = byId.get(samples[i]);
    if (!frame) continue;
    const file = frame.url.split("/").at(-1) ?? "";
    const key = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0));
  }
  console.error("page CPU profile, self time:");
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.error(`  ${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`);
  }
}

const clients = values.against === undefined
  ? [ircbus]
  : [ircbus, ircbusAt(values.against, `base ${values.against}`)];
const results = new Map<string, Figures[]>(clients.map((c) => [c.name, []]));
Deno.addSignalListener("SIGINT", () => {
  stopAll();
  Deno.exit(130);
});
{
  await using servers = serveNetworks(3, (c) => c === BIG ? BIG_MEMBERS : 30);
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? clients : clients.toReversed();
    for (const client of order) {
      const record = run === 0 && values.trace !== undefined
        ? `${values.trace}-${clients.indexOf(client)}`
        : undefined;
      const figures = await floodRun(client, servers, record);
      results.get(client.name)?.push(figures);
      console.error(
        `${client.name}: p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, ` +
          `p99 ${figures.p99.toFixed(1)} ms, ` +
          `CPU ${figures.cpuMsPerS.toFixed(0)} ms/s, ${
            figures.cpuMsPerFrame.toFixed(2)
          } ms/frame; ` +
          `load ${loadAverage()}`,
      );
    }
  }
}
const median = (xs: number[]) => percentile(xs, 0.5);
for (const [name, figures] of results) {
  const list = (pick: (f: Figures) => number) => figures.map((f) => pick(f).toFixed(1)).join(", ");
  console.log(
    `${name}: p50 median ${median(figures.map((f) => f.p50)).toFixed(1)} ms (${
      list((f) => f.p50)
    }); p95 median ${median(figures.map((f) => f.p95)).toFixed(1)} ms (${
      list((f) => f.p95)
    }); p99 median ${median(figures.map((f) => f.p99)).toFixed(1)} ms (${
      list((f) => f.p99)
    }); CPU median ${median(figures.map((f) => f.cpuMsPerS)).toFixed(0)} ms/s (${
      list((f) => f.cpuMsPerS)
    }), ${median(figures.map((f) => f.cpuMsPerFrame)).toFixed(2)} ms/frame (${
      list((f) => f.cpuMsPerFrame)
    })`,
  );
}
console.log(`load average ${loadAverage()}`);
