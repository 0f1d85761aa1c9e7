/**
 * The bus against the least its semantics allow (issue 16). Each subject runs 1,000,000
 * events in a fresh child process (`bench/_bus_workload.ts`): warm-up runs, then the median
 * CPU time of 5 runs and the peak RSS. One line per scenario: the bus figure, its baseline
 * and the ratio, held to the goal.
 *
 * @module
 */
import type { BenchRow } from "./_report.ts";

const EVENTS = 1_000_000;
const WORKLOAD = new URL("./_bus_workload.ts", import.meta.url).pathname;
const CONFIG = new URL("../deno.json", import.meta.url).pathname;

/** What one child process measured. */
interface Measured {
  /** Median CPU time of the measured runs, in ms. */
  ms: number;
  /** Peak resident set of the process, in MB. */
  peakRssMb: number;
}

/** A subject: `[name, shape]` as `_bus_workload.ts` takes them, and its event count. */
type Subject = readonly [name: string, shape: string, events?: number];

interface Scenario {
  name: string;
  bus: Subject;
  baseline: Subject;
  /** `bus`: the bus's time over the baseline's; `faster`: the baseline's over the bus's. */
  ratio: "bus" | "faster";
  goal: string;
  /** Holds the peak RSS to 1.5x the baseline's too. */
  rss?: boolean;
}

const scenarios: Scenario[] = [
  ...(["1", "10", "10w"] as const).map((shape): Scenario => ({
    name: `ordered lane, tryEmit / bare ring, ${subscribers(shape)}`,
    bus: ["bus", shape],
    baseline: ["ring", shape],
    ratio: "bus",
    goal: "<= 1.5",
  })),
  {
    name: `ordered lane, awaited emit / ring awaiting each emit, ${subscribers("1")}`,
    bus: ["bus-awaited", "1"],
    baseline: ["ring-awaited", "1"],
    ratio: "bus",
    goal: "<= 1.2",
  },
  ...(["1", "10w"] as const).map((shape): Scenario => ({
    name: `times faster than emittery's awaited emit, ${subscribers(shape)}`,
    bus: ["bus", shape],
    baseline: ["emittery", shape],
    ratio: "faster",
    goal: ">= 20",
  })),
  {
    name: `emitSync / floor of one awaited promise per event, ${subscribers("1")}`,
    bus: ["bus-emitsync", "1"],
    baseline: ["floor", "1"],
    ratio: "bus",
    goal: "<= 2",
  },
  ...(["cyclic", "uniform", "hot"] as const).map((shape): Scenario => ({
    name: `snapshot lane / bare Map, ${shape}`,
    bus: ["bus-latest", shape],
    baseline: ["map-latest", shape],
    ratio: "bus",
    goal: "<= 1.5, peak RSS <= 1.5",
    rss: true,
  })),
];

function subscribers(shape: string): string {
  if (shape === "10w") return "10 subscribers + wildcard";
  return shape === "1" ? "1 subscriber" : `${shape} subscribers`;
}

/** Runs one subject in a fresh child process. */
async function measure([name, shape, events = EVENTS]: Subject): Promise<Measured> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "--quiet", "--config", CONFIG, WORKLOAD, name, shape, `${events}`],
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
  const ms = parsed.ms.filter((value): value is number => typeof value === "number");
  return { ms: median(ms), peakRssMb: parsed.peakRssMb };
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const figure = (m: Measured) => `${m.ms.toFixed(1)} ms, ${m.peakRssMb.toFixed(0)} MB`;

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
    const value = scenario.ratio === "bus" ? bus.ms / base.ms : base.ms / bus.ms;
    const rss = bus.peakRssMb / base.peakRssMb;
    report({
      section: "bus",
      name: scenario.name,
      value,
      unit: "x",
      note: `bus ${figure(bus)}; baseline ${figure(base)}; ` +
        (scenario.rss ? `peak RSS ${rss.toFixed(2)}x; ` : "") + `goal ${scenario.goal}`,
    });
  }
  // A producer that never yields: the snapshot lane holds one event per key, so the peak RSS
  // must not grow with the number of updates. V8 sizes its young generation up during the
  // first 2M updates (89 MB at 1M, ~122 MB from 2M on, the bare Map alike), so the check
  // compares 8M with 2M.
  const short = await measured(["bus-latest", "cyclic", EVENTS * 2]);
  const long = await measured(["bus-latest", "cyclic", EVENTS * 8]);
  report({
    section: "bus",
    name: "memory, producer that never yields: peak RSS at 8M / at 2M snapshot updates",
    value: long.peakRssMb / short.peakRssMb,
    unit: "x",
    note: `${long.peakRssMb.toFixed(0)} MB / ${short.peakRssMb.toFixed(0)} MB; goal ~1 (bounded)`,
  });
}
