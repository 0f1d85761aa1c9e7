/**
 * The activity ledger: what counting a plugin's calls costs the host, and how long its ledger
 * page takes to read over a full 30 days (the retention), filtered and not.
 */
import { join } from "node:path";
import { ActivityLedger } from "../plugins/_activity.ts";
import { openDatabase } from "../storage/database.ts";
import { type BenchRow, percentile, spreadOf } from "./_report.ts";

const SECTION = "ledger";
const HOUR_MS = 3600 * 1000;
const DAYS = 30;
/** Distinct values a plugin touched each hour of the month (the bound is 2,000). */
const VALUES_PER_HOUR = 200;
const CALLS = 200_000;
/** Measured counting runs, after one unmeasured run: a run takes tens of ms. */
const COUNT_RUNS = 5;
/** Measured reads of each ledger page. */
const PAGE_RUNS = 10;

/** Runs the ledger measurements. */
export async function run(report: (row: BenchRow) => void): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-bench-ledger-" });
  const db = openDatabase(join(dir, "client.sqlite"));
  try {
    let now = Date.UTC(2026, 0, 31);
    const ledger = new ActivityLedger(db, () => now);

    // --- Counting: what one irc.send's line in the ledger costs the host. -----------------
    // Every run counts the same calls in the same hour: the later ones add to the rows the
    // first one wrote, so the month below reads the same rows however many runs there were.
    const rates: number[] = [];
    for (let run = 0; run <= COUNT_RUNS; run++) {
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
      if (run > 0) rates.push(CALLS / ((performance.now() - start) / 1000));
    }
    report({
      section: SECTION,
      name: `counting ${CALLS.toLocaleString("en-US")} irc.send calls, flushed`,
      value: percentile(rates, 0.5),
      unit: "calls/s",
      spread: spreadOf(rates),
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
      for (let i = 0; i < PAGE_RUNS; i++) {
        const t = performance.now();
        ledger.entries("busy", filter, 501);
        ledger.totals("busy", filter);
        ledger.kinds("busy", { since: filter.since });
        times.push(performance.now() - t);
      }
      return times;
    };
    for (
      const [name, filter] of [
        ["30 days, no filter", { since: end - DAYS * 24 * HOUR_MS }],
        ["30 days, kind and text", { since: end - DAYS * 24 * HOUR_MS, kind: "read", text: "-1" }],
        ["24 hours, no filter", { since: end - 24 * HOUR_MS }],
      ] as const
    ) {
      const times = page(filter);
      report({
        section: SECTION,
        name: `ledger page over ${name} (${rows.toLocaleString("en-US")} rows)`,
        value: percentile(times, 0.5),
        unit: "ms",
        spread: spreadOf(times),
        note: "p50: 500 entries, totals and kinds",
      });
    }
    ledger[Symbol.dispose]();
  } finally {
    db.close();
    await Deno.remove(dir, { recursive: true });
  }
}
