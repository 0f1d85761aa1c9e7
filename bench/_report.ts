import process from "node:process";

/** One measured value of a benchmark section. */
export interface BenchRow {
  /** The part measured: bus, irc, plugins, deeplink, client. */
  section: string;
  /** What was measured. */
  name: string;
  /** The measured value. */
  value: number;
  /** Its unit: events/s, ms, MB, x (a ratio). */
  unit: string;
  /** How to read it, e.g. the target it is held to. */
  note?: string;
  /** A peer's value for the same measure, or why the peer cannot be measured. */
  peer?: number | string;
  /** `value / peer`. */
  ratio?: number;
  /**
   * The spread over the line's runs, lowest to highest ({@linkcode spreadOf}), e.g.
   * "210–260 over 7", or "ours 210–260 over 7; theirs 600–640 over 7" beside a peer. Every
   * line has one: a figure measured once says "1 run", so a reader knows it has no spread; a
   * row that measures nothing (a version, the load average: a NaN value) leaves it empty.
   */
  spread: string;
}

/**
 * The spread of a line's runs as "min–max over N" (in the value's unit), or "1 run".
 *
 * @example
 * ```ts
 * spreadOf([212, 260, 231]); // "212–260 over 3"
 * spreadOf([0.82]); // "1 run"
 * ```
 */
export function spreadOf(values: readonly number[]): string {
  if (values.length === 0) throw new Error("Cannot give a spread: no runs");
  if (values.length === 1) return "1 run";
  return `${short(Math.min(...values))}–${short(Math.max(...values))} over ${values.length}`;
}

/** Three significant digits at most, whole numbers from 100: a spread is read, not summed. */
function short(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString("en-US");
  return String(Number(value.toPrecision(3)));
}

/** Formats rows as a Markdown table, so the README can take it as printed. */
export function table(rows: BenchRow[]): string {
  // Columns for a peer only when some row has one, so the other sections read as before.
  const peers = rows.some((row) => row.peer !== undefined);
  const lines = peers
    ? [
      "| section | measurement | ours | The Lounge | ratio | unit | spread | note |",
      "|---|---|---:|---:|---:|---|---|---|",
    ]
    : [
      "| section | measurement | value | unit | spread | note |",
      "|---|---|---:|---|---|---|",
    ];
  for (const row of rows) {
    const value = Number.isNaN(row.value) ? "" : format(row.value);
    if (peers) {
      const peer = typeof row.peer === "number" ? format(row.peer) : row.peer ?? "";
      const ratio = row.ratio === undefined || !Number.isFinite(row.ratio)
        ? ""
        : row.ratio < 0.01
        ? "< 0.01×"
        : `${row.ratio.toFixed(2)}×`;
      lines.push(
        `| ${row.section} | ${row.name} | ${value} | ${peer} | ${ratio} | ${row.unit} | ${row.spread} | ${
          row.note ?? ""
        } |`,
      );
    } else {
      lines.push(
        `| ${row.section} | ${row.name} | ${value} | ${row.unit} | ${row.spread} | ${
          row.note ?? ""
        } |`,
      );
    }
  }
  return lines.join("\n");
}

function format(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString("en-US");
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/**
 * The CPU time (user + system, in ms) that one run of `fn` costs this process. On a shared
 * machine it varies far less than wall time, for work that stays on the main thread.
 */
export async function cpuMs(fn: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  await fn();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/** The value below which a share `p` (0.5 for p50, 0.95 for p95) of `values` lie. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}
