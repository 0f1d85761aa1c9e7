/**
 * `deno task bench [section...]`: runs every benchmark section (or the named ones) in one
 * process and prints one table. Compare ratios within a run; absolute numbers are noisy here.
 */
import { type BenchRow, table } from "./_report.ts";
import * as bus from "./bus.ts";
import * as client from "./client.ts";
import * as deeplink from "./deeplink.ts";
import * as history from "./history.ts";
import * as irc from "./irc.ts";
import * as ledger from "./ledger.ts";
import * as peers from "./peers.ts";
import * as plugins from "./plugins.ts";

// The client runs last: it holds a browser and servers, and the sections share one process,
// so memory figures of the others would include it.
const sections: Record<
  string,
  { run(report: (row: BenchRow) => void, flags: string[]): Promise<void> }
> = {
  bus,
  irc,
  plugins,
  deeplink,
  history,
  ledger,
  client,
  // Side by side with The Lounge (installed from npm on first use): its own processes.
  peers,
};

// Arguments starting with `--` are flags, handed to every section run (e.g. `peers --only=memory`).
const flags = Deno.args.filter((arg) => arg.startsWith("--"));
const named = Deno.args.filter((arg) => !arg.startsWith("--"));
const wanted = named.length > 0 ? named : Object.keys(sections);
const rows: BenchRow[] = [];
for (const name of wanted) {
  const section = sections[name];
  if (!section) {
    console.error(`Cannot run benchmark: unknown section, got ${name}`);
    Deno.exit(2);
  }
  console.error(`running ${name} ...`);
  await section.run((row) => {
    rows.push(row);
    const note = row.note === undefined ? "" : ` (${row.note})`;
    const peer = row.peer === undefined ? "" : `; The Lounge ${row.peer}`;
    const value = Number.isNaN(row.value) ? "" : `${row.value.toFixed(2)} ${row.unit}`;
    const spread = row.spread === "" ? "" : ` [${row.spread}]`;
    console.error(`  ${row.name}: ${value}${peer}${spread}${note}`);
  }, flags);
}
console.log(table(rows));
