/**
 * The bus against the least its semantics allow (issues 16 and 25). Each subject runs
 * 1,000,000 events in a fresh child process (`bench/_bus_workload.ts`): warm-up runs, then the
 * median CPU time of 5 runs, their spread and the peak RSS. One line per scenario: the ratio of
 * the medians, held to the issue's goal, with the bus's and the baseline's figures.
 *
 * The bus is reached two ways, both real: through `bus/mod.ts` with plain function subscribers,
 * and through the root `mod.ts` with `{ onEvent }` objects (the spec's Subscriber), as a user
 * writes it. A baseline's process loads neither the bus nor the root door.
 *
 * @module
 */
import { type BenchRow, percentile, spreadOf } from "./_report.ts";

const EVENTS = 1_000_000;
const WORKLOAD = new URL("./_bus_workload.ts", import.meta.url).pathname;
const CONFIG = new URL("../deno.json", import.meta.url).pathname;

/** What one child process measured. */
interface Measured {
  /** CPU time of each measured run, in ms. */
  runs: number[];
  /** Their median. */
  ms: number;
  /** Peak resident set of the process, in MB. */
  peakRssMb: number;
}

/** How the bus is reached: `bus/mod.ts` and functions, or the root door and `{ onEvent }`. */
type Path = "bus" | "root";

/**
 * A subject: `[name, shape, path]` as `_bus_workload.ts` takes them, and its event count. A
 * baseline loads no bus and has no path.
 */
type Subject = readonly [name: string, shape: string, path?: Path, events?: number];

interface Scenario {
  name: string;
  bus: Subject;
  baseline: Subject;
  /**
   * `bus`: the bus's time over the baseline's; `faster`: the baseline's over the bus's; `rss`:
   * the bus process's peak RSS over the baseline's.
   */
  ratio: "bus" | "faster" | "rss";
  goal: string;
}

const PATHS = {
  bus: "bus/mod.ts, functions",
  root: "root mod.ts, { onEvent }",
} as const satisfies Record<Path, string>;

const scenarios: Scenario[] = [
  ...(["bus", "root"] as const).flatMap((path) =>
    (["1", "10", "10w"] as const).map((shape): Scenario => ({
      name: `ordered lane, tryEmit / bare ring, ${subscribers(shape)} (${PATHS[path]})`,
      bus: ["bus", shape, path],
      baseline: ["ring", shape],
      ratio: "bus",
      goal: "<= 1.5",
    }))
  ),
  {
    name: `ordered lane, awaited emit / ring awaiting each emit, ${subscribers("1")}`,
    bus: ["bus-awaited", "1", "bus"],
    baseline: ["ring-awaited", "1"],
    ratio: "bus",
    goal: "<= 1.2",
  },
  ...(["1", "10w"] as const).map((shape): Scenario => ({
    name: `times faster than emittery's awaited emit, ${subscribers(shape)}`,
    bus: ["bus", shape, "bus"],
    baseline: ["emittery", shape],
    ratio: "faster",
    goal: ">= 20",
  })),
  {
    name: `emitSync / floor of one awaited promise per event, ${subscribers("1")}`,
    bus: ["bus-emitsync", "1", "bus"],
    baseline: ["floor", "1"],
    ratio: "bus",
    goal: "<= 2",
  },
  ...(["cyclic", "uniform", "hot"] as const).map((shape): Scenario => ({
    name: `snapshot lane / bare Map, ${shape} (${PATHS.bus})`,
    bus: ["bus-latest", shape, "bus"],
    baseline: ["map-latest", shape],
    ratio: "bus",
    goal: "<= 1.5, peak RSS <= 1.5",
  })),
  ...(["cyclic", "uniform", "hot"] as const).map((shape): Scenario => ({
    name: `snapshot lane / bare Map, ${shape} (${PATHS.root})`,
    bus: ["bus-latest", shape, "root"],
    baseline: ["map-latest", shape],
    ratio: "bus",
    goal: "<= 1.5",
  })),
  // Issue 22: a program that imports the root door for its bus pays for the bus, not the client.
  ...(["cyclic", "uniform", "hot"] as const).map((shape): Scenario => ({
    name: `peak RSS, snapshot lane through the root door / bare process with a Map, ${shape}`,
    bus: ["bus-latest", shape, "root"],
    baseline: ["map-latest", shape],
    ratio: "rss",
    goal: "<= 1.2",
  })),
];

function subscribers(shape: string): string {
  if (shape === "10w") return "10 subscribers + wildcard";
  return shape === "1" ? "1 subscriber" : `${shape} subscribers`;
}

/** Runs one subject in a fresh child process. */
async function measure([name, shape, path = "bus", events = EVENTS]: Subject): Promise<Measured> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-all",
      "--quiet",
      "--config",
      CONFIG,
      WORKLOAD,
      name,
      shape,
      `${events}`,
      path,
    ],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const text = new TextDecoder().decode(output.stdout);
  if (!output.success) {
    throw new Error(`Cannot measure ${name} ${shape}: the child failed, got ${text}`);
  }
  const parsed: unknown = JSON.parse(text);
  if (
    typeof parsed !== "object" || parsed === null || !("ms" in parsed) ||
    !Array.isArray(parsed.ms) || !("peakRssMb" in parsed) || typeof parsed.peakRssMb !== "number"
  ) {
    throw new TypeError(`Cannot measure ${name} ${shape}: unexpected output, got ${text}`);
  }
  const runs = parsed.ms.filter((value): value is number => typeof value === "number");
  return { runs, ms: percentile(runs, 0.5), peakRssMb: parsed.peakRssMb };
}

/** The median (with the spread of the runs, unless the row's spread has it) and the peak RSS. */
function figure(m: Measured, spread: boolean): string {
  return `${m.ms.toFixed(1)} ms${spread ? ` (${spreadOf(m.runs)})` : ""}, ${
    m.peakRssMb.toFixed(0)
  } MB`;
}

/** Runs every scenario; a subject shared by two scenarios is measured once. */
export async function run(report: (row: BenchRow) => void): Promise<void> {
  const cache = new Map<string, Promise<Measured>>();
  const measured = (subject: Subject) => {
    const key = subject.join(" ");
    let result = cache.get(key);
    if (result === undefined) cache.set(key, result = measure(subject));
    return result;
  };
  for (const scenario of scenarios) {
    const bus = await measured(scenario.bus);
    const base = await measured(scenario.baseline);
    const time = bus.ms / base.ms;
    const rss = bus.peakRssMb / base.peakRssMb;
    const value = scenario.ratio === "bus"
      ? time
      : scenario.ratio === "faster"
      ? base.ms / bus.ms
      : rss;
    const other = scenario.ratio === "rss"
      ? `time ${time.toFixed(2)}x`
      : `peak RSS ${rss.toFixed(2)}x`;
    // The bus and its baseline run in processes of their own, one after the other, so their
    // runs do not pair up: the row's spread is the bus's runs against the baseline's median.
    // A peak RSS is one figure per process.
    const spread = scenario.ratio === "rss"
      ? spreadOf([rss])
      : scenario.ratio === "bus"
      ? `${spreadOf(bus.runs.map((ms) => ms / base.ms))}, bus runs / baseline median`
      : `${spreadOf(bus.runs.map((ms) => base.ms / ms))}, baseline median / bus runs`;
    report({
      section: "bus",
      name: scenario.name,
      value,
      unit: "x",
      spread,
      note: `bus ${figure(bus, scenario.ratio === "rss")}; baseline ${
        figure(base, true)
      }; ${other}; goal ${scenario.goal}`,
    });
  }
  // A producer that never yields: the snapshot lane holds one event per key, so the peak RSS
  // must not grow with the number of updates. V8 sizes its young generation up during the
  // first 2M updates (89 MB at 1M, ~122 MB from 2M on, the bare Map alike), so the check
  // compares 8M with 2M.
  const short = await measured(["bus-latest", "cyclic", "bus", EVENTS * 2]);
  const long = await measured(["bus-latest", "cyclic", "bus", EVENTS * 8]);
  report({
    section: "bus",
    name: "memory, producer that never yields: peak RSS at 8M / at 2M snapshot updates",
    value: long.peakRssMb / short.peakRssMb,
    unit: "x",
    spread: spreadOf([long.peakRssMb / short.peakRssMb]),
    note: `${long.peakRssMb.toFixed(0)} MB / ${short.peakRssMb.toFixed(0)} MB; goal ~1 (bounded)`,
  });
}
