/**
 * IRC adapter benchmark: 200k PRIVMSG lines from a scripted local server through the whole
 * adapter (our transport, read path, worker, bus, subscriber) beside bare irc-framework
 * emitting its `privmsg` events on the same input (on its own transport and on ours), and
 * the line-parser floors (our splitter with irc-framework's parser, and with ours, in memory,
 * no socket), each as the median of 7 runs (after 2 warm-ups) with their spread, in wall and
 * CPU time, and CPU time per line; a server sending 64 MB without a newline (the median of 5
 * runs); and peak memory for a 5,000-user NAMES flood. Each adapter and floor run has a process
 * of its own (see `runApart`); `--against=DIR` runs another checkout's adapter beside ours,
 * alternating.
 */
// @ts-types="../irc/_framework_types.d.ts"
import ircFramework from "irc-framework";
import { EventBus, IrcClient } from "../mod.ts";
import { LineSplitter } from "../irc/_line_splitter.ts";
import { withTransport } from "../irc/_transport.ts";
import { parseLine } from "../irc/_line_parser.ts";
import process from "node:process";
import { parseArgs } from "node:util";
import { type BenchRow, spreadOf } from "./_report.ts";

const LINES = 200_000;
/**
 * Measured runs of each path, after the warm-ups. Seven, not five: on a shared machine a run
 * or two lose the core to another process, and the median of seven still lands on a run that
 * kept it.
 */
const RUNS = 7;
/** Unmeasured runs of each path first, so that the measured ones run optimised code. */
const WARMUPS = 2;
/** Runs of the 64 MB flood without a newline: each takes tens of ms. */
const CUT_RUNS = 5;
const enc = new TextEncoder();

/** Serves one client: answers registration, then writes `payload`. */
async function serveOnce(
  listener: Deno.Listener,
  payload: Uint8Array,
  onFloodStart: () => void,
): Promise<Deno.Conn> {
  const conn = await listener.accept();
  const buf = new Uint8Array(16384);
  let text = "";
  while (!/USER [^\n]*\n/.test(text)) {
    const n = await conn.read(buf);
    if (n === null) throw new Error("Cannot bench: the client left during registration");
    text += new TextDecoder().decode(buf.subarray(0, n));
  }
  const nick = /NICK (\S+)/.exec(text)?.[1] ?? "bench";
  await write(
    conn,
    enc.encode(
      `:peer CAP * LS :\r\n:peer 001 ${nick} :Welcome\r\n:peer 005 ${nick} CASEMAPPING=rfc1459 CHANTYPES=# :ok\r\n:peer 376 ${nick} :End\r\n`,
    ),
  );
  onFloodStart();
  await write(conn, payload);
  // Keep reading (and discarding) what the client sends until it leaves; its QUIT is answered
  // by a close, as a server does, so that a run's teardown does not wait out the client's
  // grace period (2 s a run) before the next one.
  (async () => {
    try {
      let n: number | null;
      while ((n = await conn.read(buf)) !== null) {
        if (new TextDecoder().decode(buf.subarray(0, n)).includes("QUIT")) conn.closeWrite();
      }
    } catch { /* closed */ }
  })();
  return conn;
}

async function write(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let off = 0;
  while (off < bytes.length) off += await conn.write(bytes.subarray(off));
}

function privmsgFlood(): Uint8Array {
  const parts: string[] = [];
  for (let i = 0; i < LINES; i++) {
    parts.push(
      `:user${i % 50}!u@host${i % 50} PRIVMSG #bench :message number ${i} with some text\r\n`,
    );
  }
  return enc.encode(parts.join(""));
}

/** The run being counted: lines received so far, and what the LINES-th line resolves. */
const counted = { lines: 0, done: () => {} };

/**
 * Counts a line received. One function for every run, as an application subscribes one
 * function for its life: a closure per run was a new call target for the bus's dispatcher
 * in each run, and V8 threw out its optimised code and compiled it again within the measured
 * run (issue 25).
 */
function tick(): void {
  if (++counted.lines === LINES) counted.done();
}

/** Starts counting a run's lines with `tick`; resolves at the LINES-th. */
function countLines(): Promise<void> {
  const { promise, resolve } = Promise.withResolvers<void>();
  counted.lines = 0;
  counted.done = resolve;
  return promise;
}

/** The adapter under measurement, pointed at a local scripted server. */
function localClient(bus: EventBus, port: number): IrcClient {
  return new IrcClient({ bus, networkId: 1, host: "127.0.0.1", port, tls: false, nick: "bench" });
}

/** The classes an adapter run needs, from this checkout or another one's root door. */
interface Door {
  EventBus: typeof EventBus;
  IrcClient: typeof IrcClient;
}

const OURS: Door = { EventBus, IrcClient };

/** The URL of the root door of the checkout in `dir`; throws when it has none. */
function doorFile(dir: string): string {
  const url = new URL(`${dir.replace(/\/*$/, "")}/mod.ts`, `file://${Deno.cwd()}/`);
  try {
    Deno.statSync(url);
  } catch {
    throw new Error(`Cannot bench against ${dir}: it has no mod.ts`);
  }
  return url.href;
}

/** The root door of the checkout in `dir`, to run its adapter beside ours. */
async function doorAt(dir: string): Promise<Door> {
  const door: unknown = await import(doorFile(dir));
  if (!isDoor(door)) throw new Error(`Cannot bench against ${dir}: its mod.ts has no IrcClient`);
  return door;
}

function isDoor(value: unknown): value is Door {
  return typeof value === "object" && value !== null && "EventBus" in value &&
    typeof value.EventBus === "function" && "IrcClient" in value &&
    typeof value.IrcClient === "function";
}

async function adapterRun(payload: Uint8Array, door: Door = OURS): Promise<Timing> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const bus = new door.EventBus();
  let stop!: () => Timing;
  const counting = countLines();
  bus.subscribe("message.received", tick);
  const client = new door.IrcClient({
    bus,
    networkId: 1,
    host: "127.0.0.1",
    port,
    tls: false,
    nick: "bench",
  });
  const serving = serveOnce(listener, payload, () => stop = startTiming());
  await client.connect();
  await counting;
  const elapsed = stop();
  const conn = await serving;
  await client.disconnect();
  conn.close();
  listener.close();
  await bus.close();
  return elapsed;
}

interface BareClient {
  connect(options: unknown): void;
  on(event: string, fn: (...args: unknown[]) => void): void;
  quit(message: string): void;
  connection: { end(): void };
}

/** Runs bare irc-framework, on its own transport or (`ours`) on ours. */
async function bareRun(payload: Uint8Array, ours = false): Promise<Timing> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const Client = (ircFramework as unknown as { Client: new () => BareClient }).Client;
  const client = new Client();
  let stop!: () => Timing;
  const counting = countLines();
  client.on("privmsg", tick);
  let closed!: () => void;
  const closedP = new Promise<void>((resolve) => closed = resolve);
  client.on("close", () => closed());
  const serving = serveOnce(listener, payload, () => stop = startTiming());
  const options = { host: "127.0.0.1", port, nick: "bare", auto_reconnect: false };
  client.connect(
    ours
      ? withTransport(options, {
        host: "127.0.0.1",
        port,
        tls: false,
        rejectUnauthorized: true,
        onDropped() {}, // the payload holds no overlong line; the line count would show one
      })
      : options,
  );
  await counting;
  const elapsed = stop();
  const conn = await serving;
  client.quit("bye");
  conn.close();
  await closedP;
  listener.close();
  return elapsed;
}

/**
 * The floor: bytes to parsed lines in memory, 64 KiB at a time, with nothing else to do. The
 * issue's floor parses with irc-framework's parser; the adapter now reads with ours.
 */
function parserFloor(payload: Uint8Array, ours = false): Timing {
  const parse = ours
    ? parseLine
    : (ircFramework as unknown as { ircLineParser: (line: string) => unknown }).ircLineParser;
  const stop = startTiming();
  const splitter = new LineSplitter();
  let count = 0;
  for (let off = 0; off < payload.length; off += 65536) {
    for (const line of splitter.push(payload.subarray(off, off + 65536))) {
      if (typeof line !== "string") continue; // a dropped line: the count check below fails
      parse(line);
      count++;
    }
  }
  const elapsed = stop();
  if (count !== LINES) throw new Error(`Cannot bench the parser: got ${count} lines`);
  return elapsed;
}

function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Wall time and this process's CPU time (user + system, all its threads) of one run, in ms. */
interface Timing {
  wall: number;
  cpu: number;
}

/** Starts timing a run; the function returned stops it. */
function startTiming(): () => Timing {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 };
  };
}

/**
 * The runs of one path. Wall time is what a user waits; CPU time is what the pipeline costs,
 * and it moves far less than wall time on a shared machine (the server, the client and the
 * floor all run in this one process).
 */
class Runs {
  readonly timings: Timing[] = [];

  /** The median of one measure, in ms. */
  median(of: keyof Timing): number {
    return median(this.timings.map((t) => t[of]));
  }

  /** Lines per second of the median run (per CPU second for `cpu`). */
  rate(of: keyof Timing = "wall"): number {
    return LINES / (this.median(of) / 1000);
  }

  /** The spread of the runs' rates, in lines/s (per CPU second for `cpu`). */
  spread(of: keyof Timing = "wall"): string {
    return spreadOf(this.timings.map((t) => LINES / (t[of] / 1000)));
  }

  /** CPU time per line of the median run, in µs. */
  get cpuPerLine(): number {
    return this.median("cpu") * 1000 / LINES;
  }

  /** The spread of the runs' CPU time per line, in µs. */
  get cpuPerLineSpread(): string {
    return spreadOf(this.timings.map((t) => t.cpu * 1000 / LINES));
  }

  /**
   * The spread of this path's wall time over `base`'s, run i over run i: the paths take turns
   * within a round, so a pair met the same load.
   */
  ratioSpread(base: Runs): string {
    const ratios = this.timings.map((t, i) => t.wall / base.timings[i].wall);
    return ratios.length > 1 ? `${spreadOf(ratios)}, paired runs` : spreadOf(ratios);
  }

  /** The note for a rate line (its wall-time spread is the row's): CPU time per line. */
  get note(): string {
    return `median run; ${(this.rate("cpu") / 1000).toFixed(0)}k lines per CPU second (${
      this.spread("cpu")
    }), ${this.cpuPerLine.toFixed(2)} µs CPU per line`;
  }
}

/** A server that registers the client, then sends 64 MB without a newline. */
async function noNewlineFlood(): Promise<{ ms: number; sent: number; rssGrowthMb: number }> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const bus = new EventBus();
  let lost!: (reason: string) => void;
  const lostP = new Promise<string>((resolve) => lost = resolve);
  bus.subscribe("connection.lost", (e) => lost(e.data.error));
  const client = localClient(bus, port);
  const chunk = new Uint8Array(65536).fill(0x41);
  let sent = 0;
  let start = 0;
  const rssBefore = Deno.memoryUsage().rss;
  let rssPeak = rssBefore;
  const serving = serveOnce(listener, new Uint8Array(), () => start = performance.now());
  await client.connect();
  const conn = await serving;
  try {
    while (sent < 64 * 2 ** 20) {
      sent += await conn.write(chunk);
      rssPeak = Math.max(rssPeak, Deno.memoryUsage().rss);
    }
  } catch { /* the client hung up */ }
  const reason = await lostP;
  const ms = performance.now() - start;
  if (!/had no end within/.test(reason)) throw new Error(`Cannot bench the flood: got ${reason}`);
  await client.disconnect();
  conn.close();
  listener.close();
  await bus.close();
  return { ms, sent, rssGrowthMb: (rssPeak - rssBefore) / 2 ** 20 };
}

async function namesFloodPeak(): Promise<
  { peakMb: number; baseMb: number; ms: number; heapPeakMb: number }
> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const lines = [":bench!b@h JOIN #big"];
  for (let i = 0; i < 5000; i += 20) {
    const chunk = [];
    for (let j = i; j < i + 20; j++) chunk.push(`u${j}!id@host${j}`);
    lines.push(`:peer 353 bench = #big :${chunk.join(" ")}`);
  }
  lines.push(":peer 366 bench #big :End");
  for (let i = 0; i < 1000; i++) lines.push(`:u${i}!id@host${i} AWAY :gone ${i}`);
  lines.push(":peer PRIVMSG #big :end-marker");
  const payload = enc.encode(lines.map((l) => `${l}\r\n`).join(""));
  const bus = new EventBus();
  let finish!: () => void;
  const done = new Promise<void>((resolve) => finish = resolve);
  bus.subscribe("message.received", (e) => {
    if (e.data.message === "end-marker") finish();
  });
  // A slow-ish subscriber: every user.meta costs a little work.
  bus.subscribe("user.meta", (e) => {
    JSON.stringify(e.data);
  });
  const client = localClient(bus, port);
  const baseMb = Deno.memoryUsage().rss / 2 ** 20;
  let peak = baseMb;
  let heapPeak = 0;
  const sample = () => {
    const m = Deno.memoryUsage();
    peak = Math.max(peak, m.rss / 2 ** 20);
    heapPeak = Math.max(heapPeak, m.heapUsed / 2 ** 20);
  };
  const sampler = setInterval(sample, 5);
  let start = 0;
  const serving = serveOnce(listener, payload, () => start = performance.now());
  await client.connect();
  await done;
  const ms = performance.now() - start;
  sample();
  clearInterval(sampler);
  const conn = await serving;
  await client.disconnect();
  conn.close();
  listener.close();
  await bus.close();
  return { peakMb: peak, baseMb, ms, heapPeakMb: heapPeak };
}

/** The paths that run in a process of their own. */
type Apart = "adapter" | "floor" | "our-floor";

function isApart(value: unknown): value is Apart {
  return value === "adapter" || value === "floor" || value === "our-floor";
}

/**
 * One measured run of `path` in a fresh process, after its warm-ups: a run in the bench's own
 * process paid for the garbage the other paths left in the shared heap (bare irc-framework's,
 * another checkout's), and its figure moved with theirs. The floors run apart too, so that the
 * ratio of the adapter to its floor compares like with like.
 */
async function runApart(path: Apart, against?: string): Promise<Timing> {
  const args = [
    "run",
    "--allow-all",
    `--lock=${new URL("../deno.lock", import.meta.url).pathname}`,
    new URL(import.meta.url).pathname,
    `--child=${path}`,
    ...(against === undefined ? [] : [`--against=${against}`]),
  ];
  const out = await new Deno.Command(Deno.execPath(), { args, stdout: "piped", stderr: "piped" })
    .output();
  const text = new TextDecoder().decode(out.stdout).trim().split("\n").at(-1) ?? "";
  const timing: unknown = out.success ? JSON.parse(text) : undefined;
  if (!isTiming(timing)) {
    throw new Error(
      `Cannot bench ${path} in a child process: got ${
        JSON.stringify(new TextDecoder().decode(out.stderr).slice(-500))
      }`,
    );
  }
  return timing;
}

function isTiming(value: unknown): value is Timing {
  return typeof value === "object" && value !== null && "wall" in value &&
    typeof value.wall === "number" && "cpu" in value && typeof value.cpu === "number";
}

/** The child's side of `runApart`: warm-ups, one measured run, its timing on stdout. */
async function runChild(path: Apart, against: string | undefined): Promise<void> {
  const payload = privmsgFlood();
  let once: () => Promise<Timing> | Timing;
  if (path === "adapter") {
    const door = against === undefined ? OURS : await doorAt(against);
    once = () => adapterRun(payload, door);
  } else {
    once = () => parserFloor(payload, path === "our-floor");
  }
  for (let i = 0; i < WARMUPS; i++) await once();
  console.log(JSON.stringify(await once()));
}

/** What the flags ask for. */
interface Options {
  /** Measured runs of each path. */
  runs: number;
  /** Another checkout whose adapter runs beside ours, alternating. */
  against?: string;
}

function options(flags: string[]): Options {
  // Flags meant for other sections (e.g. `peers --only=memory`) are not ours to refuse.
  const { values } = parseArgs({
    args: flags,
    strict: false,
    options: { runs: { type: "string" }, against: { type: "string" } },
  });
  const runs = values.runs === undefined ? RUNS : Number(values.runs);
  if (!Number.isSafeInteger(runs) || runs < 1 || runs > 50) {
    throw new Error(
      `Cannot bench irc: --runs must be a whole number from 1 to 50, got ${values.runs}`,
    );
  }
  const against = typeof values.against === "string" ? values.against : undefined;
  return { runs, against };
}

/**
 * Runs the IRC section. Flags: `--runs=N` measured runs of each path (7 by default);
 * `--against=DIR` runs the adapter of the checkout in DIR (e.g. a worktree of the commit
 * before a change) beside ours, alternating, and reports its line and the ratio.
 */
export async function run(report: (row: BenchRow) => void, flags: string[] = []): Promise<void> {
  const wanted = options(flags);
  // Refused here, not in the first child, when DIR holds no root door. Not imported here: its
  // modules would weigh on this process's memory figures.
  if (wanted.against !== undefined) doorFile(wanted.against);
  // First, so the PRIVMSG runs' buffers do not inflate the figure.
  const flood = await namesFloodPeak();
  report({
    section: "irc",
    name: "5,000-user NAMES + 1,000 away: peak RSS",
    value: flood.peakMb,
    unit: "MB",
    spread: spreadOf([flood.peakMb]),
    note: `RSS before: ${flood.baseMb.toFixed(1)} MB; flood handled in ${flood.ms.toFixed(0)} ms`,
  });
  report({
    section: "irc",
    name: "5,000-user NAMES + 1,000 away: peak JS heap used",
    value: flood.heapPeakMb,
    unit: "MB",
    spread: spreadOf([flood.heapPeakMb]),
  });
  // No warm-up: one cold run does not move the median of five, and the first run is the one
  // whose memory growth counts.
  const cuts = [];
  for (let i = 0; i < CUT_RUNS; i++) cuts.push(await noNewlineFlood());
  const cutMs = cuts.map((cut) => cut.ms);
  report({
    section: "irc",
    name: "64 MB without a newline: time until connection.lost",
    value: median(cutMs),
    unit: "ms",
    spread: spreadOf(cutMs),
    note: `cut after 64 KiB without a line end; the server got at most ${
      (Math.max(...cuts.map((cut) => cut.sent)) / 2 ** 20).toFixed(1)
    } MB out before the hang-up; RSS +${
      Math.max(...cuts.map((cut) => cut.rssGrowthMb)).toFixed(1)
    } MB at most (was 47-58 s, ~800 MB)`,
  });
  const payload = privmsgFlood();
  // Warm up every path once, then RUNS of each, interleaved: each line is the median run and
  // the spread, and the ratios are of medians taken in the same run, under the same load.
  for (let i = 0; i < WARMUPS; i++) {
    await bareRun(payload);
    await bareRun(payload, true);
  }
  const adapter = new Runs();
  const against = new Runs();
  const bare = new Runs();
  const bareOurs = new Runs();
  const floor = new Runs();
  const ourFloor = new Runs();
  for (let i = 0; i < wanted.runs; i++) {
    adapter.timings.push(await runApart("adapter"));
    if (wanted.against !== undefined) {
      against.timings.push(await runApart("adapter", wanted.against));
    }
    bare.timings.push(await bareRun(payload));
    bareOurs.timings.push(await bareRun(payload, true));
    floor.timings.push(await runApart("floor"));
    ourFloor.timings.push(await runApart("our-floor"));
  }
  const load = Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
  report({
    section: "irc",
    name: "200k PRIVMSG through the adapter to a bus subscriber",
    value: adapter.rate(),
    unit: "lines/s",
    spread: adapter.spread(),
    note: `goal: at least 520k; ${adapter.note}; load ${load}`,
  });
  if (wanted.against !== undefined) {
    report({
      section: "irc",
      name: `200k PRIVMSG through the adapter at ${wanted.against}`,
      value: against.rate(),
      unit: "lines/s",
      spread: against.spread(),
      note: `${against.note}; ours/theirs in CPU time per line ${
        (adapter.cpuPerLine / against.cpuPerLine).toFixed(2)
      }x, runs alternating`,
    });
  }
  report({
    section: "irc",
    name: "200k PRIVMSG through the adapter: CPU time per line",
    value: adapter.cpuPerLine,
    unit: "µs",
    spread: adapter.cpuPerLineSpread,
    note:
      `socket to subscriber, the scripted server's writes included (one process); the parser floor takes ${
        floor.cpuPerLine.toFixed(2)
      } µs (irc-framework's parser), ${ourFloor.cpuPerLine.toFixed(2)} µs (ours)`,
  });
  report({
    section: "irc",
    name: "200k PRIVMSG through bare irc-framework privmsg events",
    value: bare.rate(),
    unit: "lines/s",
    spread: bare.spread(),
    note: bare.note,
  });
  report({
    section: "irc",
    name: "200k PRIVMSG through bare irc-framework on our transport",
    value: bareOurs.rate(),
    unit: "lines/s",
    spread: bareOurs.spread(),
    note: `the transport alone: bounded, linear line splitting; ${bareOurs.note}`,
  });
  report({
    section: "irc",
    name: "200k PRIVMSG line-parser floor (splitter + irc-framework parser, in memory)",
    value: floor.rate(),
    unit: "lines/s",
    spread: floor.spread(),
    note: floor.note,
  });
  report({
    section: "irc",
    name: "200k PRIVMSG line-parser floor (splitter + our parser, in memory)",
    value: ourFloor.rate(),
    unit: "lines/s",
    spread: ourFloor.spread(),
    note: `the parser the adapter reads with; ${ourFloor.note}`,
  });
  report({
    section: "irc",
    name: "adapter time / parser floor time (irc-framework parser)",
    value: adapter.median("wall") / floor.median("wall"),
    unit: "x",
    spread: adapter.ratioSpread(floor),
    note: `goal: at most 4.5; in CPU time ${
      (adapter.median("cpu") / floor.median("cpu")).toFixed(2)
    }x; against our parser's floor ${
      (adapter.median("wall") / ourFloor.median("wall")).toFixed(2)
    }x wall, ${(adapter.median("cpu") / ourFloor.median("cpu")).toFixed(2)}x CPU`,
  });
  report({
    section: "irc",
    name: "adapter time / bare irc-framework time",
    value: adapter.median("wall") / bare.median("wall"),
    unit: "x",
    spread: adapter.ratioSpread(bare),
    note: `goal: at most 1.3; in CPU time ${
      (adapter.median("cpu") / bare.median("cpu")).toFixed(2)
    }x`,
  });
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    strict: false,
    options: { child: { type: "string" }, against: { type: "string" } },
  });
  if (isApart(values.child)) {
    await runChild(values.child, typeof values.against === "string" ? values.against : undefined);
    // irc-framework may still hold a timer; the timing is out.
    Deno.exit(0);
  }
  await run(
    (row) => console.log(`${row.name}: ${row.value.toFixed(2)} ${row.unit} (${row.note ?? ""})`),
    Deno.args,
  );
}
