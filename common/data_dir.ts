import { join } from "node:path";
import { homedir } from "node:os";

// Here, below every folder, and not in storage/: a launch resolves its data dir before it
// serves the page, and storage's door would bring SQLite and the network store with it (about
// 20 ms of a core before the browser could open). storage/ re-exports these.

/**
 * The client's data dir: the `--data-dir` flag when given, else `$IRCBUS_DATA_DIR`, else
 * `$XDG_DATA_HOME/ircbus`, else `~/.local/share/ircbus`. The client, the plugins CLI and the
 * link handler all resolve it here, so they share one database.
 *
 * @example
 * ```ts
 * import { resolveDataDir } from "./data_dir.ts";
 * console.log(resolveDataDir("/tmp/irc")); // "/tmp/irc"
 * ```
 */
export function resolveDataDir(flag?: string): string {
  if (flag) return flag;
  const env = Deno.env.get("IRCBUS_DATA_DIR");
  if (env) return env;
  const xdg = Deno.env.get("XDG_DATA_HOME");
  return join(xdg ? xdg : join(homedir(), ".local", "share"), "ircbus");
}

/**
 * The one SQLite file in a data dir: saved networks, plugin grants, plugin storage and the
 * audit log.
 *
 * @example
 * ```ts
 * import { databasePath } from "./data_dir.ts";
 * console.log(databasePath("/tmp/irc")); // "/tmp/irc/client.sqlite"
 * ```
 */
export function databasePath(dataDir: string): string {
  return join(dataDir, "client.sqlite");
}

/**
 * The message history's SQLite file in a data dir, apart from `client.sqlite` so a damaged
 * or foreign history file never stands in the way of the saved networks.
 *
 * @example
 * ```ts
 * import { historyPath } from "./data_dir.ts";
 * console.log(historyPath("/tmp/irc")); // "/tmp/irc/history.sqlite"
 * ```
 */
export function historyPath(dataDir: string): string {
  return join(dataDir, "history.sqlite");
}
