/**
 * `deno task plugins activity <plugin> [--since <duration>] [--json]`: a plugin's activity
 * ledger over a window, as text (escaped, one line per entry) or as JSON.
 *
 * @module
 */
import type { ActivityEntry } from "./_activity.ts";
import { visibleText } from "../core/mod.ts";

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The longest window asked for: the ledger keeps 30 days. */
const MAX_WINDOW_MS = 30 * UNITS.d;

/**
 * A duration such as `30m`, `24h` or `7d`, in ms; a clear error for anything else.
 *
 * @example
 * ```ts ignore
 * parseWindow("24h"); // 86400000
 * ```
 */
export function parseWindow(text: string): number {
  const match = /^(\d{1,5})([mhd])$/.exec(text);
  const ms = match ? Number(match[1]) * UNITS[match[2]] : NaN;
  if (!(ms > 0 && ms <= MAX_WINDOW_MS)) {
    throw new RangeError(
      `Cannot read --since: give minutes, hours or days up to 30d (30m, 24h, 7d), got ${
        JSON.stringify(text.slice(0, 40))
      }`,
    );
  }
  return ms;
}

/** The ledger as the JSON `plugins activity --json` prints. */
export function activityJson(
  plugin: string,
  window: { since: number; until: number },
  entries: ActivityEntry[],
): string {
  return JSON.stringify(
    {
      plugin,
      since: new Date(window.since).toISOString(),
      until: new Date(window.until).toISOString(),
      entries: entries.map((e) => ({
        kind: e.kind,
        value: e.value,
        decision: e.decision,
        count: e.count,
        bytes: e.bytes,
        first: new Date(e.firstAt).toISOString(),
        last: new Date(e.lastAt).toISOString(),
      })),
    },
    null,
    2,
  );
}

/**
 * The ledger as text: allowed first, then denied, each line `kind count value`, and the
 * bytes the calls carried where there were any.
 */
export function activityLines(
  plugin: string,
  window: { since: number; until: number },
  entries: ActivityEntry[],
): string[] {
  const lines = [
    `${plugin}: permission checks and calls from ${new Date(window.since).toISOString()} to ${
      new Date(window.until).toISOString()
    }`,
  ];
  if (entries.length === 0) return [...lines, "  none"];
  for (const decision of ["allowed", "denied"] as const) {
    const some = entries.filter((e) => e.decision === decision);
    if (some.length === 0) continue;
    lines.push(decision === "allowed" ? "allowed:" : "denied:");
    const width = Math.max(...some.map((e) => String(e.count).length));
    // The calls' kinds (`irc.send`, `storage.set`) are longer than the checks'.
    const kindWidth = Math.max(6, ...some.map((e) => e.kind.length));
    for (const e of some) {
      lines.push(
        `  ${e.kind.padEnd(kindWidth)} ${String(e.count).padStart(width)}  ${visibleText(e.value)}${
          e.bytes > 0 ? ` (${e.bytes} bytes)` : ""
        }`,
      );
    }
  }
  return lines;
}
