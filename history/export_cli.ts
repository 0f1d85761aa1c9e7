/**
 * `deno task run -- export [--data-dir DIR] [--out DIR] [--network NAME|ID] [--buffer NAME]`:
 * writes the stored history as plain-text logs, one file per buffer
 * (`<out>/<network>/<buffer>.log`, default out `./ircbus-logs`). Network directories are
 * named after the saved networks. Exit 0 when written, 64 on a usage error, 1 when the
 * history cannot be read or the logs cannot be written.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { databasePath, historyPath, NetworkStore, resolveDataDir } from "../storage/mod.ts";
import { MessageStore } from "./message_store.ts";
import { exportLogs } from "./export_logs.ts";
import { errorMessage } from "../common/mod.ts";

const USAGE =
  "Usage: deno task run -- export [--data-dir DIR] [--out DIR] [--network NAME|ID] [--buffer NAME]";

/**
 * Runs the export command with its arguments (after `export`); resolves with the exit code.
 *
 * @example
 * ```ts ignore
 * import { runExport } from "./export_cli.ts";
 * Deno.exit(await runExport(["--out", "/tmp/logs"]));
 * ```
 */
export async function runExport(args: string[]): Promise<number> {
  let values: { "data-dir"?: string; out?: string; network?: string; buffer?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        "data-dir": { type: "string" },
        out: { type: "string" },
        network: { type: "string" },
        buffer: { type: "string" },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${errorMessage(error)}\n${USAGE}`);
    return 64;
  }
  const dataDir = resolveDataDir(values["data-dir"]);
  const path = historyPath(dataDir);
  if (!exists(path)) {
    console.error(`Cannot export history: no history in the data dir, got ${dataDir}`);
    return 1;
  }
  const names = new Map<number, string>();
  if (exists(databasePath(dataDir))) {
    // A damaged client.sqlite, or one from a newer client: a one-line reason, not a stack trace.
    try {
      using networks = new NetworkStore(databasePath(dataDir));
      for (const network of networks.list()) names.set(network.id, network.name);
    } catch (error) {
      console.error(`Cannot export history: ${errorMessage(error)}`);
      return 1;
    }
  }
  let networkId: number | undefined;
  if (values.network !== undefined) {
    const wanted = values.network;
    const byName = [...names].filter(([, name]) => name.toLowerCase() === wanted.toLowerCase());
    if (byName.length === 1) networkId = byName[0][0];
    else if (/^\d+$/.test(wanted)) networkId = Number(wanted);
    else {
      console.error(
        `Cannot export history: ${
          byName.length > 1 ? "several networks are named" : "no network named"
        } ${JSON.stringify(wanted)}; give its id instead`,
      );
      return 64;
    }
  }
  let store: MessageStore;
  try {
    store = MessageStore.open(path);
  } catch (error) {
    console.error(errorMessage(error));
    return 1;
  }
  try {
    const out = values.out ?? "ircbus-logs";
    const written = await exportLogs(store, {
      out,
      networkNames: names,
      networkId,
      buffer: values.buffer,
    });
    for (const file of written) console.log(`${file.path} (${file.lines} lines)`);
    console.error(`Exported ${written.length} buffer${written.length === 1 ? "" : "s"} to ${out}`);
    return 0;
  } catch (error) {
    // An out dir that is a file, or not writable: one line, not a stack trace.
    console.error(`Cannot export history: ${errorMessage(error)}`);
    return 1;
  } finally {
    store.close();
  }
}

/**
 * Whether `path` exists, any error counting as no (as node:fs's `existsSync`). Not node:fs
 * itself: this file loads with the client's start, and node:fs is the costliest of Deno's
 * Node modules to load (some 15-25 ms of a core), used by nothing else there.
 */
function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}
