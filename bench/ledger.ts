/**
 * The activity ledger: what counting a plugin's calls costs the host, and how long its ledger
 * page takes to read over a full 30 days (the retention), filtered and not.
 */
import { join } from "node:path";
import { ActivityLedger } from "../plugins/_activity.ts";
import { openDatabase } from "../storage/database.ts";
import { type BenchRow, percentile } from "./_report.ts";

const SECTION = "ledger";
const HOUR_MS = 3600 * 1000;
const DAYS = 30;
/** Distinct values a plugin touched each hour of the month (the bound is 2,000). */
const VALUES_PER_HOUR = 200;
const CALLS = 200_000;

/** Runs the ledger measurements. */
export async function run(report: (row: BenchRow) => void): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-bench-ledger-" });
  const db = openDatabase(join(dir, "client.sqlite"));
  try {
    let now = Date.UTC(2026, 0, 31);
    const ledger = new ActivityLedger(db, () => now);

    // --- Counting: what one irc.send's line in the ledger costs the host. -----------------
    const start = performance.now();
    for (let i = 0; i < CALLS; i++) {
      ledger.recordCall("busy", {
        kind: "irc.send",
        value: `1 #c${i % 50}`,
        allowed: true,
        bytes: 40,
      });
    }
    ledger.flush();
    const ms = performance.now() - start;
    report({
      section: SECTION,
      name: `counting ${CALLS.toLocaleString("en-US")} irc.send calls, flushed`,
      value: CALLS / (ms / 1000),
      unit: "calls/s",
      note: "in memory, one transaction a second",
    });

    // --- A month of a plugin touching 200 values an hour: 144,000 rows. -------------------
    const end = now;
    for (let h = DAYS * 24; h > 0; h--) {
      now = end - h * HOUR_MS;
      for (let v = 0; v < VALUES_PER_HOUR; v++) {
        const kind = v % 4 === 0 ? "net" : v % 4 === 1 ? "irc.send" : "read";
        ledger.recordCall("busy", { kind, value: `/data/file-${v}`, allowed: v % 10 !== 0 });
      }
      ledger.flush();
    }
    now = end;
    const rows = DAYS * 24 * VALUES_PER_HOUR;
    const page = (filter: { since: number; kind?: string; text?: string }) => {
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const t = performance.now();
        ledger.entries("busy", filter, 501);
        ledger.totals("busy", filter);
        ledger.kinds("busy", { since: filter.since });
        times.push(performance.now() - t);
      }
      return percentile(times, 0.5);
    };
    for (
      const [name, filter] of [
        ["30 days, no filter", { since: end - DAYS * 24 * HOUR_MS }],
        ["30 days, kind and text", { since: end - DAYS * 24 * HOUR_MS, kind: "read", text: "-1" }],
        ["24 hours, no filter", { since: end - 24 * HOUR_MS }],
      ] as const
    ) {
      report({
        section: SECTION,
        name: `ledger page over ${name} (${rows.toLocaleString("en-US")} rows)`,
        value: page(filter),
        unit: "ms",
        note: "p50 of 10: 500 entries, totals and kinds",
      });
    }
    ledger[Symbol.dispose]();
  } finally {
    db.close();
    await Deno.remove(dir, { recursive: true });
  }
}
